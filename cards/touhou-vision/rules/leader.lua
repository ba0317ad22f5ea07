-- 東方VISION: 10.34: リーダー (leader) and its 人気 (popularity): the top card of the deck set
-- on the leader when it is played onto the field (10.34.2.b) or when an opponent takes damage
-- during your turn (10.34.2.c, once a turn), discarded for its activated effect that negates
-- your next damage (10.34.2.d), and discarded down to one at turn end (10.34.2.e). Not a target
-- of an opponent's command card (10.34.2.a) and one per field (10.34.3–10.34.4): rules/keywords.lua
-- with the other targeting limits and limits per field. keywords.lua (loaded after) reaches this
-- file through M._.leader_entered, M._.leader_damaged (its keyword window) and M._.keyword_acts.
local M = ...
local P, has_kw, characters, is_character = M._.P, M._.has_kw, M._.characters, M._.is_character

-- 10.34.2.b–c: the top card of p's deck is set on the leader as 人気.
local function gain_popularity(c, p, clause)
  local deck = k.cards(p, "deck")
  local top = deck[#deck]
  if not top then return end
  k.attach(top, c, "popularity")
  k.log(clause, k.name(c), "に人気をセット (popularity: ", #k.attachments(c, "popularity"), ")")
end

-- For card effects that give 人気 ("人気を得る"): the top card of its player's deck onto the leader.
function M.add_popularity(c)
  if not has_kw(c, "リーダー") or not is_character(c) then return end
  gain_popularity(c, k.controller(c), "10.34.2.b")
end

-- 10.34.2.b: a leader played onto the field (not put there by an effect, `unplayed`).
function M._.leader_entered(c, p, unplayed)
  if unplayed ~= 1 and has_kw(c, "リーダー") and is_character(c) then
    gain_popularity(c, p, "10.34.2.b")
  end
end

-- 10.34.2.c: an opponent took damage during your turn: once per turn, 人気.
function M._.leader_damaged(p)
  local tp = k.turn_player()
  if p == tp then return end
  for _, c in ipairs(characters(tp)) do
    if has_kw(c, "リーダー") and k.ovar(c, "popularity_turn") ~= k.turn() then
      k.set_ovar(c, "popularity_turn", k.turn())
      gain_popularity(c, tp, "10.34.2.c")
    end
  end
end

-- 10.34.2.d: the next damage p would take this turn is negated.
function M._.damage_negated(p, amount)
  if k.pvar(p, "damage_shield") == 0 then return false end
  k.set_pvar(p, "damage_shield", 0)
  k.log("10.34.2.d", P(p), "が受けるダメージ", amount, "を無効にする (negated)")
  return true
end

-- 10.34.2.d: the keyword's activated effect, in the opponent's turn with 人気 set (keywords.lua
-- offers, uses and resolves it).
M._.keyword_acts = M._.keyword_acts or {}
M._.keyword_acts[#M._.keyword_acts + 1] = {
  word = "リーダー",
  can = function(c, p)
    return has_kw(c, "リーダー") and k.turn_player() ~= p and #k.attachments(c, "popularity") > 0
  end,
  resolve = function(c, p)
    local pops = k.attachments(c, "popularity")
    if #pops == 0 then return end
    local one = pops[1]
    if #pops > 1 then
      one = k.choose_cards(p, pops, { prompt = "破棄する人気 (popularity to discard)", clause = "10.34.2.d" })
    end
    M._.discard(one, "リーダー")
    k.set_pvar(p, "damage_shield", 1)
    k.log("10.34.2.d", P(p), "はこのターン次に受けるダメージを無効にする (the next damage is negated)")
  end,
}

-- 10.34.2.e: at turn end a leader with 4 or more 人気 discards down to 1 (its player keeps one).
local base_turn_end = M.turn_end
function M.turn_end()
  base_turn_end()
  for p = 1, 2 do
    for _, c in ipairs(characters(p)) do
      local pops = k.attachments(c, "popularity")
      if has_kw(c, "リーダー") and #pops >= 4 then
        local keep = k.choose_cards(p, pops, { prompt = "残す人気1枚 (the popularity to keep)", clause = "10.34.2.e" })
        k.log("10.34.2.e", k.name(c), "の人気", #pops, "枚: 1枚になるように破棄 (discard down to 1)")
        for _, x in ipairs(pops) do
          if x ~= keep then M._.discard(x, "人気") end
        end
      end
    end
  end
end

return M
