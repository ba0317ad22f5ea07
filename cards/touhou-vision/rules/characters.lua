-- 東方VISION: 6: character information given by effects (6.1.5–6.1.9) and the attack and
-- defense rules effects reach: "cannot" effects (6.3.2.e, 6.3.3.c, 6.4.2.d, 6.4.3.d), one
-- attacker and one defender (6.2.5), attacks and defenses made by effects (6.2.3.c, 6.3.8,
-- 6.4.5, 6.4.8), cancelling an attack or a defense (6.3.6–6.3.7, 6.4.6–6.4.7).
-- "Cannot" effects are static abilities: `prohibits: [攻撃させる]` / `[防御させる]` with an `if:`
-- about event.player (the player), `prohibits: [攻撃]` / `[防御]` about event.card.
local M = ...
local P, is_character, characters, window = M._.P, M._.is_character, M._.characters, M._.window

-- Who attacks and who defends -------------------------------------------------------------------

-- The attacking character (6.3.4.e, 6.3.5.c), if any: there is at most one (6.2.5.a).
local function attacker()
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, "field")) do
      if k.flag(c, "attacking") then return c end
    end
  end
  return nil
end

-- Player p's defending character (6.4.4.d, 6.4.5.b), if any: at most one (6.2.5.b).
local function defender(p)
  for _, c in ipairs(k.cards(p, "field")) do
    if k.flag(c, "defending") then return c end
  end
  return nil
end

-- "Cannot" effects (6.3.2.e, 6.3.3.c, 6.4.2.d, 6.4.3.d) ----------------------------------------

-- 6.3.2.e: p may not make characters attack while "cannot make characters attack" applies, and
-- 6.2.5.a: nor while a character is attacking. Used by the attack action's options.
function M._.no_attacks_by(p)
  return k.prohibited("攻撃させる", { player = p }) ~= nil or attacker() ~= nil
end

-- 6.3.3.c: a character under "cannot attack" is not one that can be made to attack.
function M._.cannot_be_attacker(c)
  return k.prohibited("攻撃", { card = c }) ~= nil
end

-- 6.4.2.d: p may not make characters defend while "cannot make characters defend" applies.
function M._.no_defense_by(p)
  return k.prohibited("防御させる", { player = p }) ~= nil
end

-- 6.4.3.d: a character under "cannot defend" is not one that can be made to defend.
function M._.cannot_be_defender(c)
  return k.prohibited("防御", { card = c }) ~= nil
end

-- Attacks made by effects (6.2.3.b–c, 6.2.5.a, 6.3.8) -------------------------------------------

-- 6.2.5.a: while a character is attacking, an effect making another attack is not applied.
-- (combat.lua's effect_attack asks this; 6.3.8: a player's "cannot make characters attack"
-- is not asked there, the effect applying to the character.)
function M._.attack_blocked(c)
  local a = attacker()
  if not a then return false end
  k.log("6.2.5.a", k.name(a), "が攻撃中: ", k.name(c), "の攻撃を行う効果は適用されない (a character is already attacking: not applied)")
  return true
end

-- 6.2.3.c: an effect makes player p make a character attack: p chooses one of their characters
-- that can be made to attack (6.3.3: active, not under "cannot attack", 人形 never, 10.9), which
-- attacks as an attack made by an effect (6.3.5: a new interference, no sleep). As the player
-- makes it attack, 6.3.2.e applies (unlike 6.3.8), and 6.2.5.a. Returns whether it attacked.
function M.make_attack(p, source)
  local why = k.prohibited("攻撃させる", { player = p })
  if why then
    k.log("6.3.2.e", P(p), "はキャラクターに攻撃を行わせることが出来ない (", why, "): ", k.name(source), "の効果は適用されない (cannot make characters attack)")
    return false
  end
  local a = attacker()
  if a then
    k.log("6.2.5.a", k.name(a), "が攻撃中: ", P(p), "は攻撃を行わせることが出来ない (a character is already attacking)")
    return false
  end
  local cands = {}
  for _, c in ipairs(characters(p)) do
    if k.orientation(c) == "active" and not M._.has_kw(c, "人形") and not M._.cannot_be_attacker(c) then
      cands[#cands + 1] = c
    end
  end
  if #cands == 0 then
    k.log("6.2.3.c", P(p), "には攻撃を行わせることが出来るキャラクターがいない (no character can be made to attack)")
    return false
  end
  local c = k.choose_cards(p, cands, { prompt = k.name(source) .. ": 攻撃を行わせるキャラクター (the character to attack)", clause = "6.2.3.c" })
  k.log("6.2.3.c", P(p), "は", k.name(source), "の効果で", k.name(c), "に攻撃を行わせる (makes it attack)")
  return M.effect_attack(c)
end

-- Defenses made by effects (6.4.5, 6.4.8) --------------------------------------------------------

-- 6.4.5.a–c (also 6.4.4.c–e): "when defending" with its γ, the character becomes the defending
-- character (logged citing `clause`), "has defended" with its γ.
local function defend_steps(c, p, clause)
  window("防御を行う", { card = c, player = p })                    -- a
  k.set_flag(c, "defending", true)                                  -- b
  k.log(clause, k.name(c), "が防御 (defends)")
  window("防御を行った", { card = c, player = p })                  -- c
end

-- 6.4.5: an effect makes `c` defend, at the time it names: it defends the attack against its
-- player, without being put to sleep. 6.4.6: no attack, no defense; 6.2.5.b: not applied while
-- its player has a defending character; 1.3.2: "cannot defend" wins; 6.4.8: the player's
-- "cannot make characters defend" does not stop it. Returns whether it defended.
function M.effect_defend(c, source)
  if not is_character(c) or k.flag(c, "attacking") then return false end
  local p = k.controller(c)
  local a = attacker()
  if not a or k.controller(a) == p then
    k.log("6.4.6", "攻撃が行われていない: ", k.name(c), "は防御を行えない (no attack: no defense)")
    return false
  end
  local d = defender(p)
  if d then
    k.log("6.2.5.b", k.name(d), "が防御中: ", k.name(c), "の防御を行う効果は適用されない (a character is already defending: not applied)")
    return false
  end
  local why = k.prohibited("防御", { card = c })
  if why then
    k.log("1.3.2", k.name(c), "は防御できない (", why, "): 防御する効果より優先 (\"cannot\" wins: no defense)")
    return false
  end
  local barred = k.prohibited("防御させる", { player = p })
  if barred then
    k.log("6.4.8", P(p), "は防御を行わせることが出来ないが、", k.name(c), "に防御を行う効果は適正 (the effect still makes it defend)")
  end
  defend_steps(c, p, "6.4.5.b")
  return true
end

-- Cancelling (6.3.6–6.3.7, 6.4.6–6.4.7) -----------------------------------------------------------

-- 6.4.7: p's defense is cancelled: the character stops defending; the interference and the
-- combat go on (the damage then goes to the attacked player, 6.2.6.a).
local function cancel_defense(p, clause, why)
  local d = defender(p)
  if not d then return false end
  k.set_flag(d, "defending", false)
  k.log(clause, k.name(d), "の防御を取り消す (", why, ")")
  return true
end

-- 6.3.6.a: an effect cancels the attack: there is no attacking character any more, the attack
-- item does not resolve into combat (the interference goes on, 6.3.6), and the defense is
-- cancelled at once (6.4.6). Returns whether there was an attack to cancel.
function M.cancel_attack(source)
  local a = attacker()
  if not a then
    k.log("6.3.6.a", "攻撃が行われていない: 取り消す攻撃は無い (no attack to cancel)")
    return false
  end
  k.set_flag(a, "attacking", false)
  k.log("6.3.6.a", k.name(source), "の効果で", k.name(a), "の攻撃を取り消す (the attack is cancelled)")
  local id = k.gvar("attack_item")
  local item = id ~= 0 and k.item(id) or nil
  if item and item.source == a and not item.negated then k.negate(id) end
  cancel_defense(k.opponent(k.controller(a)), "6.4.6", "攻撃が取り消された: 防御は即座に取り消される; the attack is cancelled, so is the defense")
  return true
end

-- 6.4.7: an effect cancels the defense against the current attack.
function M.cancel_defense(source)
  local a = attacker()
  if not a then return false end
  return cancel_defense(k.opponent(k.controller(a)), "6.4.7",
    k.name(source) .. "の効果; 干渉および戦闘の解決は続行 (the interference and combat go on)")
end

-- 6.3.6: whether the attack of `item` has been cancelled: the attacker left the field (b), moved
-- to another player's field (c), or an effect cancelled it (a). Logs which and returns true.
function M._.attack_cancelled(item)
  local c, ap = item.source, item.controller
  local clause, why = nil, nil
  if not k.exists(c) or k.zone_of(c) ~= "field" or not is_character(c) then
    clause, why = "6.3.6.b", "攻撃キャラクターが場を離れた (the attacker left the field)"
  elseif select(2, k.zone_of(c)) ~= ap then
    clause, why = "6.3.6.c", "攻撃キャラクターが他のプレイヤーの場に移った (the attacker moved to another player's field)"
  elseif not k.flag(c, "attacking") then
    clause, why = "6.3.6.a", "攻撃は効果で取り消された (an effect cancelled the attack)"
  end
  if not clause then return false end
  k.log(clause, why)
  cancel_defense(k.opponent(ap), "6.4.6", "攻撃が取り消された; the attack is cancelled, so is the defense")
  return true
end

-- 6.3.7: the attack was cancelled during combat (6.2.4.b–f): right after the step being
-- resolved, combat ends: (a) combat damage reset, (b) "until end of combat" effects end, (c)
-- "at end of combat" effects with their γ.
function M._.end_cancelled_combat(item)
  k.log("6.3.7", "戦闘中に攻撃が取り消された: この項の後で戦闘を終了する (the attack was cancelled: combat ends now)")
  for p = 1, 2 do                                                       -- a
    for _, c in ipairs(k.cards(p, "field")) do
      local n = k.counter(c, "combat_damage")
      if n > 0 then
        k.add_counter(c, "combat_damage", -n)
        k.log("6.3.7.a", k.name(c), "の戦闘ダメージ", n, "をリセット (combat damage reset)")
      end
    end
  end
  k.set_pvar(k.opponent(item.controller), "combat_taken", 0)
  k.set_pvar(k.opponent(item.controller), "graze_by", 0)
  local n = k.expire("combat")                                          -- b
  k.log("6.3.7.b", "「戦闘終了時まで」の効果", n, "個が終了 (until-end-of-combat effects end)")
  M._.end_attack(item)
  k.log("6.3.7.c", "戦闘終了時 (end of combat)")
  window("戦闘終了時", { card = item.source })                           -- c
end

-- Combat modifiers (6.1.13–6.1.14) --------------------------------------------------------------

-- 6.1.14: whether character `c` has a combat modifier — `part` "atk" or "def" for that part, nil
-- for either — from the 装備 / 呪符 cards set on it (6.1.13: their modifier is the character's).
-- A ±0 part is no ATK or DEF modifier, and ±0/±0 no combat modifier at all.
function M.has_modifier(c, part)
  for _, s in ipairs(k.attachments(c)) do
    if M._.has_kw(s, "装備") or M._.has_kw(s, "呪符") then
      local a, d = k.field(s, "atk_mod") or 0, k.field(s, "def_mod") or 0
      if (part ~= "def" and a ~= 0) or (part ~= "atk" and d ~= 0) then return true end
    end
  end
  return false
end

-- Character information given by effects (6.1.5–6.1.9) -------------------------------------------

-- 6.1.9: `c` loses the character information effects gave it (the effects locked onto it end,
-- and no longer a character, it loses its accumulated damage, 1.10.13.c).
local function lose_information(c, clause, why)
  k.end_effects(c)
  k.set_flag(c, "as_character", false)
  M._.reset_damage(c)
  k.log(clause, k.name(c), "はキャラクターとしての情報を失う (loses its character information: ", why, ")")
end

-- 6.1.5: an effect gives character `c` another name: it keeps its own and has this one too
-- (a name the game's name references find, core.lua's link_names), as long as `duration`.
function M.give_name(c, name, source, duration)
  if not is_character(c) then return false end
  k.add_effect({ source = source, targets = { c }, modify = { { field = "keywords", grant = "名称(" .. name .. ")" } },
    duration = duration or "permanent", label = "名称「" .. name .. "」" })
  k.log("6.1.5", k.name(c), "は名称「", name, "」も持つ (also has the name ", name, ")")
  return true
end

-- 6.1.6–6.1.7: an effect treats field card `c` as a character with `info` {atk, def, races,
-- keywords, graze, cost, nodes}: it has only what the effect specifies. Face up (6.1.6) it keeps
-- its required nodes and cost and loses its own text (the game's ability_valid_if reads the
-- flag); face down (6.1.7) those are 0 unless specified. 6.1.9.b: a card already a character
-- first loses the character information it had. Returns whether it became a character.
function M.make_character(c, info, source)
  if not k.exists(c) or k.zone_of(c) ~= "field" or k.attached_to(c) then return false end
  if is_character(c) then
    lose_information(c, "6.1.9.b", "新たにキャラクターとして扱う効果 (a new treat-as-a-character effect)")
  end
  local up = k.face_up(c)
  local mods = {
    { field = "atk", set = info.atk or 0 }, { field = "def", set = info.def or 0 },
    { field = "races", set = info.races or {} }, { field = "keywords", set = info.keywords or {} },
    { field = "graze", set = info.graze or 0 },
  }
  if not up or info.cost then mods[#mods + 1] = { field = "cost", set = info.cost or 0 } end
  if not up or info.nodes then mods[#mods + 1] = { field = "nodes", set = info.nodes or 0 } end
  k.set_flag(c, "as_character", true)
  k.add_effect({ source = source, targets = { c }, modify = mods, duration = "permanent", label = "キャラクターとして扱う" })
  if up then
    k.log("6.1.6", k.name(c), "はキャラクターとして扱われる: 指定された情報と必要ノード・コストのみ、本来のテキストは失われる (only the given information, its nodes and cost; its text is lost)")
  else
    k.log("6.1.7", "裏向きのカードはキャラクターとして扱われる: 指定された情報のみ、必要ノードとコストは0 (a face-down card: only the given information; nodes and cost 0)")
  end
  return true
end

-- 6.1.8.c: an effect puts `c` onto p's field treated as a character: it becomes one once the
-- put has completed (its "when put" effects see a card that is not yet a character).
-- Returns the card on the field, or nil if it was not put.
function M.put_as_character(c, p, info, source)
  local n, ok = M._.put(c, p, "field")
  if not ok or not n or not k.exists(n) then return nil end
  k.log("6.1.8.c", "場に置く処理を終えた: ここからキャラクターとして扱う (the put has completed: now a character)")
  M.make_character(n, info, source)
  return n
end

-- 6.1.9.d (a card turned face up or down) is rules.flip's 5.7.2.a (rules/play.lua).
M._.lose_information = lose_information

return M
