-- 炎炎ノ消防隊 TCG: the setup before the game (404.1a–404.1h).
local M = ...
local P = M._.P

-- The flame cards of p's flame deck as choices: one per card, the owner chooses (305.2, A8); when
-- every candidate is the same card there is nothing to choose.
local function pick_flame(p, clause)
  local cands = k.cards(p, "flame_deck")
  if #cands == 0 then return nil end
  local first = k.card_id(cands[1])
  for _, c in ipairs(cands) do
    if k.card_id(c) ~= first then
      return k.choose_cards(p, cands, { prompt = "現場に出す炎カード (flame card to put onto the field)", clause = clause })
    end
  end
  return cands[#cands]
end
M._.pick_flame = pick_flame

-- 502.5 / 404.1g: p puts one flame card from the flame deck onto the field, standing; an empty
-- flame deck puts nothing (104.2).
local function flame_out(p, clause)
  local f = pick_flame(p, clause)
  if not f then
    k.log("104.2", P(p), "の炎デッキは0枚: 何もしない (the flame deck is empty: nothing happens)")
    return nil
  end
  local c = k.move(f, p, "field")
  k.set_orientation(c, "standing")
  k.log(clause, P(p), "は炎デッキから", k.name(c), "を待機で現場に出す (puts a flame card onto the field, standing)")
  return c
end
M._.flame_out = flame_out

local YES = { label = "はい (yes)", value = true }
local NO = { label = "いいえ (no)", value = false }

function M.setup()
  for p = 1, 2 do
    -- 404.1a: the flame deck goes to its zone (public, 305.2; A8).
    k.log("404.1a", P(p), "は炎デッキ", k.count(p, "flame_deck"), "枚を炎デッキ置き場に置く (puts the flame deck in its zone)")
  end
  -- 404.1b: each shuffles their own deck; then each may shuffle the opponent's.
  for p = 1, 2 do
    k.shuffle(p, "deck")
    k.log("404.1b", P(p), "は自分のデッキをシャッフルする (shuffles their deck)")
  end
  for p = 1, 2 do
    local q = k.opponent(p)
    local yes = k.choose(p, { YES, NO }, { prompt = "相手のデッキをシャッフルするか (shuffle the opponent's deck?)", clause = "404.1b" })
    if yes then
      k.shuffle(q, "deck")
      k.log("404.1b", P(p), "は", P(q), "のデッキをシャッフルする (shuffles the opponent's deck)")
    end
  end
  -- 404.1c: the top 5 cards to hand.
  for p = 1, 2 do
    k.draw(p, 5)
    k.log("404.1c", P(p), "はデッキの上から5枚を手札に移動 (takes the top 5 cards into hand)")
  end
  -- 404.1d: each may redraw once; both decide before either redraws (A20).
  local redraw = {}
  for p = 1, 2 do
    redraw[p] = k.choose(p, { YES, NO }, { prompt = "手札を引き直すか (redraw the hand?)", clause = "404.1d" })
  end
  for p = 1, 2 do
    if redraw[p] then
      for _, c in ipairs(k.cards(p, "hand")) do k.move(c, p, "deck") end
      k.shuffle(p, "deck")
      k.draw(p, 5)
      k.log("404.1d", P(p), "は手札を引き直す: デッキに戻してシャッフルし5枚 (redraws)")
    else
      k.log("404.1d", P(p), "は引き直さない (keeps the hand)")
    end
  end
  -- 404.1e: 5 cards from the top of the deck into life, one at a time (the first ends at the bottom).
  for p = 1, 2 do
    for _ = 1, 5 do
      local deck = k.cards(p, "deck")
      local top = deck[#deck]
      if top then k.move(top, p, "life", nil, "top") end
    end
    k.log("404.1e", P(p), "はデッキの上から1枚ずつ", k.count(p, "life"), "枚をライフに置く (puts 5 cards into life one by one)")
  end
  -- 404.1f: janken; the winner goes first.
  local first = k.janken(1, 2, "404.1f")
  k.log("404.1f", P(first), "がじゃんけんに勝ち先攻 (wins janken and goes first)")
  -- 404.1g: the second player puts one flame card onto the field, standing.
  flame_out(k.opponent(first), "404.1g")
  -- 404.1h: the game starts with the first player as the turn player.
  k.set_turn_player(first)
  k.log("404.1h", P(first), "をターンプレイヤーとしてゲームを開始 (the game starts)")
end

return M
