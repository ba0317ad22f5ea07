-- 応酬 (Riposte): the rules behind game.yaml. X1 setup; X2 draw; X3 priority: cast or pass;
-- X4 the chain resolves last in, first out; X5 a player at 0 life loses (both: the non-turn
-- player wins, X5.1); X6 effects until the end of the turn's window.
local M = {}

function M.setup()
  for p = 1, 2 do
    k.set_pvar(p, "life", 10)
    k.shuffle(p, "deck")
    k.draw(p, 3)
  end
  k.set_turn_player(1)
  k.log("X1", "P1が先手 (P1 starts)")
end

function M.draw_one()
  k.draw(k.turn_player(), 1)
end

-- X3.1: any spell while holding priority; a counterspell only against the chain's last item.
function M.cast_options(p)
  local out = {}
  local chain = k.chain()
  local last = chain[#chain]
  for _, c in ipairs(k.cards(p, "hand")) do
    if (k.field(c, "counter") or 0) > 0 then
      if last then
        out[#out + 1] = { label = k.name(c) .. " → 「" .. last.name .. "」", card = c, target = last.id }
      end
    elseif (k.field(c, "ward") or 0) == 0 then
      out[#out + 1] = { label = k.name(c), card = c }
    end
  end
  return out
end

-- X3.5: a spell with a cost (代償) N is cast by discarding N other cards from hand, all or
-- nothing: a cast whose cost cannot be paid is undone.
function M.pay_cost(p, a)
  for _ = 1, k.field(a.card, "cost") or 0 do
    local others = {}
    for _, c in ipairs(k.cards(p, "hand")) do
      if c ~= a.card then others[#others + 1] = c end
    end
    if #others == 0 then return false end
    local c = k.choose_cards(p, others, { prompt = "代償として捨てる (discard for the cost)", clause = "X3.5" })
    k.move(c, p, "discard")
  end
  return true
end

function M.cast(p, a)
  local c = k.move(a.card, p, "casting")
  k.push({ kind = "spell", source = c, controller = p, targets = { a.target } })
  k.event("唱えた", { card = c, player = p })
end

-- X3.4: the turn player puts a ward card onto their shield (keeps priority), only with no chain.
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
  k.log("X3.4", "P", p, "は", k.name(a.card), "を盾に構える (raises a shield)")
end

-- X4.1: a counterspell negates its target if it is still waiting (else it does nothing);
-- another spell deals its damage to the caster's opponent, less the opponent's wards.
function M.resolve_item(item)
  -- A trigger the chain held (triggers.onto_chain) resolves as the kernel would.
  if item.kind == "trigger" then
    k.resolve_trigger(item)
    return
  end
  local c = item.source
  local target = item.targets[1]
  if target then
    if k.item(target) and k.negate(target) then
      k.log("X4.1", "「", item.name, "」が打ち消す (negates)")
    else
      k.log("X4.1", "「", item.name, "」の対象はもう無い (its target is gone: no effect)")
    end
  else
    local opp = k.opponent(item.controller)
    local dmg = k.field(c, "damage")
    for _, w in ipairs(k.cards(opp, "shield")) do dmg = dmg - (k.field(w, "ward") or 0) end
    if dmg < 0 then dmg = 0 end
    k.set_pvar(opp, "life", k.pvar(opp, "life") - dmg)
    k.log("X4.1", "P", opp, "に", dmg, "点 (damage), 残り", k.pvar(opp, "life"))
  end
  k.move(c, k.owner(c), "discard")
end

-- X4.2: a negated spell goes to its owner's discard.
function M.negated_item(item)
  k.move(item.source, k.owner(item.source), "discard")
end

-- X5: a player at 0 life, or who could not draw, loses.
function M.rp_life()
  local acted = false
  for p = 1, 2 do
    if k.pvar(p, "life") <= 0 then
      k.lose(p, "X5", "体力が0 (no life left)")
      acted = true
    end
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "X5", "山札切れ (could not draw)")
      acted = true
    end
  end
  return acted
end

return M
