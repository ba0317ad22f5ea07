-- The test game around chapter 15's game actions: setup, the turn, the main-phase actions and
-- the gate (ゲート). Chapters 1–14 of Gate Ruler's rules are not in the seed, so everything here
-- that is not chapter 15 is a small reading, named where it is made:
--   setup (6-1): shuffle, draw 5, P1 first;
--   start phase (7-1): the turn player's energy and units become act, then they draw 1
--     (not on the game's first turn);
--   main phase (7-2): while holding priority, a player may play a spell (either player) or use
--     an activated ability; the turn player, with the gate empty, may normally summon a unit
--     from hand or drive (15-17a-1) and once a turn put a hand card into the energy zone;
--   the gate (14-4): last in, first out, one item at a time, then the turn player holds
--     priority again (`resolve: one`);
--   attack phase (8-6): the turn player may attack with one act unit of their attack zone
--     (it rests), choosing a unit of the opponent's defense zone or the opponent; in the damage
--     step the rule deals the attacker's ATK as battle damage to that unit, or 1 damage to the
--     player (15-20c, 13-7b);
--   rule effects (12-4b-2b): a unit whose damage reached its HP gets a destruction process on
--     the gate; a player with 7 or more cards in their damage zone, or who could not draw, loses.
local M = ...
local C = M.config

function M.setup()
  for p = 1, 2 do
    k.shuffle(p, C.zones.deck)
    k.draw(p, 5)
  end
  k.set_turn_player(1)
  k.log("6-1", "P1が先攻 (P1 goes first)")
end

function M.start_phase()
  local p = k.turn_player()
  for _, z in ipairs({ C.zones.energy, C.zones.attack, C.zones.defense }) do
    for _, c in ipairs(k.cards(p, z)) do k.set_orientation(c, C.act) end
  end
  if k.turn() > 1 then M.draw(p, 1) end
end

local function gate_empty() return #k.chain() == 0 end

-- Energy charge (the test game's own action): once a turn, a hand card into the energy zone.
function M.charge_options(p)
  local out = {}
  if not gate_empty() or k.pvar(p, "charged") ~= 0 then return out end
  for _, c in ipairs(k.cards(p, C.zones.hand)) do out[#out + 1] = { label = k.name(c), card = c } end
  return out
end

function M.charge(p, a)
  k.move(a.card, p, C.zones.energy)
  k.set_pvar(p, "charged", 1)
  k.log("7-2", "P", p, "はエナジーチャージ (charges energy)")
end

-- 15-17a-1: the turn player may normally summon a unit card from their hand or their drive
-- zone, with the gate empty (reading of 7-2), while they have a summon right (15-17a-2).
function M.summon_options(p)
  local out = {}
  if not gate_empty() or not M.can_normal_summon(p) then return out end
  for _, z in ipairs({ C.zones.hand, C.zones.drive }) do
    for _, c in ipairs(k.cards(p, z)) do
      if k.card_type(c) == C.unit_type and M.can_play(p, c) then
        out[#out + 1] = { label = k.name(c) .. (z == C.zones.drive and " (ドライブから from the drive)" or ""), card = c }
      end
    end
  end
  return out
end

function M.summon(p, a)
  M.normal_summon(p, a.card)
end

-- Spells while holding priority (either player); field cards by the turn player with the gate
-- empty. Only what can be paid for is offered (15-15b, 15-15b-1).
function M.play_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, C.zones.hand)) do
    local t = k.card_type(c)
    local timing = t == "spell" or (t == C.field_type and p == k.turn_player() and gate_empty())
    if timing and M.can_play(p, c) then out[#out + 1] = { label = k.name(c), card = c } end
  end
  return out
end

function M.play_card(p, a)
  M.play(p, a.card)
end

-- 15-16b: activated abilities of the player's cards on the field (or their ruler).
function M.use_options(p)
  local out = {}
  for _, z in ipairs({ C.zones.attack, C.zones.defense, C.zones.field, C.zones.ruler }) do
    for _, c in ipairs(k.cards(p, z)) do
      for _, name in ipairs(k.abilities(c, { kind = "activated" })) do
        out[#out + 1] = { label = k.name(c) .. "「" .. name .. "」", card = c, ability = name }
      end
    end
  end
  return out
end

function M.use_ability(p, a)
  M.use(p, a.card, a.ability)
end

-- 14-4 (reading): an item of the gate resolves.
function M.resolve_item(item)
  if item.kind == "destroy" then return M.resolve_destroy(item) end
  if item.kind == "summon" then
    M.resolve_summon(item)
    return
  end
  local c = item.source
  if item.kind == "ability" then
    if k.exists(c) then k.run_ability(c, item.values.ability, "effect", item) end
    return
  end
  if not (k.exists(c) and k.zone_of(c) == C.zones.gate) then
    k.log("14-4", item.name, "はゲートに無い: 解決しない (not on the gate: nothing happens)")
    return
  end
  if k.card_type(c) == C.field_type then
    k.move(c, item.controller, C.zones.field)
    return
  end
  if item.values.ability then k.run_ability(c, item.values.ability, "effect", item) end
  if k.exists(c) and k.zone_of(c) == C.zones.gate then k.move(c, k.owner(c), C.zones.graveyard) end
end

-- 14-4 (reading): a negated card goes to its owner's graveyard; a negated process does nothing.
function M.negated_item(item)
  if item.kind == "destroy" then return M.destroy_negated(item) end
  local c = item.source
  if item.kind ~= "ability" and c and k.exists(c) and k.zone_of(c) == C.zones.gate then
    k.move(c, k.owner(c), C.zones.graveyard)
  end
end

-- 8-6 (reading): the turn player may attack with one act unit of their attack zone.
function M.declare_attack()
  local p = k.turn_player()
  k.set_gvar("attacker", 0)
  k.set_gvar("defender", 0)
  local items = {}
  for _, u in ipairs(k.cards(p, C.zones.attack)) do
    if k.orientation(u) == C.act then items[#items + 1] = { label = "アタック: " .. k.name(u), value = u } end
  end
  if #items == 0 then return end
  items[#items + 1] = { label = "アタックしない (no attack)", value = 0 }
  local u = k.choose(p, items, { prompt = "アタックするユニット (the attacking unit)", clause = "8-6" })
  if u == 0 then return end
  M.rest(u)
  local opp = k.opponent(p)
  local targets = { { label = "P" .. opp .. "にアタック (the player)", value = 0 } }
  for _, d in ipairs(k.cards(opp, C.zones.defense)) do
    targets[#targets + 1] = { label = "アタック先: " .. k.name(d), value = d }
  end
  local d = k.choose(p, targets, { prompt = "アタック先 (what it attacks)", clause = "8-6" })
  k.set_gvar("attacker", u)
  k.set_gvar("defender", d)
  k.log("8-6", k.name(u), "が", d == 0 and ("P" .. opp) or k.name(d), "にアタック (attacks)")
end

-- 15-20c: the damage the rule deals in the damage step is battle damage.
function M.battle_damage()
  local u, d = k.gvar("attacker"), k.gvar("defender")
  if u == 0 or not k.exists(u) or k.zone_of(u) ~= C.zones.attack then return end
  if d == 0 then
    M.damage_player(k.opponent(k.turn_player()), 1, { source = u, kind = "battle" })
  elseif k.exists(d) and k.zone_of(d) == C.zones.defense then
    M.deal_damage(d, k.field(u, "atk"), { source = u, kind = "battle" })
  end
end

function M.end_battle()
  k.set_gvar("attacker", 0)
  k.set_gvar("defender", 0)
end

function M.rp_destroy()
  return M.rule_destruction()
end

function M.rp_loss()
  for p = 1, 2 do
    if #k.cards(p, C.zones.damage) >= 7 then k.lose(p, "13-7", "ダメージゾーンが7枚 (7 damage)") end
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "12-2", "デッキ切れ (could not draw)")
    end
  end
  return false
end

return M
