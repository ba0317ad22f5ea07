-- 「汎用TCG」: Units and shared helpers, used by the other files through `M._`.
-- The game's hooks are split by concept over the files game.yaml lists; each file gets the
-- shared hook table as `...` and adds its functions to it. Scripts keep no state.
local M = ...

local function P(p) return "P" .. p end

-- Units ------------------------------------------------------------------------------------

local function main_unit(p)
  return k.cards(p, "main")[1]
end

-- Units in a player's area: the main unit first, then standby 1..4 (306.2).
local function area_units(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "main")) do out[#out + 1] = c end
  for s = 1, k.slots("standby") do
    for _, c in ipairs(k.cards(p, "standby", s)) do out[#out + 1] = c end
  end
  return out
end

local function is_ko(c) return k.flag(c, "ko") end

-- 306.7a-3: KO'd units cannot be chosen unless a rule says so.
local function live_units(p)
  local out = {}
  for _, c in ipairs(area_units(p)) do
    if not is_ko(c) then out[#out + 1] = c end
  end
  return out
end

local function standby_units(p)
  local out = {}
  for s = 1, k.slots("standby") do
    local c = k.cards(p, "standby", s)[1]
    if c and not is_ko(c) then out[#out + 1] = c end
  end
  return out
end

local function free_standby_slot(p)
  for s = 1, k.slots("standby") do
    if k.count(p, "standby", s) == 0 then return s end
  end
  return nil
end

local function hand_units(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.card_type(c) == "unit" then out[#out + 1] = c end
  end
  return out
end

local function where(c)
  local zone, _, slot = k.zone_of(c)
  if zone == "standby" then return "スタンバイ・エリア" .. slot end
  return "メイン・エリア"
end

-- 909.1: a KO'd unit is turned face down, stays in its area in normal orientation
-- (306.7a-1, its face public to all), and loses its damage markers (909.1a) and counters (913.6).
local function knock_out(c, clause, why, by)
  if not k.replace({ kind = "ko", card = c }) then           -- 810: "instead of being KO'd"
    k.log("810.1", k.name(c), "のKOは置換された (the KO is replaced)")
    return false
  end
  k.log(clause, k.name(c), "はKO (is KO'd): ", why)
  k.set_flag(c, "ko", true)
  k.set_face(c, false, "all")
  k.set_orientation(c, "normal")
  k.clear_counters(c)
  k.event("KOした", { card = c, by = by })                   -- 813.5: KO'd by `by`
  return true
end

-- 302.4, 309.3: cards going to the discard pile at the same time are stacked in the order their
-- owner chooses (each owner their own, turn player first).
local function discard_together(cards)
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do
    local mine = {}
    for _, c in ipairs(cards) do
      if k.owner(c) == p then mine[#mine + 1] = c end
    end
    -- k.choose_order asks nothing for fewer than two cards.
    mine = k.choose_order(p, mine, { prompt = "捨て場に置く順番 (order into the discard pile; last = top)", clause = "309.3" })
    for _, c in ipairs(mine) do k.move(c, p, "discard") end
  end
end

-- Position score for search agents (greedy, MCTS): not a rule. Remaining HP of live units,
-- energy on them and cards in hand, the player's minus the opponent's.
local function side_score(p)
  local score = 20 * k.count(p, "hand")
  for _, u in ipairs(live_units(p)) do
    score = score + math.max(0, k.field(u, "hp") - k.counter(u, "damage"))
      + 40 * #k.attachments(u, "energy")
  end
  return score
end

function M.evaluate(p)
  return side_score(p) - side_score(k.opponent(p))
end

M._ = { P = P, main_unit = main_unit, area_units = area_units, is_ko = is_ko, live_units = live_units, standby_units = standby_units, free_standby_slot = free_standby_slot, hand_units = hand_units, where = where, knock_out = knock_out, discard_together = discard_together }
return M
