-- 炎炎ノ消防隊 TCG: the preparation phase (502) and the end of the turn (504). The main phase
-- (503) is a loop in game.yaml: a rule check (503.2), then one action (503.3, rules/use.lua).
local M = ...
local P, units, flame_out = M._.P, M._.units, M._.flame_out

-- 502.1: the turn player stands all their rested cards; flame cards attached to their units are
-- detached and put onto the field standing (A10: the turn player's units).
function M.stand_and_detach()
  local tp = k.turn_player()
  local stood = 0
  for _, c in ipairs(k.cards(tp, "field")) do
    if k.set_orientation(c, "standing") then stood = stood + 1 end
  end
  k.log("502.1", P(tp), "は行動済のカード", stood, "枚をすべて待機にする (stands ", stood, " rested cards)")
  for _, u in ipairs(units(tp)) do
    for _, f in ipairs(k.attachments(u, "set")) do
      local name = k.name(f)
      local c = k.move(f, tp, "field")
      if c then k.set_orientation(c, "standing") end
      k.log("502.1", name, "を", k.name(u), "から外して待機で現場に置く (detaches the flame card, standing)")
    end
  end
end

-- 502.4: the turn player draws 1 (no first-turn skip). From an empty deck nothing happens
-- (104.2); 1302.2 decides at 502.6.
function M.preparation_draw()
  local tp = k.turn_player()
  local got = k.draw(tp, 1)
  if got == 1 then
    k.log("502.4", P(tp), "はデッキを1枚引く (draws 1)")
  else
    k.log("502.4", P(tp), "のデッキは0枚: 引けない (the deck is empty)")
  end
end

-- 502.5: one flame card from the flame deck onto the field, standing (the owner chooses, A8).
function M.preparation_flame()
  flame_out(k.turn_player(), "502.5")
end

-- 606.1 / 503.4: the turn player ends the main phase; play goes on to the end phase.
function M.end_main(p)
  k.log("606.1", P(p), "はメインフェイズを終了し終了フェイズ(504)へ移行 (ends the main phase)")
end

-- 504.3: the rule check of 504.2 did something (rule processes or triggers): back to 504.2.
function M.back_to_504_2()
  k.log("504.3", "実行すべきルール処理や発生した誘発条件があった: 504.2に戻る (something happened: back to 504.2)")
end

-- 504.5: the non-turn player becomes the turn player and a new turn starts.
function M.next_turn()
  local tp = k.turn_player()
  k.log("504.5", P(k.opponent(tp)), "がターンプレイヤーとなり新たなターンを開始 (the other player's turn begins)")
end

return M
