-- 数取り: draw one, then put a card on the board for its points or pass.
-- R5.1: a player who could not draw loses. R5.2: a player whose opponent has 10+ points loses.
local M = {}

function M.setup()
  for p = 1, 2 do
    k.shuffle(p, "library")
    k.draw(p, 2)
  end
  k.set_turn_player(1)
  k.log("R1", "P1が先手 (P1 starts)")
end

function M.draw_one()
  k.draw(k.turn_player(), 1)
end

function M.play_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    out[#out + 1] = { label = k.name(c), card = c }
  end
  return out
end

function M.play(p, a)
  local pts = k.field(a.card, "points")
  local c = k.move(a.card, p, "board")        -- a new object on the board (302.3-style identity)
  k.set_pvar(p, "score", k.pvar(p, "score") + pts)
  k.log("R4", "P", p, "は", k.name(c), "を出す: ", k.pvar(p, "score"), "点")
end

function M.rp_empty()
  local acted = false
  for p = 1, 2 do
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "R5.1", "山札切れ (out of cards)")
      acted = true
    end
  end
  return acted
end

function M.rp_ten()
  local acted = false
  for p = 1, 2 do
    if k.pvar(k.opponent(p), "score") >= 10 then
      k.lose(p, "R5.2", "相手が10点 (the opponent reached 10)")
      acted = true
    end
  end
  return acted
end

return M
