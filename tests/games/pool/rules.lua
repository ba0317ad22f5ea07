-- 溜まり (Pool): the rules behind game.yaml. Y1 setup; Y2 draw; Y3 priority: cast or pass;
-- Y4 the pool resolves: cancels first, then the turn player's spells in the order they choose,
-- then the other's (the kernel's `order: by_controller`); Y5 a player at 0 life loses.
local M = {}

function M.setup()
  for p = 1, 2 do
    k.set_pvar(p, "life", 10)
    k.shuffle(p, "deck")
    k.draw(p, 3)
  end
  k.set_turn_player(1)
  k.log("Y1", "P1が先手 (P1 starts)")
end

function M.draw_one()
  k.draw(k.turn_player(), 1)
end

-- Y3.1: any spell while holding priority; a cancel (打消) chooses any spell waiting in the pool.
function M.cast_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    if (k.field(c, "counter") or 0) > 0 then
      for _, it in ipairs(k.chain()) do
        out[#out + 1] = { label = k.name(c) .. " → 「" .. it.name .. "」#" .. it.id, card = c, target = it.id }
      end
    elseif (k.field(c, "ward") or 0) == 0 then
      out[#out + 1] = { label = k.name(c), card = c }
    end
  end
  return out
end

-- Y3.5: a spell with a cost (代償) N is cast by discarding N other cards from hand, all or
-- nothing: a cast whose cost cannot be paid is undone.
function M.pay_cost(p, a)
  for _ = 1, k.field(a.card, "cost") or 0 do
    local others = {}
    for _, c in ipairs(k.cards(p, "hand")) do
      if c ~= a.card then others[#others + 1] = c end
    end
    if #others == 0 then return false end
    local c = k.choose_cards(p, others, { prompt = "代償として捨てる (discard for the cost)", clause = "Y3.5" })
    k.move(c, p, "discard")
  end
  return true
end

function M.cast(p, a)
  local c = k.move(a.card, p, "casting")
  if a.target then
    k.push({ kind = "cancel", source = c, controller = p, chooses = { a.target } })
  else
    k.push({ kind = "spell", source = c, controller = p })
  end
  k.event("唱えた", { card = c, player = p })
end

-- Y3.4: the turn player puts a ward card onto their shield (keeps priority), only with no chain.
function M.shield_options(p)
  local out = {}
  if #k.chain() > 0 then return out end
  for _, c in ipairs(k.cards(p, "hand")) do
    if (k.field(c, "ward") or 0) > 0 then out[#out + 1] = { label = k.name(c), card = c } end
  end
  return out
end

function M.raise_shield(p, a)
  k.move(a.card, p, "shield")
  k.log("Y3.4", "P", p, "は", k.name(a.card), "を盾に構える (raises a shield)")
end

-- Y4.1: a cancel removes the spell it chose, unresolved, to its owner's discard (Victory Spark
-- 3.8.7); another spell deals its damage to the caster's opponent, less the opponent's wards.
function M.resolve_item(item)
  if item.kind == "trigger" then
    k.resolve_trigger(item)
    return
  end
  local c = item.source
  if item.kind == "cancel" then
    local gone = k.remove_item(item.chooses[1])
    if gone then
      k.log("Y4.1", "「", item.name, "」が「", gone.name, "」を取り除く (removes it)")
      k.move(gone.source, k.owner(gone.source), "discard")
    end
  else
    local opp = k.opponent(item.controller)
    local dmg = k.field(c, "damage")
    for _, w in ipairs(k.cards(opp, "shield")) do dmg = dmg - (k.field(w, "ward") or 0) end
    if dmg < 0 then dmg = 0 end
    k.set_pvar(opp, "life", k.pvar(opp, "life") - dmg)
    k.log("Y4.1", "P", opp, "に", dmg, "点 (damage), 残り", k.pvar(opp, "life"))
  end
  k.move(c, k.owner(c), "discard")
end

-- Y5: a player at 0 life, or who could not draw, loses.
function M.rp_life()
  local acted = false
  for p = 1, 2 do
    if k.pvar(p, "life") <= 0 then
      k.lose(p, "Y5", "体力が0 (no life left)")
      acted = true
    end
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "Y5", "山札切れ (could not draw)")
      acted = true
    end
  end
  return acted
end

return M
