-- ヴィクトリースパーク: the phases without plays (6.2 stand, 6.3 draw, 6.4 energy, 6.8 end).
local M = ...
local P, contains, as_list = M._.P, M._.contains, M._.as_list

-- 6.2.1.3: the turn player's rested cards stand and reversed cards rest (舞台: their bench and
-- energy, docs/rules/victory-spark.md).
function M.stand_all()
  local tp = k.turn_player()
  local stood, rested = 0, 0
  for _, zone in ipairs({ "bench", "energy" }) do
    local slots = zone == "bench" and 3 or 1
    for s = 1, slots do
      local cs = zone == "bench" and k.cards(tp, zone, s) or k.cards(tp, zone)
      for _, c in ipairs(cs) do
        local o = k.orientation(c)
        if o == "rest" then
          k.set_orientation(c, "stand")
          stood = stood + 1
        elseif o == "reverse" then
          k.set_orientation(c, "rest")
          rested = rested + 1
        end
      end
    end
  end
  k.log("6.2.1.3", P(tp), "は", stood, "枚をスタンド、", rested, "枚をリバースからレストにする (stands ", stood, ", reversed to rest ", rested, ")")
end

-- 6.3.1.2: the turn player draws 1 (from an empty deck nothing: 1.3.2; 8.2.3 decides).
function M.draw_one()
  local tp = k.turn_player()
  if k.draw(tp, 1) == 1 then
    k.log("6.3.1.2", P(tp), "は1枚引く (draws 1)")
  else
    k.log("1.3.2", P(tp), "の山札は0枚: 引けない (the deck is empty)")
  end
end

-- 6.4.1.2: the turn player may put one hand card face down as energy.
function M.charge_energy()
  local tp = k.turn_player()
  local hand = k.cards(tp, "hand")
  if #hand == 0 then return end
  local c = k.choose_cards(tp, hand, { prompt = "エネルギーにするカード (a card to charge as energy; none to skip)", clause = "6.4.1.2", min = 0, max = 1 })
  c = as_list(c)[1]
  if c then
    M.charge(tp, c, "6.4.1.2")
  else
    k.log("6.4.1.2", P(tp), "はエネルギーを置かない (charges nothing)")
  end
end

-- 6.8.1.1: "at the start of the end phase" and "at the end of the turn" happen in every pass of
-- the end phase, but trigger only abilities whose condition has not been met this turn: both
-- events are `once_per_turn` (game.yaml), so an ability of a card object triggers on each at most
-- once a turn, and a card that became a new object may trigger again.
function M.end_triggers()
  local pass = k.gvar("end_pass")
  k.set_gvar("end_pass", pass + 1)
  if pass > 0 then
    k.log("6.8.1.1", "エンドフェイズを最初から (the end phase again): このターンまだ誘発条件を満たしていない自動能力だけが誘発する (only autos not yet met this turn trigger)")
  end
  k.event("エンドフェイズの始めに", { turn_player = k.turn_player() })
  k.event("ターンの終わりに", { turn_player = k.turn_player() })
end

-- 6.8.1.2: the turn player discards down to 5.
function M.discard_to_five()
  local tp = k.turn_player()
  local hand = k.cards(tp, "hand")
  local over = #hand - 5
  if over <= 0 then return end
  local picks = as_list(k.choose_cards(tp, hand, { prompt = "控え室に置くカード (discard down to 5)", clause = "6.8.1.2", min = over, max = over }))
  for _, c in ipairs(picks) do k.move(c, tp, "waiting") end
  k.log("6.8.1.2", P(tp), "は手札", over, "枚を控え室に置く (discards ", over, " down to 5)")
end

-- 6.8.1.3: after the cycle, "this turn" effects end (the program's expire) and every card's
-- accumulated damage becomes 0.
function M.clear_damage()
  local n = 0
  for p = 1, 2 do
    for _, c in ipairs(M._.field(p)) do
      if k.counter(c, "damage") > 0 then
        k.clear_counters(c)
        n = n + 1
      end
    end
  end
  k.log("6.8.1.3", "蓄積されたダメージをゼロにする (accumulated damage cleared on ", n, " cards)")
end

-- 6.8.1.5: the turn ends when the hand is at most 5 and no auto with an end-of-turn condition
-- is still unmet this turn (one that would trigger if the end phase started again: a card that
-- arrived during it); the check timing before each grant has run every rule process.
function M.end_phase_settled()
  local tp = k.turn_player()
  local data = { turn_player = tp }
  return k.count(tp, "hand") <= 5
    and k.would_trigger("エンドフェイズの始めに", data) == 0
    and k.would_trigger("ターンの終わりに", data) == 0
end

function M.next_turn()
  local tp = k.turn_player()
  k.log("6.8.1.5", P(k.opponent(tp)), "がターンプレイヤーとなり次のターンへ (the opponent's turn begins)")
end

return M
