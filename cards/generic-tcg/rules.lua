-- 「汎用TCG」: the procedures of the game, as hooks the game definition (game.yaml) names.
-- Clause numbers cite the comprehensive rules ver.1.2. Scripts keep no state: everything
-- lives in the kernel and is read and changed through `k`.
local M = {}

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
    if #k.cards(p, "standby", s) == 0 then return s end
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

-- Game actions (900–920) as a library: card scripts call them as `rules.<name>`. ------------

-- 916: deal N damage as one application (916.4); 0 or less is not dealt (104.2), and damage to
-- a card without HP does nothing (916.5). Raises ダメージを受けた.
function M.deal_damage(target, amount, source, clause)
  if amount <= 0 or not k.exists(target) or is_ko(target) then return 0 end
  if k.field(target, "hp") == nil then return 0 end
  local ev = k.replace({ kind = "damage", card = target, amount = amount, source = source })
  if not ev then
    k.log("810.1", k.name(target), "への", amount, "ダメージは置換された (the damage is replaced)")
    return 0
  end
  amount = ev.amount or 0
  if amount <= 0 then return 0 end                            -- 104.2
  k.add_counter(target, "damage", amount)
  if source then k.set_ovar(target, "damaged_by", source) end -- for 813.5a
  k.log(clause or "916.1", k.name(target), "に", amount, "ダメージ (", k.name(target), " takes ", amount,
    "; total ", k.counter(target, "damage"), "/", k.field(target, "hp"), ")")
  k.event("ダメージを受けた", { card = target, amount = amount, source = source })
  return amount
end

-- 917: heal N removes up to N damage markers (104.2); `nil` heals all (917.1a).
function M.heal(target, amount)
  local have = k.counter(target, "damage")
  local n = amount and math.min(amount, have) or have
  if n <= 0 then return 0 end
  k.add_counter(target, "damage", -n)
  k.log("917.1", k.name(target), "のダメージを", n, "回復 (heals ", n, ")")
  return n
end

-- 907.1 recover; 908.1 rest / stun. 104.3: entering the state it is already in is no change.
function M.recover(c)
  if k.set_orientation(c, "normal") then
    k.log("907.1", k.name(c), "は復帰 (recovers)")
    k.event("復帰した", { card = c })
    return true
  end
  return false
end

-- 909, 813.5b: an effect KOs a unit; its source KO'd it.
function M.ko(c, source)
  if is_ko(c) then return false end
  return knock_out(c, "909.1", "効果によりKO (by an effect)", source)
end

-- 104.4: a prohibited action is not done.
local function allowed(action, c)
  local by = k.prohibited(action, { card = c })
  if by then
    k.log("104.4", k.name(c), "は", by, "により", action, "されない (prohibited)")
    return false
  end
  return true
end

function M.rest(c)
  if not allowed("rest", c) then return false end
  local was = k.orientation(c)
  if k.set_orientation(c, "rest") then
    k.log("908.1", k.name(c), "はレスト (is rested)")
    if was == "normal" then k.event("状態異常になった", { card = c }) end   -- 908.3
    return true
  end
  return false
end

function M.stun(c)
  if not allowed("stun", c) then return false end
  local was = k.orientation(c)
  if k.set_orientation(c, "stun") then
    k.log("908.1", k.name(c), "はスタン (is stunned)")
    if was == "normal" then k.event("状態異常になった", { card = c }) end   -- 908.3
    return true
  end
  return false
end

-- 904: draw N, logged.
function M.draw(p, n, why)
  local got = k.draw(p, n)
  if got > 0 then k.log("904.2", P(p), "は", got, "枚引く (draws ", got, ")", why and (" — " .. why) or "") end
  return got
end

function M.main_unit(p) return main_unit(p) end

-- 911.1: a card from its owner's hand or area goes to their discard pile (302.5).
function M.discard(c)
  local name = k.name(c)
  local n = k.move(c, k.owner(c), "discard")
  k.log("911.1", name, "を捨てる (discards)")
  k.event("捨てた", { card = n })
  return n
end

-- 911.2, 911.2a: discard the whole hand; with an empty hand it still counts as having discarded.
function M.discard_hand(p)
  local hand = k.cards(p, "hand")
  for _, c in ipairs(hand) do k.move(c, p, "discard") end
  k.log("911.2", P(p), "は手札を", #hand, "枚すべて捨てる (discards the hand)")
  k.event("手札を捨てた", { player = p, count = #hand })
  return #hand
end

-- 903.1: a card is shown to all players until the effect ends; 903.2: revealing a card that
-- is already revealed does nothing.
function M.reveal(c)
  if k.reveal(c) then
    k.log("903.1", k.name(c), "を公開 (reveals)")
    return true
  end
  return false
end

-- 906.1: charge by an effect: attach a hand card as energy, then draw 1 (not limited by 602.2).
function M.charge(p, card, unit)
  k.attach(card, unit, "energy")
  k.log("906.1", P(p), "は", k.name(unit), "にチャージ (charges by an effect)")
  return M.draw(p, 1)
end

-- 910: choose up to n cards of a zone meeting `test` (an expression about each card). In a zone
-- not public to all, the chooser may fail to find them (910.2): choosing fewer is allowed.
function M.search(p, zone, test, n, owner)
  local cards = {}
  local hidden = zone == "deck" or zone == "hand"
  for _, c in ipairs(k.cards(owner or p, zone)) do
    k.show(c, p)                                              -- 910.2: the searcher may look
    if not test or k.eval(test, { self = c }) then cards[#cards + 1] = c end
  end
  local picked = k.choose_cards(p, cards, { prompt = "探す (search)", clause = hidden and "910.2" or "910.1",
                                            min = hidden and 0 or math.min(n or 1, #cards), max = n or 1 })
  if type(picked) ~= "table" then picked = picked and { picked } or {} end
  return picked
end

-- 912.1: shuffle a player's deck (912.1a: all its cards).
function M.shuffle(p)
  k.shuffle(p, "deck")
  k.log("912.1", P(p), "はデッキをシャッフル (shuffles)")
end

-- 913.2, 913.4: put or remove counters of a name (913.2b: same name, same counter).
function M.add_counters(c, name, n)
  local done = k.add_counter(c, name, n)
  if done ~= 0 then k.log(n > 0 and "913.2" or "913.4", k.name(c), "の", name, "カウンター ", done > 0 and "+" or "", done) end
  return done
end

-- 914.1: swap the main unit and a standby unit; the old main unit recovers (302.3a-1) and loses
-- its non-static effects (302.3b).
function M.swap(standby)
  local p = k.controller(standby)
  local m = main_unit(p)
  if not m then return false end
  k.swap(m, standby)
  k.log("914.1", k.name(m), "と", k.name(standby), "を入れ替える (swap)")
  k.end_effects(m)
  M.recover(m)
  return true
end

-- Setup (403) ------------------------------------------------------------------------------

function M.setup()
  local redraws = { 0, 0 }
  for p = 1, 2 do
    while true do
      k.shuffle(p, "deck")                                    -- 403.1
      k.draw(p, 5)                                            -- 403.2
      k.log("403.2", P(p), "はデッキをシャッフルし、5枚引く (shuffles and draws 5)")
      if #hand_units(p) > 0 then break end
      -- 403.3a: no unit in hand: reveal it, return it to the deck, start again from 403.1.
      local names = {}
      for _, c in ipairs(k.cards(p, "hand")) do
        names[#names + 1] = k.name(c)
        k.move(c, p, "deck")
      end
      redraws[p] = redraws[p] + 1
      k.set_pvar(p, "redraws", redraws[p])
      k.log("403.3a", P(p), "は手札にユニットが無いので引き直す (redraws; reveals ", table.concat(names, "、"), ")")
    end
  end
  -- 403.3: each player puts one unit from hand face down into the main area.
  for p = 1, 2 do
    local c = k.choose_cards(p, hand_units(p), { prompt = "メイン・エリアに裏向きで置くユニット (main unit, face down)", clause = "403.3" })
    local m = k.move(c, p, "main")
    k.set_face(m, false, "owner")
    k.log("403.3", P(p), "はユニットを1枚裏向きでメイン・エリアに置く (puts a unit face down)")
  end
  -- 403.3b: the player who redrew fewer times draws the difference.
  if redraws[1] ~= redraws[2] then
    local fewer = redraws[1] < redraws[2] and 1 or 2
    local diff = math.abs(redraws[1] - redraws[2])
    k.draw(fewer, diff)
    k.log("403.3b", P(fewer), "は引き直し回数の差", diff, "枚を引く (draws the redraw difference)")
  end
  -- 403.4: a random method picks the first player.
  local first = k.random(2)
  k.set_turn_player(first)
  k.log("403.4", P(first), "が先攻 (goes first)")
  -- 403.5: main units are turned face up.
  for p = 1, 2 do
    local m = main_unit(p)
    k.set_face(m, true)
    k.log("403.5", P(p), "のメイン・ユニット: ", k.name(m))
  end
end

-- Draw phase (502) -------------------------------------------------------------------------

function M.draw_phase()
  local tp = k.turn_player()
  if k.draw(tp, 1) == 1 then
    k.log("502.1", P(tp), "は1枚引く (draws 1)")
  end
end

-- Main-phase actions (600) -----------------------------------------------------------------

-- 602: once per turn, attach one hand card as energy to one of your units, then draw 1.
function M.charge_options(p)
  local out = {}
  if k.pvar(p, "charged") ~= 0 then return out end           -- 602.2
  local units = live_units(p)
  local hand = k.cards(p, "hand")
  for _, c in ipairs(hand) do
    for _, u in ipairs(units) do
      out[#out + 1] = { label = k.name(c) .. " → " .. k.name(u), card = c, unit = u }
    end
  end
  -- Setting charge_with_empty_hand (§12.32): by 104.2, the draw is still done.
  if #hand == 0 and #units > 0 and k.setting("charge_with_empty_hand") ~= 0 then
    out[#out + 1] = { label = "手札なし: 1枚引くだけ (empty hand: draw only, 104.2)" }
  end
  return out
end

function M.charge_action(p, a)
  k.set_pvar(p, "charged", 1)
  if a.card then
    k.attach(a.card, a.unit, "energy")                       -- 905.2: face down, private
    k.log("602.1", P(p), "は", k.name(a.unit), "にエネルギーをつける (charges ", k.name(a.unit), ")")
  else
    k.log("104.2", P(p), "は手札が無いのでエネルギーをつけられない (nothing to attach)")
  end
  if k.draw(p, 1) == 1 then
    k.log("602.1", P(p), "は1枚引く (draws 1)")
  end
end

-- 603: put a unit card from hand into a free standby area; repeatable while there is room.
function M.put_unit_options(p)
  local out = {}
  local slot = free_standby_slot(p)
  if not slot then return out end
  for _, c in ipairs(hand_units(p)) do
    out[#out + 1] = { label = k.name(c) .. " → スタンバイ・エリア" .. slot, card = c, slot = slot }
  end
  return out
end

function M.put_unit(p, a)
  local u = k.move(a.card, p, "standby", a.slot)
  k.log("603.1", P(p), "は", k.name(u), "をスタンバイ・エリア", a.slot, "に出す (puts into standby ", a.slot, ")")
  k.event("ユニットを出した", { card = u, player = p })
end

-- 605 / 915: once per turn, discard energy equal to the retreat cost and swap the
-- non-stunned main unit with a non-KO'd standby unit.
function M.retreat_options(p)
  local out = {}
  if k.pvar(p, "retreated") ~= 0 then return out end         -- 605.2
  local m = main_unit(p)
  if not m or is_ko(m) or k.orientation(m) == "stun" then return out end   -- 915.1a
  if #k.attachments(m, "energy") < k.field(m, "retreat_cost") then return out end   -- 605.3
  for _, s in ipairs(standby_units(p)) do                    -- 605.3: needs a non-KO'd standby unit
    out[#out + 1] = { label = k.name(m) .. " ⇄ " .. k.name(s) .. " (" .. where(s) .. ")", to = s }
  end
  return out
end

function M.retreat(p, a)
  local m = main_unit(p)
  local cost = k.field(m, "retreat_cost")
  local energy = k.attachments(m, "energy")
  local pay = {}
  if cost > 0 then
    if #energy == cost then
      pay = energy
    elseif cost == 1 then
      pay = { k.choose_cards(p, energy, { prompt = "捨てるエネルギー (energy to discard)", clause = "915.1b" }) }
    else
      pay = k.choose_cards(p, energy, { prompt = "捨てるエネルギー (energy to discard)", clause = "915.1b", min = cost, max = cost })
    end
  end
  for _, e in ipairs(pay) do k.move(e, k.owner(e), "discard") end
  k.log("915.1b", k.name(m), "のエネルギーを", #pay, "枚捨てる (discards ", #pay, " energy for retreat cost ", cost, ")")
  local to = where(a.to)
  k.swap(m, a.to)                                            -- 915.1c, 914.1
  if k.end_effects(m) > 0 then                               -- 302.3b
    k.log("302.3b", k.name(m), "に適用されていた持続効果が終了 (effects on it end)")
  end
  k.log("915.1c", k.name(m), "と", k.name(a.to), "を入れ替える (swap: ", k.name(a.to), " is now the main unit)")
  if k.set_orientation(m, "normal") then                     -- 302.3a-1: main → standby recovers
    k.log("302.3a-1", k.name(m), "は", to, "に移動して復帰 (recovers)")
  end
  k.set_pvar(p, "retreated", 1)
end

-- Battle phase (700) -----------------------------------------------------------------------

local function has_advantage(attacker, defender)
  local adv = k.field(attacker, "advantage") or {}
  for _, a in ipairs(adv) do
    for _, d in ipairs(k.field(defender, "attributes")) do
      if a == d then return d end
    end
  end
  return nil
end

-- 703.2a-1, 801.1g-1: the skills of a unit and of its sets, as {skill, holder} in order.
local function unit_skills(u)
  local out = {}
  for _, s in ipairs(k.field(u, "skills") or {}) do out[#out + 1] = { skill = s, holder = u } end
  for _, c in ipairs(k.attachments(u, "set")) do
    for _, s in ipairs(k.field(c, "skills") or {}) do out[#out + 1] = { skill = s, holder = c } end
  end
  return out
end

-- Cards whose abilities can act for a player: their area units and those units' sets.
local function area_cards(p)
  local out = {}
  for _, u in ipairs(live_units(p)) do
    out[#out + 1] = u
    for _, c in ipairs(k.attachments(u, "set")) do out[#out + 1] = c end
  end
  return out
end

-- 920: the skill success check. "Fails" effects are static abilities with a `fails` hook whose
-- `if` holds about the skill; any processing they need (janken, 920.1b-1) happens now.
function M.success_check(unit, skill, clause)
  local ev = { unit = unit, skill = skill, player = k.controller(unit) }
  for _, p in ipairs({ k.turn_player(), k.opponent(k.turn_player()) }) do
    for _, c in ipairs(area_cards(p)) do
      for _, name in ipairs(k.abilities(c, { hook = "fails" })) do
        if k.check(c, name, ev) and k.run_ability(c, name, "fails", ev) then
          k.log("920.1b", "「", skill, "」は", k.name(c), "の「", name, "」で失敗 (fails)")
          return false
        end
      end
    end
  end
  k.log(clause or "920.1c", "「", skill, "」の成否判定: 成功 (success)")
  return true
end

-- 920.1 for a triggered EX skill (the kernel asks before it resolves; 804.2c-31).
function M.ability_success_check(card, name)
  local unit = k.attached_to(card) or card
  return M.success_check(unit, name, "804.2c-31")
end

-- 703: the turn player's main unit may declare one skill whose cost it can meet.
function M.skill_step()
  local tp = k.turn_player()
  local m = main_unit(tp)
  if not m then return end
  local o = k.orientation(m)
  if o ~= "normal" then                                      -- 703.1
    k.log("703.1", k.name(m), "は", o == "rest" and "レスト" or "スタン", "状態なのでバトルフェイズ終了ステップへ (is ", o, ": no skill)")
    return
  end
  local energy = #k.attachments(m, "energy")
  local options = {}
  for i, e in ipairs(unit_skills(m)) do
    local s = e.skill
    local banned = k.prohibited("skill", { card = m, unit = m, skill = s.name, player = tp })   -- 703.2a-3
    if banned then k.log("703.2a-3", "「", s.name, "」は", banned, "により使えない (prohibited)") end
    if s.cost <= energy and not banned then                  -- 703.2a-2
      local from = e.holder == m and "" or ("、" .. k.name(e.holder) .. "のスキル")
      options[#options + 1] = { label = string.format("%s (コスト%d, ダメージ%d%s)", s.name, s.cost, s.damage or 0, from), value = i }
    end
  end
  options[#options + 1] = { label = "スキルを使用しない (use no skill)", value = 0 }
  local pick = k.choose(tp, options, { prompt = "スキルを宣言 (declare a skill)", clause = "703.2" })
  if pick == 0 then
    k.log("703.4", P(tp), "はスキルを使用しない (uses no skill)")
    return
  end
  local s = unit_skills(m)[pick].skill
  k.log("703.2a", k.name(m), "は「", s.name, "」を宣言 (declares ", s.name_en or s.name, "; cost ", s.cost, " ≤ energy ", energy, ")")
  if not M.success_check(m, s.name) then                     -- 703.3, 920.2a
    k.log("703.3b", "スキル失敗: バトルフェイズ終了ステップへ (the skill failed)")
    return
  end
  k.set_gvar("skill", pick)
  k.set_gvar("skill_unit", m)
end

function M.skill_declared()
  return k.gvar("skill") ~= 0
end

-- The hooks of the declared skill's skill abilities (801.1e) on its holder.
local function skill_hooks(holder, skill, hook)
  local out = {}
  for _, name in ipairs(k.abilities(holder, { kind = "skill", skill = skill, hook = hook, all = true })) do
    out[#out + 1] = { card = holder, name = name }
  end
  return out
end

-- 704.3b-3: the turn player chooses the order of several damage-changing effects.
local function in_chosen_order(list)
  local tp = k.turn_player()
  local out = {}
  while #list > 1 do
    local opts = {}
    for i, e in ipairs(list) do opts[i] = { label = "「" .. e.name .. "」 (" .. k.name(e.card) .. ")", value = i } end
    local i = k.choose(tp, opts, { prompt = "先に適用するダメージ変更効果 (damage change to apply first)", clause = "704.3b-3" })
    out[#out + 1] = table.remove(list, i)
  end
  if #list == 1 then out[#out + 1] = list[1] end
  return out
end

-- 704.3b: damage-changing effects: the skill's own and `modify_damage` statics of the turn
-- player's cards first (704.3b-1), then the opponent's (704.3b-2).
local function damage_modifiers(player, ev, own_skill)
  local list = own_skill or {}
  for _, c in ipairs(area_cards(player)) do
    for _, name in ipairs(k.abilities(c, { kind = "static", hook = "modify_damage" })) do
      if k.check(c, name, ev) then list[#list + 1] = { card = c, name = name } end
    end
  end
  return list
end

-- 704.3–704.5: damage to the opponent's main unit, computed in this exact order.
function M.damage_step()
  local tp = k.turn_player()
  local op = k.opponent(tp)
  local a = main_unit(tp)
  local d = main_unit(op)
  if not a or not d then return end
  -- The declared skill is the declaring unit's: if that unit left the main area or was KO'd
  -- before the damage (e.g. by a trigger at 704.2), the skill is not processed (our reading).
  local entry = unit_skills(a)[k.gvar("skill")]
  if a ~= k.gvar("skill_unit") or is_ko(a) or not entry then
    k.log("704.3", "スキルを宣言したユニットがメイン・ユニットでなくなったので、スキルは処理されない (the declaring unit is no longer the main unit)")
    return
  end
  local s, holder = entry.skill, entry.holder
  local ev = { attacker = a, defender = d, skill = s.name, unit = a }
  local dmg = s.damage or 0                                  -- 704.3a
  for _, h in ipairs(skill_hooks(holder, s.name, "base")) do   -- 704.3a-1: "(N)×"
    dmg = k.run_ability(h.card, h.name, "base", ev) or 0
    k.log("704.3a-1", "「", s.name, "」の基準ダメージ ", dmg, " (", h.name, ")")
  end
  if dmg <= 0 then                                           -- 704.3a-2
    k.log("704.3a-2", "「", s.name, "」はスキルダメージが0なので704.4へ (no skill damage)")
  else
    k.log("704.3a", "基準ダメージ ", dmg, " (base damage of ", s.name, ")")
    local groups = {
      { clause = "704.3b-1", list = damage_modifiers(tp, ev, skill_hooks(holder, s.name, "modify_damage")) },
      { clause = "704.3b-2", list = damage_modifiers(op, ev) },
    }
    for _, g in ipairs(groups) do
      for _, m in ipairs(in_chosen_order(g.list)) do
        ev.amount = dmg
        local new = k.run_ability(m.card, m.name, "modify_damage", ev)
        if new and new ~= dmg then
          k.log(g.clause, "「", m.name, "」でダメージ ", dmg, " → ", new, " (damage changed)")
          dmg = new
        end
      end
    end
    local attr = has_advantage(a, d)
    if attr and dmg > 0 then                                 -- 704.3c-1, after the changes
      dmg = dmg * 2
      k.log("704.3c-1", k.name(d), "の属性", attr, "は", k.name(a), "の有利: ダメージ2倍 → ", dmg, " (advantage doubles the damage)")
    end
    M.deal_damage(d, dmg, a, "704.3d")                       -- 704.3d, 916.4: one application
  end
  ev.amount = nil
  for _, h in ipairs(skill_hooks(holder, s.name, "splash")) do  -- 704.4: damage to other units
    k.run_ability(h.card, h.name, "splash", ev)
  end
  for _, h in ipairs(skill_hooks(holder, s.name, "effect")) do  -- 704.5: the other effects
    k.run_ability(h.card, h.name, "effect", ev)
  end
end

-- Commands (604, 804) -------------------------------------------------------------------------

-- 804.2b-1: a unit an enhancement can target: it has the required information, has been in the
-- area since this turn began, and nothing was set on it this turn (and it is not KO'd).
local function enhancement_targets(p, card)
  local out = {}
  local need = k.field(card, "target")
  for _, u in ipairs(live_units(p)) do
    local set_this_turn = false
    for _, c in ipairs(k.attachments(u, "set")) do
      if k.since_turn(c) == k.turn() then set_this_turn = true end
    end
    if k.since_turn(u) < k.turn() and not set_this_turn and (not need or k.eval(need, { self = u })) then
      out[#out + 1] = u
    end
  end
  return out
end

function M.command_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.card_type(c) == "command" then
      local sub = k.subtype(c)
      if sub == "strategy" and k.pvar(p, "strategy_played") == 0 then           -- 604.3
        out[#out + 1] = { label = k.name(c) .. " (戦略)", card = c }
      elseif sub == "tactic" then
        out[#out + 1] = { label = k.name(c) .. " (戦術)", card = c }
      elseif sub == "enhancement" and k.turns_begun(p) > 1 then                 -- 604.4
        for _, u in ipairs(enhancement_targets(p, c)) do                        -- 804.2b
          out[#out + 1] = { label = k.name(c) .. " (強化) → " .. k.name(u), card = c, target = u }
        end
      end
    end
  end
  return out
end

function M.play_command(p, a)
  local sub = k.subtype(a.card)
  local c = k.move(a.card, p, "resolution")                  -- 804.2a
  k.log("804.2a", P(p), "は", k.name(c), "をプレイ (plays ", sub, ")")
  if sub == "strategy" then k.set_pvar(p, "strategy_played", 1) end
  if sub == "enhancement" then
    local set = k.attach(c, a.target, "set")                 -- 804.2c-2, 905.3
    k.log("804.2c-2", k.name(set), "を", k.name(a.target), "にセット (set on ", k.name(a.target), ")")
    k.event("セットした", { card = a.target, set = set, player = p })
    return
  end
  for _, name in ipairs(k.abilities(c, { kind = "command", all = true })) do   -- 801.1d, 802.3
    k.run_ability(c, name, "effect", { player = p })
  end
  if k.exists(c) then                                        -- 804.2c-1
    local gone = k.move(c, k.owner(c), "discard")
    k.log("804.2c-1", k.name(gone), "を捨て場に置く (to the discard pile)")
  end
end

-- Activated EX skills (606, 806) --------------------------------------------------------------

function M.ex_skill_options(p)
  local out = {}
  for _, c in ipairs(area_cards(p)) do
    for _, name in ipairs(k.abilities(c, { kind = "activated" })) do   -- valid only (802.2a)
      local info = k.ability(c, name)
      if (not info.per_turn or k.uses(c, name) < info.per_turn) and k.check(c, name) then   -- 803.1
        out[#out + 1] = { label = k.name(c) .. "の「" .. name .. "」", card = c, name = name }
      end
    end
  end
  return out
end

function M.play_ex_skill(p, a)
  k.use_ability(a.card, a.name)
  k.log("806.1", P(p), "は", k.name(a.card), "の「", a.name, "」をプレイ (plays an EX skill)")
  local info = k.ability(a.card, a.name)
  -- 806.2b, 813.3: an EX skill is from a skill, so it gets one success check (digest §12.14).
  if info.ex_skill and not M.success_check(a.card, a.name, "806.2b") then
    k.log("920.2b", "「", a.name, "」は失敗: 効果を適用しない (fails: no effect)")
    return
  end
  k.run_ability(a.card, a.name, "effect", { player = p })   -- 804.2c-3
end

-- End phase (505) --------------------------------------------------------------------------

-- 505.3b: each player whose main unit is rested or stunned, turn player first, plays janken
-- against the opponent; the winner's main unit recovers (907.1).
function M.janken_recovery()
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do
    local m = main_unit(p)
    if m and not is_ko(m) and k.orientation(m) ~= "normal" then
      local winner = k.janken(p, k.opponent(p), "505.3b")
      if winner == p then
        M.recover(m)
      else
        k.log("505.3b", k.name(m), "は復帰しない (stays ", k.orientation(m), ")")
      end
    end
  end
end

-- Rule processes (1000) --------------------------------------------------------------------

-- 1002: a player who since the last rule process failed a required draw (1002.1) or a
-- required replacement process (1002.2) loses.
function M.rp_loss()
  local acted = false
  for p = 1, 2 do
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "1002.1", "デッキから必要な枚数を引けなかった (could not draw)")
      k.log("1002.1", P(p), "は必要な枚数を引けなかったので敗北 (loses: failed draw)")
      acted = true
    end
    if k.pvar(p, "replacement_failed") ~= 0 then
      k.set_pvar(p, "replacement_failed", 0)
      k.lose(p, "1002.2", "交代処理を完全に実行できなかった (could not complete a replacement process)")
      k.log("1002.2", P(p), "は交代処理を実行できなかったので敗北 (loses: no unit to replace)")
      acted = true
    end
  end
  return acted
end

-- 1003: a unit in the area with HP ≤ 0 (1003.1) or damage ≥ HP (1003.2) is KO'd.
function M.rp_ko()
  local due = {}
  for p = 1, 2 do
    for _, u in ipairs(live_units(p)) do
      local hp, dmg = k.field(u, "hp"), k.counter(u, "damage")
      local by = k.ovar(u, "damaged_by")
      if by == 0 then by = nil end
      if hp <= 0 then
        due[#due + 1] = { u, "1003.1", "HP " .. hp .. " ≤ 0", by }
      elseif dmg >= hp then
        due[#due + 1] = { u, "1003.2", "ダメージ " .. dmg .. " ≥ HP " .. hp, by }
      end
    end
  end
  -- 813.5a: damage counts as KO-ing only in the rule process right after it.
  for p = 1, 2 do
    for _, u in ipairs(area_units(p)) do k.set_ovar(u, "damaged_by", 0) end
  end
  for _, d in ipairs(due) do knock_out(d[1], d[2], d[3], d[4]) end   -- all at once (811.2a)
  return #due > 0
end

-- 1004: a player whose main unit is KO'd swaps it with a non-KO'd standby unit (1004.1);
-- a player with no main unit moves one there (1004.2). Turn player first.
function M.rp_replacement()
  local acted = false
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do
    local m = main_unit(p)
    if not m or is_ko(m) then
      local clause = m and "1004.1" or "1004.2"
      local candidates = standby_units(p)
      if #candidates == 0 then
        if k.pvar(p, "replacement_failed") == 0 then
          k.set_pvar(p, "replacement_failed", 1)
          k.log(clause, P(p), "はKOしていないスタンバイ・ユニットが無く交代できない (no standby unit to replace with)")
          acted = true
        end
      else
        local s = k.choose_cards(p, candidates, { prompt = "メイン・エリアに出すユニット (new main unit)", clause = clause })
        if m then
          k.swap(m, s)
          k.end_effects(m)                                   -- 302.3b
          k.log("1004.1", P(p), "はKOした", k.name(m), "と", k.name(s), "を入れ替える (replaces the KO'd main unit)")
        else
          k.move(s, p, "main")
          k.log("1004.2", P(p), "は", k.name(s), "をメイン・エリアに移動 (moves into the main area)")
        end
        acted = true
      end
    end
  end
  return acted
end

-- 1005: sets (1005.1) and energy (1005.2) whose unit is not in the area or is KO'd go to
-- their owner's discard pile (302.5).
function M.rp_illegal()
  local acted = false
  for p = 1, 2 do
    local due = {}
    for _, c in ipairs(k.attached_cards(p)) do
      local u = k.attached_to(c)
      if not u or is_ko(u) then due[#due + 1] = c end
    end
    -- 302.4, 309.3: cards that go to the discard pile at the same time are ordered by their owner.
    if #due > 1 then
      due = k.choose_order(p, due, { prompt = "捨て場に置く順番 (order into the discard pile; last = top)", clause = "309.3" })
    end
    for _, c in ipairs(due) do
      local role = k.role(c)
      k.move(c, k.owner(c), "discard")
      k.log(role == "set" and "1005.1" or "1005.2", P(p), "の", role == "set" and "セット" or "エネルギー",
        "を捨てる (discards an orphaned ", role, ")")
      acted = true
    end
  end
  return acted
end

return M
