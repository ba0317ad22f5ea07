-- 「汎用TCG」: End-phase recovery (505.3b) and the rule processes (1000–1005).
local M = ...
local P, main_unit, area_units, is_ko, standby_units, knock_out = M._.P, M._.main_unit, M._.area_units, M._.is_ko, M._.standby_units, M._.knock_out

-- End phase (505) --------------------------------------------------------------------------

-- 505.3b: each player whose main unit is rested or stunned, turn player first, plays janken
-- against the opponent; the winner's main unit recovers (907.1).
function M.janken_recovery()
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do
    local m = main_unit(p)
    if m and not is_ko(m) and k.orientation(m) ~= "normal" then
      local winner = k.janken(p, k.opponent(p), "505.3b")
      if winner == p then
        M.recover(m)
      else
        k.log("505.3b", k.name(m), "は復帰しない (stays ", k.orientation(m), ")")
      end
    end
  end
end

-- Rule processes (1000) --------------------------------------------------------------------

-- 1002: a player who since the last rule process failed a required draw (1002.1) or a
-- required replacement process (1002.2) loses.
function M.rp_loss()
  local acted = false
  for p = 1, 2 do
    if k.failed_draw(p) then
      k.clear_failed_draw(p)
      k.lose(p, "1002.1", "デッキから必要な枚数を引けなかった (could not draw)")
      k.log("1002.1", P(p), "は必要な枚数を引けなかったので敗北 (loses: failed draw)")
      acted = true
    end
    if k.pvar(p, "replacement_failed") ~= 0 then
      k.set_pvar(p, "replacement_failed", 0)
      k.lose(p, "1002.2", "交代処理を完全に実行できなかった (could not complete a replacement process)")
      k.log("1002.2", P(p), "は交代処理を実行できなかったので敗北 (loses: no unit to replace)")
      acted = true
    end
  end
  return acted
end

-- 1003: a unit in the area with HP ≤ 0 (1003.1) or damage ≥ HP (1003.2) is KO'd.
function M.rp_ko()
  local due, dealt = {}, {}
  for p = 1, 2 do
    for _, u in ipairs(area_units(p)) do
      local by = k.ovar(u, "damaged_by")
      if by == 0 then by = nil else dealt[#dealt + 1] = u end
      if not is_ko(u) then
        local hp, dmg = k.field(u, "hp"), k.counter(u, "damage")
        if hp <= 0 then
          due[#due + 1] = { u, "1003.1", "HP " .. hp .. " ≤ 0", by }
        elseif dmg >= hp then
          due[#due + 1] = { u, "1003.2", "ダメージ " .. dmg .. " ≥ HP " .. hp, by }
        end
      end
    end
  end
  -- 813.5a: damage counts as KO-ing only in the rule process right after it.
  for _, u in ipairs(dealt) do k.set_ovar(u, "damaged_by", 0) end
  for _, d in ipairs(due) do knock_out(d[1], d[2], d[3], d[4]) end   -- all at once (811.2a)
  return #due > 0
end

-- 1004: a player whose main unit is KO'd swaps it with a non-KO'd standby unit (1004.1);
-- a player with no main unit moves one there (1004.2). Turn player first.
function M.rp_replacement()
  local acted = false
  local tp = k.turn_player()
  for _, p in ipairs({ tp, k.opponent(tp) }) do
    local m = main_unit(p)
    if not m or is_ko(m) then
      local clause = m and "1004.1" or "1004.2"
      local candidates = standby_units(p)
      if #candidates == 0 then
        if k.pvar(p, "replacement_failed") == 0 then
          k.set_pvar(p, "replacement_failed", 1)
          k.log(clause, P(p), "はKOしていないスタンバイ・ユニットが無く交代できない (no standby unit to replace with)")
          acted = true
        end
      else
        local s = k.choose_cards(p, candidates, { prompt = "メイン・エリアに出すユニット (new main unit)", clause = clause })
        if m then
          k.swap(m, s)
          k.end_effects(m)                                   -- 302.3b
          k.log("1004.1", P(p), "はKOした", k.name(m), "と", k.name(s), "を入れ替える (replaces the KO'd main unit)")
        else
          k.move(s, p, "main")
          k.log("1004.2", P(p), "は", k.name(s), "をメイン・エリアに移動 (moves into the main area)")
        end
        acted = true
      end
    end
  end
  return acted
end

-- 1005: sets (1005.1) and energy (1005.2) whose unit is not in the area or is KO'd go to
-- their owner's discard pile (302.5).
function M.rp_illegal()
  local acted = false
  for p = 1, 2 do
    local due = {}
    for _, c in ipairs(k.attached_cards(p)) do
      local u = k.attached_to(c)
      if not u or is_ko(u) then due[#due + 1] = c end
    end
    -- 302.4, 309.3: cards that go to the discard pile at the same time are ordered by their owner.
    if #due > 1 then
      due = k.choose_order(p, due, { prompt = "捨て場に置く順番 (order into the discard pile; last = top)", clause = "309.3" })
    end
    for _, c in ipairs(due) do
      local role = k.role(c)
      k.move(c, k.owner(c), "discard")
      k.log(role == "set" and "1005.1" or "1005.2", P(p), "の", role == "set" and "セット" or "エネルギー",
        "を捨てる (discards an orphaned ", role, ")")
      acted = true
    end
  end
  return acted
end

return M
