-- 東方VISION: what a player holding priority may do (1.12.2): node set (1.8), play a card
-- (5.2–5.6), use an activated effect (7.3), attack (6.3), defend (6.4). Each options hook
-- lists only what is legal now; each perform hook follows the procedure's steps.
local M = ...
local P, has_kw, characters, contains = M._.P, M._.has_kw, M._.characters, M._.contains
local can_pay, pay_nodes = M._.can_pay, M._.pay_nodes

local function main_and_free(p)
  return p == k.turn_player() and k.phase() == "main" and #k.chain() == 0
end

local start_interference_if_none = M._.start_interference_if_none   -- 1.12.6

-- Node set (1.8.2–1.8.3) ------------------------------------------------------------------------

function M.node_options(p)
  local out = {}
  if not main_and_free(p) or k.pvar(p, "node_set") > 0 then return out end
  for _, c in ipairs(k.cards(p, "hand")) do
    out[#out + 1] = { label = k.name(c), card = c }
  end
  return out
end

function M.node_set(p, a)
  local n = k.move(a.card, p, "node")
  k.set_orientation(n, "active")
  k.set_pvar(p, "node_set", 1)
  k.log("1.8.3.b", P(p), "はノードセット (sets a node; keeps priority)")
end

-- Playing a card (5.2) ----------------------------------------------------------------------------

-- The card's play text: its ability of kind `command` (none for a vanilla character).
local function play_text(c)
  return k.abilities(c, { kind = "command", all = true })[1]
end

-- 8.2.4: the legal targets of an ability with a `targets` hook (nil: it takes none).
local function targets_of(c, name)
  if not name or not contains(k.abilities(c, { hook = "targets", all = true }), name) then
    return nil
  end
  local cands = k.run_ability(c, name, "targets") or {}
  if M._.legal_targets then cands = M._.legal_targets(c, cands) end   -- 10.25.2.a, 10.34.2.a
  if M._.target_filter then cands = M._.target_filter(c, cands) end   -- 8.2.7 (effects.lua)
  return cands
end

-- 1.8.6: an activated effect's cost beyond nodes (its `cost` hook; none: nothing to pay).
-- With `check`, only whether it can be paid.
local function pay_cost(c, name, check)
  if not contains(k.abilities(c, { hook = "cost", all = true }), name) then return true end
  return k.run_ability(c, name, "cost", { check = check and 1 or 0 }) ~= false
end

-- 5.5.6 / 5.6.6: a spell whose 術者 is on your field, or a command whose 代替レース count is
-- met, ignores the node check, the cost check and the payment, all together.
local function waived(p, c)
  local t = k.card_type(c)
  if t == "spell" then
    return M._.caster_present(p, c)                                 -- 10.31.3 (core.lua)
  elseif t == "command" then
    local races = k.field(c, "alt_race")
    if races and #races > 0 then
      local need = {}
      for _, r in ipairs(races) do need[r] = (need[r] or 0) + 1 end
      for r, n in pairs(need) do
        local have = 0
        for _, ch in ipairs(characters(p)) do
          if contains(k.field(ch, "races"), r) then have = have + 1 end
        end
        if have < n then return false end
      end
      return true
    end
  end
  return false
end

-- 10.29 加護(X): a character targeted by an opponent's command or character effect; 10.26
-- 抵抗(X): a card being played targeted by an opponent's card effect. The targeting player may
-- pay X; if not, their effect is negated and its source discarded (12.2.3). Returns whether
-- the effect goes on.
local function target_tax(p, source, target)
  if not target or k.controller(target) == p then return true end
  local x, kw, clause = nil, nil, nil
  local t = k.card_type(source)
  -- 10.32: a ラストワード card being played, targeted by another card being played, negates
  -- that play and discards it (no payment).
  if k.zone_of(target) == "play" and has_kw(target, "ラストワード") and k.zone_of(source) == "play" then
    k.log("10.32", k.name(target), "のラストワード: ", k.name(source), "のプレイは無効になり破棄 (negated and discarded)")
    M._.discard(source, "ラストワード")
    return false
  end
  if k.zone_of(target) == "play" then
    x, kw, clause = M._.kw_value(target, "抵抗"), "抵抗", "10.26"
  elseif t == "command" or t == "character" then
    x, kw, clause = M._.kw_value(target, "加護"), "加護", "10.29"
  end
  if not x then return true end
  local pay = false
  if can_pay(p, x) then
    pay = k.choose(p, {
      { label = "する: " .. kw .. "のため" .. x .. "を支払う (pay " .. x .. ")", value = true },
      { label = "しない: 効果は無効になり破棄される (do not pay: negated and discarded)", value = false },
    }, { prompt = k.name(target) .. "の" .. kw .. "(" .. x .. ")", clause = clause })
  end
  if pay then
    return pay_nodes(p, x, kw)
  end
  k.log(clause, k.name(target), "の", kw, ": ", k.name(source), "の効果は無効になり破棄 (negated and discarded, 12.2.3)")
  M._.discard(source, kw)
  return false
end

-- The timing each card type is played at (5.4.1, 5.5.1, 5.6.1) and its keywords' limits.
local function timing_ok(p, c)
  local t = k.card_type(c)
  local tp = k.turn_player()
  if t == "character" then
    if has_kw(c, "奇襲") then                                   -- 10.3.2.a: command timing
      return k.setting("ambush_uses_character_slot") == 0 or k.pvar(p, "characters") == 0
    end
    if not main_and_free(p) then return false end
    if has_kw(c, "人形") then return k.pvar(p, "dolls") == 0 end -- 5.4.1.e
    return k.pvar(p, "characters") == 0                           -- 5.4.1.d
  elseif t == "spell" then
    if has_kw(c, "ラストワード") and not waived(p, c) then return false end -- 10.32
    if has_kw(c, "ラストスペル") and waived(p, c) then return true end      -- 10.30: command timing
    if not main_and_free(p) then return false end
    return not has_kw(c, "世界呪符") or k.pvar(p, "world") == 0   -- 5.5.1.d
  end
  if has_kw(c, "自分ターン制限") and p ~= tp then return false end -- 10.22
  if has_kw(c, "相手ターン制限") and p == tp then return false end -- 10.23
  return true                                                     -- 5.6.1: with priority
end

-- 5.2.2: holding priority, timing, nodes ≥ required (counting every node), the cost payable,
-- a legal target if it needs one.
local function playable(p, c)
  if not timing_ok(p, c) then return false end
  if not waived(p, c) then
    local nodes = k.count(p, "node")
    if nodes < (k.field(c, "nodes") or 0) or not can_pay(p, k.field(c, "cost") or 0) then
      return false
    end
  end
  local name = play_text(c)
  local targets = targets_of(c, name)
  if targets == nil then return true end
  -- 5.2.3.b/d: targets are chosen once the card has left the hand, so it is not its own target.
  local n = 0
  for _, t in ipairs(targets) do if t ~= c then n = n + 1 end end
  return n >= M._.target_count(c)                                  -- 8.2.6.b (effects.lua)
end

function M.play_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    if playable(p, c) then out[#out + 1] = { label = k.name(c), card = c } end
  end
  return out
end

-- 5.2.3: declare (a), put the card in the play area (b), choose its target (d), pay (f), and
-- the interference starts or goes on (g). A cost that cannot be paid undoes the play (1.8.9.e).
function M.play_card(p, a)
  local waive = waived(p, a.card)
  local cost_then = k.field(a.card, "cost")                          -- 5.2.6 (play.lua)
  start_interference_if_none()
  local c = k.move(a.card, p, "play")
  k.log("5.2.3.b", P(p), "は", k.name(c), "をプレイ (plays)")
  M._.keep_play_cost(c, cost_then)
  local name = play_text(c)
  local mode = name and M._.effect_mode(p, c, name, "5.2.3.c")        -- c (effects.lua)
  local target, targets = nil, nil
  local cands = targets_of(c, name)
  if cands then
    local n = M._.target_count(c)                                   -- 8.2.6.b (effects.lua)
    if #cands < n or #cands == 0 then k.undo("目標が無い (no legal target)") end
    if n > 1 then
      targets = k.choose_cards(p, cands, { prompt = k.name(c) .. "の目標 (" .. n .. " targets)", clause = "8.2.6.b", min = n, max = n })
      target = targets[1]
    else
      target = k.choose_cards(p, cands, { prompt = k.name(c) .. "の目標 (target)", clause = "5.2.3.d" })
    end
  end
  local declared = name and M._.effect_declaration(p, c, name, "5.2.3.e")   -- e (effects.lua)
  if waive then
    local clause = k.card_type(c) == "spell" and "5.5.6" or "5.6.6"
    k.log(clause, k.name(c), ": 必要ノードとコストを無視 (nodes and cost waived)")
  elseif not M.pay_play_cost(p, c) then                          -- rules/costs.lua: X, 1.8.7.j
    k.undo("コストを支払えない (the cost cannot be paid)")
  end
  for _, t in ipairs(targets or { target }) do
    if not target_tax(p, c, t) then return end                      -- negated: not a play (5.2.5)
  end
  k.push({ kind = "play", source = c, controller = p, targets = targets or { target }, values = { ability = name, mode = mode, declared = declared } })
  if has_kw(c, "世界呪符") then k.set_pvar(p, "world", 1) end
  k.event("プレイした", { card = c, player = p })
end

-- Activated effects (7.3) ---------------------------------------------------------------------------

-- 7.3.1.a, 7.3.3: from the field, when its `if:` (its timing: (自分ターン), (相手ターン))
-- holds; 7.3.6: once per card and ability in an interference; its cost payable.
function M.use_options(p)
  local out = {}
  if M._.cannot_use and M._.cannot_use(p) then return out end          -- 7.3.7 (effects.lua)
  for _, c in ipairs(k.ability_cards(k.cards(p, "field"), { kind = "activated" })) do
    if not M._.used_this_interference(c) then
      for _, name in ipairs(k.abilities(c, { kind = "activated" })) do
        if not M._.is_auto_text(c, name) and not M._.text_negated(c, name)   -- 7.4.4 (effects.lua); 12.4.1 (moves.lua)
          and k.check(c, name) and pay_cost(c, name, true) then
          local cands = targets_of(c, name)
          if cands == nil or #cands > 0 then
            out[#out + 1] = { label = k.name(c) .. "「" .. name .. "」", card = c, ability = name }
          end
        end
      end
    end
  end
  return out
end

-- 7.3.4: declare, choose the target, pay the cost, and the interference starts or goes on.
function M.use_effect(p, a)
  start_interference_if_none()
  local c, name = a.card, a.ability
  local mode = M._.effect_mode(p, c, name, "7.3.4.b")                    -- b (effects.lua)
  local target = nil
  local cands = targets_of(c, name)
  if cands then
    target = k.choose_cards(p, cands, { prompt = name .. "の目標 (target)", clause = "7.3.4" })
  end
  local declared = M._.effect_declaration(p, c, name, "7.3.4.d")                    -- d (effects.lua)
  if not pay_cost(c, name, false) then
    k.undo("コストを支払えない (the cost cannot be paid)")
  end
  M._.mark_used(c)                                                   -- 7.3.6
  if not target_tax(p, c, target) then return end
  k.push({ kind = "ability", name = name, source = c, controller = p, targets = { target }, values = { ability = name, mode = mode, declared = declared } })
  k.log("7.3.4", P(p), "は", k.name(c), "の「", name, "」を使用 (uses)")
end

-- Attack (6.3) and defense (6.4) --------------------------------------------------------------------

-- One option for each active character of p that `ok` allows (the attacker 6.3.3, the defender 6.4.3).
local function character_options(p, ok)
  local out = {}
  for _, c in ipairs(characters(p)) do
    if k.orientation(c) == "active" and ok(c) then out[#out + 1] = { label = k.name(c), card = c } end
  end
  return out
end

-- 6.3.2–6.3.3: the turn player in the main phase with no interference, with an active
-- character that can attack (人形 cannot, 10.9).
function M.attack_options(p)
  if not main_and_free(p) or M._.no_attacks_by(p) then return {} end    -- 6.3.2.e, 6.2.5.a
  return character_options(p, function(c)
    return not has_kw(c, "人形") and not M._.cannot_be_attacker(c)      -- 6.3.3.c
  end)
end

-- 6.3.4: declare (a), sleep the attacker (b), the interference starts (c), "when it attacks"
-- (d), it becomes the attacking character (e), "has attacked" (f), priority → the attacked
-- player (g, the action's rule).
function M.attack(p, a)
  local c = a.card
  M._.set_state(c, "sleep")
  start_interference_if_none()
  M._.begin_attack(c, p, "6.3.4.e", "が攻撃 (attacks P" .. k.opponent(p) .. ")")
end

-- 6.4.2: the attacked player, with the priority the attack passed to them (their first
-- response: nothing else is on the interference yet), and an active character that is not
-- attacking.
function M.defend_options(p)
  if not M._.answering_attack(p) or M._.no_defense_by(p) then return {} end   -- 6.4.2.d
  return character_options(p, function(c)
    return not k.flag(c, "attacking") and not k.flag(c, "defending")
      and not M._.cannot_be_defender(c)                             -- 6.4.3.d
  end)
end

function M.defend(p, a)
  local c = a.card
  M._.set_state(c, "sleep")
  M._.window("防御を行う", { card = c, player = p })                -- c
  k.set_flag(c, "defending", true)                                  -- d
  k.log("6.4.4.d", k.name(c), "が防御 (defends)")
  M._.window("防御を行った", { card = c, player = p })              -- e
end
return M
