-- 東方VISION: 2–3: card information and zones.
-- What a card's information is when an effect asks for it (2.1–2.17), which cards an effect
-- without a named zone reaches (3.4.4–3.4.5), hidden information an effect has to read
-- (3.1.5.e), looking through the deck (3.2.5), the play area (3.8.2). Card scripts reach them
-- as `rules.original`, `rules.info`, `rules.has_info`, … The popularity texts (2.13.4–2.13.5)
-- and cost "-" (2.4.3) are rules here too; rules/moves.lua asks stays_face_down (3.1.5.d).
local M = ...
local P = M._.P

-- Card information (2.1–2.17) ---------------------------------------------------------------------

-- 2.17.3: while transformed, the transformed-state description is the original description
-- (its values where it differs from the printed ones); else it is not original information.
-- A description a set card gave stays the original one after that card has left, until the
-- character returns to normal (10.28.9.a): it is read from the set card as printed.
local function transformed_form(c)
  if not k.flag(c, "transformed") then return nil end
  local from = k.ovar(c, "transform_from")
  local src = from ~= 0 and from or c
  local i = k.ovar(c, "transform_form")
  return (k.printed(src, "transform") or {})[i > 0 and i or 1]
end

-- 2.1.1: the original (本来の) value of a card's information: what is printed, never what
-- effects made of it (2.17.3: the transformed description while transformed).
local function original(c, f)
  local form = transformed_form(c)
  if form and f == "name" and form.name then return form.name end
  if form and form[f] ~= nil then return form[f] end
  if f == "name" then return k.name(c) end
  return k.printed(c, f)
end

-- 2.1.2: information a card does not print (nor gets from an effect, 2.1.3) it does not have.
-- 2.10.3 / 2.11.3: a "-" ATK or DEF is written as no atk / def (and no modifier): the card has
-- neither. 6.1.14: a ±0 part is no modifier.
local function has_info(c, f)
  local v = k.field(c, f)
  if v == nil then return false end
  if (f == "atk_mod" or f == "def_mod") and v == 0 then return false end
  if f == "races" and type(v) == "table" and #v == 1 and v[1] == "なし" then return false end   -- 2.6.3
  if type(v) == "table" then return #v > 0 end
  if type(v) == "string" then return v ~= "" end
  return true
end

-- The value of a card's information when an effect asks for it: 2.5.2 no 術者 → nil (none);
-- 2.6.3 no race → {"なし"}; 2.7.3 no 代替レース → {} (none); 2.8.3 no graze → 0. Others as
-- they are (nil: the card does not have it, 2.1.2).
local function info(c, f)
  local v = k.field(c, f)
  if f == "graze" then return v or 0 end
  if f == "races" then
    if v == nil or #v == 0 then return { "なし" } end
    return v
  end
  if f == "alt_race" then return v or {} end
  if f == "caster" and v == "" then return nil end
  return v
end

-- 2.13.2: whether the card has text: keywords (10.1.2) or abilities. 2.1.1.a: text that is
-- negated (an ability not valid now) is still there when asked.
local function has_text(c)
  if #(k.field(c, "keywords") or {}) > 0 then return true end
  return #k.abilities(c, { all = true }) > 0
end

-- 2.16.2–2.16.3: whether two cards have the same card No.: the same id, or one numbered "PR."
-- or "SP-" whose information that affects the game is the other's.
local GAME_INFO = { "type", "nodes", "cost", "caster", "races", "alt_race", "graze", "atk", "def",
  "atk_mod", "def_mod", "keywords" }
local function strip(id)
  return (string.gsub(string.gsub(id, "^PR%.", ""), "^SP%-", ""))
end
local function same_value(a, b)
  if type(a) == "table" and type(b) == "table" then
    if #a ~= #b then return false end
    for i = 1, #a do if a[i] ~= b[i] then return false end end
    return true
  end
  return a == b
end
local function same_no(a, b)
  local ia, ib = k.card_id(a), k.card_id(b)
  if ia == ib then return true end
  if strip(ia) == ia and strip(ib) == ib then return false end
  if k.name(a) ~= k.name(b) then return false end
  if not same_value(k.abilities(a, { all = true }), k.abilities(b, { all = true })) then return false end
  for _, f in ipairs(GAME_INFO) do
    local va = f == "type" and k.card_type(a) or k.printed(a, f)
    local vb = f == "type" and k.card_type(b) or k.printed(b, f)
    if not same_value(va, vb) then return false end
  end
  return true
end

-- Cost "-" (2.4.3) ----------------------------------------------------------------------------------

-- 2.4.3: a card whose cost is "-" (`cost_hyphen`; its cost reads 0 as a number, 1.6.1.b)
-- cannot be played and is not resolved, whatever an effect says (its cost changed, a 術者 or
-- 代替レース waiving it, "resolve as if played").
local function hyphen_cost(c)
  return (k.printed(c, "cost_hyphen") or 0) > 0
end

local base_play_options = M.play_options
function M.play_options(p)
  local out = {}
  for _, o in ipairs(base_play_options(p)) do
    if not hyphen_cost(o.card) then out[#out + 1] = o end
  end
  return out
end

local base_resolve_as_played = M.resolve_as_played
function M.resolve_as_played(c, p)
  if k.exists(c) and hyphen_cost(c) then
    k.log("2.4.3", k.name(c), "はコスト「-」: プレイできず解決されない (cost \"-\": never played nor resolved)")
    return false
  end
  return base_resolve_as_played(c, p)
end

-- Popularity texts (2.13.4–2.13.5) -------------------------------------------------------------------

-- 2.13.5: each field of popularity text and the number of 人気 set on the card it is for. Read
-- as one field at a time (a reading: 10.34.2.a gives "the corresponding" effect).
local POPULARITY_FIELDS = {
  { field = "人気爆発", clause = "2.13.5.a", cond = "popularity(self) >= 4" },
  { field = "人気者ボーナス", clause = "2.13.5.b", cond = "popularity(self) >= 2 and popularity(self) < 4" },
  { field = "通常時", clause = "2.13.5.c", cond = "popularity(self) == 1" },
  { field = "不人気者ペナルティ", clause = "2.13.5.d", cond = "popularity(self) == 0" },
}

-- The modifications one popularity text (a record of `popularity_texts`) gives its card.
local function popularity_mods(t)
  local mods = {}
  if t.atk then mods[#mods + 1] = { field = "atk", add = t.atk } end
  if t.def then mods[#mods + 1] = { field = "def", add = t.def } end
  for _, kw in ipairs(t.keywords or {}) do mods[#mods + 1] = { field = "keywords", grant = kw } end
  return mods
end

-- Rule process, 2.13.4: the popularity texts are not the card's own text; they work only as an
-- effect refers to them: リーダー's (10.34.2.a, "it gains the effect for its number of 人気").
-- A leader character gets, once as an object, one effect per field, applying while it has
-- that field's number of 人気 (2.13.5.a–d). Returns whether it made any.
function M.rp_popularity_texts()
  return M._.each_card(M._.characters, function(c)
    local texts = k.printed(c, "popularity_texts") or {}
    if #texts == 0 or not M._.has_kw(c, "リーダー") or k.counter(c, "popularity_ready") ~= 0 then return false end
    k.add_counter(c, "popularity_ready", 1)
    for _, f in ipairs(POPULARITY_FIELDS) do
      for _, t in ipairs(texts) do
        local mods = popularity_mods(t)
        if t.field == f.field and #mods > 0 then
          k.add_effect({ source = c, applies_to = "it == self and " .. f.cond, modify = mods,
            duration = "permanent", label = f.field })
          k.log(f.clause, k.name(c), "の「", f.field, "」: ", f.cond, " の間 (applies while)")
        end
      end
    end
    k.log("2.13.4", k.name(c), "の人気の枚数に対応したテキストはリーダーの効果が参照する (referenced by リーダー)")
    return true
  end)
end

-- Zones (3.1–3.8) -------------------------------------------------------------------------------------

-- 3.1.5.d: a moved card takes its new zone's facing (the kernel turns it), except a face-down
-- card moved to the field with no facing specified (`face` nil) when no player could see its
-- face: from the deck, or face down on the field. Asked before the move (rules/moves.lua).
local function stays_face_down(c, to, face)
  if to ~= "field" or face ~= nil or k.face_up(c) then return false end
  local z = k.zone_of(c)
  return z == "deck" or z == "field"
end

-- 3.1.5.d: after the move, the card is turned back face down, seen by no one.
local function keep_face_down(n)
  k.set_face(n, false, "none")
  k.log("3.1.5.d", "裏向きのカードは向きの指定が無く、誰も表を確認できない: 裏向きのまま場へ (stays face down)")
end

-- 3.4.5: "your field" is player p's own; plain 場 (p nil) is every player's field. 3.4.6: the
-- cards set on field cards are field cards too.
local function field_cards(p)
  local out = {}
  for q = 1, 2 do
    if p == nil or p == q then
      for _, c in ipairs(k.cards(q, "field")) do
        out[#out + 1] = c
        for _, s in ipairs(k.attachments(c)) do out[#out + 1] = s end
      end
    end
  end
  return out
end

-- 3.4.4: an effect that names no card or zone reaches only the cards on the field: the cards
-- of every field that `pred` accepts (in no other zone, whatever they are).
local function affected(pred)
  local out = {}
  for _, c in ipairs(field_cards(nil)) do
    if pred(c) then out[#out + 1] = c end
  end
  k.log("3.4.4", "領域の指定が無い: 場のカードだけに及ぶ (", #out, " card(s) on the field)")
  return out
end

-- 3.2.6 / 3.6.6: an unqualified "deck" or "hand" in a card's effect is the zone of the player
-- processing the effect (`resolver`), whoever owns the card or whose turn it is.
local function own_zone(zone, resolver)
  k.log(zone == "deck" and "3.2.6" or "3.6.6", "「", zone == "deck" and "デッキ" or "手札",
    "」は処理する", P(resolver), "のもの (the processing player's)")
  return k.cards(resolver, zone)
end

-- 3.1.5.e: an effect needs information of a hidden card: its face is shown for a moment to
-- read it (shown to every player until the effect ends). This is no reveal by a card effect:
-- no 公開された timing (11.6.4).
local function peek(c, f)
  k.reveal(c)
  local v = info(c, f)
  k.log("3.1.5.e", "非公開のカードの", f, "を一時的に参照 (read for the effect; not a reveal)")
  return v
end

-- 3.2.5: player `viewer` looks at (how = "look") or reveals (how = "reveal") cards of
-- `owner`'s deck from the top: `n` of them, or (n nil) the count the effect does not fix, as
-- many as `more(cards)` asks for. `use(cards)` does with them what the effect says. When the
-- whole deck was seen and no shuffle was told, the deck is shuffled once that is done, before
-- the effect touches the deck again (3.2.5.a: not after part of it; 3.2.5.b: not when a fixed
-- count happened to cover it all, but when an open count came to).
local function view_deck(viewer, owner, n, how, use, more)
  local deck = k.cards(owner, "deck")
  local seen = {}
  for i = #deck, 1, -1 do
    if n ~= nil and #seen >= n then break end
    if n == nil and more and not more(seen) then break end
    local c = deck[i]
    if how == "reveal" then M.reveal(c, viewer) else M.look(viewer, c) end
    seen[#seen + 1] = c
  end
  local whole = #deck > 0 and #seen == #deck
  if use then use(seen) end
  if whole and n == nil then
    k.shuffle(owner, "deck")
    k.log("3.2.5", P(owner), "のデッキを全て", how == "reveal" and "公開" or "見た",
      ": シャッフルする (the whole deck was seen: shuffled)")
  elseif whole then
    k.log("3.2.5.b", "枚数を指定した効果: デッキ全てでもシャッフルしない (a fixed count: no shuffle)")
  elseif #seen > 0 then
    k.log("3.2.5.a", "デッキの一部だけ: シャッフルしない (only part of the deck: no shuffle)")
  end
  return seen
end

-- 3.1.5.c: an effect makes the cards of a zone (owner's `zone`) public to one player only
-- (`viewer`): that player sees their faces from now on, the others still do not.
local function show_zone(owner, zone, viewer)
  local cards = k.cards(owner, zone)
  for _, c in ipairs(cards) do k.set_face(c, k.face_up(c), viewer) end
  k.log("3.1.5.c", P(owner), "の", zone == "hand" and "手札" or zone, "の", #cards, "枚を", P(viewer),
    "に対してのみ公開 (public to that player only)")
end

-- 3.3.5: the card of p's underworld put there last. Cards put there at the same time have no
-- order (nobody orders them); asked for one, they count from the bottom up: the top one of
-- them is the last.
local function last_put(p)
  local uw = M._.underworld_cards(p)                                     -- 3.3.6.a: or hell
  if #uw == 0 then return nil end
  k.log("3.3.5", P(p), "の", (M._.underworld_name(p)), "に最後に置かれたカード: 一番上 (the last put: the top card)")
  return uw[#uw]
end

-- 3.8.2: the cards in the play areas are the cards being played (プレイされたカード).
local function played_cards()
  local out = {}
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, "play")) do out[#out + 1] = c end
  end
  return out
end

M._.original, M._.info, M._.has_info, M._.field_cards = original, info, has_info, field_cards
M._.stays_face_down, M._.keep_face_down = stays_face_down, keep_face_down

-- The `rules.*` library ---------------------------------------------------------------------------

function M.original(c, f) return original(c, f) end
function M.info(c, f) return info(c, f) end
function M.has_info(c, f) return has_info(c, f) end
function M.has_text(c) return has_text(c) end
function M.same_no(a, b) return same_no(a, b) end
function M.field_cards(p) return field_cards(p) end
function M.affected(pred) return affected(pred) end
function M.own_zone(zone, resolver) return own_zone(zone, resolver) end
function M.peek(c, f) return peek(c, f) end
function M.view_deck(viewer, owner, n, how, use, more) return view_deck(viewer, owner, n, how, use, more) end
function M.played_cards() return played_cards() end
function M.last_put(p) return last_put(p) end
function M.show_zone(owner, zone, viewer) show_zone(owner, zone, viewer) end

return M
