-- 「汎用TCG」: Main-phase actions (600): charge, put a unit, retreat.
local M = ...
local P, main_unit, is_ko, live_units, standby_units, free_standby_slot, hand_units, where = M._.P, M._.main_unit, M._.is_ko, M._.live_units, M._.standby_units, M._.free_standby_slot, M._.hand_units, M._.where
local discard_together = M._.discard_together

-- Main-phase actions (600) -----------------------------------------------------------------

-- 602: once per turn, attach one hand card as energy to one of your units, then draw 1.
function M.charge_options(p)
  local out = {}
  if k.pvar(p, "charged") ~= 0 then return out end           -- 602.2
  local units = live_units(p)
  local hand = k.cards(p, "hand")
  local unit_names = {}
  for i, u in ipairs(units) do unit_names[i] = k.name(u) end
  for _, c in ipairs(hand) do
    local name = k.name(c)
    for i, u in ipairs(units) do
      out[#out + 1] = { label = name .. " → " .. unit_names[i], card = c, unit = u }
    end
  end
  -- Setting charge_with_empty_hand (§12.32): by 104.2, the draw is still done.
  if #hand == 0 and #units > 0 and k.setting("charge_with_empty_hand") ~= 0 then
    out[#out + 1] = { label = "手札なし: 1枚引くだけ (empty hand: draw only, 104.2)" }
  end
  return out
end

function M.charge_action(p, a)
  k.set_pvar(p, "charged", 1)
  if a.card then
    k.attach(a.card, a.unit, "energy")                       -- 905.2: face down, private
    k.log("602.1", P(p), "は", k.name(a.unit), "にエネルギーをつける (charges ", k.name(a.unit), ")")
  else
    k.log("104.2", P(p), "は手札が無いのでエネルギーをつけられない (nothing to attach)")
  end
  if k.draw(p, 1) == 1 then
    k.log("602.1", P(p), "は1枚引く (draws 1)")
  end
end

-- 603: put a unit card from hand into a free standby area; repeatable while there is room.
function M.put_unit_options(p)
  local out = {}
  local slot = free_standby_slot(p)
  if not slot then return out end
  for _, c in ipairs(hand_units(p)) do
    out[#out + 1] = { label = k.name(c) .. " → スタンバイ・エリア" .. slot, card = c, slot = slot }
  end
  return out
end

function M.put_unit(p, a)
  local u = k.move(a.card, p, "standby", a.slot)
  k.log("603.1", P(p), "は", k.name(u), "をスタンバイ・エリア", a.slot, "に出す (puts into standby ", a.slot, ")")
  k.event("ユニットを出した", { card = u, player = p })
end

-- 605 / 915: once per turn, discard energy equal to the retreat cost and swap the
-- non-stunned main unit with a non-KO'd standby unit.
function M.retreat_options(p)
  local out = {}
  if k.pvar(p, "retreated") ~= 0 then return out end         -- 605.2
  local m = main_unit(p)
  if not m or is_ko(m) or k.orientation(m) == "stun" then return out end   -- 915.1a
  if #k.attachments(m, "energy") < k.field(m, "retreat_cost") then return out end   -- 605.3
  for _, s in ipairs(standby_units(p)) do                    -- 605.3: needs a non-KO'd standby unit
    out[#out + 1] = { label = k.name(m) .. " ⇄ " .. k.name(s) .. " (" .. where(s) .. ")", to = s }
  end
  return out
end

function M.retreat(p, a)
  local m = main_unit(p)
  local cost = k.field(m, "retreat_cost")
  local energy = k.attachments(m, "energy")
  local pay = {}
  if cost > 0 then
    if #energy == cost then
      pay = energy
    elseif cost == 1 then
      pay = { k.choose_cards(p, energy, { prompt = "捨てるエネルギー (energy to discard)", clause = "915.1b" }) }
    else
      pay = k.choose_cards(p, energy, { prompt = "捨てるエネルギー (energy to discard)", clause = "915.1b", min = cost, max = cost })
    end
  end
  discard_together(pay)                                      -- 309.3: in the order the owner chooses
  k.log("915.1b", k.name(m), "のエネルギーを", #pay, "枚捨てる (discards ", #pay, " energy for retreat cost ", cost, ")")
  local to = where(a.to)
  k.swap(m, a.to)                                            -- 915.1c, 914.1
  if k.end_effects(m) > 0 then                               -- 302.3b
    k.log("302.3b", k.name(m), "に適用されていた持続効果が終了 (effects on it end)")
  end
  k.log("915.1c", k.name(m), "と", k.name(a.to), "を入れ替える (swap: ", k.name(a.to), " is now the main unit)")
  if k.set_orientation(m, "normal") then                     -- 302.3a-1: main → standby recovers
    k.log("302.3a-1", k.name(m), "は", to, "に移動して復帰 (recovers)")
  end
  k.set_pvar(p, "retreated", 1)
end

return M
