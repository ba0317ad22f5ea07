-- ヴィクトリースパーク: the processing cycle's actions (4.6–4.9) and the resolution zone (3.8).
-- Cancels are offered to either player holding the cancel activation timing in any phase (4.6,
-- 6.1.2); plays (6.5.1.3–6.5.1.5) and activated abilities (6.6.1.3) only to the turn player in
-- the activation timing of their phase with the pool empty (4.9.3). Each of them starts a new
-- cycle from the turn player (4.4.1). When both pass, one item of the pool resolves (4.7, 4.8).
local M = ...
local P, contains, ring_card, field = M._.P, M._.contains, M._.ring_card, M._.field
local standing, pay_energy, refill = M._.standing, M._.pay_energy, M._.refill

local function activation_timing(p, phase)
  return k.phase() == phase and p == k.turn_player() and #k.chain() == 0
end

-- A pool item as a cancel's `targets` hook sees it (7.4.1.2.1: the conditions the cancel names).
local function item_view(it)
  return { id = it.id, kind = it.kind, name = it.name, source = it.source, controller = it.controller }
end

-- 11.1 / 4.6.1: p may cancel while an opponent's ability is in the resolution zone: each cancel
-- (an activated ability valid in hand with a `targets` hook) × each opponent's item it may choose.
function M.cancel_options(p)
  local out = {}
  local theirs = {}
  for _, it in ipairs(k.chain()) do
    if it.controller ~= p then theirs[#theirs + 1] = it end
  end
  if #theirs == 0 then return out end
  for _, c in ipairs(k.ability_cards(k.cards(p, "hand"), { hook = "targets" })) do
    for _, name in ipairs(k.abilities(c, { hook = "targets" })) do
      for _, it in ipairs(theirs) do
        if k.run_ability(c, name, "targets", item_view(it)) then
          out[#out + 1] = { label = k.name(c) .. " → 「" .. it.name .. "」#" .. it.id, card = c, ability = name, target = it.id }
        end
      end
    end
  end
  return out
end

-- 7.1.1.1.3 / 11.1: the card goes from hand to the waiting room (or, under
-- cancel_card_in_resolution_zone, into the resolution zone: 7.4.2) and its ability, having chosen
-- its target (7.4.1.2.1), waits in the pool; a new cycle starts (4.6.1.1–2).
function M.activate_cancel(p, a)
  local name, target = k.name(a.card), k.item(a.target)
  local zone = k.setting("cancel_card_in_resolution_zone") == 1 and "resolution" or "waiting"
  local c = k.move(a.card, p, zone, nil, nil, { cause = "cost", by = a.card })
  k.push({ kind = "cancel", name = a.ability, source = c, controller = p, chooses = { a.target }, values = { card = name } })
  k.log(zone == "waiting" and "11.1" or "7.4.2", P(p), "は", name, "で「", target and target.name or "?", "」をキャンセルする (cancels; the card goes to the ",
    zone == "waiting" and "waiting room" or "resolution zone", ")")
  k.event("キャンセルした", { card = c, target = target and target.source, player = p })
  k.give_priority(k.turn_player())
end

-- 6.5.1.3 / 6.5.1.4: the hand cards p may play now: in the chara phase's activation timing,
-- whose level p's standing energy can pay (2.2.2).
local function playable(p)
  local out = {}
  if not activation_timing(p, "chara") then return out end
  local energy = #standing(p, "energy")
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.field(c, "level") <= energy then out[#out + 1] = c end
  end
  return out
end

-- 6.5.1.3: a playable hand card to any of the three bench slots.
function M.bench_options(p)
  local out = {}
  for _, c in ipairs(playable(p)) do
    for s = 1, 3 do
      local here = k.cards(p, "bench", s)[1]
      local label = k.name(c) .. " → ベンチ" .. s .. (here and ("（" .. k.name(here) .. "と入れ替え）") or "")
      out[#out + 1] = { label = label, card = c, slot = s }
    end
  end
  return out
end

-- 6.5.1.4: a playable hand card to the ring.
function M.ring_options(p)
  local out = {}
  for _, c in ipairs(playable(p)) do
    out[#out + 1] = { label = k.name(c) .. " → リング", card = c }
  end
  return out
end

-- 6.5.1.5: the ring card to an empty bench slot, for its level.
function M.move_options(p)
  local out = {}
  if not activation_timing(p, "chara") then return out end
  local r = ring_card(p)
  if not r or k.field(r, "level") > #standing(p, "energy") then return out end
  for s = 1, 3 do
    if k.count(p, "bench", s) == 0 then
      out[#out + 1] = { label = k.name(r) .. " → ベンチ" .. s, card = r, slot = s }
    end
  end
  return out
end

-- 7.4.1.3: the level in energy, all or nothing (7.4.1.3.1: the kernel undoes the play).
function M.pay_level(p, a)
  return pay_energy(p, k.field(a.card, "level"), k.name(a.card))
end

-- 6.5.1.3 / 6.5.1.4 (displace_old_first: 7.4.1.3.2): the played card is placed, then the card
-- already there goes to its owner's waiting room.
local function place(p, c, zone, slot, clause)
  local old
  if zone == "bench" then old = k.cards(p, "bench", slot)[1] else old = ring_card(p) end
  local function displace()
    if old and k.exists(old) then
      local name = k.name(old)
      k.move(old, k.owner(old), "waiting")
      k.log(clause, name, "をオーナーの控え室に置く (the card already there goes to the waiting room)")
    end
  end
  if k.setting("displace_old_first") == 1 then displace() end
  local new = k.move(c, p, zone, slot)
  if k.setting("displace_old_first") ~= 1 then displace() end
  return new
end

function M.play_to_bench(p, a)
  local name = k.name(a.card)
  local c = place(p, a.card, "bench", a.slot, "6.5.1.3")
  k.log("6.5.1.3", P(p), "は", name, "をベンチ", a.slot, "にプレイ (plays to bench slot ", a.slot, ")")
  k.event("プレイした", { card = c, player = p, to = "bench" })
end

function M.play_to_ring(p, a)
  local name = k.name(a.card)
  local c = place(p, a.card, "ring", nil, "6.5.1.4")
  k.log("6.5.1.4", P(p), "は", name, "をリングにプレイ (plays to the ring)")
  k.event("プレイした", { card = c, player = p, to = "ring" })
end

-- 6.5.1.5: the move is a play; the ring is refilled at once (by rule: it sparks).
function M.ring_to_bench(p, a)
  local name = k.name(a.card)
  local c = k.move(a.card, p, "bench", a.slot)
  k.log("6.5.1.5", P(p), "は", name, "をリングからベンチ", a.slot, "に移動 (moves the ring card to the bench)")
  refill(p, "6.5.1.5")
  k.event("プレイした", { card = c, player = p, to = "bench" })
end

-- 6.6.1.3 / 7.1.1.1.1: activated abilities of p's cards on the field, valid in their 〔zone〕,
-- within their use limit, whose [cost] can be paid.
function M.activated_options(p)
  local out = {}
  if not activation_timing(p, "ability") then return out end
  for _, c in ipairs(k.ability_cards(field(p), { kind = "activated" })) do
    for _, name in ipairs(k.abilities(c, { kind = "activated" })) do
      local info = k.ability(c, name)
      local left = not info.per_turn or k.uses(c, name) < info.per_turn
      -- 7.11.4: a technique that cannot be used (a prohibition, or its own "only usable when"
      -- condition, its `if:`) is not offered
      local barred = k.prohibited("activate", { card = c, ability = name }) ~= nil or not k.check(c, name)
      local has_cost = contains(k.abilities(c, { hook = "cost" }), name)
      if left and not barred and (not has_cost or k.run_ability(c, name, "cost", { check = 1 })) then
        out[#out + 1] = { label = k.name(c) .. "「" .. name .. "」", card = c, ability = name }
      end
    end
  end
  return out
end

-- 7.4.1.3.1: every [cost] at once; false undoes the use.
function M.pay_ability(p, a)
  local info = k.ability(a.card, a.ability)
  if info.per_turn then k.use_ability(a.card, a.ability) end
  if contains(k.abilities(a.card, { hook = "cost" }), a.ability) then
    return k.run_ability(a.card, a.ability, "cost", { check = 0 }) ~= false
  end
  return true
end

-- 7.1.1.1.2: the used ability goes into the resolution zone; a new cycle follows. Its cost may
-- have moved its card ([このカードを控え室に置く]): the ability waits all the same, knowing the
-- card as it last was (3.8.5, `from`), and resolves as that card (7.5.10).
function M.activate_ability(p, a)
  local here = k.exists(a.card)
  local name = here and k.name(a.card) or k.lki(a.card).name
  k.push({ kind = "ability", name = a.ability, source = here and a.card or nil, controller = p, values = { card = name, from = a.card } })
  k.log("7.1.1.1.2", P(p), "は", name, "「", a.ability, "」を起動し解決領域に置く (activates; it waits in the resolution zone)")
end

-- 7.1.1.2.4: an effect uses an auto ability of card c: it is put into the resolution zone like a
-- triggered one, with p as its master, and a processing cycle follows; it can be cancelled as an
-- auto ability there and resolves as one.
function M.use_auto(p, c, ability)
  if not k.exists(c) then return nil end
  local id = k.push({ kind = "trigger", name = ability, source = c, controller = p, values = { ability = ability, by_effect = 1, card = k.name(c) } })
  k.log("7.1.1.2.4", P(p), "は", k.name(c), "の「", ability, "」を使い解決領域に置く (an effect uses an auto ability: it waits in the resolution zone)")
  return id
end

-- 3.8.6 / 7.11.5: an ability is checked when it is chosen for resolution. While its card is where
-- it was, its conditions (its `if:`, which also holds an "only usable when" clause) must still
-- hold and no prohibition may bar it; otherwise it leaves the zone unresolved (and is not used,
-- 7.11.1). A card that has moved is not checked: its ability still resolves (7.5.10).
local function still_usable(item, src)
  if not (src and k.exists(src)) then return true end
  if item.kind == "trigger" then
    if item.values and item.values.by_effect then return true end
    local name = item.values and item.values.ability or item.name
    -- A delayed trigger (7.5.8) is checked too: its time has come, but a condition on its
    -- card's information may no longer hold (3.8.6).
    return k.check(src, name, item.values and item.values.event or {})
  end
  return k.check(src, item.name) and k.prohibited("activate", { card = src, ability = item.name }) == nil
end

-- 3.8.7 / 11.1.1: a cancel removes what it chose, unresolved (revival, 3.8.8, is the kernel's: an
-- item whose chooser leaves unresolved is free again). 7.11.2: a resolved ability was used.
function M.resolve_item(item)
  local src = item.source
  if item.kind == "cancel" then
    -- 4.7.1.1 / 4.7.1.3: cancels resolve in the cancel use timing, the turn player's first (the
    -- kernel's `first: [cancel]`), each player resolving their own
    k.log(item.controller == k.turn_player() and "4.7.1.1" or "4.7.1.3", P(item.controller),
      "のキャンセル使用タイミング: 「", item.name, "」を解決 (resolves a cancel in the cancel use timing)")
    local gone = k.remove_item(item.chooses[1])
    if gone then
      k.log("3.8.7", "「", item.name, "」が「", gone.name, "」を解決領域から消す (the cancelled ability vanishes)")
      if gone.kind == "cancel" then
        -- 3.8.8: a cancelled cancel's choice is gone: what it had chosen revives.
        for _, id in ipairs(gone.chooses or {}) do
          local revived = k.item(id)
          if revived and #(revived.chosen_by or {}) == 0 then
            k.log("3.8.8", "「", revived.name, "」が復活する (the ability it had chosen revives)")
          end
        end
        if gone.source and k.exists(gone.source) and k.zone_of(gone.source) == "resolution" then
          k.move(gone.source, k.owner(gone.source), "waiting")
        end
      end
    else
      k.log("3.8.7", "「", item.name, "」の選んだ能力はもう無い (its target is gone: nothing happens)")
    end
    local card = src and k.exists(src) and src or nil
    if src and k.exists(src) and k.zone_of(src) == "resolution" then
      card = k.move(src, k.owner(src), "waiting")                                    -- 7.4.2
    end
    -- 7.11.1 / 7.11.2: a resolved cancel is a used technique
    k.event("技を使った", { card = card, ability = item.name, player = item.controller, kind = item.kind })
    return
  end
  if not still_usable(item, src) then
    k.log("7.11.5", "「", item.name, "」はもう使えない: 解決せずに解決領域から取り除く (it can no longer be used: removed unresolved, not used)")
    return
  end
  local by_effect = item.kind == "trigger" and item.values and item.values.by_effect
  if item.kind == "trigger" and not by_effect then
    k.resolve_trigger(item)
  elseif src and k.exists(src) then
    k.run_ability(src, item.name, "effect", by_effect and {} or nil)
  else
    -- 7.5.10: its card has moved: it resolves as the card last was; what it would do to that
    -- card itself fails (the effect finds it gone). So does an auto ability an effect used (7.1.1.2.4).
    k.log("7.5.10", "「", item.name, "」のカードは領域を移動した: 最後の情報で解決する (its card has moved: it resolves as the card last was)")
    local from = src or (item.values and item.values.from)
    if from then k.run_ability(from, item.name, "effect", by_effect and {} or nil) end
  end
  k.event("技を使った", { card = src, ability = item.name, player = item.controller, kind = item.kind })
end

return M
