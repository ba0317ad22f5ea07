-- Gate Ruler's game actions (ゲームアクション, comprehensive rules ch. 15) as a library of
-- functions `rules.<name>`: this file holds 15-2 … 15-14, rules/actions_play.lua 15-15 … 15-24.
-- Written game-independently: every zone, orientation, counter, variable and event it uses is
-- named in `M.config`, which the game's own script may change before play
-- (docs/rules/gate-ruler-verbs.md §4). Each function logs the clause it applies, Japanese first
-- with English beside it.
--
-- A card's script calls these with the card's knowledge (docs/sandbox.md): the library shows a
-- hidden card to the player who must see it (15-5a, 15-6a) before it reads it, and names a card
-- it may not read as "a hidden card" in its log lines.
--
-- Functions that stand on a kernel primitive added for chapter 15 (K1–K10,
-- docs/rules/gate-ruler-verbs.md §3) look it up when called, so the library still loads on an
-- older kernel and names what is missing there.
local M = ...

M.config = {
  zones = {
    deck = "deck", hand = "hand", attack = "attack", defense = "defense", field = "field",
    set = "set", energy = "energy", drive = "drive", counter = "counter", damage = "damage_zone",
    graveyard = "graveyard", exclusion = "exclusion", gate = "gate", aside = "aside",
    ruler = "ruler",
  },
  zone_names = {                                       -- for log lines
    deck = "デッキ", hand = "手札", attack = "攻撃ゾーン", defense = "守備ゾーン",
    field = "フィールドゾーン", set = "セットゾーン", energy = "エナジーゾーン", drive = "ドライブゾーン",
    counter = "カウンターゾーン", damage_zone = "ダメージゾーン", graveyard = "墓地",
    exclusion = "除外ゾーン", gate = "ゲート", aside = "選んだカード", ruler = "ルーラーゾーン",
  },
  field_zones = { "attack", "defense", "field" },      -- 場 (15-3b reading: one group of zones)
  unit_zones = { "attack", "defense" },                -- where a unit is on the field
  act = "act", rest = "rest",
  damage_counter = "damage",
  hp_field = "hp", level_field = "level", energy_only_field = "energy_only",
  soul_role = "soul",
  damaged_by = "damaged_by",                           -- object variable (15-12b)
  damaged_by_list = true,                              -- a list object variable (K10): every source
  normal_flag = "normal_summoned",                     -- object flag (15-17b)
  destroying_flag = "destroying",                      -- object flag: a destruction waits
  summons = "summons", summon_rights = "summon_rights", waived = "level_cost_waived",
  battle_duration = "battle", attack_phase = "attack", damage_step = "damage",
  unit_type = "unit", field_type = "field",
  field_names = { atk = "ATK", hp = "HP", level = "レベル", dmg = "ダメージ" },
  events = {
    acted = "アクトした", rested = "レストした", drew = "引いた", set = "セットした",
    drove = "ドライブした", destroyed = "破壊した", damaged = "ダメージを受けた",
  },
}
local C = M.config

-- A kernel function that may not exist yet (K1–K10), or an error naming what is missing.
local function kernel(name, item, user)
  local f = k[name]
  if f == nil then
    error(user .. " needs the kernel primitive " .. item .. " (k." .. name .. "), which this kernel lacks")
  end
  return f
end

-- A card's name for a log line, or "a card" when the player whose script runs may not see it.
local function name_of(c)
  local ok, n = pcall(k.name, c)
  return ok and n or "裏向きのカード (a hidden card)"
end
M.name_of = name_of

local function contains(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end
M._contains = contains

-- Chooses exactly n of cards; no question when the choice is forced (all of them, or none).
local function choose_exactly(p, cards, n, prompt, clause)
  if n <= 0 then return {} end
  if #cards <= n then return cards end
  local picked = k.choose_cards(p, cards, { prompt = prompt, clause = clause, min = n, max = n })
  if type(picked) ~= "table" then picked = { picked } end
  return picked
end

local function in_field(c)
  return k.exists(c) and contains(C.field_zones, (k.zone_of(c)))
end
M.in_field = in_field

-- Every unit on the field of both players, player 1's first, each zone bottom first.
function M.units()
  local out = {}
  for p = 1, 2 do
    for _, z in ipairs(C.unit_zones) do
      for _, u in ipairs(k.cards(p, z)) do out[#out + 1] = u end
    end
  end
  return out
end

-- 15-2a: "(item)+N / −N": the item's value goes up or down by N, for the effect's duration.
-- Values are not floored at 0 (the seed says nothing either way).
function M.modify(c, field, n, duration, source)
  local label = (C.field_names[field] or field) .. (n >= 0 and "+" or "") .. n
  k.add_effect({ source = source or c, targets = { c }, modify = { { field = field, add = n } },
    duration = duration or "this_turn", label = label })
  k.log("15-2a", name_of(c), "を", label, " → ", k.field(c, field), " (the value goes ", n >= 0 and "up" or "down", " by ", math.abs(n), ")")
end

-- 15-2b: "元の数値を+N": the number printed on the card changes, under every other modifier.
-- Needs K2 (base effects).
function M.add_base(c, field, n, duration, source)
  kernel("base", "K2", "rules.add_base")
  k.add_effect({ source = source or c, targets = { c }, modify = { { field = field, add = n } },
    duration = duration or "permanent", base = true, label = "15-2b" })
  k.log("15-2b", name_of(c), "の元の", field, "を+", n, " (the original value changes)")
end

-- The original value (元の数値) as other effects see it: printed + base changes. Needs K2.
function M.base(c, field)
  return kernel("base", "K2", "rules.base")(c, field)
end

-- 15-3a: put / bring out / add / move: the card moves to that zone. 15-3a-1: a zone that does
-- not exist takes nothing (K3: k.move returns nil, "absent").
-- 15-3a-2: a unit put from the defense zone into the attack zone is acted (here only for moves
-- made through this function, and only if the game's `move_rules:` (K4) did not already).
function M.put(c, p, zone, slot)
  local from = k.zone_of(c)
  local name = name_of(c)
  local moved, why = k.move(c, p, zone, slot)
  if not moved then
    if why == "absent" then
      k.log("15-3a-1", name, "は移動しない: 移動先の領域が存在しない (the zone does not exist: it does not move)")
    else
      k.log("15-3a", name, "は移動できない (cannot move: the zone is full)")
    end
    return nil
  end
  k.log("15-3a", name, "をP", p, "の", C.zone_names[zone] or zone, "に移動 (moved: ", from, " → ", zone, ")")
  if from == C.zones.defense and zone == C.zones.attack and k.orientation(moved) ~= C.act then
    k.log("15-3a-2", name_of(moved), "は守備ゾーンから攻撃ゾーンに置かれた: アクトされる (put from defense into attack: it is acted)")
    M.act(moved)
  end
  return moved
end

-- 15-3a-1: a zone of player p made absent (a ruler's regulation) or present again. Needs K3.
function M.set_zone_exists(p, zone, on)
  kernel("set_zone_exists", "K3", "rules.set_zone_exists")(p, zone, on)
  k.log("15-3a-1", "P", p, "の", C.zone_names[zone] or zone, on and "は存在する (exists)" or "は存在しない (does not exist)")
end

-- 15-3b: whether a move (the kernel's `移動` event) is the card entering `zone` — from a zone
-- that is not it. With a list of zones (場), from none of them.
function M.enters(event, zone)
  if type(zone) == "table" then
    return contains(zone, event.to) and not contains(zone, event.from)
  end
  return event.to == zone and event.from ~= zone
end

-- 15-4a: set a card: face down into one of the player's set zones (an empty one, the player's
-- choice when several are empty). Returns the card in the set zone, or nil when none is empty.
function M.set_card(p, c)
  local z = C.zones.set
  local empty = {}
  for s = 1, k.slots(z) do
    if #k.cards(p, z, s) == 0 then empty[#empty + 1] = s end
  end
  if #empty == 0 then
    k.log("15-4a", "空いているセットゾーンが無い: セットできない (no empty set zone: the card is not set)")
    return nil
  end
  local slot = empty[1]
  if #empty > 1 then
    local items = {}
    for _, s in ipairs(empty) do items[#items + 1] = { label = "セットゾーン" .. s, value = s } end
    slot = k.choose(p, items, { prompt = "セットするセットゾーン (the set zone)", clause = "15-4a" })
  end
  local s = k.move(c, p, z, slot)
  if not s then return nil end
  k.set_face(s, false, "owner")
  k.log("15-4a", "P", p, "はカードをセットゾーン", slot, "に裏向きにセット (sets a card face down)")
  k.event(C.events.set, { card = s, player = p })
  return s
end

-- 15-4b: a set card is a card face down in a set zone (a face-up one there is not).
function M.is_set_card(c)
  return k.zone_of(c) == C.zones.set and not k.face_up(c)
end

-- 15-5a: player p looks at a hidden card (or it is shown to p): public to p while this
-- instruction (the effect) executes.
function M.look(c, p)
  k.show(c, p)
  k.log("15-5a", "P", p, "は", name_of(c), "を見る (looks at it: public to that player during the instruction)")
end

-- 15-5b: reveal: public to every player while the instruction executes.
function M.reveal(c)
  k.reveal(c)
  k.log("15-5b", name_of(c), "を公開 (revealed to all during the instruction)")
end

-- 15-6a: choose n cards matching `filter` (an expression about each card, or nil) from
-- deck_owner's deck: p looks at the whole deck, chooses, the chosen cards are put apart, then the
-- rest is shuffled. 15-6a-1: a count only: exactly n (as many as there are). 15-6a-2: with a
-- condition, none is guaranteed: any number from 0 to n. 15-6b: called at resolution, never
-- when played. Returns the chosen cards (now apart).
function M.search_deck(p, deck_owner, n, filter, prompt)
  local deck = k.cards(deck_owner, C.zones.deck)
  k.log("15-6a", "P", p, "はデッキのカード", #deck, "枚をすべて見る (looks at the whole deck)")
  local matching = {}
  for _, c in ipairs(deck) do
    k.show(c, p)
    if filter == nil or k.eval(filter, { self = c }) then matching[#matching + 1] = c end
  end
  local chosen
  if filter == nil then
    chosen = choose_exactly(p, matching, n, prompt or "選ぶカード (cards to choose)", "15-6a-1")
  else
    chosen = {}
    if #matching > 0 and n > 0 then
      local picked = k.choose_cards(p, matching, { prompt = prompt or "選ぶカード (0枚でもよい, may choose none)",
        clause = "15-6a-2", min = 0, max = n })
      if type(picked) == "number" then picked = { picked } end
      chosen = picked or {}
    end
    if #chosen == 0 then
      k.log("15-6a-2", "P", p, "は条件に合うカードを選ばなかった (chose none: not guaranteed)")
    end
  end
  local apart = {}
  for _, c in ipairs(chosen) do
    local a = k.move(c, k.owner(c), C.zones.aside)
    apart[#apart + 1] = a
    k.log("15-6a", name_of(a), "を選び、デッキの他のカードと分けて置く (chosen and put apart)")
  end
  if #apart > 0 or k.setting("search_shuffles_when_none") == 1 then
    k.shuffle(deck_owner, C.zones.deck)
    k.log("15-6a", "P", deck_owner, "のデッキの残りをシャッフル (the rest of the deck is shuffled)")
  end
  return apart
end

-- 15-7a / 15-7b: act or rest a card. 15-7c: a card already in that state: the action is not
-- performed (no change, no event). Returns whether it changed.
local function orient(c, o, clause, words, event)
  if k.set_orientation(c, o) then
    k.log(clause, name_of(c), words)
    k.event(event, { card = c })
    return true
  end
  k.log("15-7c", name_of(c), "はすでにその状態: 実行されない (already in that state: not performed)")
  return false
end
function M.act(c) return orient(c, C.act, "15-7a", "をアクト (acted)", C.events.acted) end
function M.rest(c) return orient(c, C.rest, "15-7b", "をレスト (rested)", C.events.rested) end

-- 15-8a: draw 1: the top card of the player's own deck to their hand. 15-8b: draw n: "draw 1",
-- n times (each its own move and its own event). Returns how many were drawn.
function M.draw(p, n)
  if n > 1 then k.log("15-8b", "P", p, "は", n, "枚引く: 1枚引くことを", n, "回 (draws ", n, ": one at a time)") end
  local drawn = 0
  for i = 1, n do
    local before = {}
    for _, c in ipairs(k.cards(p, C.zones.hand)) do before[c] = true end
    if k.draw(p, 1) == 0 then break end
    drawn = drawn + 1
    local card
    for _, c in ipairs(k.cards(p, C.zones.hand)) do
      if not before[c] then card = c end
    end
    k.log("15-8a", "P", p, "はデッキの一番上のカードを手札に (draws the top card: ", i, "枚目)")
    k.event(C.events.drew, { card = card, player = p })
  end
  return drawn
end

-- 15-9a: a discarded hand card goes to its owner's graveyard.
function M.discard(c)
  local g = k.move(c, k.owner(c), C.zones.graveyard)
  k.log("15-9a", name_of(g), "を捨てる: 所有者P", k.owner(g), "の墓地へ (discarded to its owner's graveyard)")
  return g
end

-- 15-13a: excluded: to its owner's exclusion zone.
function M.exclude(c)
  local x = k.move(c, k.owner(c), C.zones.exclusion)
  k.log("15-13a", name_of(x), "を除外: 所有者P", k.owner(x), "の除外ゾーンへ (excluded to its owner's exclusion zone)")
  return x
end

-- 15-10a: divide n among targets when the ability is played (14-3b-5a): the player gives each
-- target but the last a share (at least 1 each: reading), the last gets the rest. Returns the
-- shares, in the targets' order; the caller keeps them in the pending item's values.
function M.divide(p, n, targets)
  local shares, left = {}, n
  for i, t in ipairs(targets) do
    local rest = #targets - i
    if rest == 0 then
      shares[i] = left
    else
      shares[i] = k.choose_number(p, 1, left - rest,
        { prompt = name_of(t) .. "に割り振る数 (the share for " .. name_of(t) .. ")", clause = "15-10a" })
      left = left - shares[i]
    end
    k.log("15-10a", name_of(t), "に", shares[i], "を割り振る (divided when played)")
  end
  return shares
end

-- 15-11a / 15-11b: swap A and B simultaneously, or not at all. Needs K5 (k.move_all).
function M.exchange(a, b)
  local move_all = kernel("move_all", "K5", "rules.exchange")
  local za, pa, sa = k.zone_of(a)
  local zb, pb, sb = k.zone_of(b)
  local moved = move_all({ { c = a, p = pb, zone = zb, slot = sb }, { c = b, p = pa, zone = za, slot = sa } },
    { all_or_nothing = true })
  if not moved then
    k.log("15-11b", name_of(a), "と", name_of(b), "は入れ替えられない: 実行されない (cannot swap: nothing is done)")
    return false
  end
  -- One simultaneous move: both cards came into being at once (one timestamp).
  local same = k.timestamp(moved[1]) == k.timestamp(moved[2])
  k.log("15-11a", name_of(a), "と", name_of(b), "を同時に入れ替える (swapped simultaneously",
    same and ", one timestamp)" or ")")
  return true
end

-- 15-12a: destroy: a destruction process (破壊処理, 12-4b) for the unit is put on the gate;
-- 15-12b: that is when `by` (A) has destroyed it — the event is raised as the process is put on
-- the gate, whatever becomes of it there. `cause` is "effect" (12-4b-2a) or "rule" (12-4b-2b).
function M.destroy(c, by, cause, controller)
  cause = cause or "effect"
  local sources = type(by) == "table" and by or { by }
  k.set_flag(c, C.destroying_flag, true)
  k.push({ kind = "destroy", name = "破壊処理: " .. name_of(c), source = c,
    controller = controller or (sources[1] and k.controller(sources[1])) or k.controller(c),
    targets = { c }, values = { cause = cause, by = sources[1] } })
  local clause = cause == "rule" and "15-12b" or "15-12a"
  if #sources == 0 then
    k.log(clause, name_of(c), "の破壊処理がゲートに置かれた (a destruction process is on the gate)")
    k.event(C.events.destroyed, { card = c, cause = cause })
  end
  for _, a in ipairs(sources) do
    k.log(clause, name_of(a), "が", name_of(c), "を破壊した: 破壊処理がゲートに置かれた (destroyed it: the destruction process is on the gate)")
    k.event(C.events.destroyed, { card = c, by = a, cause = cause })
  end
end

-- 15-12b: the cards that dealt u damage since the last rule effect (battle damage by their
-- attack, effect damage with them as source). One object variable keeps only the last until it
-- may hold a list (K10, config damaged_by_list).
function M.remember_damage(u, source)
  if C.damaged_by_list then
    kernel("add_ovar", "K10", "rules.remember_damage")(u, C.damaged_by, source)
  else
    k.set_ovar(u, C.damaged_by, source)
  end
end

function M.damage_sources(u)
  local v = k.ovar(u, C.damaged_by)
  if type(v) == "table" then return v end
  return v ~= 0 and { v } or {}
end

function M.forget_damage(u)
  if C.damaged_by_list then
    k.set_ovar(u, C.damaged_by, {})
  elseif k.ovar(u, C.damaged_by) ~= 0 then
    k.set_ovar(u, C.damaged_by, 0)
  end
end

-- The destruction process resolves: the unit, still on the field, goes to its owner's
-- graveyard (reading of 12-4b; a replacement of kind "destroy" may change that).
function M.resolve_destroy(item)
  local c = item.targets[1]
  if not (c and k.exists(c) and contains(C.unit_zones, (k.zone_of(c)))) then
    k.log("12-4b", "破壊処理: 対象はもう場に無い (the unit is no longer on the field)")
    return
  end
  k.set_flag(c, C.destroying_flag, false)
  if not k.replace({ kind = "destroy", card = c, by = item.values.by, cause = item.values.cause }) then return end
  local g = k.move(c, k.owner(c), C.zones.graveyard)
  k.log("12-4b", name_of(g), "は破壊され墓地へ (destroyed: to its owner's graveyard)")
end

-- A destruction process removed from the gate unresolved: the unit stays.
function M.destroy_negated(item)
  local c = item.targets[1]
  if c and k.exists(c) then k.set_flag(c, C.destroying_flag, false) end
end

-- The rule effect of 12-4b-2b (reading): each unit whose damage reached its HP gets a
-- destruction process on the gate; a unit dealt damage just before (15-12b: A's attack's battle
-- damage, or effect damage with A as source) was destroyed by that card. Damage remembered is
-- forgotten after this rule check: a later one is not "immediately following". Returns whether
-- it put anything on the gate.
function M.rule_destruction()
  local acted = false
  for _, u in ipairs(M.units()) do
    if not k.flag(u, C.destroying_flag)
      and k.counter(u, C.damage_counter) >= (k.field(u, C.hp_field) or 0) then
      M.destroy(u, M.damage_sources(u), "rule", k.controller(u))
      acted = true
    end
  end
  for _, u in ipairs(M.units()) do M.forget_damage(u) end
  return acted
end

-- 15-14a: put A into B's soul (under B): A goes to the soul zone associated with B.
function M.put_under(a, b)
  local s = k.attach(a, b, C.soul_role)
  k.log("15-14a", name_of(s), "を", name_of(b), "のソウルに入れる (put under it, associated with it)")
  return s
end

-- Where a card is now: a place `on_top` can look at later (15-14c).
function M.place_of(c)
  local zone, p, slot = k.zone_of(c)
  local pos = 0
  for i, x in ipairs(k.cards(p, zone, slot)) do
    if x == c then pos = i end
  end
  return { zone = zone, player = p, slot = slot, pos = pos }
end

-- 15-14c: "the card on top" after an on-top or under instruction: the card now where B was when
-- the instruction started.
function M.on_top(place)
  local cards = k.cards(place.player, place.zone, place.slot)
  return cards[place.pos]
end

-- 15-14b / 15-14b-1: put A on top of field card B: A takes B's place (in B's act/rest state), B
-- and B's souls become A's souls. Needs K6 (k.put_on_top).
function M.put_on_top(a, b)
  local put_on_top = kernel("put_on_top", "K6", "rules.put_on_top")
  local top = put_on_top(a, b, C.soul_role, { orientation = true })
  k.log("15-14b", name_of(top), "を", name_of(b), "の上に置く: ", name_of(b), "とそのソウルは", name_of(top), "のソウルに (put on top: B and its souls become A's)")
  return top
end

-- Shared with the second half of the library (rules/actions_play.lua).
M._lib = { kernel = kernel, choose_exactly = choose_exactly }
return M
