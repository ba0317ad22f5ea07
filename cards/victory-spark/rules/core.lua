-- ヴィクトリースパーク: shared helpers (through `M._`) and the `rules.*` library cards call: names
-- and partners (2.1, 2.3, 2.7), energy as a cost (2.2.2, 7.4.1.3), retiring and the ring refill
-- (3.3.1.3), damage (6.7.3.4.3). Each file gets the shared hook table as `...` and adds to it;
-- scripts keep no state between calls.
local M = ...
M._ = {}

local function P(p) return "P" .. p end

local function contains(list, x)
  for _, y in ipairs(list or {}) do
    if y == x then return true end
  end
  return false
end

local function as_list(x)
  if x == nil then return {} end
  if type(x) == "table" then return x end
  return { x }
end

-- 2.1.2: a card's names: its printed name and any others (effects may add some, 7.8.1.2).
local function names(c)
  local out = { k.name(c) }
  for _, n in ipairs(k.field(c, "other_names") or {}) do out[#out + 1] = n end
  return out
end

local function overlaps(a, b)
  for _, x in ipairs(a or {}) do
    if contains(b, x) then return true end
  end
  return false
end

-- 2.7.1–2.7.2: c is a partner of `of` when one of c's names is one of of's partner names and one
-- of c's titles is one of of's partner titles (each matched on its own).
local function is_partner(c, of)
  return overlaps(names(c), k.field(of, "partner_names"))
    and overlaps(k.field(c, "titles"), k.field(of, "partner_titles"))
end

-- The card in p's ring (3.3.1.3: one; during a displacement the last placed).
local function ring_card(p)
  local cs = k.cards(p, "ring")
  return cs[#cs]
end

-- The field (3.3): p's ring and bench cards.
local function field(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "ring")) do out[#out + 1] = c end
  for s = 1, 3 do
    for _, c in ipairs(k.cards(p, "bench", s)) do out[#out + 1] = c end
  end
  return out
end

-- 4.10.1.2 / 7.4.1.4: only standing cards can pay a cost.
local function standing(p, zone)
  local out = {}
  for _, c in ipairs(k.cards(p, zone)) do
    if k.orientation(c) == "stand" then out[#out + 1] = c end
  end
  return out
end

local function standing_bench(p)
  local out = {}
  for s = 1, 3 do
    for _, c in ipairs(k.cards(p, "bench", s)) do
      if k.orientation(c) == "stand" then out[#out + 1] = c end
    end
  end
  return out
end

-- 2.2.2 / 7.4.1.3: p rests n standing energy cards (hidden from every player, 3.4.2: any n are
-- alike as a cost). All or nothing (7.4.1.3.1): false when fewer than n stand.
local function pay_energy(p, n, what)
  local st = standing(p, "energy")
  if n <= 0 then return true end
  if #st < n then return false end
  for i = 1, n do k.set_orientation(st[i], "rest") end
  k.log("7.4.1.3", P(p), "はエネルギー", n, "枚をレスト (rests ", n, " energy for ", what, ")")
  return true
end

-- 3.3.1.3: p's ring is refilled from the top of the deck (a move by rule: it sparks, 11.2).
local function refill(p, clause)
  local deck = k.cards(p, "deck")
  if k.count(p, "ring") > 0 or #deck == 0 then return nil end
  local top = deck[#deck]                      -- k.cards lists bottom first: the last is the top
  local c = k.move(top, p, "ring", nil, nil, { cause = "rule" })
  if c then
    k.log(clause, P(p), "の山札の1番上の", k.name(c), "がリングに置かれる (the top card of the deck fills the ring)")
  end
  return c
end

-- A card leaves the field for rule reasons: from the ring to the retire yard, from the bench to
-- the waiting room (8.3–8.4), its owner's (3.1.4).
local function retire(c, clause, why)
  local zone = k.zone_of(c)
  local to = zone == "ring" and "retire" or "waiting"
  local name = k.name(c)
  local d = k.move(c, k.owner(c), to)
  k.log(clause, name, "を", to == "retire" and "リタイヤ置場" or "控え室", "に置く (", why, ")")
  return d
end

M._.P, M._.contains, M._.as_list, M._.names, M._.is_partner = P, contains, as_list, names, is_partner
M._.ring_card, M._.field, M._.standing, M._.standing_bench = ring_card, field, standing, standing_bench
M._.pay_energy, M._.refill, M._.retire = pay_energy, refill, retire

-- The library cards call as `rules.*` (docs/rules/victory-spark.md, "Writing cards").
M.names, M.is_partner, M.ring_card, M.field, M.standing_bench = names, is_partner, ring_card, field, standing_bench
M.pay_energy, M.standing = pay_energy, standing

-- 4.11.1–4.11.2: p draws n, one at a time. 1.3.4: 0 or a negative n draws nothing (and never
-- the reverse). 1.3.5: an effect's draw that a prohibition forbids (`prohibits: [draw]`, about
-- {player}) is not done.
function M.draw(p, n)
  if n <= 0 then
    k.log("1.3.4", P(p), "は", n, "枚引く: 0回以下の行動は行われない (nothing is done ", n, " times)")
    return 0
  end
  local by = k.prohibited("draw", { player = p })
  if by then
    k.log("1.3.5", P(p), "は引けない: 禁止が優先される (", by, " forbids it)")
    return 0
  end
  local got = 0
  for _ = 1, n do got = got + k.draw(p, 1) end
  if got > 0 then k.log("4.11.2", P(p), "は", got, "枚引く (draws ", got, ")") end
  return got
end

-- 6.7.3.4.3 / 8.4: n damage accumulates on c (a card on the field).
function M.damage(c, n, why)
  if n <= 0 or not k.exists(c) then return false end
  local z = k.zone_of(c)
  if z ~= "ring" and z ~= "bench" then return false end
  k.add_counter(c, "damage", n)
  k.log("6.7.3.4.3", k.name(c), "に", n, "ダメージ (", why or "damage", "; 蓄積", k.counter(c, "damage"), ")")
  k.event("ダメージを受けた", { card = c, amount = n, player = k.controller(c) })
  return true
end

-- 7.9.1: damage dealt by an effect, which a replacement ("かわりに…") may change first.
function M.effect_damage(c, n, why)
  local ev = k.replace({ kind = "damage", card = c, amount = n })
  if not ev then return false end
  return M.damage(ev.card, ev.amount, why)
end

-- An effect retires c: a ring card to the retire yard, a bench card to the waiting room.
function M.retire(c, why)
  if not k.exists(c) then return nil end
  local z = k.zone_of(c)
  if z ~= "ring" and z ~= "bench" then return nil end
  return retire(c, "8.1.1", why or "effect")
end

-- An effect sends c to its owner's waiting room (3.1.4). The name is read once the card is in
-- the public waiting room: a hand card may be hidden from the effect's master (3.7.2).
function M.to_waiting(c, why)
  if not k.exists(c) then return nil end
  local d = k.move(c, k.owner(c), "waiting")
  if d then k.log("3.6.1", k.name(d), "を控え室に置く (", why or "effect", ")") end
  return d
end

-- 4.10.1.2–4.10.1.3: rest / reverse a bench or energy card; the ring card has no state (1.3.2).
function M.rest(c)
  local z = k.zone_of(c)
  if (z ~= "bench" and z ~= "energy") or k.orientation(c) ~= "stand" then return false end
  return k.set_orientation(c, "rest")
end

function M.reverse(c)
  local z = k.zone_of(c)
  if z ~= "bench" and z ~= "energy" then return false end
  return k.set_orientation(c, "reverse")
end

function M.stand(c)
  local z = k.zone_of(c)
  if z ~= "bench" and z ~= "energy" then return false end
  return k.set_orientation(c, "stand")
end

-- An effect puts the top card of p's deck into the ring, displacing the card there (6.5.1.4):
-- its move's cause is `effect`, so it sparks only under entry_spark_on_effect (11.2 vs 7.1.1.2.5;
-- an Entry Spark's `if:` reads the setting).
function M.top_to_ring(p, why)
  local deck = k.cards(p, "deck")
  local top = deck[#deck]                      -- k.cards lists bottom first: the last is the top
  if not top then return nil end
  local old = ring_card(p)
  local c = k.move(top, p, "ring", nil, nil, { cause = "effect" })
  if c then k.log("7.1.1.2.5", P(p), "の山札の1番上の", k.name(c), "をリングに置く (", why or "effect", ")") end
  if old and k.exists(old) then M.to_waiting(old, "displaced") end
  return c
end

-- p puts a hand card face down into the energy zone (6.4.1.2).
function M.charge(p, c, clause)
  local e = k.move(c, p, "energy")
  if e then
    k.set_face(e, false, "none")
    k.log(clause or "6.4.1.2", P(p), "は手札1枚を裏向きでエネルギー置場に置く (charges 1 energy)")
  end
  return e
end

-- 1.3.6: players choosing at the same time choose in turn order, the turn player first.
function M.turn_order()
  local tp = k.turn_player()
  return { tp, k.opponent(tp) }
end

-- 1.2.5: an effect makes p win or lose at once.
function M.win(p, why) k.win(p, "1.2.5", why or "effect") end
function M.lose(p, why) k.lose(p, "1.2.5", why or "effect", { now = true }) end
return M
