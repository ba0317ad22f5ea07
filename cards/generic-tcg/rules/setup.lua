-- 「汎用TCG」: Setup (403) and the draw phase (502).
local M = ...
local P, main_unit, hand_units = M._.P, M._.main_unit, M._.hand_units

-- Setup (403) ------------------------------------------------------------------------------

function M.setup()
  local redraws = { 0, 0 }
  for p = 1, 2 do
    while true do
      k.shuffle(p, "deck")                                    -- 403.1
      k.draw(p, 5)                                            -- 403.2
      k.log("403.2", P(p), "はデッキをシャッフルし、5枚引く (shuffles and draws 5)")
      if #hand_units(p) > 0 then break end
      -- 403.3a: no unit in hand: reveal it, return it to the deck, start again from 403.1.
      local names = {}
      for _, c in ipairs(k.cards(p, "hand")) do
        names[#names + 1] = k.name(c)
        k.move(c, p, "deck")
      end
      redraws[p] = redraws[p] + 1
      k.set_pvar(p, "redraws", redraws[p])
      k.log("403.3a", P(p), "は手札にユニットが無いので引き直す (redraws; reveals ", table.concat(names, "、"), ")")
    end
  end
  -- 403.3: each player puts one unit from hand face down into the main area.
  for p = 1, 2 do
    local c = k.choose_cards(p, hand_units(p), { prompt = "メイン・エリアに裏向きで置くユニット (main unit, face down)", clause = "403.3" })
    local m = k.move(c, p, "main")
    k.set_face(m, false, "owner")
    k.log("403.3", P(p), "はユニットを1枚裏向きでメイン・エリアに置く (puts a unit face down)")
  end
  -- 403.3b: the player who redrew fewer times draws the difference.
  if redraws[1] ~= redraws[2] then
    local fewer = redraws[1] < redraws[2] and 1 or 2
    local diff = math.abs(redraws[1] - redraws[2])
    k.draw(fewer, diff)
    k.log("403.3b", P(fewer), "は引き直し回数の差", diff, "枚を引く (draws the redraw difference)")
  end
  -- 403.4: a random method picks the first player.
  local first = k.random(2)
  k.set_turn_player(first)
  k.log("403.4", P(first), "が先攻 (goes first)")
  -- 403.5: main units are turned face up.
  for p = 1, 2 do
    local m = main_unit(p)
    k.set_face(m, true)
    k.log("403.5", P(p), "のメイン・ユニット: ", k.name(m))
  end
end

-- Draw phase (502) -------------------------------------------------------------------------

function M.draw_phase()
  local tp = k.turn_player()
  if k.draw(tp, 1) == 1 then
    k.log("502.1", P(tp), "は1枚引く (draws 1)")
  end
end

return M
