-- 東方VISION: 10: keyword abilities (戦術 and 特殊効果) that work as rules of the game, for any
-- card that has the word (10.1.2): keywords and text (10.1.4–10.1.5), limits per character and
-- per field (10.13.5, 10.15.3–10.15.4, 10.34.3–10.34.4), targets and setting (10.25.2.a,
-- 10.34.2.a), 奇襲 (10.3) and ターン1枚制限 (10.21); 変身 (10.28) is rules/transform.lua, リーダー
-- (10.34.2) rules/leader.lua, and 連結 / オーバードライブ / ラストワード / 壱符 / 弐符 (10.18–10.20,
-- 10.32–10.33) rules/entering.lua, all loaded before this file. The procedures of other files
-- reach them through hooks they call when present (M._.keyword_window, M._.legal_targets,
-- M._.cannot_set; leader.lua's M._.damage_negated) and through the action and item hooks this
-- file wraps (play, use, resolve; transform.lua and leader.lua wrap turn start / end).
local M = ...
local P, has_kw, contains = M._.P, M._.has_kw, M._.contains
local characters, is_character = M._.characters, M._.is_character

-- Cards on p's field that are not set on another card (characters, 世界呪符, 装備/場, …).
local function field_cards(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "field")) do
    if not k.attached_to(c) then out[#out + 1] = c end
  end
  return out
end

-- The names of c's keywords, without their values (`維持コスト(2)` → 維持コスト).
local function keyword_names(c)
  local words = {}
  for _, x in ipairs(k.field(c, "keywords") or {}) do
    words[#words + 1] = string.match(x, "^(.-)%(") or x
  end
  return words
end

-- 10.1.4: a keyword is not an activated or auto effect even where its original text is one; a
-- card ability standing for one of its keywords (named as the keyword) is not counted.
-- `kind`: the kernel's kind (activated, static, triggered). For cards: rules.has_effect.
function M.has_effect(c, kind)
  local words = keyword_names(c)
  for _, name in ipairs(k.abilities(c, { kind = kind, all = true })) do
    if not contains(words, name) then return true end
  end
  return false
end

-- 10.1.5: whether c's text contains `word`: a keyword counts as the word written on the card
-- (its keywords list), never as its original text; the card's other abilities by their text.
function M.text_has(c, word)
  for _, x in ipairs(k.field(c, "keywords") or {}) do
    if string.find(x, word, 1, true) then return true end
  end
  local words = keyword_names(c)
  for _, name in ipairs(k.abilities(c, { all = true })) do
    local info = k.ability(c, name)
    if not contains(words, name) and info and info.text and string.find(info.text, word, 1, true) then
      return true
    end
  end
  return false
end

-- Limits (10.13.5, 10.15.3–10.15.4, 10.34.3–10.34.4) ------------------------------------------

-- 10.15.4, 10.34.4: the field cards of p that count against a limit of one per field.
local function with_kw(list, kw)
  local out = {}
  for _, c in ipairs(list) do
    if has_kw(c, kw) then out[#out + 1] = c end
  end
  return out
end

local function equipment_on(c)
  return with_kw(k.attachments(c, "set"), "装備")
end

-- The player of the zone chooses which to keep; the rest are put in the underworld (置く: not
-- a discard). No card of the game changes these limits, so each is 1.
local function keep_one(p, cards, clause, what)
  if #cards <= 1 then return false end
  local keep = k.choose_cards(p, cards, { prompt = what .. ": 残す1枚 (the one to keep)", clause = clause })
  for _, c in ipairs(cards) do
    if c ~= keep then
      k.log(clause, k.name(c), "を", (M._.underworld_name(k.owner(c))), "に置く (", what, " over the limit of 1: put in the underworld)")
      M._.to_underworld(c)
    end
  end
  return true
end

-- Rule process: 10.13.5 (equipment per character), 10.15.4 (装備/場 per field), 10.34.4
-- (リーダー per field).
function M.rp_excess()
  return M._.each_player(function(p)
    local acted = false
    for _, c in ipairs(characters(p)) do
      if keep_one(p, equipment_on(c), "10.13.5", k.name(c) .. "の装備カード") then acted = true end
    end
    if keep_one(p, with_kw(field_cards(p), "装備/場"), "10.15.4", "装備/場") then acted = true end
    if keep_one(p, with_kw(field_cards(p), "リーダー"), "10.34.4", "リーダー") then acted = true end
    return acted
  end)
end

-- 10.15.3, 10.34.3: a card entering a field that already has one fails and goes to the
-- underworld. Returns whether it failed.
local function one_per_field(c, p)
  for _, kw in ipairs({ "装備/場", "リーダー" }) do
    if has_kw(c, kw) and #with_kw(field_cards(p), kw) > 0 then
      local clause = kw == "リーダー" and "10.34.3" or "10.15.3"
      k.log(clause, P(p), "の場には既に", kw, "がある: ", k.name(c), "のセットに失敗し", (M._.underworld_name(k.owner(c))), "へ (fails: underworld)")
      M._.to_underworld(c)
      return true
    end
  end
  return false
end

-- Targets and setting (10.25, 10.34.2.a) --------------------------------------------------------

-- 8.2.4 with 10.25.2.a (神器 cannot target a character without 伝説) and 10.34.2.a (a リーダー
-- is not the target of an opponent's command card).
function M._.legal_targets(source, cands)
  local out = {}
  local p = k.controller(source)
  for _, t in ipairs(cands) do
    local ok = true
    if has_kw(source, "神器") and is_character(t) and not has_kw(t, "伝説") then ok = false end
    if k.card_type(source) == "command" and has_kw(t, "リーダー") and k.controller(t) ~= p then ok = false end
    if ok then out[#out + 1] = t end
  end
  return out
end

-- 10.25.2.a: a 神器 card cannot be set onto a character without 伝説.
function M._.cannot_set(c, host)
  if has_kw(c, "神器") and not has_kw(host, "伝説") then
    k.log("10.25.2.a", k.name(c), "は伝説を持たない", k.name(host), "にセットできない (no 伝説: cannot be set)")
    return true
  end
  return false
end

-- Sets c on character host (a card effect moving a set card) by moves.lua's set_card: the
-- 11.3.10 timings, and 11.3.13 "cannot be set" (10.25.2.a above among them); false when not set.
function M.set_on(c, host)
  if not is_character(host) then return false end
  return M._.set_card(c, host) ~= nil
end

-- Windows (core.lua's window: before the event's own γ) -----------------------------------------

-- 10.3.4: the card played as a defense is noted by its handle in the play area, so that only
-- its own 場に出た reads it (not the next card to enter after it failed to, nor one entering
-- inside its window).
local function on_enter(c, p, unplayed)                              -- 場に出る
  if one_per_field(c, p) then return end
  if k.zone_of(c) == "play" and k.ovar(c, "ambush_defend") == 1 then k.set_gvar("ambush_defend", c) end
end

-- 6.4.6: whether the attack `id` still stands: its item not cancelled (rules.cancel_attack and
-- 緊急回避 negate it) and its attacker not gone from the field (a new object once it moves).
-- Control changing hands (6.3.6.c) is caught when the attack resolves, which cancels the defense.
local function attack_stands(id)
  local item = id ~= 0 and k.item(id) or nil
  return item ~= nil and not item.negated and k.exists(item.source)
end

-- The note is not cleared: a handle names one object only, so it never matches a later entry.
local function on_entered(c, p, unplayed, was)                       -- 場に出た
  local defends = was ~= nil and k.gvar("ambush_defend") == was
  if M._.second_talisman_excluded(c) then return end               -- 10.19.2.a (entering.lua)
  -- 10.3.4: played as a defense: it stays asleep (whether or not the defense succeeds) and
  -- defends the attack it answered, if that attack still stands (6.4.6).
  if defends then
    M._.set_state(c, "sleep")
    k.log("10.3.4", k.name(c), "はスリープ状態のまま (stays asleep)")
    local attack = k.gvar("attack_item")
    if attack_stands(attack) and k.gvar("attacked") == p then
      k.log("10.3.2.b", k.name(c), "はその攻撃を防御する (defends the attack)")
      M.defend(p, { card = c })
    end
  end
  M._.leader_entered(c, p, unplayed)                                 -- 10.34.2.b (leader.lua)
end

function M._.keyword_window(event, data)
  if event == "場に出る" then
    on_enter(data.card, data.player, data.unplayed)
  elseif event == "場に出た" then
    on_entered(data.card, data.player, data.unplayed, data.was)
  elseif event == "ダメージを受けた" and data.player and not data.card then
    M._.leader_damaged(data.player)                                  -- 10.34.2.c (leader.lua)
  else
    M._.transform_window(event, data)                                -- 10.28.2.a, 10.28.11 (transform.lua)
  end
end

-- Playing (5.2) with keyword limits --------------------------------------------------------------

-- 10.21.2.a, 10.3.3: a card whose `no_play` an effect raised cannot be played (奇襲 included).
local function forbidden(c)
  return (k.field(c, "no_play") or 0) > 0
end

-- 10.3.2.b: the attacked player's first response to an opposing character's attack.
local function can_defend_by_play(p, c)
  if not (has_kw(c, "奇襲") and has_kw(c, "速攻") and k.card_type(c) == "character") then return false end
  return M._.answering_attack(p)                                   -- 6.4.2 (core.lua)
end

local base_play_options = M.play_options
function M.play_options(p)
  local out = {}
  for _, o in ipairs(base_play_options(p)) do
    if not forbidden(o.card) then
      if can_defend_by_play(p, o.card) then
        out[#out + 1] = { label = o.label .. " (通常: no defense)", card = o.card }
        out[#out + 1] = { label = o.label .. " (防御を兼ねる: defends)", card = o.card, defend = true }
      else
        out[#out + 1] = o
      end
    end
  end
  return out
end

-- 10.21.2.a: until end of turn its player cannot play cards of the same name.
local function ban_same_name(c, p, clause)
  k.add_effect({ source = c, applies_to = 'name == "' .. k.name(c) .. '" and owner == my',
    modify = { { field = "no_play", set = 1 } }, duration = "this_turn", label = "ターン1枚制限" })
  k.log(clause, P(p), "はこのターン「", k.name(c), "」をプレイできない (no more this turn)")
end

local base_play_card = M.play_card
function M.play_card(p, a)
  local before = #k.chain()
  base_play_card(p, a)
  local chain = k.chain()
  if #chain <= before then return end                              -- negated while played
  local c = chain[#chain].source
  if a.defend then
    k.set_ovar(c, "ambush_defend", 1)
    k.log("10.3.4", P(p), "は", k.name(c), "を防御を兼ねてプレイすると宣言 (declares it defends)")
  end
  if has_kw(c, "ターン1枚制限") then ban_same_name(c, p, "10.21.2.a") end
end

local base_resolve_as_played = M.resolve_as_played
function M.resolve_as_played(c, p)
  if k.exists(c) and has_kw(c, "ターン1枚制限") then ban_same_name(c, p, "10.21.2.a") end
  return base_resolve_as_played(c, p)
end

local base_negated_item = M.negated_item
function M.negated_item(item)
  local c = item.source
  if item.kind == "play" and c and k.exists(c) and has_kw(c, "ターン1枚制限") then
    k.add_effect({ source = c, applies_to = 'name == "' .. k.name(c) .. '" and owner == my',
      modify = { { field = "no_play", set = 0 } }, duration = "this_turn", label = "ターン1枚制限の無効" })
    k.log("10.21.2.a", k.name(c), "のプレイは無効: ターン1枚制限も無効 (the limit is negated)")
  end
  return base_negated_item(item)
end

-- Keyword activated effects: 変身 (10.28.2.b), リーダー (10.34.2.d) -------------------------------

-- Each { word, can(c, p), resolve(c, p) }, in load order (transform.lua, leader.lua).
local KEYWORD_ACTS = M._.keyword_acts

local base_use_options = M.use_options
function M.use_options(p)
  local out = base_use_options(p)
  for _, c in ipairs(characters(p)) do
    if not M._.used_this_interference(c) then                       -- 7.3.6
      for _, act in ipairs(KEYWORD_ACTS) do
        if has_kw(c, act.word) and act.can(c, p) then
          out[#out + 1] = { label = k.name(c) .. "「" .. act.word .. "」", card = c, keyword = act.word }
        end
      end
    end
  end
  return out
end

local base_use_effect = M.use_effect
function M.use_effect(p, a)
  if not a.keyword then return base_use_effect(p, a) end
  M._.start_interference_if_none()                                  -- 1.12.6
  M._.mark_used(a.card)                                             -- 7.3.6
  k.push({ kind = "keyword", name = k.name(a.card) .. "「" .. a.keyword .. "」", source = a.card, controller = p, values = { keyword = a.keyword } })
  k.log("7.3.4", P(p), "は", k.name(a.card), "の「", a.keyword, "」を使用 (uses)")
end

local function resolve_keyword(item)
  local c, p = item.source, item.controller
  if not k.exists(c) or not is_character(c) then
    k.log("7.3.1.b", item.name, ": 発生源が場を離れた (its source left the field: negated)")
    return
  end
  for _, act in ipairs(KEYWORD_ACTS) do
    if act.word == item.values.keyword then return act.resolve(c, p) end
  end
end

local base_resolve_item = M.resolve_item
function M.resolve_item(item)
  if item.kind == "keyword" then return resolve_keyword(item) end
  return base_resolve_item(item)
end

return M
