-- 東方VISION: setup (1.2.7) and the defined effects of turn start, the phases and turn end (4.3–4.9).
local M = ...
local P, characters = M._.P, M._.characters

-- 1.2.7: shuffle (a), a fair choice of the starting player (b), draw to 7 (c); LP are 25 (d,
-- the variable's initial value).
function M.setup()
  for p = 1, 2 do
    k.shuffle(p, "deck")
    k.log("1.2.7.a", P(p), "はデッキをシャッフルする (shuffles)")
  end
  local first = k.random(2)
  k.set_turn_player(first)
  k.log("1.2.7.b", P(first), "が開始プレイヤー (starts)")
  for p = 1, 2 do
    k.draw(p, 7)
    k.log("1.2.7.c", P(p), "は7枚引く (draws 7)")
  end
  k.log("1.2.7.d", "ライフポイント25 (life points 25 each)")
end

-- 4.3.1.a / 4.9.1.a: the damage accumulated on every character is reset.
local function reset_damage(clause)
  M._.each_card(function(p) return k.cards(p, "field") end, function(c)
    if M._.reset_damage(c) then k.log(clause, k.name(c), "のダメージをリセット (damage reset)") end
  end)
end

function M.turn_start() reset_damage("4.3.1.a") end
function M.turn_end() reset_damage("4.9.1.a") end

-- 4.4.1.a: every card on the turn player's field becomes active (the node area is not the
-- field, 3.1.1: sleeping nodes stay asleep). Set cards follow their host (11.3.11.c).
function M.active_phase()
  local tp = k.turn_player()
  local woke = 0
  for _, c in ipairs(k.cards(tp, "field")) do
    if M._.set_state(c, "active") then woke = woke + 1 end
  end
  if woke > 0 then k.log("4.4.1.a", P(tp), "の場のカード", woke, "枚をアクティブにする (made active)") end
end

-- 4.5.1.a: upkeep (維持コスト, 10.27) of the turn player's field cards: pay or discard.
function M.maintenance_phase()
  local tp = k.turn_player()
  for _, c in ipairs(k.cards(tp, "field")) do
    local x = M._.upkeep(c)
    if x then
      local paid = false
      if M._.can_pay(tp, x) then
        paid = k.choose(tp, {
          { label = "する: " .. k.name(c) .. "の維持コスト" .. x .. "を支払う (pay upkeep)", value = true },
          { label = "しない: 支払わずに破棄 (do not pay: discard it)", value = false },
        }, { prompt = "維持コスト (upkeep)", clause = "10.27" })
      end
      if paid then
        M._.pay_nodes(tp, x, "維持コスト")
      else
        M._.discard(c, "維持コスト")
      end
    end
  end
end

-- 4.6.1.a: the turn player draws 1, except the starting player on their first turn (1.2.8).
function M.draw_phase()
  local tp = k.turn_player()
  if k.turn() == 1 then
    k.log("1.2.8", "開始プレイヤーの最初のターンはドローしない (no draw on the first turn)")
    return
  end
  k.draw(tp, 1)
  k.log("4.6.1.a", P(tp), "は1枚引く (draws 1)")
end

-- 4.8.1.a, 3.6.4: the turn player discards down to the hand limit of 7.
function M.discard_phase()
  local tp = k.turn_player()
  local hand = k.cards(tp, "hand")
  local over = #hand - 7
  if over <= 0 then return end
  local chosen = k.choose_cards(tp, hand, { prompt = "手札上限: " .. over .. "枚捨てる (discard to 7)", clause = "4.8.1.a", min = over, max = over })
  if type(chosen) ~= "table" then chosen = { chosen } end
  for _, c in ipairs(chosen) do M._.to_underworld(c, tp) end
  k.log("4.8.1.a", P(tp), "は手札を", over, "枚捨てる (discards to the hand limit)")
end
return M
