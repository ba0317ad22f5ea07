-- 東方VISION: 4–5: phases, playing cards, face-down cards.
-- "During the turn" effects (4.3.1.b, 4.9.1.d) and unused next-action effects (4.9.1.b); play
-- conditions a card's text or an effect sets (5.2.2.b, 5.2.2.g); a cost change kept while the
-- card is played (5.2.6); "resolve as if played" with a condition (5.3.1.a–b) or a face-down
-- card (5.3.5); text negated where a card lies (5.4.4, 5.5.3–5.5.5, 5.6.2–5.6.4, 5.7.4);
-- turning cards face up or face down (5.7.1–5.7.5). Several play effects and declarations
-- (5.2.3.c, 5.2.3.e, 5.3.2.b, 5.3.2.d) use rules/effects.lua's. Card scripts reach them as `rules.*`.
local M = ...
local P, has_kw, is_character = M._.P, M._.has_kw, M._.is_character

-- "During the turn" (4.3.1.b, 4.9.1.d) and "until end of turn" (4.9.1.b) ------------------------

-- 4.3.1.b: the effects whose duration is "during the turn" (ターンの間) start to apply: those
-- made for this turn in an earlier turn read game.during_turn (rules.turn_effect).
function M.during_turn_start()
  k.set_gvar("during_turn", k.turn())
end

-- 4.9.1.d: they end, after the turn-end timing (4.9.1.c) has resolved.
function M.during_turn_end()
  local n = k.expire("turn")
  k.set_gvar("during_turn", 0)
  if n > 0 then k.log("4.9.1.d", "ターンの間の効果", n, "個の適用を終了 (\"during the turn\" effects end)") end
end

-- 4.9.1.b: with the "until end of turn" effects (the `expire: this_turn` step before this one),
-- an effect on a next action that was not taken ends too: リーダー's "the next damage you take
-- this turn is negated" (10.34.2.d) no longer waits for a damage.
function M.end_next_action_effects()
  for p = 1, 2 do
    if k.pvar(p, "damage_shield") > 0 then
      k.set_pvar(p, "damage_shield", 0)
      k.log("4.9.1.b", P(p), "の「次にダメージを受ける場合」の効果は使われないまま終了 (the unused next-damage effect ends)")
    end
  end
end

-- rules.turn_effect: a continuous effect "during the turn" (ターンの間) of turn `turn` (default
-- this one). This turn: it applies now and ends at 4.9.1.d of this turn (duration `turn`). A
-- later turn: it applies from that turn's 4.3.1.b to its 4.9.1.d (an `applies_to` effect
-- guarded by game.during_turn; `targets` cannot be kept for a later turn).
function M.turn_effect(spec, turn)
  turn = turn or k.turn()
  local e = { source = spec.source, modify = spec.modify, label = spec.label }
  if turn == k.turn() then
    e.targets, e.applies_to, e.duration = spec.targets, spec.applies_to, "turn"
    k.log("4.3.1.b", spec.label or "効果", ": このターンの間 (during this turn, until 4.9.1.d)")
  else
    e.applies_to = "game.during_turn == " .. turn .. " and (" .. (spec.applies_to or "false") .. ")"
    e.duration = "permanent"
    k.log("4.3.1.b", spec.label or "効果", ": ターン", turn, "の間 (during turn ", turn, ": from its 4.3.1.b to its 4.9.1.d)")
  end
  return k.add_effect(e)
end

-- Play conditions (5.2.2.b, 5.2.2.g) and "resolve as if played" (5.3.1.a–b, 5.3.5) ---------------

-- 5.2.2.b: a play condition or restriction of the card's own text (a `condition` hook of its
-- text returning false) or of an effect (a static `prohibits: [プレイ]` whose `if:` reads
-- event.card and event.player). Returns the clause-worthy reason, or nil when there is none.
local function play_condition_unmet(c, p)
  for _, name in ipairs(k.abilities(c, { hook = "condition", all = true })) do
    if k.run_ability(c, name, "condition") == false then return "テキストのプレイ条件 (its text's play condition)" end
  end
  local by = k.prohibited("プレイ", { card = c, player = p })
  if by then return "効果によるプレイの制限 (" .. by .. ")" end
  return nil
end

-- 5.2.2.g: the card can be moved to the play area: not under an effect forbidding it to move
-- there (a static `prohibits: [移動]` whose `if:` reads event.card and event.to).
local function cannot_reach_play(c)
  return k.prohibited("移動", { card = c, to = "play" })
end

-- 5.2.6: a change to the cost that applied to the card being played (in the hand, 5.2.2.h) keeps
-- applying to it in the play area until its resolution completes or its play or resolution is
-- negated: an effect locked onto the played card, which ends when it leaves the play area.
function M._.keep_play_cost(c, cost_then)
  if not k.exists(c) or cost_then == nil then return end
  local diff = cost_then - (k.field(c, "cost") or 0)
  if diff == 0 then return end
  k.add_effect({ source = c, targets = { c }, modify = { { field = "cost", add = diff } },
    duration = "permanent", label = "プレイする時のコストの変更 (the cost change when played)" })
  k.log("5.2.6", k.name(c), ": プレイする時のコストの変更は解決が完了するまで適用される (the cost change applies until its resolution completes; cost ", k.field(c, "cost"), ")")
end

local base_play_options = M.play_options
function M.play_options(p)
  local out = {}
  for _, o in ipairs(base_play_options(p)) do
    if not play_condition_unmet(o.card, p) and not cannot_reach_play(o.card) then
      out[#out + 1] = o
    end
  end
  return out
end

-- 5.3.1.b: resolving as if played, the card's play conditions and restrictions other than its
-- type's timing must hold (reading: judged when the enabling effect resolves, where the card is
-- chosen; docs/rules/touhou-vision.md), else the enabling effect fails.
local base_resolve_as_played = M.resolve_as_played
function M.resolve_as_played(c, p)
  if not k.exists(c) then return false end
  local why = play_condition_unmet(c, p)
  if why then
    k.log("5.3.1.b", k.name(c), ": ", why, "を満たさない: 効果の解決に失敗 (a play condition is not met: the effect fails)")
    return false
  end
  return base_resolve_as_played(c, p)
end

-- rules.resolve_face_down_as_played: 5.3.5, a face-down field card resolved as if played loses
-- all information when put in the play area (face up there, 5.3.2.a) and resolves with its
-- original text. It is turned face up first: nothing about it (its text, its conditions) can be
-- read while it is face down (5.7.1), and the move makes it a new object, so effects that
-- changed it end.
function M.resolve_face_down_as_played(c, p)
  if not k.exists(c) then return false end
  if not k.face_up(c) then
    k.set_face(c, true, "all")
    k.log("5.3.5", "裏向きのカードをプレイエリアに置く: 全ての情報を失い、本来のテキストで解決される (a face-down card: it loses all information and resolves with its original text)")
  end
  return M.resolve_as_played(c, p)
end

-- rules.resolve_as_played_if: an effect "resolve card c as if played, if <condition>": the
-- condition or restriction it names (`ok`, false when not met) must hold, else it fails (5.3.1.a).
function M.resolve_as_played_if(c, p, ok, what)
  if not ok then
    k.log("5.3.1.a", "指示された条件", what and ("「" .. what .. "」") or "", "を満たさない: 解決に失敗 (the condition it names is not met: it fails)")
    return false
  end
  return M.resolve_as_played(c, p)
end

-- Text negated where the card lies (5.4.4, 5.5.3–5.5.5, 5.6.2–5.6.4) -----------------------------

-- Why the text of field card `c` is negated (the clause and the reason), or nil. A card set
-- onto another card: a character always (5.4.4); a spell or command without 装備 / 呪符
-- (5.5.4, 5.6.3), or with them on something that is not a character (5.5.5, 5.6.4). A card
-- on the field by itself: a spell without 幻想生物 / 世界呪符 (5.5.3; reading: 装備/場 too,
-- docs/rules/touhou-vision.md), a command without 装備/場 (5.6.2).
local function negation(c)
  local t = k.card_type(c)
  local host = k.attached_to(c)
  if host then
    if t == "character" then return "5.4.4", "他のカードにセットされたキャラクターカード (a character card set onto a card)" end
    local sp = t == "spell"
    if not has_kw(c, "装備") and not has_kw(c, "呪符") then
      return sp and "5.5.4" or "5.6.3", "装備・呪符を持たずにセットされている (set onto a card without 装備 / 呪符)"
    end
    if not is_character(host) then
      return sp and "5.5.5" or "5.6.4", "キャラクター以外にセットされている (set onto a card that is not a character)"
    end
    return nil
  end
  if t == "spell" and not has_kw(c, "幻想生物") and not has_kw(c, "世界呪符") and not has_kw(c, "装備/場") then
    return "5.5.3", "幻想生物・世界呪符を持たないスペルカードが場にある (a spell card on the field by itself)"
  end
  if t == "command" and not has_kw(c, "装備/場") then
    return "5.6.2", "装備/場を持たないコマンドカードが場にある (a command card on the field by itself)"
  end
  return nil
end

-- p's field cards, each followed by the cards set on it.
local function field_and_set_cards(p)
  local list = {}
  for _, top in ipairs(k.cards(p, "field")) do
    list[#list + 1] = top
    for _, s in ipairs(k.attachments(top)) do list[#list + 1] = s end
  end
  return list
end

-- Rule process: each field card's `text_negated` flag follows where it lies (the game's
-- ability_valid_if reads it; 5.7.4: a face-down card's text is negated there too). Returns
-- whether a flag changed.
function M.rp_text_negation()
  return M._.each_card(field_and_set_cards, function(c)
    local clause, why = nil, nil
    if k.face_up(c) then clause, why = negation(c) end
    local on = clause ~= nil
    if on == k.flag(c, "text_negated") then return false end
    k.set_flag(c, "text_negated", on)
    if on then
      k.log(clause, k.name(c), "のテキストは無効 (its text is negated: ", why, ")")
    else
      k.log("5.5.3", k.name(c), "のテキストはもう無効ではない (its text is no longer negated)")
    end
    return true
  end)
end

-- Face-down cards (5.7) --------------------------------------------------------------------------

-- 5.7.1: a card that enters the field face down has no information: no timing can name it, so
-- its entering raises no "when entering" timings (reading: docs/rules/touhou-vision.md); it is no
-- character (6.1.1) and its text is negated (5.7.4, the game's ability_valid_if). Face up, it
-- enters with the timings of 11.3.9.b and d.
local function enter_windows(c, p, up)
  if not up then return end
  M._.window("場に出る", { card = c, player = p })
  M._.window("場に出た", { card = c, player = p })
end

-- rules.put_face_down: puts `c` face down onto player p's field (5.7.1), active unless told.
-- Nobody may check its face (5.7.5: not turned face down by its own effect).
function M.put_face_down(c, p, orientation)
  if not k.exists(c) then return nil end
  local f = k.move(c, p, "field")
  if not f then return nil end
  k.set_face(f, false, "none")
  k.set_orientation(f, orientation or "active")
  k.log("5.7.1", "裏向きのカードが", P(p), "の場に出る: 何の情報も持たない (a face-down card enters the field: it has no information)")
  enter_windows(f, p, false)
  return f
end

-- rules.flip: turns field card `c` face up (`up` true) or face down (5.7.2), an absolute
-- facing (5.7.3): already so, it counts as done. opts.only_if = "face_up" / "face_down": the
-- effect names the state before ("turn a face-up card face down"), and it applies only to a card
-- in that state (5.7.3.a). opts.own: `c` is turned face down by its own effect, so its player
-- may check its face to read its text (5.7.5); otherwise nobody may. Returns whether it was done.
-- A character, face up or made one by an effect (6.1.6–6.1.7), ceases to exist (5.7.2.a): it
-- loses its character information (6.1.9.d, characters.lua), its damage with it (1.10.13.c).
function M.flip(c, up, opts)
  opts = opts or {}
  if not k.exists(c) or k.zone_of(c) ~= "field" then return false end
  local now_up = k.face_up(c)
  if opts.only_if and (opts.only_if == "face_up") ~= now_up then
    k.log("5.7.3.a", "変更前の状態が指定されている: ", now_up and "表向き" or "裏向き", "のカードには適用できない (the card is not in the stated state: not applied)")
    return false
  end
  if now_up == up then
    k.log("5.7.3", "既に", up and "表向き" or "裏向き", ": 適切に処理されたものとして扱う (already so: done properly)")
    return true
  end
  local p = k.controller(c)
  if is_character(c) then                                                     -- a
    M._.lose_information(c, "6.1.9.d", "表裏の状態が変わる (its face changes)")
    k.set_flag(c, "attacking", false)
    k.set_flag(c, "defending", false)
    k.log("5.7.2.a", k.name(c), "のキャラクターは消失 (the character ceases to exist)")
  end
  local o = k.orientation(c)
  k.set_face(c, up, up and "all" or (opts.own and "owner" or "none"))          -- b
  k.set_orientation(c, o)
  k.log("5.7.2.b", up and "カードを表向きにする" or "カードを裏向きにする", ": ", o == "active" and "アクティブ" or "スリープ",
    "のまま (turned ", up and "face up" or "face down", "; it stays ", o, ")")
  if opts.own and not up then
    k.log("5.7.5", "自身の効果で裏向きになった: ", P(p), "は表側のテキストを確認できる (turned face down by its own effect: its face may be checked)")
  end
  k.log("5.7.2.c", "改めて場に出るものとして扱う (it enters the field anew", k.attached_to(c) and "; it stays set" or "", ")")
  enter_windows(c, p, up)                                                     -- c
  return true
end

return M
