-- 東方VISION: 7–8: effects, objects and targets. How an effect's text is applied (7.1.9–7.1.13),
-- objects chosen when it applies (8.1), targets re-checked when it applies (8.2.5.b) and
-- protected from targeting (8.2.7), effects that cannot be used (7.1.8.a, 7.3.7), choosing
-- among an effect's effects and declaring (7.3.4.b/d), and resolving an activated effect
-- "as if used" (7.5). Card scripts call these as `rules.*`.
local M = ...
local P, has_kw, is_character, contains = M._.P, M._.has_kw, M._.is_character, M._.contains

-- Applying an effect's text (7.1.9–7.1.12) ------------------------------------------------------

-- 7.1.9: the whole text is one effect, applied from its start in order; each step is one part
-- of it (a function returning false when that part cannot be applied as instructed).
-- 7.1.12: a part that cannot be applied stops the rest; with no text for that case the whole
-- effect fails and what was applied stays (a); `on_fail` is the text's processing for failure
-- (b), and the effect succeeds if that applies to its end. 7.1.11: applied to the end is a
-- success. Returns whether the effect resolved successfully. 7.1.10: what a part causes (a
-- deathblow, a discard, their γ) is processed inside that part, before the next one.
function M.apply(source, steps, on_fail)
  local name = k.name(source)
  for i, step in ipairs(steps) do
    if step() == false then
      if on_fail then
        k.log("7.1.12.b", name, ": ", i, "番目の部分を適用できない: 指示された処理を適用する (part ", i, " cannot be applied: its failure text applies)")
        if on_fail() ~= false then
          k.log("7.1.12.b", name, "の効果の解決に成功 (the failure text applied to its end: resolved successfully)")
          return true
        end
      end
      k.log("7.1.12.a", name, ": ", i, "番目の部分を適用できない: 以降は適用せず、効果の解決に失敗 (part ", i, " cannot be applied: the rest is not applied, the effect fails; applied parts stay)")
      return false
    end
  end
  k.log("7.1.11", name, "の効果は最後まで正しく適用された: 解決に成功 (applied to its end: resolved successfully)")
  return true
end

-- Objects (8.1) -----------------------------------------------------------------------------------

-- 8.1.4.c, 8.2.7.d: a protection does not work against the effects the protected card holds
-- itself or gains as text from a card set on it.
local function own_effect(source, c)
  return source == c or (source ~= nil and k.attached_to(source) == c)
end

-- 8.1.4: a card under 対象にならない cannot be chosen as the object of another card's effect
-- (8.2.7: 目標にならない, as a target). 8.1.4.b, 8.2.7.c: the effect that gave the protection
-- (marked `word<source>` by rules.protect) is not stopped by it.
-- Only a face-up card on the field carries such an effect (a hidden card's information is not
-- read, 3.1.5).
local function shielded(c, source, word)
  if k.zone_of(c) ~= "field" or not k.face_up(c) then return false end
  if not has_kw(c, word) or own_effect(source, c) then return false end
  return not (source ~= nil and has_kw(c, word .. "<" .. tostring(source) .. ">"))
end

-- 8.1.4, 8.2.7: an effect of `source` makes `target` "not an object" (対象にならない) or "not a
-- target" (目標にならない) for `duration`.
function M.protect(source, target, word, duration)
  k.add_effect({ source = source, targets = { target }, duration = duration, label = word,
    modify = { { field = "keywords", grant = word }, { field = "keywords", grant = word .. "<" .. tostring(source) .. ">" } } })
  k.log(word == "対象にならない" and "8.1.4" or "8.2.7", k.name(target), "は", word, " (", k.name(source), ")")
end

-- 8.1.2–8.1.4: the objects (〔〕) of `source`'s effect, chosen now that it applies (8.1.3) by p
-- among `cands` (those matching the 〔〕 wording, 8.1.2.a). `opts.all`: every match, legal even
-- when none (8.1.2.c), protected cards left out as if absent (8.1.4.a). Otherwise exactly
-- `opts.count` (default 1) must be chosen (8.1.2.b); if that many legal ones do not exist the
-- effect cannot apply (8.1.3.a): nil. Returns the list of objects.
function M.objects(p, source, cands, opts)
  opts = opts or {}
  local legal, hidden = {}, 0
  for _, c in ipairs(cands) do
    if shielded(c, source, "対象にならない") then hidden = hidden + 1 else legal[#legal + 1] = c end
  end
  if opts.all then
    if hidden > 0 then
      k.log("8.1.4.a", hidden, "枚は対象にならない: 「全て」には存在しないものとして扱う (treated as absent from \"all\")")
    end
    k.log("8.1.2.c", k.name(source), "の対象「全て」: ", #legal, "枚 (the \"all\" objects: ", #legal, ")")
    return legal
  end
  local n = opts.count or 1
  if #legal < n then
    k.log("8.1.3.a", k.name(source), ": 適切な対象", n, "枚を指定できない (", #legal, "枚): この部分は適用できない (cannot choose ", n, " legal objects: this part cannot be applied)")
    return nil
  end
  local picked = k.choose_cards(p, legal, { prompt = (opts.prompt or k.name(source)) .. "の対象 (" .. n .. "枚; objects)", clause = "8.1.3", min = n, max = n })
  if n == 1 then picked = { picked } end
  return picked
end

-- 7.1.13: an effect on several objects applies to all of them at once: damage is dealt to each,
-- then the deathblow of all of them is checked together (1.10.12.f, 9.1.5).
function M.damage_each(cards, n, source)
  k.log("7.1.13", k.name(source), ": ", #cards, "体に同時に", n, "ダメージ (", n, " damage to ", #cards, " objects at once)")
  local dealt = {}
  for _, c in ipairs(cards) do
    if M._.deal_damage(c, nil, n, source, false, true) > 0 then dealt[#dealt + 1] = c end
  end
  local doomed = {}
  for _, c in ipairs(dealt) do
    if is_character(c) and M._.damage_on(c) >= (k.field(c, "def") or 0) and not M._.removal_state(c) then
      doomed[#doomed + 1] = { card = c, kind = "deathblow", source = source }
    end
  end
  if #doomed > 0 then M._.remove(doomed) end
  return #dealt
end

-- Targets (8.2.5.b, 8.2.7) ----------------------------------------------------------------------

-- 8.2.7: a card under 目標にならない is not offered as the target of another card's effect
-- (8.2.7.d: the protected card's own effects and its set cards' may still target it).
function M._.target_filter(source, cands)
  local out = {}
  for _, c in ipairs(cands) do
    if not shielded(c, source, "目標にならない") then out[#out + 1] = c end
  end
  return out
end

-- 8.2.6.c: a target "all" is legal whatever it was when played: it is everything matching the
-- wording now (`cands`); 8.2.7.a: cards that cannot be targeted are treated as absent.
function M.all_targets(source, cands)
  local out = M._.target_filter(source, cands)
  if #out < #cands then
    k.log("8.2.7.a", #cands - #out, "枚は目標にならない: 「全て」には存在しないものとして扱う (treated as absent from \"all\")")
  end
  k.log("8.2.6.c", k.name(source), "の目標「全て」: 今合致する", #out, "枚 (the \"all\" target: ", #out, " matching now)")
  return out
end

-- 8.2.6.b: a play text with 〔~X枚〕 targets exactly X (its card's `target_count`; default 1).
function M._.target_count(c)
  return k.field(c, "target_count") or 1
end

-- 8.2.6.d: an effect whose targets are cards of a deck or a hand (every card its `targets`
-- lists is in one such zone) targets the zone: when the chosen card has left it, the target is
-- still legal while the zone holds a card meeting the requirement.
local ZONE_TARGETS = { deck = "デッキ", hand = "手札" }
function M._.zone_target_legal(source, name, target)
  if k.exists(target) then return false end
  local cands = k.run_ability(source, name, "targets") or {}
  if #cands == 0 then return false end
  local zone, owner = k.zone_of(cands[1])
  if not ZONE_TARGETS[zone] then return false end
  -- the chosen card was in that zone: a field card that left is not a hand target (a card that
  -- left a hidden zone leaves nothing known, k.lki is nil: it was in the hand or the deck)
  local was = k.lki(target)
  if was and was.zone ~= zone then return false end
  for _, c in ipairs(cands) do
    local z, o = k.zone_of(c)
    if z ~= zone or o ~= owner then return false end
  end
  k.log("8.2.6.d", k.name(source), ": 目標は領域 (", P(owner), "の", ZONE_TARGETS[zone], "): カードが変わっても適切 (the target is the zone: still legal)")
  return true
end

-- 8.2.6.d: the card of the targeted deck or hand the effect applies to: the chosen one if it is
-- still there, else one p chooses among the zone's cards that meet the requirement (`cands`).
function M.zone_target(p, target, cands)
  if k.exists(target) and contains(cands, target) then return target end
  if #cands == 0 then return nil end
  return k.choose_cards(p, cands, { prompt = "目標の領域のカード (a card of the targeted zone)", clause = "8.2.6.d" })
end

-- 8.2.5.b: when a part of the effect actually applies to its target, the target must still be
-- legal (the ability's `targets` list, 8.2.6.a); if not, that part cannot be applied.
function M.target_ok(source, name, target)
  local ok = target ~= nil and k.exists(target)
    and contains(M._.target_filter(source, k.run_ability(source, name, "targets") or {}), target)
  if not ok then
    k.log("8.2.5.b", k.name(source), ": 適用時に目標が不正 (the target is not legal when the effect applies)")
  end
  return ok
end

-- 8.2.4.b: an auto effect chooses its target when its resolution starts, among the legal ones
-- then (8.2.4, 8.2.7); nil when there is none (8.2.4.a: it cannot be applied).
function M.auto_target(p, source, cands)
  if M._.legal_targets then cands = M._.legal_targets(source, cands) end
  cands = M._.target_filter(source, cands)
  if #cands == 0 then
    k.log("8.2.4.a", k.name(source), ": 解決開始時に適切な目標が無い (no legal target when it starts to resolve)")
    return nil
  end
  k.log("8.2.4.b", k.name(source), ": 自動効果の解決開始時に目標を指定する (", #cands, "枚から; the auto effect chooses its target now)")
  return k.choose_cards(p, cands, { prompt = k.name(source) .. "の目標 (target)", clause = "8.2.4.b" })
end

-- 7.1.14: "この効果は重複しない": of the effects with exactly this wording (`label`) on a card
-- only one applies; the effect marks the card with its wording while it lasts.
function M.add_effect_once(source, target, label, modify, duration)
  local mark = "重複しない:" .. label
  if has_kw(target, mark) then
    k.log("7.1.14", k.name(target), "には「", label, "」が既に適用されている: 重複しない (does not stack: only one applies)")
    return
  end
  local mods = { { field = "keywords", grant = mark } }
  for _, m in ipairs(modify) do mods[#mods + 1] = m end
  k.add_effect({ source = source, targets = { target }, modify = mods, duration = duration, label = label })
end

-- Effects that cannot be used (7.1.8.a, 7.3.7) ---------------------------------------------------

-- 7.3.7: a player under "cannot use activated effects" is offered none (7.1.8.a: the
-- declaration is not even attempted).
function M._.cannot_use(p)
  return k.pvar(p, "no_use") > 0
end

-- 7.3.7: an effect puts player p under "cannot use activated effects" for this turn.
function M.forbid_use(p, source)
  k.set_pvar(p, "no_use", 1)
  k.log("7.3.7", P(p), "はこのターン起動効果を使用できない (", k.name(source), "; cannot use activated effects this turn)")
end

-- Optional auto effects (7.4.4) ------------------------------------------------------------------

-- 7.1.4: an effect whose text starts "(自動α)", "(自動β)" or "(自動γ)" is an auto effect; an
-- optional one (kind 自動α任意) is applied at will, not used as an activated effect (7.1.3).
function M._.is_auto_text(c, name)
  local info = k.ability(c, name)
  return info ~= nil and info.text ~= nil and string.find(info.text, "(自動", 1, true) == 1
end

-- 7.4.4: an optional auto effect of p's field cards whose condition (`if:`) holds may be applied
-- only while p holds priority and no interference has started.
function M.auto_options(p)
  local out = {}
  if #k.chain() > 0 then return out end
  for _, c in ipairs(k.ability_cards(k.cards(p, "field"), { kind = "activated" })) do
    for _, name in ipairs(k.abilities(c, { kind = "activated" })) do
      if M._.is_auto_text(c, name) and not M._.text_negated(c, name) and k.check(c, name) then   -- 12.4.1 (moves.lua)
        out[#out + 1] = { label = k.name(c) .. "「" .. name .. "」", card = c, ability = name }
      end
    end
  end
  return out
end

-- 7.4.4: it applies at once, not through an interference; priority does not move and the
-- player holds it again afterwards (the action keeps priority).
function M.apply_auto(p, a)
  k.log("7.4.4", P(p), "は", k.name(a.card), "の「", a.ability, "」を適用する (applies the optional auto effect; keeps priority)")
  k.run_ability(a.card, a.ability, "effect", {})
end

-- Changing a target (8.2.8) ----------------------------------------------------------------------

-- 8.2.8: an effect of `source` changes the target of an effect: p chooses one of the
-- interference's pending effects that has a target (a resolved one has left the interference:
-- its targets cannot change), then its new target among `cands`, the change's own restriction
-- (nil: every field card) — chosen whether or not it is a legal target of that effect; it is
-- checked when that effect resolves like any target (8.2.5, 8.2.7.b). Returns the new target.
function M.change_target(p, source, cands)
  local items = {}
  for _, it in ipairs(k.chain()) do
    if it.source ~= source and not it.negated and it.targets and #it.targets > 0 then
      items[#items + 1] = { label = it.name, value = it.id }
    end
  end
  if #items == 0 then
    k.log("8.2.8", "目標を変更できる解決前の効果が無い (no pending effect with a target)")
    return nil
  end
  local id = items[1].value
  if #items > 1 then id = k.choose(p, items, { prompt = "目標を変更する効果 (the effect whose target changes)", clause = "8.2.8" }) end
  local item = k.item(id)
  if cands == nil then
    cands = {}
    for q = 1, 2 do
      for _, c in ipairs(k.cards(q, "field")) do cands[#cands + 1] = c end
    end
  end
  local new = {}
  for _, c in ipairs(cands) do
    if not contains(item.targets, c) then new[#new + 1] = c end
  end
  if #new == 0 then
    k.log("8.2.8", item.name, "の目標を変更できない (nothing to change it to)")
    return nil
  end
  local t = k.choose_cards(p, new, { prompt = item.name .. "の新しい目標 (its new target)", clause = "8.2.8" })
  k.retarget(id, { t })
  k.log("8.2.8", item.name, "の目標を", k.name(t), "に変更する (適切な目標かどうかに関係無く) (its target becomes ", k.name(t), ", legal or not)")
  return t
end

-- Several effects and declarations (7.3.4.b, 7.3.4.d, 7.5.2.a, 7.5.2.c) --------------------------

-- An effect made of several effects writes them ①, ②, … in its text: their labels.
local MARKS = { "①", "②", "③", "④", "⑤", "⑥" }
local function parts_of(c, name)
  local info = k.ability(c, name)
  local text = info and info.text or ""
  local labels = {}
  for i, m in ipairs(MARKS) do
    local s = string.find(text, m, 1, true)
    if not s then break end
    local e = MARKS[i + 1] and string.find(text, MARKS[i + 1], s, true)
    labels[#labels + 1] = string.sub(text, s, (e or (#text + 1)) - 1)
  end
  return labels
end

-- 7.3.4.b / 7.5.2.a: the player chooses which of the effect's effects to resolve; the others
-- are not resolved at all and choose no objects (7.1.15). nil when it has only one.
function M._.effect_mode(p, c, name, clause)
  local labels = parts_of(c, name)
  if #labels < 2 then return nil end
  local items = {}
  for i, l in ipairs(labels) do items[#items + 1] = { label = l, value = i } end
  local mode = k.choose(p, items, { prompt = name .. ": 解決する効果 (the effect to resolve)", clause = clause })
  k.log(clause, P(p), "は「", name, "」の", labels[mode], "を選ぶ (chooses effect ", mode, ")")
  return mode
end

-- 7.3.4.d / 7.5.2.c: the declaration the effect's text asks for ("種族を1つ宣言", 12.1.4),
-- made now; nil when it asks none. It is a declaration by a card's effect (12.1.2): 宣言した is
-- raised (moves.lua), its γ waiting for the procedure's end (5.2.3, 7.3.4; after_declaration).
function M._.effect_declaration(p, c, name, clause)
  local info = k.ability(c, name)
  if not (info and info.text and string.find(info.text, "種族を1つ宣言", 1, true)) then return nil end
  k.log(clause, P(p), "は「", name, "」の宣言を行う (makes the declaration the effect asks for)")
  return M._.declare_race(p, true)
end

-- 5.3.2, 7.5.2: the γ whose timing came in the steps up to the declaration resolve once it is
-- made, before the effect; `waiting`: γ of an earlier timing were already waiting when the steps
-- began, and these wait with them (7.1.6, as core.lua's window).
function M._.after_declaration(waiting)
  if not waiting and #k.pending_triggers() > 0 then k.play_triggers() end
end

-- Resolving an activated effect as if used (7.5) ------------------------------------------------

-- 7.5: p resolves activated effect `name` of card c as if it had been used (7.5.1), though it
-- was not: `condition` false is a condition of the enabling text not met (7.5.1.a: it fails).
-- 7.5.2: a choose which effect, b target, c declare (nothing applies meanwhile: γ met wait for
-- d), d resolve it, e its "when resolved" timing with its γ. No cost is paid and a paid cost it
-- reads is 0 (7.5.1.c); no legal target: it fails (7.5.1.d). Its source is c (7.5.4). Returns
-- whether it resolved properly (7.5.3).
function M.resolve_as_used(p, c, name, condition)
  if not k.exists(c) or not contains(k.abilities(c, { kind = "activated" }), name) or M._.text_negated(c, name) then
    k.log("7.5.1", "「", name, "」を持つカードが無い: 解決に失敗 (no such activated effect: it fails)")
    return false
  end
  if condition == false then
    k.log("7.5.1.a", "指示された条件を満たさない: 「", name, "」の解決に失敗 (its condition is not met: it fails)")
    return false
  end
  local waiting = #k.pending_triggers() > 0
  k.log("7.5.1", k.name(c), "の「", name, "」を使用したものとして解決する (resolved as if used; not actually used)")
  local mode = M._.effect_mode(p, c, name, "7.5.2.a")
  local target = nil
  if contains(k.abilities(c, { hook = "targets", all = true }), name) then
    local cands = k.run_ability(c, name, "targets") or {}
    if M._.legal_targets then cands = M._.legal_targets(c, cands) end
    cands = M._.target_filter(c, cands)
    if #cands == 0 then
      k.log("7.5.1.d", "「", name, "」の適切な目標を指定できない: 解決に失敗 (no legal target: it fails)")
      return false
    end
    target = k.choose_cards(p, cands, { prompt = name .. "の目標 (target)", clause = "7.5.2.b" })
  end
  local declared = M._.effect_declaration(p, c, name, "7.5.2.c")
  M._.after_declaration(waiting)                                      -- after c
  k.set_ovar(c, "x", 0)
  k.log("7.5.1.c", "「", name, "」のコストは支払わない (支払ったコストは0) (its cost is not paid; a paid cost reads 0)")
  k.log("7.5.2.d", k.name(c), "の「", name, "」を解決する (発生源: ", k.name(c), ") (resolves; its source is ", k.name(c), ", 7.5.4)")
  local ok = k.run_ability(c, name, "effect", { target = target, mode = mode, declared = declared })
  M._.window("効果が解決された", { card = c, player = p })            -- 7.5.2.e
  return ok ~= false
end

return M
