-- 炎炎ノ消防隊 TCG: shared helpers (through `M._`) and the `rules.*` library cards call: 炎 (206),
-- paying costs (903), the game's verbs (1100: draw, deploy, retire, rest, stand, attach, discard,
-- power), and what the attack procedure exposes to cards (702). Each file gets the shared hook
-- table as `...` and adds its functions; scripts keep no state between calls.
local M = ...
M._ = {}

local function P(p) return "P" .. p end

local function contains(list, x)
  for _, y in ipairs(list or {}) do
    if y == x then return true end
  end
  return false
end

-- A choose_cards answer as a list (one card comes back bare when max is 1).
local function as_list(x)
  if x == nil then return {} end
  if type(x) == "table" then return x end
  return { x }
end

-- 1201.1: icon abilities are words in the card's アイコン能力 list (1118.1: effects grant them).
local function has_kw(c, kw)
  return contains(k.field(c, "keywords"), kw)
end

-- 206.1: flame cards and units with the 炎 icon have 炎; 206.2a: an attached flame card does not
-- give its unit 炎.
local function has_flame(c)
  -- 307.7 (reading): a card put face down onto the field as a flame card has 炎 while it lies there.
  if k.zone_of(c) == "field" and not k.face_up(c) and not k.attached_to(c) then return true end
  if k.card_type(c) == "flame" then return true end
  return (k.field(c, "flame") or 0) > 0
end

-- The units on p's field (307.8: what lies on p's field is p's), top-level cards only.
local function units(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "field")) do
    if k.face_up(c) and k.card_type(c) == "unit" then out[#out + 1] = c end   -- 307.7: a face-down card is no unit
  end
  return out
end

-- Flame cards attached to p's units (1105.1), in the order the units lie.
local function attached_flames(p)
  local out = {}
  for _, u in ipairs(units(p)) do
    for _, f in ipairs(k.attachments(u, "set")) do out[#out + 1] = f end
  end
  return out
end

-- Cards with 炎 on p's field (206.2); attached flame cards too when `with_attached` (1303, A10).
local function flame_bearers(p, with_attached)
  local out = {}
  for _, c in ipairs(k.cards(p, "field")) do
    if has_flame(c) then out[#out + 1] = c end
  end
  if with_attached then
    for _, f in ipairs(attached_flames(p)) do out[#out + 1] = f end
  end
  return out
end

-- 903.6: the cards that can pay ①: p's standing cards with 炎 (an attached one only if standing).
local function payers(p)
  local out = {}
  for _, c in ipairs(flame_bearers(p, true)) do
    if k.orientation(c) == "standing" then out[#out + 1] = c end
  end
  return out
end

local function can_pay_flame(p, n)
  return n <= 0 or #payers(p) >= n
end

-- 903.6: pay ①×n by resting n of p's standing cards with 炎, chosen by p (903.5: 0 or less is
-- paid). Returns false when it cannot be paid (903.2); the caller undoes the use (905.4b/c).
local function pay_flame(p, n, what)
  if n <= 0 then
    k.log("903.5", what, "のコストは", n, ": 支払ったものとみなす (a cost of 0 or less is paid)")
    return true
  end
  local can = payers(p)
  if #can < n then
    k.log("903.2", P(p), "は", what, "のコスト", n, "を支払えない (cannot pay ", n, ")")
    return false
  end
  -- Flame cards lying by themselves have no text and differ in nothing that matters here: when
  -- every candidate is one, the first n are rested without asking.
  local plain = true
  for _, c in ipairs(can) do
    if k.card_type(c) ~= "flame" or k.attached_to(c) then plain = false end
  end
  local chosen = {}
  if #can == n or plain then
    for i = 1, n do chosen[i] = can[i] end
  else
    chosen = as_list(k.choose_cards(p, can, { prompt = what .. ": 行動済にする炎を持つカード (cards with 炎 to rest for ①)", clause = "903.6", min = n, max = n }))
  end
  local names = {}
  for _, c in ipairs(chosen) do
    k.set_orientation(c, "rested")
    names[#names + 1] = k.name(c)
  end
  k.log("903.6", P(p), "は", table.concat(names, "、"), "を行動済にして", what, "のコスト", n, "を支払う (rests ", #names, " cards with 炎 to pay)")
  return true
end

-- Whether a rule process has made a player lose (the game is over; nothing more is asked).
local function over()
  return k.pvar(1, "lost") > 0 or k.pvar(2, "lost") > 0
end

-- The text's leading icon, 【反撃】 / 【起動】 / 【トリガー】 …, of an ability (603.1a, 604.1, 209.1).
local function leads_with(c, name, icon)
  local a = k.ability(c, name)
  return a ~= nil and a.text ~= nil and string.sub(a.text, 1, #icon) == icon
end

-- Whether the ability has a `cost` hook (903.1).
local function has_cost_hook(c, name)
  return contains(k.abilities(c, { hook = "cost", all = true }), name)
end

-- 903: can the ability's cost be paid now (its cost hook asked with check = 1)?
local function cost_payable(c, name)
  if not has_cost_hook(c, name) then return true end
  return k.run_ability(c, name, "cost", { check = 1 }) ~= false
end

-- 903.4: pay the ability's cost (its cost hook); false when it could not be paid.
local function pay_cost_hook(c, name)
  if not has_cost_hook(c, name) then return true end
  return k.run_ability(c, name, "cost", { check = 0 }) ~= false
end

M._.P, M._.contains, M._.as_list, M._.has_kw, M._.has_flame = P, contains, as_list, has_kw, has_flame
M._.units, M._.attached_flames, M._.flame_bearers, M._.payers = units, attached_flames, flame_bearers, payers
M._.over, M._.leads_with, M._.cost_payable, M._.pay_cost_hook = over, leads_with, cost_payable, pay_cost_hook

-- The rules.* library (cards call these) ---------------------------------------------------------

M.has_kw, M.has_flame, M.units, M.can_pay_flame, M.pay_flame = has_kw, has_flame, units, can_pay_flame, pay_flame

-- 903.7 / 908.3a: "you may pay ①×n; if you do, …": asked at resolution when it can be paid.
function M.may_pay(p, n, what)
  if over() or not can_pay_flame(p, n) then
    k.log("903.7", P(p), "は", what, "のコストを支払えない: 効果は実行されない (cannot pay: no effect)")
    return false
  end
  local yes = k.choose(p, {
    { label = "はい: ①×" .. n .. "を支払う (pay)", value = true },
    { label = "いいえ: 支払わない (do not pay)", value = false },
  }, { prompt = what .. ": コストを支払うか (pay the cost?)", clause = "903.7" })
  if not yes then
    k.log("908.3a", P(p), "は", what, "のコストを支払わない: 使用しない (declines the cost: not used)")
    return false
  end
  return pay_flame(p, n, what)
end

-- 307.6 / 307.7: put card c face down onto p's field as a flame card: private, but public to
-- its controller; it has 炎 there (pays ①, counts for 1303) and cannot be attached to a unit.
function M.set_as_flame(c, p)
  local f = k.move(c, p, "field")
  if not f then return nil end
  k.set_face(f, false, p)
  k.set_orientation(f, "standing")
  k.log("307.6", P(p), "はカード1枚を炎カードとして裏向きで現場に置く (puts a card face down onto the field as a flame card; only its controller sees it)")
  return f
end

-- 1104.1–1104.2: draw n, one at a time.
function M.draw(p, n)
  local got = k.draw(p, n)
  k.log("1104.2", P(p), "はカードを", got, "枚引く (draws ", got, ")")
  return got
end

-- 1104.3: draw until the hand holds n cards (the count is taken when the instruction starts).
function M.draw_to(p, n)
  local need = n - k.count(p, "hand")
  if need <= 0 then
    k.log("104.2", P(p), "の手札はすでに", n, "枚以上: 引かない (nothing to draw)")
    return 0
  end
  k.log("1104.3", P(p), "は手札が", n, "枚になるように", need, "枚引く (draws up to ", n, ")")
  return M.draw(p, need)
end

-- 1108.2: rest; a rested card cannot be rested again (false).
function M.rest(c)
  return k.set_orientation(c, "rested")
end

-- 1108.1: stand; a standing card cannot be stood again (false).
function M.stand(c)
  return k.set_orientation(c, "standing")
end

-- 1106.1: deploy (出動) a unit card onto its owner's field (or `p`'s), standing (303.1a); it
-- triggers 【出動時】 (908.1a). Every way onto the field is 出動 (A24).
function M.deploy(c, p)
  local to = p or k.owner(c)
  local u = k.move(c, to, "field")
  if not u then return nil end
  k.set_orientation(u, "standing")
  k.log("1106.1", k.name(u), "が出動 (is deployed) → ", P(to), "の現場")
  k.event("出動した", { card = u, player = to })
  return u
end

-- 1107.1: retire (退場) a unit: to its owner's "アドラ"; a replacement may apply first (911).
-- `by` is the card that retired it (913.3). Returns the new card, or nil if nothing happened.
function M.retire(c, by)
  if not k.exists(c) or k.zone_of(c) ~= "field" then return nil end
  local ev = k.replace({ kind = "retire", card = c, by = by })
  if not ev then
    k.log("911.1", k.name(c), "の退場は置換された (the retirement was replaced)")
    return nil
  end
  local owner = k.owner(c)
  local name = k.name(c)
  local a = k.move(c, owner, "adora")
  k.log("1107.1", name, "が退場 (retires) → ", P(owner), "の“アドラ”")
  k.event("退場した", { card = c, new = a, player = owner, by = by })
  return a
end

-- 1112.1: return (戻す) a card to the named zone of player p.
function M.return_to(c, p, zone)
  local name = k.name(c)
  local r = k.move(c, p, zone)
  k.log("1112.1", name, "を", P(p), "の", zone == "hand" and "手札" or zone, "に戻す (returns it)")
  return r
end

-- 1111.1: discard: to that player's "アドラ".
function M.discard(c)
  local p = k.owner(c)
  local name = k.name(c)
  local a = k.move(c, p, "adora")
  k.log("1111.1", P(p), "は", name, "を捨てる (discards)")
  return a
end

-- 1111.2: discard the whole hand (done even when it is empty).
function M.discard_hand(p)
  local n = 0
  for _, c in ipairs(k.cards(p, "hand")) do
    k.move(c, p, "adora")
    n = n + 1
  end
  k.log("1111.2", P(p), "は手札", n, "枚をすべて捨てる (discards the hand)")
  return n
end

-- 1105.1: attach a flame card to a unit (307.7: not a face-down one). `rested` keeps it rested
-- (【祈り】 attaches a rested one; A10, 302.3: the same card, keeping its orientation —
-- `attachment_keeps_object` in game.yaml; setting it again is a no-op then).
function M.attach_flame(f, u, rested)
  if not k.face_up(f) then
    k.log("307.7", "裏向きの炎カードはユニットに付けられない (a face-down card cannot be attached)")
    return nil
  end
  local name = k.name(f)
  local a = k.attach(f, u, "set")
  if not a then return nil end
  if rested then k.set_orientation(a, "rested") end
  k.log("1105.1", name, "を", k.name(u), "に付ける (attaches a flame card)")
  return a
end

-- 1116.1: power +n / −n (n < 0) for a duration: "this_turn" (default, 504.4), "battle" (この戦闘中,
-- 702.20a), "attack", "permanent".
function M.power(c, n, source, duration, label)
  local made = k.add_effect{ source = source, targets = { c }, modify = { { field = "power", add = n } },
    duration = duration or "this_turn", label = label or "パワー" }
  local sign = n >= 0 and "+" or ""
  k.log("1116.1", k.name(c), "のパワー", sign, n, " (power ", sign, n, ") → ", k.field(c, "power"))
  return made
end

-- 910.5: power becomes n (the original is lost) for a duration.
function M.set_power(c, n, source, duration)
  k.add_effect{ source = source, targets = { c }, modify = { { field = "power", set = n } },
    duration = duration or "this_turn", label = "パワー変更" }
  k.log("910.5", k.name(c), "のパワーは", n, "になる (power becomes ", n, ")")
end

-- 1118.1: gain an icon ability; 1118.2: gain an attribute — in addition to what it has.
function M.grant(c, kw, source, duration)
  k.add_effect{ source = source, targets = { c }, modify = { { field = "keywords", grant = kw } },
    duration = duration or "this_turn", label = "【" .. kw .. "】を得る" }
  k.log("1118.1", k.name(c), "は【", kw, "】を得る (gains 【", kw, "】)")
end

function M.grant_attribute(c, attr, source, duration)
  k.add_effect{ source = source, targets = { c }, modify = { { field = "attributes", grant = attr } },
    duration = duration or "this_turn", label = "属性[" .. attr .. "]を得る" }
  k.log("1118.2", k.name(c), "は属性[", attr, "]を得る (gains the attribute ", attr, ")")
end

-- 105.3: p gains control of card c; 307.8: it lies on its controller's field, so it moves there
-- (a field-to-field move keeps the card, 302.3).
function M.take_control(c, p)
  if not k.set_controller(c, p) then return c end
  local name = k.name(c)
  local moved = k.move(c, p, "field") or c
  k.log("307.8", name, "は", P(p), "の支配下で", P(p), "の現場に置かれる (now on its new controller's field)")
  return moved
end

-- 1110.1: p chooses up to `max` (default 1) of `cards`; a list (empty when there are none).
function M.choose(p, cards, prompt, clause, min, max)
  if #cards == 0 or over() then return {} end
  local n = max or 1
  if n > #cards then n = #cards end
  local lo = min or n
  if lo > n then lo = n end
  if lo == #cards then return cards end            -- every candidate must be chosen: no choice
  return as_list(k.choose_cards(p, cards, { prompt = prompt, clause = clause or "1110.1", min = lo, max = n }))
end

-- 205.2 / 1102.2: whether c has attribute [attr] (1118.2: gained ones too).
function M.has_attribute(c, attr)
  return contains(k.field(c, "attributes"), attr)
end

-- The attack procedure as cards see it (702): the attacking unit, the target unit or player,
-- and an effect that makes the attack invalid (無効, 702.5 / 702.10 / 702.14).
local function flagged(flag)
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, "field")) do
      if k.flag(c, flag) then return c end
    end
  end
  return nil
end
M._.flagged = flagged

function M.attacker()
  return flagged("attacker")
end

function M.attack_target()
  if k.gvar("attack") == 0 or k.gvar("target_player") ~= 0 then return nil end
  return flagged("target")
end

function M.invalidate_attack(source)
  if k.gvar("attack") == 0 then return false end
  k.set_gvar("attack_void", 1)
  k.log("702.14", k.name(source), "の効果で攻撃は無効になる (the attack becomes invalid)")
  return true
end

-- Scores a position for search agents (fuda sim --agents greedy / mcts); not a rule: life cards,
-- units' power, cards in hand and cards with 炎 on the field, the opponent's subtracted.
local function side_score(p)
  local s = 3000 * k.count(p, "life") + 300 * k.count(p, "hand") + 200 * #flame_bearers(p, false)
  for _, u in ipairs(units(p)) do s = s + (k.field(u, "power") or 0) // 2 end
  if k.count(p, "deck") <= 2 then s = s - 5000 end
  return s
end

function M.evaluate(p)
  return side_score(p) - side_score(k.opponent(p))
end

return M
