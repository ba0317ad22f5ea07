-- 東方VISION: combat (6.2.4), after the rest of the interference has resolved: combat start,
-- the damage recipient, first-strike then normal combat damage, graze (6.5), the reset of
-- combat damage and the end of "until end of combat" effects, combat end.
local M = ...
local P, has_kw, is_character, deal_damage = M._.P, M._.has_kw, M._.is_character, M._.deal_damage

local function defender_of(p)
  for _, c in ipairs(k.cards(p, "field")) do
    if k.flag(c, "defending") and is_character(c) then return c end
  end
  return nil
end

-- 10.11 耐性A: no combat damage from characters of race A.
local function resists(target, source)
  local race = M._.kw_value(target, "耐性")
  return race ~= nil and M._.contains(k.field(source, "races"), race)
end

-- 6.2.4.d–e: one character's combat damage at its timing: to the defending character or
-- the attacked player.
local function strike(source, target_card, target_player)
  if not k.exists(source) or not is_character(source) then return end
  local atk = k.field(source, "atk") or 0
  if target_card then
    if not k.exists(target_card) or not is_character(target_card) then return end
    if resists(target_card, source) then
      k.log("10.11", k.name(target_card), "は耐性で戦闘ダメージを受けない (resists)")
      return
    end
    -- 10.5 貫通: the excess over the defender's remaining durability (ATK − DEF + the damage
    -- it had already taken) also goes to its player, as combat damage that gives no graze.
    local excess = atk - (k.field(target_card, "def") or 0) + M._.damage_on(target_card)
    local pierce_to = k.flag(source, "attacking") and has_kw(source, "貫通") and k.controller(target_card)
    deal_damage(target_card, nil, atk, source, true)
    if has_kw(source, "即死") and k.exists(target_card) and k.zone_of(target_card) == "field" then
      M._.deathblow(target_card, source)                               -- 10.8
    end
    if pierce_to and excess > 0 then
      k.log("10.5", k.name(source), "の貫通 (pierce): ", excess)
      deal_damage(nil, pierce_to, excess, source, true)
    end
  else
    local dealt = deal_damage(nil, target_player, atk, source, true)
    if dealt > 0 then                                                 -- 6.5.2
      k.set_pvar(target_player, "combat_taken", k.pvar(target_player, "combat_taken") + dealt)
      k.set_pvar(target_player, "graze_by", k.field(source, "graze") or 0)
    end
  end
end

-- The attack of `item` is over: its attacker stops attacking and the defender defending.
function M._.end_attack(item)
  if item.source and k.exists(item.source) then k.set_flag(item.source, "attacking", false) end
  local d = defender_of(k.opponent(item.controller))
  if d then k.set_flag(d, "defending", false) end
end

-- 6.3.5, 1.12.7: an effect makes `c` attack: a new interference starts, even inside another,
-- and the attacked player receives priority; there is no sleep cost (6.3.5).
function M.effect_attack(c)
  if not is_character(c) then return false end
  local p = k.controller(c)
  local opp = k.opponent(p)
  k.set_gvar("interference", k.gvar("interference") + 1)
  k.open_window("act", opp)
  local id = k.push({ kind = "attack", name = k.name(c) .. "の攻撃", source = c, controller = p })
  k.set_gvar("attack_item", id)
  k.set_gvar("attacked", opp)
  k.set_flag(c, "attacking", true)
  k.log("6.3.5", k.name(c), "が効果で攻撃 (attacks by an effect: a new interference)")
  k.event("攻撃を行った", { card = c, player = p })
  return true
end

function M._.combat(item)
  local attacker = item.source
  local ap = item.controller
  local dp = k.opponent(ap)
  -- 6.3.6: an attacker that left the field (or changed fields) cancels the attack.
  if not k.exists(attacker) or not is_character(attacker) or k.controller(attacker) ~= ap then
    k.log("6.3.6", "攻撃キャラクターがいない (the attacker is gone: no combat)")
    M._.end_attack(item)
    return
  end
  k.log("6.2.4", "戦闘 (combat): ", k.name(attacker))
  k.event("戦闘開始時", { card = attacker })                          -- 6.2.4.b
  k.rule_check()
  local defender = defender_of(dp)
  -- 10.6 隠密: at combat start, the defense of a character sharing no race is cancelled.
  if defender and has_kw(attacker, "隠密") then
    local shared = false
    for _, r in ipairs(k.field(defender, "races") or {}) do
      if M._.contains(k.field(attacker, "races"), r) then shared = true end
    end
    if not shared then
      k.log("10.6", k.name(attacker), "の隠密: 防御を取り消す (stealth cancels the defense)")
      k.set_flag(defender, "defending", false)
      defender = nil
    end
  end
  if defender then                                                    -- 6.2.4.c
    k.log("6.2.4.c", "戦闘ダメージを受けるのは", k.name(defender), " (recipient)")
  else
    k.log("6.2.4.c", "戦闘ダメージを受けるのは", P(dp), " (recipient)")
  end
  local mutual = defender and k.setting("defender_deals_damage") == 1
  for _, first in ipairs({ true, false }) do                          -- 6.2.4.d, e
    if has_kw(attacker, "先制") == first then
      strike(attacker, defender, dp)
    end
    if mutual and has_kw(defender, "先制") == first then
      strike(defender, attacker, nil)
    end
  end
  k.rule_check()                                                      -- 6.2.4.f
  -- 6.2.4.g, 6.5: graze — a player who took combat damage may put the top X cards of their
  -- deck into their node area asleep, X the graze of the character that dealt it.
  local taken, x = k.pvar(dp, "combat_taken"), k.pvar(dp, "graze_by")
  if taken > 0 and x > 0 then
    local yes = k.choose(dp, {
      { label = "グレイズする (graze " .. x .. ")", value = true },
      { label = "グレイズしない (no graze)", value = false },
    }, { prompt = "グレイズ (graze)", clause = "6.5.3.a" })
    if yes then
      local n = M.add_nodes(dp, x)
      k.log("6.5.3.b", P(dp), "はグレイズ: デッキの上から", n, "枚をノードに (grazes)")
    end
  end
  k.set_pvar(dp, "combat_taken", 0)
  k.set_pvar(dp, "graze_by", 0)
  for p = 1, 2 do                                                     -- 6.2.4.h
    for _, c in ipairs(k.cards(p, "field")) do
      local n = k.counter(c, "combat_damage")
      if n > 0 then k.add_counter(c, "combat_damage", -n) end
    end
  end
  k.expire("combat")                                                  -- 6.2.4.i
  M._.end_attack(item)
  k.event("戦闘終了時", { card = attacker })                          -- 6.2.4.j
  k.rule_check()
end
return M
