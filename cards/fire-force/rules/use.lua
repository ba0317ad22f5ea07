-- 炎炎ノ消防隊 TCG: the main phase's actions (600) and using cards and abilities (905): a card
-- goes to the resolution zone (905.4a), its cost is paid (905.4b; unpayable: the kernel undoes the
-- use, back to the state just before it), then it resolves by its type (905.4d). The non-turn
-- player's 【反撃】 at 702.12b uses the same procedure (rules/attack.lua).
local M = ...
local P, contains, has_kw, has_flame, units = M._.P, M._.contains, M._.has_kw, M._.has_flame, M._.units
local payers, leads_with, cost_payable, pay_cost_hook = M._.payers, M._.leads_with, M._.cost_payable, M._.pay_cost_hook

-- The card's event ability (901.1d): its ability of kind イベント (command) not led by 【トリガー】.
local function event_ability(c)
  for _, name in ipairs(k.abilities(c, { kind = "command", all = true })) do
    if not leads_with(c, name, "【トリガー】") then return name end
  end
  return nil
end

-- 603.1a / 702.12b: an event whose event ability begins with 【反撃】.
local function is_counter_event(c)
  local name = event_ability(c)
  return name ~= nil and leads_with(c, name, "【反撃】")
end

-- 1119.1: a card or ability that "cannot be activated" (a static prohibition on `use`). The
-- prohibition reads what its controller may know of a card in a hidden hand: who uses it, its
-- type and its cost, as the use declares them.
local function barred(c)
  return k.prohibited("use", { card = c, player = k.controller(c), type = k.card_type(c), cost = k.field(c, "cost") or 0 }) ~= nil
end

-- 905.4b: whether p may try to use card c: its cost ① (with 905.4a-1 effects) can be paid by p's
-- cards with 炎 (903.6) and any further cost of its event ability looks payable from hand. The
-- real payment comes after the card has left the hand (905.4a), and may still fail: undone.
local function card_payable(p, c, n)
  if (k.field(c, "cost") or 0) > (n or #payers(p)) or barred(c) then return false end
  local name = k.card_type(c) == "event" and event_ability(c)
  return not name or cost_payable(c, name)
end

-- 905.4a–905.4b: the card to the resolution zone, then its cost in printed order (903.4): ①, then
-- the rest. False: it cannot be paid.
local function move_and_pay(p, c)
  local name = k.name(c)
  local r = k.move(c, p, "resolution")
  k.log("905.4a", P(p), "は", name, "を解決領域に移動 (moves the card to the resolution zone)")
  if not M.pay_flame(p, k.field(r, "cost") or 0, name) then return false end
  local ability = k.card_type(r) == "event" and event_ability(r)
  return not ability or pay_cost_hook(r, ability)
end

-- The card being used: the top of the resolution zone (310.2: ordered).
local function resolving()
  local res = k.cards(1, "resolution")
  return res[#res]
end

-- 905.4d-2: the event's ability resolves, then the card goes to "アドラ".
local function resolve_event_card(p, r)
  local name = event_ability(r)
  k.log("905.4d-2", P(p), "は", k.name(r), "のイベント能力を発動し解決する (resolves the event ability)")
  if name then k.run_ability(r, name, "effect") end
  k.event("イベントを使用した", { card = r, player = p })
  if k.exists(r) and k.zone_of(r) == "resolution" then
    k.move(r, k.owner(r), "adora")
    k.log("905.4d-2", k.name(r), "を“アドラ”に置く (the event goes to アドラ)")
  end
end

-- An activated ability's option label.
local function ability_label(u, name)
  return k.name(u) .. "「" .. name .. "」"
end

-- Activated abilities of p's field cards led (or not) by 【反撃】 that can be used now: their use
-- limit (904.2) and cost (903) allow it. 【祈り】 (1204.1) is an icon ability of the unit.
local function activated(p, counter)
  local out = {}
  for _, u in ipairs(units(p)) do
    if not barred(u) then
      for _, name in ipairs(k.abilities(u, { kind = "activated" })) do
        if leads_with(u, name, "【反撃】") == counter then
          local info = k.ability(u, name)
          local left = not info.per_turn or k.uses(u, name) < info.per_turn
          if left and cost_payable(u, name) then
            out[#out + 1] = { label = ability_label(u, name), card = u, ability = name }
          end
        end
      end
      if not counter and has_kw(u, "祈り") and k.orientation(u) == "standing" then
        out[#out + 1] = { label = ability_label(u, "祈り"), card = u, icon = "祈り" }
      end
    end
  end
  return out
end

-- 905.4a (the ability as a pseudo-card), 904.2 (its use counted), 905.4c (its cost). False: the
-- cost could not be paid.
local function pay_for_ability(p, a)
  k.log("905.4a", P(p), "は", ability_label(a.card, a.ability or a.icon), "を擬似的なカードとして解決領域に置く (the ability goes to the resolution zone)")
  if a.icon == "祈り" then
    if not M.rest(a.card) then return false end
    k.log("1204.1", k.name(a.card), "を行動済にする (rests the unit: the cost of 【祈り】)")
    return true
  end
  local info = k.ability(a.card, a.ability)
  if info.per_turn then
    k.use_ability(a.card, a.ability)
    k.log("904.2", ability_label(a.card, a.ability), "はターン1回 (once per turn)")
  end
  return pay_cost_hook(a.card, a.ability)
end

-- 905.4d-3: the ability resolves and leaves the resolution zone.
local function resolve_ability_use(p, a)
  if a.icon == "祈り" then
    M.prayer(a.card, p)
  elseif k.exists(a.card) then
    k.run_ability(a.card, a.ability, "effect")
  else
    -- 905.4a: the ability is a pseudo-card of its own; a cost that moved its card (退場) leaves it
    -- to resolve as the card last was (812-style information), what it does to that card failing.
    k.log("905.4a", ability_label(a.card, a.ability), "のカードは移動した: 最後の情報で解決する (its card has moved: it resolves as the card last was)")
    k.run_ability(a.card, a.ability, "effect")
  end
  k.log("905.4d-3", ability_label(a.card, a.ability or a.icon), "を解決し解決領域から取り除く (resolved and removed)")
end

M._.event_ability, M._.is_counter_event, M._.card_payable = event_ability, is_counter_event, card_payable
M._.move_and_pay, M._.resolving, M._.resolve_event_card = move_and_pay, resolving, resolve_event_card
M._.activated, M._.pay_for_ability, M._.resolve_ability_use = activated, pay_for_ability, resolve_ability_use

M.is_counter_event = is_counter_event

-- 1114.3: activate the effect of event card c (its event ability resolves where the card is;
-- the card is not used: it does not move and no cost is paid).
function M.activate_effect(c, p)
  local name = event_ability(c)
  if not name then return end
  k.log("1114.3", k.name(c), "の効果を発動する: カードは使用しない (activates its effect without using the card)")
  k.run_ability(c, name, "effect")
end

-- 1204.1 【祈り】: choose up to 1 of your units and attach 1 rested flame card to it (A10: a
-- rested, face-up flame card lying on your field by itself).
function M.prayer(self, p)
  local flames, face_down = {}, 0
  for _, c in ipairs(k.cards(p, "field")) do
    if not k.face_up(c) then
      if k.orientation(c) == "rested" then face_down = face_down + 1 end
    elseif k.card_type(c) == "flame" and k.orientation(c) == "rested" then
      flames[#flames + 1] = c
    end
  end
  if face_down > 0 then
    k.log("307.7", "裏向きで炎カードとして置かれたカード", face_down, "枚はユニットに付けられない (a face-down card cannot be attached)")
  end
  local mine = units(p)
  local u = M.choose(p, mine, "【祈り】: 炎カードを付けるユニット (unit to attach a flame card to)", "1204.1", 0, 1)[1]
  if not u then
    k.log("1204.1", P(p), "はユニットを選ばない (chooses no unit)")
    return
  end
  local f = M.choose(p, flames, "【祈り】: 付ける行動済の炎カード (rested flame card)", "1204.1")[1]
  if not f then
    k.log("104.2", P(p), "の現場に行動済の炎カードが無い: 付けられない (no rested flame card)")
    return
  end
  M.attach_flame(f, u, true)
end

-- 602.1: a unit card in hand whose cost can be paid (905.1).
-- 905.4b: only a card whose cost can be paid is offered (the payers counted once for the hand).
function M.unit_options(p)
  local out = {}
  local n = #payers(p)
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.card_type(c) == "unit" and card_payable(p, c, n) then
      out[#out + 1] = { label = k.name(c) .. " (コスト" .. (k.field(c, "cost") or 0) .. ")", card = c }
    end
  end
  return out
end

-- 603.1: an event card in hand, not one led by 【反撃】 (603.1a).
function M.event_options(p)
  local out = {}
  local n = #payers(p)
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.card_type(c) == "event" and not is_counter_event(c) and card_payable(p, c, n) then
      out[#out + 1] = { label = k.name(c) .. " (コスト" .. (k.field(c, "cost") or 0) .. ")", card = c }
    end
  end
  return out
end

-- 905.4a–905.4b for a unit or an event card.
function M.pay_card(p, a)
  return move_and_pay(p, a.card)
end

-- 905.4d-1: the unit is deployed under the user's control (1106.1); 602.2: a rule check follows.
function M.resolve_unit(p)
  local r = resolving()
  k.log("905.4d-1", P(p), "は", k.name(r), "を自分の支配下で現場に出す (puts the unit onto the field)")
  M.deploy(r, p)
  k.log("602.2", "カードを使用した後、ルールチェックを実行 (a rule check follows)")
end

-- 905.4d-2, 603.2.
function M.resolve_event(p)
  resolve_event_card(p, resolving())
  k.log("603.2", "カードを使用した後、ルールチェックを実行 (a rule check follows)")
end

-- 604.1: an activated ability not led by 【反撃】 of a card p controls.
function M.activated_options(p)
  return activated(p, false)
end

function M.pay_ability(p, a)
  return pay_for_ability(p, a)
end

function M.resolve_ability(p, a)
  resolve_ability_use(p, a)
  k.log("604.2", "能力を使用した後、ルールチェックを実行 (a rule check follows)")
end

-- 605.1 / 702.1–702.2: a unit that may attack, with each legal target (A6: only a unit with one).
function M.attack_options(p)
  local out = {}
  local q = k.opponent(p)
  local targets = {}
  for _, t in ipairs(units(q)) do
    -- 702.2: a rested opposing unit; 702.2a: not one that cannot be attacked.
    if k.orientation(t) == "rested" and not k.prohibited("attacked", { card = t }) then targets[#targets + 1] = t end
  end
  local player_ok = not k.prohibited("attacked", { player = q })
  for _, u in ipairs(units(p)) do
    local new = k.since_turn(u) >= k.turn() and not has_kw(u, "強襲")           -- 702.1a-2, 1202.1
    if k.orientation(u) == "standing" and not new                               -- 702.1a-1
        and not k.prohibited("attack", { card = u }) then                       -- 702.1a-3
      for _, t in ipairs(targets) do
        out[#out + 1] = { label = k.name(u) .. " → " .. k.name(t), card = u, target = t }
      end
      -- 702.2: the player instead, if the attacker has 炎 or an attached flame card.
      if player_ok and (has_flame(u) or #k.attachments(u, "set") > 0) then
        out[#out + 1] = { label = k.name(u) .. " → " .. P(q), card = u, player = q }
      end
    end
  end
  return out
end

-- 702.1: rest the unit to attack with it; 702.2: its controller chooses the target.
function M.declare_attack(p, a)
  M.rest(a.card)
  k.set_flag(a.card, "attacker", true)
  k.log("702.1", P(p), "は", k.name(a.card), "を行動済にして攻撃する (rests it to attack)")
  if k.since_turn(a.card) >= k.turn() and has_kw(a.card, "強襲") then            -- 702.1a-2 lifted
    k.log("1202.1", k.name(a.card), "はこのターン出動したが【強襲】により攻撃できる (deployed this turn; 【強襲】 lets it attack)")
  end
  k.set_gvar("attack", 1)
  k.set_gvar("attack_void", 0)
  k.set_gvar("countered", 0)
  if a.player then
    k.set_gvar("target_player", a.player)
    k.log("702.2", k.name(a.card), "は", P(a.player), "を攻撃対象に選ぶ (targets the player)")
  else
    k.set_gvar("target_player", 0)
    k.set_flag(a.target, "target", true)
    k.log("702.2", k.name(a.card), "は", k.name(a.target), "を攻撃対象に選ぶ (targets the rested unit)")
  end
end

return M
