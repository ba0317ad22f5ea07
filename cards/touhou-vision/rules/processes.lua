-- 東方VISION: losses (1.5.3) and deathblow (9.2.2) as rule processes. The kernel runs them
-- before each grant of priority (1.5.3.a: LP are checked only then) and between the items of
-- an interference.
local M = ...
local P, characters, damage_on = M._.P, M._.characters, M._.damage_on

-- 1.5.3.a: a player with 0 or fewer LP loses when any player receives priority (not while
-- nobody holds it, 1.12.11).
function M.rp_life()
  if not k.priority() then return false end
  return M._.each_player(function(p)
    if k.pvar(p, "life") > 0 then return false end
    k.lose(p, "1.5.3.a", "ライフポイントが0以下 (life points 0 or less)")
    k.log("1.5.3.a", P(p), "はLP", k.pvar(p, "life"), "で敗北 (loses)")
    return true
  end)
end

-- 1.5.3.b, 1.11.7: a player who had to draw more cards than their deck held loses.
function M.rp_deck_out()
  return M._.each_player(function(p)
    if not k.failed_draw(p) then return false end
    k.clear_failed_draw(p)
    k.lose(p, "1.5.3.b", "デッキの枚数が足りずドローできない (could not draw)")
    k.log("1.5.3.b", P(p), "はドローできず敗北 (loses: deck out)")
    return true
  end)
end

-- 9.2.2.a–b: a character with damage ≥ DEF, or DEF 0 or less, enters deathblow (damage does
-- this at once, 1.10.12.f; this catches DEF lowered by an effect). All such characters enter it
-- together and resolve as one batch (9.1.5–9.1.6); acted only if one did enter.
function M.rp_deathblow()
  local list = {}
  M._.each_card(characters, function(c)
    local def = k.field(c, "def") or 0
    if (def <= 0 or damage_on(c) >= def) and not M._.removal_state(c) then
      list[#list + 1] = { card = c, kind = "deathblow" }
    end
  end)
  return #list > 0 and M._.remove(list) > 0
end
return M
