-- ヴィクトリースパーク: before the game (5.2). Each player chooses a ring card from their deck in
-- secret (face down), both are turned face up together (5.2.2); decks are shuffled (5.2.3); the
-- first player is chosen at random with no one's will (5.2.4, 5.2.4.1); each draws 5 (5.2.5).
local M = ...
local P = M._.P

function M.setup()
  -- 5.2.2: each chooses in turn, but face down: neither sees the other's choice.
  local chosen = {}
  for p = 1, 2 do
    -- the player looks through their own deck to choose (3.2.2 hides it only once it is the 山札)
    for _, d in ipairs(k.cards(p, "deck")) do k.show(d, p) end
    local c = k.choose_cards(p, k.cards(p, "deck"), { prompt = "リングに置くカード (the card for your ring)", clause = "5.2.2" })
    local r = k.move(c, p, "ring", nil, nil, { cause = "setup" })   -- not by rule: no spark (11.2)
    k.set_face(r, false, "owner")
    chosen[p] = r
    k.log("5.2.2", P(p), "はリングのカードを選び裏向きに置く (chooses a ring card, face down)")
  end
  for p = 1, 2 do
    k.set_face(chosen[p], true)
    k.log("5.2.2", P(p), "のリングのカード", k.name(chosen[p]), "を表にする (turned face up together)")
  end
  -- 5.2.3: each shuffles their own deck (a shuffle of the opponent's deck changes nothing more).
  for p = 1, 2 do
    k.shuffle(p, "deck")
    k.log("5.2.3", P(p), "はデッキをシャッフルし山札に置く (shuffles the deck)")
  end
  -- 5.2.4 / 5.2.4.1: at random, nobody chooses.
  local first = k.random(2)
  k.set_turn_player(first)
  k.log("5.2.4.1", P(first), "が先攻 (chosen at random: first player)")
  -- 5.2.5
  for p = 1, 2 do
    k.draw(p, 5)
    k.log("5.2.5", P(p), "は5枚引き最初の手札とする (draws the opening hand of 5)")
  end
  k.log("5.2.6", P(first), "をターンプレイヤーとしてゲームを開始 (the game begins)")
end

return M
