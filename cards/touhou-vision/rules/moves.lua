-- 東方VISION: 11–12: moves, set cards, extraction, reveals, declarations.
-- Putting (11.2), moving and setting (11.3), extracting (11.4), revealing and looking (11.6–11.7),
-- choosing at random (11.9), splitting into groups (11.10), declarations (12.1), name references
-- (12.3). Card scripts reach them as `rules.put`, `rules.move`, `rules.set_card`, …
local M = ...
local P, window = M._.P, M._.window

local ZONE_NAMES = {
  deck = "デッキ", hand = "手札", field = "場", node = "ノードエリア", underworld = "冥界",
  exclusion = "除外エリア", play = "プレイエリア",
}
local HIDDEN = { deck = true, hand = true, node = true }                -- 3.2.3, 3.6.3, 3.5.3

-- 3.3.6.a: p's underworld is called hell (地獄) while it is changed into hell (rules/core.lua).
local function zname(z, p)
  if z == "underworld" and p then return (M._.underworld_name(p)) end
  return ZONE_NAMES[z] or z
end

-- The name every player knows a card by before it moves (face up in a public zone), else nil.
local function known_name(c)
  if k.face_up(c) and not HIDDEN[k.zone_of(c)] then return k.name(c) end
  return nil
end

-- The name the log gives a card that has just moved to `to`, `known` being known_name before.
-- A card that was hidden and goes to a hidden zone is not named; 11.3.4: nor is a face-down
-- card, which is not revealed on the way.
local function shown_name(n, to, known, face_down)
  if not HIDDEN[to] and k.face_up(n) then return k.name(n) end
  if known then return known end
  return face_down and "裏向きのカード (a face-down card)" or "カード (a card)"
end

-- 11.1.2: whether `c` is still the card that was to be moved, where it was.
local function still_at(c, zone)
  return k.exists(c) and k.zone_of(c) == zone
end

-- The start of a put or a move: nil when `c` no longer exists or the zone `zone` (a card's text
-- names it) does not exist now (3.3.6.b: 冥界 / 地獄); else that zone and the zone c is in.
local function destination(c, p, zone)
  if not k.exists(c) then return nil end
  zone = M._.text_zone(p, zone)
  if not zone then return nil end
  return zone, k.zone_of(c)
end

-- The end of a put or a move: `c` leaves `from` and enters `zone` of p at `pos` (3.1.5.d: it
-- stays face down when no player could see it, zones.lua). Returns the new card (nil if none)
-- and the name the log gives it.
local function relocate(c, p, zone, from, face, pos)
  local known, down = known_name(c), not k.face_up(c) and not HIDDEN[from]
  local unseen = M._.stays_face_down(c, zone, face)
  local n = k.move(c, p, zone, nil, pos)
  if not n then return nil end
  if unseen then M._.keep_face_down(n) end
  return n, shown_name(n, zone, known, down)
end

-- Putting (11.2) ------------------------------------------------------------------------------

-- 11.2.2: puts `c` into `zone` of player `p`: (a) "instead of being put" effects (a static
-- ability with `replaces: put`, which may change `event.zone` or return nil); if the card goes
-- to another zone the put ends there and the card is a new object (its information lost);
-- (b)–(c) it leaves its zone and enters the new one; (d) "when put" effects (`置かれた`).
-- 11.1.2: a card another effect moved first is not put; once put, the put has succeeded even
-- if a "when put" effect moves it again. Returns the new card and whether the put succeeded.
local function put(c, p, zone, pos)
  local from
  zone, from = destination(c, p, zone)
  if not zone then return nil, false end
  local ev = k.replace({ kind = "put", card = c, player = p, zone = zone, from = from })
  if not still_at(c, from) then                                          -- 11.1.2
    k.log("11.1.2", "置く処理は終了 (the card was moved by another effect: the put ends)")
    return nil, false
  end
  if ev == nil then
    k.log("11.2.2.a", "カードは置かれない (replaced: not put)")
    return nil, false
  end
  if ev.zone ~= zone or (ev.player or p) ~= p then                      -- 11.2.2.a
    local n = k.move(c, ev.player or p, ev.zone)
    k.log("11.2.2.a", shown_name(n, ev.zone, nil, false), "は", zname(zone), "の代わりに", zname(ev.zone),
      "へ (put elsewhere instead: the put ends, its information is lost)")
    return n, false
  end
  local n, shown = relocate(c, p, zone, from, nil, pos)                  -- b, c
  if not n then return nil, false end
  k.log("11.2.2.c", shown, "を", P(p), "の", zname(zone, p), "に置く (put from the ", zname(from), ")")
  window("置かれた", { card = n, player = p })                           -- d
  return n, true
end

-- Moving (11.3) -------------------------------------------------------------------------------

-- 11.3.2–11.3.5: moves `c` to `zone` of player `p`. Field to field, and from any zone but the
-- field, it just moves (11.3.2; its set cards go with it, 11.3.11.d). From the field elsewhere
-- (11.3.3): its set cards are discarded first, level by level, each level's discard windows
-- resolved (a–g, the removal procedure of rules/removal.lua), then the card moves, taking the
-- new zone's state (h). 11.3.5: a card in the exclusion area moves only when the effect says
-- so (`opts.from_exclusion`). 11.1.2: if another effect moves the card meanwhile, the move ends.
-- Returns the new card and whether it moved.
local function move(c, p, zone, opts)
  opts = opts or {}
  local from
  zone, from = destination(c, p, zone)
  if not zone then return nil, false end
  if from == "exclusion" and not opts.from_exclusion then
    k.log("11.3.5", known_name(c) or "カード", "は除外エリアにあり移せない (in the exclusion area: it cannot be moved)")
    return nil, false
  end
  if from == "field" and zone ~= "field" then
    local sets = k.attachments(c)
    if #sets > 0 then
      k.log("11.3.3.a", known_name(c) or "カード", "のセットカードに破棄を適用 (its set cards are discarded first)")
      local list = {}
      for _, s in ipairs(sets) do
        list[#list + 1] = { card = s, kind = "discard", source = opts.source, why = "セット先が場を離れる" }
      end
      M._.remove(list)
    end
    if not still_at(c, from) then
      k.log("11.1.2", "移す処理は終了 (the card was moved by another effect: the move ends)")
      return nil, false
    end
  end
  local n, shown = relocate(c, p, zone, from, opts.face, opts.pos)
  if not n then return nil, false end
  local clause = (from == "field" and zone ~= "field") and "11.3.3.h" or "11.3.2"
  k.log(clause, shown, "を", zname(from), "から", P(p), "の", zname(zone, p), "へ移す (moved)")
  return n, true
end

-- Setting (11.3.8–11.3.15) --------------------------------------------------------------------

-- 11.3.13: a "cannot be set" effect (a static ability `prohibits: [set]` whose `if:` reads
-- event.card, the card to set, and event.unit, where; or a keyword rule, `M._.cannot_set`).
local function cannot_set(c, host)
  local by = k.prohibited("set", { card = c, unit = host })
  if by then return by end
  if M._.cannot_set and M._.cannot_set(c, host) then return "キーワード" end
  return nil
end

-- 11.3.10: sets `c` onto the field card `host`: (a) "when setting" (`セットする`), (b) it is put
-- on the host as a set card, sharing its active or sleep state (11.3.11.c), (c) "has been set"
-- (`セットされた`). 11.3.8 / 11.3.10: from outside the field it also enters the field (場に出る
-- at a, 場に出た at c); 11.3.8.b: a field card set onto a field card does not enter again.
-- 11.3.13: under "cannot be set" nothing happens and the effect fails (nil).
-- 12.5.2: `define` (a function of the new set card) is an information-defining effect that
-- comes with the set: it applies once the set has completed, and not if it failed.
local function set_card(c, host, opts)
  opts = opts or {}
  if not k.exists(c) or not k.exists(host) or k.zone_of(host) ~= "field" then return nil end
  local by = cannot_set(c, host)
  if by then
    k.log("11.3.13", known_name(c) or "カード (a card)", "は", k.name(host), "にセットできない (cannot be set: ", by, "): セットは起きない")
    return nil
  end
  local p = k.controller(host)
  local from = k.zone_of(c)
  local entering = from ~= "field"
  window("セットする", { card = c, unit = host, player = p })           -- a
  if entering then window("場に出る", { card = c, player = p }) end
  if not still_at(c, from) or not k.exists(host) then                    -- 11.1.2
    k.log("11.1.2", "セットする処理は終了 (moved by another effect: the set ends)")
    return nil
  end
  local s = k.attach(c, host, "set")                                      -- b
  if not s then return nil end
  k.set_orientation(s, k.orientation(host))                               -- 11.3.11.c
  k.log("11.3.10.b", k.name(s), "を", k.name(host), "にセット (set",
    entering and "" or "; 11.3.8.b: already on the field, it does not enter again", ")")
  window("セットされた", { card = s, unit = host, player = p })          -- c
  if entering then window("場に出た", { card = s, player = p }) end
  if opts.define and k.exists(s) then
    opts.define(s)
    k.log("12.5.2", k.name(s), "の情報を定義 (its information is defined once the set has completed)")
  end
  return s
end

-- Extracting (11.4) ---------------------------------------------------------------------------

-- 11.4.1–11.4.4: `c` is taken out of its zone for `process(c)`, which returns whether what it
-- was told to do could be done. The card keeps its place meanwhile, so one that was not moved
-- is back where it was (11.4.3); one whose processing could not be done is excluded (11.4.4).
local function extract(c, process)
  if not k.exists(c) then return false end
  local zone = k.zone_of(c)
  k.log("11.4.1", zname(zone), "からカードを抜き出す (a card is extracted)")
  local done = process(c)
  if done == false and k.exists(c) and k.zone_of(c) == zone then
    k.log("11.4.4", "抜き出したカードは指示された処理を行えない: ゲームから除外 (could not be processed: excluded)")
    M._.exclude(c, "抜き出し")
    return false
  end
  if k.exists(c) and k.zone_of(c) == zone then
    k.log("11.4.3", "抜き出したカードを", zname(zone), "の元の場所に戻す (returned to its place)")
  end
  return true
end

-- Revealing and looking (11.6–11.7) -------------------------------------------------------------

-- 11.6.1–11.6.4: reveals `c` to every player until the effect ends (the card stays in its zone,
-- 11.6.2, and is hidden again where it was after, 11.6.3); "was revealed" effects, never
-- "was looked at" ones (11.6.4).
local function reveal(c, by)
  if not k.exists(c) then return end
  k.reveal(c)
  k.log("11.6.1", P(by), "は", k.name(c), "を公開 (reveals; it stays in the ", zname(k.zone_of(c)), ")")
  window("公開された", { card = c, player = by })
end

-- 11.7.1–11.7.4: lets player `p` alone look at `c` until the effect ends (it stays in its zone,
-- 11.7.2; hidden again after, 11.7.3); "was looked at" effects, never "was revealed" (11.7.4).
local function look(p, c)
  if not k.exists(c) then return end
  k.show(c, p)
  k.log("11.7.1", P(p), "はカードを見る (looks at a card in the ", zname(k.zone_of(c)), ")")
  window("見られた", { card = c, player = p })
end

-- Random choice and groups (11.9–11.10) -------------------------------------------------------------

-- 11.9.1–11.9.2: one of `cards` chosen at random, face up or not: no player picks it.
local function choose_random(cards)
  if #cards == 0 then return nil end
  local c = cards[k.random(#cards)]
  k.log("11.9.1", #cards, "枚から無作為に1枚を選ぶ (chosen at random): ", known_name(c) or "カード (a card)")
  return c
end

-- 11.10.1–11.10.4: player `p` splits `cards` into `n` groups, each of one card or more
-- (11.10.2–11.10.3: with fewer cards than groups the effect is not applied: nil); the groups
-- are logged for all players (11.10.4). Returns the groups, each a list of cards.
local function split(p, cards, n)
  if #cards < n then
    k.log("11.10.3", #cards, "枚を", n, "グループに分けられない: 効果は適用されない (cannot split: not applied)")
    return nil
  end
  local groups, left = {}, cards
  for g = 1, n - 1 do
    local pick = k.choose_cards(p, left, { prompt = "グループ" .. g .. " (group " .. g .. ")",
      clause = "11.10.2", min = 1, max = #left - (n - g) })
    if type(pick) ~= "table" then pick = { pick } end
    local rest = {}
    for _, c in ipairs(left) do
      if not M._.contains(pick, c) then rest[#rest + 1] = c end
    end
    groups[g], left = pick, rest
  end
  groups[n] = left
  for g, cs in ipairs(groups) do
    local names = {}
    for _, c in ipairs(cs) do names[#names + 1] = known_name(c) or "カード (a card)" end
    k.log("11.10.4", "グループ", g, ": ", table.concat(names, "、"), " (group ", g, ")")
  end
  return groups
end

-- Declarations and names (12.1, 12.3) ---------------------------------------------------------------

-- 2.6.2: the races printed as icons; 12.1.4: "なし" may also be declared.
local RACES = { "人間", "妖怪", "妖精", "魔法使い", "河童", "吸血鬼", "魔界人", "幽霊", "天狗",
  "死神", "閻魔", "神", "獣", "鬼", "天人", "龍", "仙人", "小人" }

-- 12.1.4: player `p` declares a race for a card's effect; 12.1.2: a declaration made through a
-- card effect is what "if declared" (`宣言した`) means. `in_procedure`: made in the steps of
-- playing or using (5.2.3.e, 7.3.4.d, 5.3.2.d, 7.5.2.c), where nothing applies: the event is
-- raised and its γ wait for the procedure's end (the rule check after it, or its caller).
-- 12.1.1: player `p` declares one of `values` (`what`: 種族 / 名称); 12.1.2 "if declared".
local function declare(p, values, what, what_en, clause, in_procedure)
  local items = {}
  for _, v in ipairs(values) do items[#items + 1] = { label = v, value = v } end
  local v = k.choose(p, items, { prompt = what .. "を宣言 (declare a " .. what_en .. ")", clause = clause })
  k.log("12.1.1", P(p), "は", what, "「", v, "」を宣言 (declares)")
  if in_procedure then
    k.event("宣言した", { player = p, declared = v })
  else
    window("宣言した", { player = p, declared = v })
  end
  return v
end

local function declare_race(p, in_procedure)
  local races = {}
  for _, r in ipairs(RACES) do races[#races + 1] = r end
  races[#races + 1] = "なし"
  return declare(p, races, "種族", "race", "12.1.4", in_procedure)
end

-- 2.6.3: a card with no race has the race なし.
local function has_race(c, r)
  local races = k.field(c, "races") or {}
  if #races == 0 or (#races == 1 and races[1] == "なし") then return r == "なし" end
  return M._.contains(races, r)
end

-- 12.2.2: the player who is the source of `c`'s effect: the player resolving it (`resolver`; by
-- default the card's controller, who plays or uses its effects) rather than the owner of the zone
-- the card is in, when the two differ (a talisman on an opponent's character).
local function source_player(c, resolver)
  local _, zone_owner = k.zone_of(c)
  local p = resolver or k.controller(c)
  if zone_owner and zone_owner ~= p then
    k.log("12.2.2", k.name(c), "の発生源のプレイヤーは解決する", P(p), " (not ", P(zone_owner), ", whose zone it is in)")
  end
  return p
end

-- 12.3.2: "cards with the same name": the names match exactly.
local function same_name(a, b)
  return k.name(a) == k.name(b)
end

-- 2.3.4, 12.1.3: the names that may be declared: every card name of the game (k.card_names, in
-- load order), then names that arise in the game otherwise: those the field's face-up cards
-- carry beyond their own (連結 parts 10.20.2.a, names given by effects 6.1.5), then `extra`
-- (names the declaring effect itself can give). Each once, in that order.
local function declarable_names(extra)
  local out, seen = {}, {}
  local function add(n)
    if n and n ~= "" and not seen[n] then seen[n] = true; out[#out + 1] = n end
  end
  for _, n in ipairs(k.card_names()) do add(n) end
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, "field")) do
      if k.face_up(c) then
        for _, n in ipairs(M._.link_names(c)) do add(n) end
      end
    end
  end
  for _, n in ipairs(extra or {}) do add(n) end
  return out
end

-- 12.1.3: player `p` declares a name for a card's effect (12.1.2 as declare_race).
local function declare_name(p, extra, in_procedure)
  return declare(p, declarable_names(extra), "名称", "name", "12.1.3", in_procedure)
end

-- Text that cannot be negated (12.4) ------------------------------------------------------------

-- 2.13.3, 12.4: whether ability `name` of `c` is negated (or absent) now. The game's
-- ability_valid_if negates the whole text (set cards 11.3.11.b, where a card lies 5.4.4–5.6.4,
-- effects: `text_negated_fx`); an ability in 【】 (`unnegatable: true`) is exempt there and stays
-- valid (12.4.1–12.4.2) unless the negation includes 【】 text (`brackets_negated`, 12.4.1). A
-- face-down card (5.7.1) or one made a character (6.1.6) has no text: nothing of it is left.
-- Without `name`: whether the card's text as a whole (not its 【】 text) is negated.
-- The rules ask this where they run an ability themselves (activated and optional auto effects,
-- their resolution); the kernel runs triggered and static abilities by their validity alone.
local function text_negated(c, name)
  if not k.exists(c) then return true end
  if not k.face_up(c) or k.flag(c, "as_character") then return true end
  if name == nil then
    return k.flag(c, "text_negated") or k.flag(c, "text_negated_fx")
      or (k.attached_to(c) ~= nil and k.card_type(c) == "character")
  end
  local info = k.ability(c, name)
  if info == nil or not info.valid then return true end
  return k.flag(c, "brackets_negated")
end

-- 12.4.1: an effect of `source` negates the text of field card `c` (as long as it stays, a
-- new object once it moves); `brackets`: the effect says it includes 【】 text.
local function negate_text(source, c, brackets)
  if not k.exists(c) or k.zone_of(c) ~= "field" then return false end
  k.set_flag(c, "text_negated_fx", true)
  if brackets then
    k.set_flag(c, "brackets_negated", true)
    k.log("12.4.1", k.name(c), "のテキストを【】に囲まれた記述も含み無効にする (", k.name(source), "; its 【】 text too)")
  else
    k.log("12.4.1", k.name(c), "のテキストを無効にする: 【】に囲まれた記述は無効にならない (", k.name(source), "; its 【】 text survives)")
  end
  return true
end

M._.text_negated, M._.negate_text, M._.declare_name = text_negated, negate_text, declare_name
M._.put, M._.move, M._.set_card, M._.extract = put, move, set_card, extract
M._.same_name, M._.has_race, M._.source_player = same_name, has_race, source_player
M._.declare_race = declare_race

-- The `rules.*` library ---------------------------------------------------------------------------

function M.put(c, p, zone, pos) return put(c, p, zone, pos) end
function M.move(c, p, zone, opts) return move(c, p, zone, opts) end
function M.set_card(c, host, opts) return set_card(c, host, opts) end
function M.extract(c, process) return extract(c, process) end
function M.reveal(c, by) reveal(c, by) end
function M.look(p, c) look(p, c) end
function M.choose_random(cards) return choose_random(cards) end
function M.split(p, cards, n) return split(p, cards, n) end
function M.declare_race(p) return declare_race(p) end
function M.declare_name(p, extra) return declare_name(p, extra) end
function M.declarable_names(extra) return declarable_names(extra) end
function M.text_negated(c, name) return text_negated(c, name) end
function M.negate_text(source, c, brackets) return negate_text(source, c, brackets) end
function M.has_race(c, r) return has_race(c, r) end
function M.same_name(a, b) return same_name(a, b) end
function M.source_player(c, resolver) return source_player(c, resolver) end
function M.name_has(c, part) return M._.name_has(c, part) end

return M
