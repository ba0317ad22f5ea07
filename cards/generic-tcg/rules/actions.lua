-- 「汎用TCG」: Game actions (900–920) as a library: card scripts call them as `rules.<name>`.
local M = ...
local P, main_unit, is_ko, knock_out = M._.P, M._.main_unit, M._.is_ko, M._.knock_out

-- Game actions (900–920) as a library: card scripts call them as `rules.<name>`. ------------

-- 916: deal N damage as one application (916.4); 0 or less is not dealt (104.2), and damage to
-- a card without HP does nothing (916.5). Raises ダメージを受けた.
function M.deal_damage(target, amount, source, clause)
  if amount <= 0 or not k.exists(target) or is_ko(target) then return 0 end
  if k.field(target, "hp") == nil then return 0 end
  local ev = k.replace({ kind = "damage", card = target, amount = amount, source = source })
  if not ev then
    k.log("810.1", k.name(target), "への", amount, "ダメージは置換された (the damage is replaced)")
    return 0
  end
  amount = ev.amount or 0
  if amount <= 0 then return 0 end                            -- 104.2
  k.add_counter(target, "damage", amount)
  if source then k.set_ovar(target, "damaged_by", source) end -- for 813.5a
  k.log(clause or "916.1", k.name(target), "に", amount, "ダメージ (", k.name(target), " takes ", amount,
    "; total ", k.counter(target, "damage"), "/", k.field(target, "hp"), ")")
  k.event("ダメージを受けた", { card = target, amount = amount, source = source })
  return amount
end

-- 917: heal N removes up to N damage markers (104.2); `nil` heals all (917.1a).
function M.heal(target, amount)
  local have = k.counter(target, "damage")
  local n = amount and math.min(amount, have) or have
  if n <= 0 then return 0 end
  k.add_counter(target, "damage", -n)
  k.log("917.1", k.name(target), "のダメージを", n, "回復 (heals ", n, ")")
  return n
end

-- 907.1 recover; 908.1 rest / stun. 104.3: entering the state it is already in is no change.
function M.recover(c)
  if k.set_orientation(c, "normal") then
    k.log("907.1", k.name(c), "は復帰 (recovers)")
    k.event("復帰した", { card = c })
    return true
  end
  return false
end

-- 909, 813.5b: an effect KOs a unit; its source KO'd it.
function M.ko(c, source)
  if is_ko(c) then return false end
  return knock_out(c, "909.1", "効果によりKO (by an effect)", source)
end

-- 104.4: a prohibited action is not done.
local function allowed(action, c)
  local by = k.prohibited(action, { card = c })
  if by then
    k.log("104.4", k.name(c), "は", by, "により", action, "されない (prohibited)")
    return false
  end
  return true
end

function M.rest(c)
  if not allowed("rest", c) then return false end
  local was = k.orientation(c)
  if k.set_orientation(c, "rest") then
    k.log("908.1", k.name(c), "はレスト (is rested)")
    if was == "normal" then k.event("状態異常になった", { card = c }) end   -- 908.3
    return true
  end
  return false
end

function M.stun(c)
  if not allowed("stun", c) then return false end
  local was = k.orientation(c)
  if k.set_orientation(c, "stun") then
    k.log("908.1", k.name(c), "はスタン (is stunned)")
    if was == "normal" then k.event("状態異常になった", { card = c }) end   -- 908.3
    return true
  end
  return false
end

-- 904: draw N, logged.
function M.draw(p, n, why)
  local got = k.draw(p, n)
  if got > 0 then k.log("904.2", P(p), "は", got, "枚引く (draws ", got, ")", why and (" — " .. why) or "") end
  return got
end

function M.main_unit(p) return main_unit(p) end

-- 911.1: a card from its owner's hand or area goes to their discard pile (302.5).
function M.discard(c)
  local name = k.name(c)
  local n = k.move(c, k.owner(c), "discard")
  k.log("911.1", name, "を捨てる (discards)")
  k.event("捨てた", { card = n })
  return n
end

-- 302.4, 309.3: put cards into their owners' discard piles at once, each owner choosing the order.
M.discard_together = M._.discard_together

-- 911.2, 911.2a: discard the whole hand (in the order its owner chooses, 309.3); with an empty
-- hand it still counts as having discarded.
function M.discard_hand(p)
  local hand = k.cards(p, "hand")
  M.discard_together(hand)
  k.log("911.2", P(p), "は手札を", #hand, "枚すべて捨てる (discards the hand)")
  k.event("手札を捨てた", { player = p, count = #hand })
  return #hand
end

-- 903.1: a card is shown to all players until the effect ends; 903.2: revealing a card that
-- is already revealed does nothing.
function M.reveal(c)
  if k.reveal(c) then
    k.log("903.1", k.name(c), "を公開 (reveals)")
    return true
  end
  return false
end

-- 906.1: charge by an effect: attach a hand card as energy, then draw 1 (not limited by 602.2).
function M.charge(p, card, unit)
  k.attach(card, unit, "energy")
  k.log("906.1", P(p), "は", k.name(unit), "にチャージ (charges by an effect)")
  return M.draw(p, 1)
end

-- 910: choose up to n cards of a zone meeting `test` (an expression about each card). In a zone
-- not public to all, the chooser may fail to find them (910.2): choosing fewer is allowed.
function M.search(p, zone, test, n, owner)
  local cards = {}
  local hidden = zone == "deck" or zone == "hand"
  for _, c in ipairs(k.cards(owner or p, zone)) do
    k.show(c, p)                                              -- 910.2: the searcher may look
    if not test or k.eval(test, { self = c }) then cards[#cards + 1] = c end
  end
  local picked = k.choose_cards(p, cards, { prompt = "探す (search)", clause = hidden and "910.2" or "910.1",
                                            min = hidden and 0 or math.min(n or 1, #cards), max = n or 1 })
  if type(picked) ~= "table" then picked = picked and { picked } or {} end
  return picked
end

-- 912.1: shuffle a player's deck (912.1a: all its cards). 912.2a: `placed` (top first) are
-- put on top right after, as part of the shuffle; 「シャッフルした」 follows the whole of it.
function M.shuffle(p, placed)
  k.shuffle(p, "deck")
  k.log("912.1", P(p), "はデッキをシャッフル (shuffles)")
  placed = placed or {}
  for i = #placed, 1, -1 do
    k.move(placed[i], p, "deck", nil, "top")
    k.log("912.2a", k.name(placed[i]), "をデッキの上に置く (put on top, part of the shuffle)")
  end
  local deck = k.cards(p, "deck")
  k.event("シャッフルした", { player = p, top = deck[#deck] })
end

-- 913.2, 913.4: put or remove counters of a name (913.2b: same name, same counter).
function M.add_counters(c, name, n)
  local done = k.add_counter(c, name, n)
  if done ~= 0 then k.log(n > 0 and "913.2" or "913.4", k.name(c), "の", name, "カウンター ", done > 0 and "+" or "", done) end
  return done
end

-- 914.1: swap the main unit and a standby unit; the old main unit recovers (302.3a-1) and loses
-- its non-static effects (302.3b).
function M.swap(standby)
  local p = k.controller(standby)
  local m = main_unit(p)
  if not m then return false end
  k.swap(m, standby)
  k.log("914.1", k.name(m), "と", k.name(standby), "を入れ替える (swap)")
  k.end_effects(m)
  M.recover(m)
  return true
end

return M
