-- ヴィクトリースパーク: the rule processes (8), checked at each check timing (4.5.1): the ring
-- refill after a play or a use (3.3.1.3.2), then every due process at once (8.1.1): the loss
-- (8.2), DEF 0 or less (8.3), damage ≥ DEF (8.4), duplicates in a ring or bench slot (8.5).
local M = ...
local P, retire, refill = M._.P, M._.retire, M._.refill

function M.rp_refill()
  local acted = false
  for p = 1, 2 do
    if k.count(p, "ring") == 0 and refill(p, "3.3.1.3.2") then acted = true end
  end
  -- under rule_processes_single_pass, a refill does not start the pass over either (8.1.1)
  return acted and k.setting("rule_processes_single_pass") == 0
end

-- 1.2.2.1–1.2.2.2 / 8.2.2–8.2.3: "no auto ability is triggered": none pending or waiting in the
-- resolution zone (any player's; only p's own under loss_gate_own_autos_only).
local function autos_triggered(p)
  local own = k.setting("loss_gate_own_autos_only") == 1
  for _, t in ipairs(k.pending_triggers()) do
    if not own or t.controller == p then return true end
  end
  for _, it in ipairs(k.chain()) do
    if it.kind == "trigger" and (not own or it.controller == p) then return true end
  end
  return false
end

-- 8.5: in a ring or a bench slot holding several cards, all but the last placed go to their
-- owners' waiting rooms (all of them if several were placed last together).
local function duplicates(cards, out, clause)
  if #cards < 2 then return end
  local last = -1
  for _, c in ipairs(cards) do
    if k.timestamp(c) > last then last = k.timestamp(c) end
  end
  local latest = 0
  for _, c in ipairs(cards) do
    if k.timestamp(c) == last then latest = latest + 1 end
  end
  for _, c in ipairs(cards) do
    if k.timestamp(c) ~= last or latest > 1 then out[#out + 1] = { c, "waiting", clause, "重複: duplicate" } end
  end
end

function M.rp_rules()
  local losers, moves = {}, {}
  for p = 1, 2 do
    if k.pvar(p, "lost") == 0 and not autos_triggered(p) then
      -- 1.3.1: a card's text may say its player does not lose this way (`prohibits: [retire_loss]`).
      if k.count(p, "retire") >= 10 and not k.prohibited("retire_loss", { player = p }) then
        losers[#losers + 1] = { p, "8.2.2", "リタイヤ置場が10枚以上 (10 or more cards retired)" }
      elseif k.count(p, "deck") == 0 then
        losers[#losers + 1] = { p, "8.2.3", "山札が0枚 (no card in the deck)" }
      end
    end
    local seen = {}
    local function check(c, ring)
      if seen[c] then return end
      seen[c] = true
      if k.field(c, "def") <= 0 then
        moves[#moves + 1] = { c, ring and "retire" or "waiting", ring and "8.3.1" or "8.3.2", "防御力0以下: DEF 0 or less" }
      elseif k.counter(c, "damage") >= k.field(c, "def") then
        moves[#moves + 1] = { c, ring and "retire" or "waiting", ring and "8.4.1" or "8.4.2", "ダメージ ≥ 防御力: damage ≥ DEF" }
      end
    end
    for _, c in ipairs(k.cards(p, "ring")) do check(c, true) end
    for s = 1, 3 do
      for _, c in ipairs(k.cards(p, "bench", s)) do check(c, false) end
    end
    duplicates(k.cards(p, "ring"), moves, "8.5.1")
    for s = 1, 3 do duplicates(k.cards(p, "bench", s), moves, "8.5.2") end
  end
  if #losers == 0 and #moves == 0 then return false end
  -- 8.2.1: every player meeting a loss condition loses at once (1.2.3: all of them: a draw).
  for _, l in ipairs(losers) do
    k.set_pvar(l[1], "lost", 1)
    k.lose(l[1], l[2], l[3])
  end
  -- 3.2.3: one card at a time, each to its owner's zone (a card due twice moves once).
  local moved = {}
  for _, m in ipairs(moves) do
    local c = m[1]
    if k.exists(c) and not moved[c] then
      moved[c] = true
      local name = k.name(c)
      k.move(c, k.owner(c), m[2])
      k.log(m[3], name, "を", m[2] == "retire" and "リタイヤ置場" or "控え室", "に置く (", m[4], ")")
    end
  end
  -- 3.3.1.3.1: an emptied ring is refilled before the autos its move triggered.
  for p = 1, 2 do refill(p, "3.3.1.3.1") end
  return k.setting("rule_processes_single_pass") == 0
end

return M
