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
-- 10.1.3: each 耐性 the character has works on its own (耐性(人間) and 耐性(妖怪) resist both).
local function resists(target, source)
  for _, x in ipairs(k.field(target, "keywords") or {}) do
    local race = string.match(x, "^耐性%((.-)%)$")
    if race and M._.contains(k.field(source, "races"), race) then return true end
  end
  return false
end

-- 6.2.4.d–e: the combat damage of the characters striking at one timing. It is dealt at once
-- (1.10.3): every strike is fixed and applied (1.10.12.a–e), and only then does accumulated
-- damage put characters into deathblow (1.10.12.f), so a defender and an attacker that destroy
-- each other both deal their damage. Each strike is {source, card | player}.
local function strike_all(strikes)
  local hits = {}
  for _, s in ipairs(strikes) do
    local src, card = s.source, s.card
    local ok = k.exists(src) and is_character(src)
      and (not card or (k.exists(card) and is_character(card)))
    if ok and card and resists(card, src) then
      k.log("10.11", k.name(card), "は耐性で戦闘ダメージを受けない (resists)")
      ok = false
    end
    if ok then
      s.atk = k.field(src, "atk") or 0
      -- 10.5 貫通: the excess over the defender's remaining durability (ATK − DEF + the damage
      -- it had already taken) also goes to its player, as combat damage that gives no graze.
      if card and k.flag(src, "attacking") and has_kw(src, "貫通") then
        s.pierce = s.atk - (k.field(card, "def") or 0) + M._.damage_on(card)
        s.pierce_to = k.controller(card)
      end
      hits[#hits + 1] = s
    end
  end
  for _, s in ipairs(hits) do
    if s.card then
      deal_damage(s.card, nil, s.atk, s.source, true, true)
    else
      local dealt = deal_damage(nil, s.player, s.atk, s.source, true, true)
      if dealt > 0 then                                               -- 6.5.2
        k.set_pvar(s.player, "combat_taken", k.pvar(s.player, "combat_taken") + dealt)
        k.set_pvar(s.player, "graze_by", k.field(s.source, "graze") or 0)
      end
    end
  end
  local dying = {}                    -- 9.1.5: the characters put in deathblow resolve together
  for _, s in ipairs(hits) do
    local c = s.card
    if c and k.exists(c) and k.zone_of(c) == "field" then
      if (has_kw(s.source, "即死") and s.atk > 0)                    -- 10.8
        or M._.damage_on(c) >= (k.field(c, "def") or 0) then          -- 1.10.12.f
        dying[#dying + 1] = { card = c, kind = "deathblow", source = s.source }
      end
    end
  end
  if #dying > 0 then M._.remove(dying) end
  for _, s in ipairs(hits) do
    if s.pierce and s.pierce > 0 then
      k.log("10.5", k.name(s.source), "の貫通 (pierce): ", s.pierce)
      deal_damage(nil, s.pierce_to, s.pierce, s.source, true)
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
  if M._.cannot_attack and M._.cannot_attack(c) then return false end   -- 1.3.2 (costs.lua)
  if M._.attack_blocked and M._.attack_blocked(c) then return false end -- 6.2.5.a (characters.lua)
  local p = k.controller(c)
  local opp = k.opponent(p)
  k.set_gvar("interference", k.gvar("interference") + 1)
  k.open_window("act", opp)
  M._.begin_attack(c, p, "6.3.5", "が効果で攻撃 (attacks by an effect: a new interference)")
  return true
end

-- The attack joins its interference as an item (6.3.4.c, 6.3.5.a); "when it attacks" (6.3.4.d,
-- 6.3.5.b); it becomes the attacking character, logged citing `clause` (6.3.4.e, 6.3.5.c); "has
-- attacked" (6.3.4.f, 6.3.5.d). The attacked player is the attacker's opponent.
function M._.begin_attack(c, p, clause, text)
  local id = k.push({ kind = "attack", name = k.name(c) .. "の攻撃", source = c, controller = p })
  k.set_gvar("attack_item", id)
  k.set_gvar("attacked", k.opponent(p))
  M._.window("攻撃を行う", { card = c, player = p })
  k.set_flag(c, "attacking", true)
  k.log(clause, k.name(c), text)
  M._.window("攻撃を行った", { card = c, player = p })
end

function M._.combat(item)
  local attacker = item.source
  local ap = item.controller
  local dp = k.opponent(ap)
  -- 6.3.6: an attacker that left the field (or changed fields) cancels the attack.
  if M._.attack_cancelled(item) then                                  -- 6.3.6.a–c (characters.lua)
    k.log("6.3.6", "攻撃キャラクターがいない (the attacker is gone: no combat)")
    M._.end_attack(item)
    return
  end
  k.log("6.2.4", "戦闘 (combat): ", k.name(attacker))
  M._.window("戦闘開始時", { card = attacker })                      -- 6.2.4.b
  -- 6.3.7: an attack cancelled during 6.2.4.b–f ends combat right after that step.
  if M._.attack_cancelled(item) then return M._.end_cancelled_combat(item) end
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
    local strikes = {}
    if has_kw(attacker, "先制") == first then
      strikes[#strikes + 1] = { source = attacker, card = defender, player = (not defender) and dp or nil }
    end
    if mutual and has_kw(defender, "先制") == first then
      strikes[#strikes + 1] = { source = defender, card = attacker }
    end
    strike_all(strikes)
    if M._.attack_cancelled(item) then return M._.end_cancelled_combat(item) end   -- 6.3.7
  end
  k.log("6.2.4.f", "戦闘に関する未解決の効果を解決 (unresolved combat effects and their γ resolve)")
  k.rule_check()                                                      -- 6.2.4.f
  if M._.attack_cancelled(item) then return M._.end_cancelled_combat(item) end     -- 6.3.7
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
  M._.window("戦闘終了時", { card = attacker })                      -- 6.2.4.j
end
return M
