-- 「汎用TCG」: The battle phase (700) and the skill success check (920).
local M = ...
local P, main_unit, is_ko, live_units = M._.P, M._.main_unit, M._.is_ko, M._.live_units

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
    for _, c in ipairs(k.ability_cards(area_cards(p), { hook = "fails" })) do
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
  for _, name in ipairs(k.abilities(holder, { kind = "skill", skill = skill, hook = hook, all = false })) do
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
  for _, c in ipairs(k.ability_cards(area_cards(player), { kind = "static", hook = "modify_damage" })) do
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

M._.area_cards = area_cards
M._.unit_skills = unit_skills

return M
