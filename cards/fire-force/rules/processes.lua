-- 炎炎ノ消防隊 TCG: rule processes (1300), run from the top in order (1301.2) within one pass of
-- 1002.1a, repeated while any applies (A12). Losses in one pass are settled together (103.3).
local M = ...
local P, flame_bearers = M._.P, M._.flame_bearers

-- 1302.1: damaged while at 0 life (setting lose_on_damage_at_zero_life); 1302.2: 0 cards in deck.
function M.rp_loss()
  local acted = false
  for p = 1, 2 do
    if k.pvar(p, "lost") == 0 then
      if k.pvar(p, "damaged_at_zero") > 0 then
        k.lose(p, "1302.1", "ライフが0枚の時にダメージを受けた (damaged while at 0 life)")
        k.set_pvar(p, "lost", 1)
        acted = true
      elseif k.count(p, "deck") == 0 then
        k.lose(p, "1302.2", "デッキが0枚 (no cards in deck)")
        k.set_pvar(p, "lost", 1)
        acted = true
      end
    end
  end
  return acted
end

-- 1303.1: a player with 9 or more cards with 炎 on their field puts cards with 炎 from their field
-- into "アドラ" until 8 remain, choosing which (A11). Attached flame cards count by the setting
-- attached_flame_counts_for_limit; a unit so moved is retired only by flame_limit_retires.
function M.rp_flame_limit()
  local acted = false
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do                 -- 104.3: the turn player first
    local with_attached = k.setting("attached_flame_counts_for_limit") ~= 0
    local cards = flame_bearers(p, with_attached)
    if #cards >= 9 then
      local excess = #cards - 8
      k.log("1303.1", P(p), "の現場に炎を持つカードが", #cards, "枚: 8枚になるように", excess, "枚を“アドラ”に置く (over the limit of 8)")
      local chosen = M.choose(p, cards, "“アドラ”に置く炎を持つカード (cards with 炎 to put into アドラ)", "1303.1", excess, excess)
      for _, c in ipairs(chosen) do
        if k.card_type(c) == "unit" and k.setting("flame_limit_retires") ~= 0 then
          M.retire(c, nil)
        else
          local name = k.name(c)
          k.move(c, k.owner(c), "adora")
          k.log("1303.1", name, "を“アドラ”に置く (put into アドラ; not retired)")
        end
      end
      acted = true
    end
  end
  return acted
end

-- 1304.1: flame cards in a player's "アドラ" all return to their flame deck.
function M.rp_flame_return()
  local acted = false
  for p = 1, 2 do
    local n = 0
    for _, c in ipairs(k.cards(p, "adora")) do
      if k.card_type(c) == "flame" then
        k.move(c, p, "flame_deck")
        n = n + 1
      end
    end
    if n > 0 then
      k.log("1304.1", P(p), "は“アドラ”の炎カード", n, "枚を炎デッキに戻す (returns ", n, " flame cards to the flame deck)")
      acted = true
    end
  end
  return acted
end

return M
