-- 東方VISION: 9: removal (取り除く効果). Deathblow (9.2), discard (9.3) and exclusion (9.4) are
-- states a card enters (object flags `deathblow`, `discarding`, `excluding`); the card that
-- caused it is its `removed_by`. Whatever enters a state is resolved before the effect that
-- applied it goes on (9.1.3); states pending together resolve in the order of 9.1.4, all the
-- cards of one state together (9.1.5–9.1.6). A removal applied while one is resolving joins the
-- pending states and the order is checked again after the current batch (9.1.4).
-- core.lua's discard / deathblow / exclude (and `rules.discard` …) come here.
local M = ...

local ORDER = { "deathblow", "discard", "exclusion" }                 -- 9.1.4.a–c
local FLAG = { deathblow = "deathblow", discard = "discarding", exclusion = "excluding" }
local STATE = { deathblow = "決死状態", discard = "破棄状態", exclusion = "除外状態" }
local ZONES = { "field", "play", "node", "hand", "deck", M._.underworld_zone() }   -- where a state can be (9.4: exclusion from the underworld)

-- The removal state a card is in (nil: none).
local function state_of(c)
  if not k.exists(c) then return nil end
  for _, kind in ipairs(ORDER) do
    if k.flag(c, FLAG[kind]) then return kind end
  end
  return nil
end

local function still(c, kind) return k.exists(c) and k.flag(c, FLAG[kind]) end

local function set_state(c, kind)
  for _, x in ipairs(ORDER) do k.set_flag(c, FLAG[x], x == kind) end
end

local function source_of(c)
  local s = k.ovar(c, "removed_by")
  if s == 0 then return nil end
  return s
end

local function def_low(c)
  return M._.is_character(c) and (k.field(c, "def") or 0) <= 0
end

-- 1.10.13.a–b, 9.2.4.b, 9.3.5.b: accumulated damage (combat and effect) is reset.
local function reset_damage(c, clause)
  if M._.reset_damage(c) then k.log(clause, k.name(c), "の蓄積ダメージをリセット (damage reset)") end
end

-- 9.2.8.a, 9.3.8.a: "in the underworld" (in hell while 3.3.6 applies, 3.3.6.a).
local function in_underworld(c, what)
  local _, p = k.zone_of(c)
  local ja, en = M._.underworld_name(p)
  return ja .. what .. " (in " .. en .. ")"
end

-- 9.2.7–9.2.8, 9.3.7–9.3.8, 9.4.5–9.4.6: whether `c` cannot enter the state `kind`; returns the
-- clause and the reason. 9.2.5: with DEF 0 or less a "does not enter deathblow" card enters it
-- all the same; 9.3.6 is read the same way for "cannot be discarded" (docs: readings).
local function refused(c, kind)
  local zone, st = k.zone_of(c), state_of(c)
  if kind == "deathblow" then
    if zone == M._.underworld_zone() then return "9.2.8.a", in_underworld(c, "のカードは決死状態にならない") end
    if zone == "exclusion" then return "9.2.8.b", "除外エリアのカードは決死状態にならない (in the exclusion area)" end
    if st == "deathblow" then return "9.2.7.b", "決死状態のカードに決死にする効果は適用されない (already in deathblow)" end
    if st == "discard" then return "9.3.7.b", "破棄状態のカードに決死にする効果は適用されない (in the discard state)" end
    if st == "exclusion" then return "9.4.5.b", "除外状態のカードに決死にする効果は適用されない (in the exclusion state)" end
    if zone ~= "field" then return "9.2.2", "場に無い (not on the field)" end
    if k.prohibited("決死", { card = c }) then
      if not def_low(c) then return "9.2.8.c", "決死状態にならない (does not enter deathblow)" end
      k.log("9.2.5", k.name(c), "は耐久力0以下: 決死状態にならない効果より優先 (DEF 0 or less overrides)")
    end
  elseif kind == "discard" then
    if zone == M._.underworld_zone() then return "9.3.8.a", in_underworld(c, "のカードは破棄状態にならない") end
    if zone == "exclusion" then return "9.3.8.b", "除外エリアのカードは破棄状態にならない (in the exclusion area)" end
    if st == "discard" then return "9.3.7.c", "破棄状態のカードに破棄する効果は適用されない (already in the discard state)" end
    if st == "exclusion" then return "9.4.5.c", "除外状態のカードに破棄する効果は適用されない (in the exclusion state)" end
    if k.prohibited("破棄", { card = c }) then
      if not def_low(c) then return "9.3.8.c", "破棄されない (cannot be discarded)" end
      k.log("9.3.6", k.name(c), "は耐久力0以下: 破棄されない効果より優先 (DEF 0 or less overrides)")
    end
  else
    if zone == "exclusion" then return "9.4.6.a", "除外エリアのカードは除外状態にならない (already in the exclusion area)" end
    if st == "exclusion" then return "9.4.5.d", "除外状態のカードに除外する効果は適用されない (already in the exclusion state)" end
    if k.prohibited("除外", { card = c }) then return "9.4.6.b", "除外されない (cannot be excluded)" end
  end
  return nil
end

-- Puts `c` into the state `kind` (9.2.2.c, 9.3.3, 9.4.3) unless it cannot. A card in deathblow
-- given a discard stays in deathblow, which becomes a discard anyway (9.2.3.e).
local function enter(c, kind, source)
  if not k.exists(c) then return false end
  if kind == "discard" and state_of(c) == "deathblow" then return true end
  local clause, why = refused(c, kind)
  if clause then
    k.log(clause, k.name(c), ": ", why)
    -- 1.10.13.b: damage reaching DEF without a deathblow is reset (else 9.2.2.a would hold on).
    if kind == "deathblow" and clause == "9.2.8.c" and M._.damage_on(c) >= (k.field(c, "def") or 0) then
      reset_damage(c, "1.10.13.b")
    end
    return false
  end
  set_state(c, kind)
  k.set_ovar(c, "removed_by", source or 0)
  k.set_gvar("removal_seq", k.gvar("removal_seq") + 1)
  k.set_ovar(c, "removal_seq", k.gvar("removal_seq"))
  return true
end

-- Every card in the state `kind`, in the order they entered it; a set card discarded with its
-- host goes with its host (9.3.4.e); one excluded with its host is excluded itself (it cannot be
-- discarded as a set card while it is being excluded, 9.4.5.c).
local function pending(kind)
  local out = {}
  local function visit(c, host_in)
    local mine = k.flag(c, FLAG[kind])
    if mine and (not host_in or kind ~= "discard") then out[#out + 1] = c end
    for _, s in ipairs(k.attachments(c)) do visit(s, host_in or mine) end
  end
  for p = 1, 2 do
    for _, z in ipairs(ZONES) do
      for _, c in ipairs(k.cards(p, z)) do visit(c, false) end
    end
  end
  table.sort(out, function(x, y) return k.ovar(x, "removal_seq") < k.ovar(y, "removal_seq") end)
  return out
end

-- A step of a resolution: its event for every card still in the state, then the γ it
-- triggered resolve (7.4.7.c). The cards of a batch share each step (9.1.5).
local function step(event, cards, kind, with_source)
  local any = false
  local waiting = #k.pending_triggers() > 0   -- 7.1.6: as window() in core.lua
  for _, c in ipairs(cards) do
    if still(c, kind) then
      local data = with_source and { card = c, source = source_of(c) } or { card = c }
      if M._.keyword_window then M._.keyword_window(event, data) end   -- 10: keyword rules (keywords.lua)
      k.event(event, data)
      any = true
    end
  end
  if any and not waiting then k.play_triggers() end
end

local DISCARD_STEPS = { "破棄する", "破棄される", "破棄した", "破棄された" }   -- 9.3.4.a–d

-- 9.3.4.e–f, 9.4.4.e–k: the set cards of `cards` are discarded, level by level: each level
-- enters the discard state and takes the discard steps; returns the levels, top first. A set
-- card is logged with its host's reason (`why`).
local function set_card_levels(cards, kind, why)
  local levels = {}
  local level = cards
  while true do
    local nxt = {}
    for _, c in ipairs(level) do
      if still(c, kind) then
        for _, s in ipairs(k.attachments(c)) do
          -- 9.1.5: a set card that entered the discard state with its host (pending() left it to
          -- its host) is already discarding: it takes this level's steps as it is.
          if still(s, "discard") or enter(s, "discard", source_of(c)) then
            nxt[#nxt + 1] = s
            why[s] = kind == "exclusion" and "除外" or why[c]
          end
        end
      end
    end
    if #nxt == 0 then return levels end
    for _, e in ipairs(DISCARD_STEPS) do step(e, nxt, "discard", true) end
    levels[#levels + 1] = nxt
    level, kind = nxt, "discard"
  end
end

-- Puts the discarded set cards onto their owners' underworld, the deepest first.
local function bury_levels(levels, why)
  for i = #levels, 1, -1 do
    for _, s in ipairs(levels[i]) do
      if still(s, "discard") then
        k.log("9.3.4", k.name(s), "を破棄 (discarded", why[s] and (": " .. why[s]) or "", ")")
        M._.to_underworld(s)
      end
    end
  end
end

-- 9.2.3: the deathblow steps (a–d) for the batch, then a discard applies to each card still in
-- deathblow, caused by what put it there (e): it is resolved with the discards (9.1.4.b).
local function resolve_deathblow(cards, why)
  for _, c in ipairs(cards) do k.log("9.2.3", k.name(c), "が決死 (deathblow)") end
  for _, e in ipairs({ "決死にする", "決死になる", "決死にした", "決死になった" }) do
    step(e, cards, "deathblow", true)
  end
  for _, c in ipairs(cards) do
    if still(c, "deathblow") then
      k.set_flag(c, FLAG.deathblow, false)
      if enter(c, "discard", source_of(c)) then
        why[c] = why[c] or "決死"
      elseif M._.damage_on(c) >= (k.field(c, "def") or 0) then
        reset_damage(c, "1.10.13.b")     -- reading: it stays, so its damage goes (docs: readings)
      end
    end
  end
end

-- 9.3.4: the discard steps (a–d), the set cards (e–f), then all to the underworld (g).
local function resolve_discard(cards, why)
  for _, e in ipairs(DISCARD_STEPS) do step(e, cards, "discard", true) end
  bury_levels(set_card_levels(cards, "discard", why), why)
  for _, c in ipairs(cards) do
    if still(c, "discard") then
      k.log("9.3.4", k.name(c), "を破棄 (discarded", why[c] and (": " .. why[c]) or "", ")")
      M._.to_underworld(c)
    end
  end
end

-- 9.4.4: the exclusion steps (a–d), the set cards discarded level by level (e–k), then the
-- cards to the exclusion area and their set cards to the underworld, together (l).
local function resolve_exclusion(cards, why)
  for _, e in ipairs({ "除外する", "除外される", "除外した", "除外された" }) do
    step(e, cards, "exclusion", true)
  end
  bury_levels(set_card_levels(cards, "exclusion", why), why)
  for _, c in ipairs(cards) do
    if still(c, "exclusion") then
      k.log("9.4.4.l", k.name(c), "をゲームから除外 (excluded", why[c] and (": " .. why[c]) or "", ")")
      k.move(c, k.owner(c), "exclusion")
    end
  end
end

local RESOLVE = { deathblow = resolve_deathblow, discard = resolve_discard, exclusion = resolve_exclusion }

-- 9.1.4: while any card is in a removal state, the first state in the order resolves, all its
-- cards at once (9.1.5–9.1.6); the order is checked again after each batch.
local function resolve_all(why)
  k.set_gvar("removing", 1)
  while true do
    local done = true
    for _, kind in ipairs(ORDER) do
      local cards = pending(kind)
      if #cards > 0 then
        RESOLVE[kind](cards, why)
        done = false
        break
      end
    end
    if done then break end
  end
  k.set_gvar("removing", 0)
end

-- Applies removal effects at once: `list` holds { card =, kind = "deathblow" | "discard" |
-- "exclusion", source =, why = }. 9.1.3: unless a removal is already resolving, they are
-- resolved now, before the caller goes on. Returns how many cards entered their state.
function M._.remove(list)
  local n, why = 0, {}
  for _, r in ipairs(list) do
    if enter(r.card, r.kind, r.source) then
      n = n + 1
      why[r.card] = r.why
    end
  end
  if n > 0 and k.gvar("removing") == 0 then resolve_all(why) end
  return n
end

M._.removal_state = state_of

-- 9.2.7.a, 9.3.7.a, 9.4.5.a: damage is not dealt to a card in a removal state (true: it is not).
local NO_DAMAGE = { deathblow = "9.2.7.a", discard = "9.3.7.a", exclusion = "9.4.5.a" }
function M._.no_damage_in_removal(c)
  local st = state_of(c)
  if not st then return false end
  k.log(NO_DAMAGE[st], k.name(c), "は", STATE[st], ": ダメージを与える効果は適用されない (no damage to a card in the ", st, " state)")
  return true
end

-- The `rules.*` library -----------------------------------------------------------------------

-- 9.1.4: several removal effects applied at once, e.g. { {card = a, kind = "exclusion"}, … }.
function M.remove_together(list, source)
  local out = {}
  for _, r in ipairs(list) do
    out[#out + 1] = { card = r.card, kind = r.kind, source = r.source or source }
  end
  return M._.remove(out)
end

-- The removal state of a card: "deathblow", "discard", "exclusion" or nil.
function M.removal_state(c) return state_of(c) end

-- Negating c's removal state `kind`: its resolution ends (a: the steps left do not happen) and its
-- damage is reset (b); not while its DEF is 0 or less. `n` holds the clauses and the words.
local NEGATE = {
  deathblow = { ends = "9.2.4.a", reset = "9.2.4.b", refused = "9.2.5",
    ja = "決死状態を無効にできない", done = "の決死状態を無効にする (deathblow negated)" },
  discard = { ends = "9.3.5.a", reset = "9.3.5.b", refused = "9.3.6",
    ja = "破棄状態を無効にできない", done = "の破棄を無効にする (discard negated)" },
}
local function negate(c, kind)
  local n = NEGATE[kind]
  if not still(c, kind) then return false end
  if def_low(c) then
    k.log(n.refused, k.name(c), "は耐久力0以下: ", n.ja, " (cannot be negated)")
    return false
  end
  k.set_flag(c, FLAG[kind], false)
  k.log(n.ends, k.name(c), n.done)
  reset_damage(c, n.reset)
  return true
end

-- 9.2.4: negates the deathblow of `c` (9.2.5: not while its DEF is 0 or less). Returns whether it did.
function M.negate_deathblow(c) return negate(c, "deathblow") end

-- 9.3.5: negates the discard of `c` (9.3.6: not while its DEF is 0 or less). Returns whether it did.
function M.negate_discard(c) return negate(c, "discard") end

return M
