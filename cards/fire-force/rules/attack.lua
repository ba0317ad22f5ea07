-- 炎炎ノ消防隊 TCG: the attack procedure (702.3–702.21), one program step each (game.yaml). The
-- declaration (702.1–702.2) is the main-phase action in rules/use.lua. An attack that fails a
-- legality check (702.5 / 702.10 / 702.14) runs the 702.20 cleanup and returns to 503.2 (A5).
local M = ...
local P, units, has_kw, over, flagged = M._.P, M._.units, M._.has_kw, M._.over, M._.flagged
local is_counter_event, card_payable, move_and_pay = M._.is_counter_event, M._.card_payable, M._.move_and_pay
local resolving, resolve_event_card = M._.resolving, M._.resolve_event_card
local activated, pay_for_ability, resolve_ability_use = M._.activated, M._.pay_for_ability, M._.resolve_ability_use

local function target_unit()
  if k.gvar("target_player") ~= 0 then return nil end
  return flagged("target")
end

local function clear_flag(flag)
  local n = 0
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, "field")) do
      if k.flag(c, flag) then
        k.set_flag(c, flag, false)
        n = n + 1
      end
    end
  end
  return n
end

-- 702.20a–702.20e: the end-of-battle cleanup (also for an attack that ended early, A5).
local function cleanup()
  local n = k.expire("battle") + k.expire("attack")
  if n == 0 then
    k.log("702.20a", "‘戦闘中’‘攻撃中’を期限とする持続効果は無い (no effect lasts only this battle or attack)")
  end
  clear_flag("attacker")
  if clear_flag("attacking") > 0 then
    k.log("702.20b", "攻撃ユニットは‘攻撃中’ではなくなる (the attacking unit stops attacking)")
  end
  clear_flag("target")
  if clear_flag("attacked") > 0 then
    k.log("702.20c", "攻撃対象ユニットは‘攻撃されている’ではなくなる (the target unit stops being attacked)")
  end
  if clear_flag("in_battle") > 0 then
    k.log("702.20d", "‘戦闘中’のユニットは‘戦闘中’ではなくなる (units stop being in battle)")
  end
  if k.gvar("attacked_player") ~= 0 then
    k.log("702.20e", P(k.gvar("attacked_player")), "は攻撃対象プレイヤーではなくなる (the player stops being attacked)")
  end
  k.set_gvar("attacked_player", 0)
  k.set_gvar("target_player", 0)
  k.set_gvar("defended", 0)
  k.set_gvar("attack", 0)
end

-- 702.5 / 702.10 / 702.14: the attacker or the target unit has left its zone, or the attack was
-- made invalid: the attack ends and play returns to 503.2.
local function legality(clause)
  if k.gvar("attack") == 0 then return end
  local why = nil
  if not flagged("attacker") then
    why = "攻撃するユニットが別の領域に移動した (the attacking unit left its zone)"
  elseif k.gvar("target_player") == 0 and not flagged("target") then
    why = "攻撃対象のユニットが別の領域に移動した (the target unit left its zone)"
  elseif k.gvar("attack_void") ~= 0 then
    why = "攻撃は効果により無効 (an effect made the attack invalid)"
  end
  if not why then
    k.log(clause, "攻撃の正当性を満たす (the attack is legal)")
    return
  end
  k.log(clause, "攻撃の正当性を満たさない: ", why, " → 攻撃は終了し503.2に戻る (the attack ends; back to 503.2)")
  cleanup()
  k.log("503.2", "攻撃が", clause, "で終了したため503.2に戻る: ルールチェックから (the attack ended early at ", clause, "; back to 503.2)")
end

function M.attack_running()
  return k.gvar("attack") == 1
end

-- 702.3: the trigger conditions ‘【攻撃時】’ and ‘攻撃された時’ occur (A3).
function M.attack_triggers()
  local q = k.opponent(k.turn_player())
  local atk, t = flagged("attacker"), target_unit()
  k.log("702.3", "‘【攻撃時】’‘攻撃された時’の誘発条件が発生 (the attack's trigger conditions occur)")
  k.event("攻撃した", { card = atk, target = t, player = q })
  k.event("攻撃された", { card = t, target = t, player = q })
end

function M.legality_702_5() legality("702.5") end
function M.legality_702_10() legality("702.10") end
function M.legality_702_14() legality("702.14") end

-- 702.6: the attacking unit becomes the 攻撃ユニット, ‘攻撃している’ (A4).
function M.attacking_unit()
  local atk = flagged("attacker")
  k.set_flag(atk, "attacking", true)
  k.log("702.6", k.name(atk), "は攻撃ユニットになり‘攻撃している’ (is the attacking unit)")
end

-- 702.7: the non-turn player may use the 【防衛】 of one of their standing units, once (901.1f):
-- rest it, and the attack's target becomes that unit (901.1f-1).
function M.defense()
  local q = k.opponent(k.turn_player())
  k.set_gvar("defended", 0)
  if over() then return end
  local cands = {}
  for _, u in ipairs(units(q)) do
    if has_kw(u, "防衛") and k.orientation(u) == "standing" and not k.flag(u, "target")
        and not k.prohibited("attacked", { card = u }) then
      cands[#cands + 1] = u
    end
  end
  if #cands == 0 then
    k.log("702.7", P(q), "は防衛能力を使用できるカードが無い (no card can defend)")
    return
  end
  local items = {}
  for i, u in ipairs(cands) do items[#items + 1] = { label = "防衛: " .. k.name(u), value = i } end
  items[#items + 1] = { label = "パス: 防衛しない (no defense)", value = 0 }
  local pick = k.choose(q, items, { prompt = "防衛能力を使用するか (use a defense ability?)", clause = "702.7" })
  if pick == 0 then
    k.log("702.7", P(q), "は防衛能力を使用しない (does not defend)")
    return
  end
  local u = cands[pick]
  M.rest(u)
  k.log("901.1f", P(q), "は", k.name(u), "を行動済にして【防衛】を使用 (rests it to use its defense ability)")
  local old = flagged("target")
  if old then k.set_flag(old, "target", false) end
  k.set_flag(u, "target", true)
  k.set_gvar("target_player", 0)
  k.set_gvar("defended", 1)
  k.log("901.1f-1", "攻撃対象を", k.name(u), "に変更する (the attack's target becomes it)")
end

-- 702.8: ‘【防御時】’ (the defending unit) and ‘防御された時’ (the attacking unit) occur (A3).
function M.defense_triggers()
  if k.gvar("defended") == 0 then return end
  local tp = k.turn_player()
  local atk, d = flagged("attacker"), target_unit()
  k.log("702.8", "‘【防御時】’‘防御された時’の誘発条件が発生 (the defense's trigger conditions occur)")
  k.event("防衛した", { card = d, attacker = atk, player = k.opponent(tp) })
  k.event("防御された", { card = atk, defender = d, player = tp })
end

-- 702.11: the target becomes the 攻撃対象プレイヤー / ユニット, ‘攻撃されている’.
function M.being_attacked()
  local tp = k.gvar("target_player")
  if tp ~= 0 then
    k.set_gvar("attacked_player", tp)
    k.log("702.11", P(tp), "は攻撃対象プレイヤーになり‘攻撃されている’ (is the attacked player)")
  else
    local t = flagged("target")
    k.set_flag(t, "attacked", true)
    k.log("702.11", k.name(t), "は攻撃対象ユニットになり‘攻撃されている’ (is the attacked unit)")
  end
end

-- 702.12: the non-turn player passes (702.12a) or uses one 【反撃】 event card or one 【反撃】
-- activated ability, paying its cost (702.12b, 905). An unpayable use is undone (905.4b/c).
function M.counter_window()
  local q = k.opponent(k.turn_player())
  k.set_gvar("countered", 0)
  if over() then return end
  local opts = {}
  for _, c in ipairs(k.cards(q, "hand")) do
    if k.card_type(c) == "event" and is_counter_event(c) and card_payable(q, c) then
      opts[#opts + 1] = { label = "反撃: " .. k.name(c) .. " (イベント)", card = c }
    end
  end
  for _, a in ipairs(activated(q, true)) do
    opts[#opts + 1] = { label = "反撃: " .. a.label, card = a.card, ability = a.ability }
  end
  local items = {}
  for i, o in ipairs(opts) do items[#items + 1] = { label = o.label, value = i } end
  items[#items + 1] = { label = "パス (pass)", value = 0 }
  local pick = 0
  if #opts > 0 then
    pick = k.choose(q, items, { prompt = "【反撃】を使用するかパスするか (counter or pass)", clause = "702.12" })
  end
  if pick == 0 then
    k.log("702.12a", P(q), "はパスをする (passes)")
    return
  end
  local o = opts[pick]
  k.set_gvar("countered", 1)
  k.log("702.12b", P(q), "は【反撃】を使用する (uses a 【反撃】): ", o.label)
  if o.ability then
    if not pay_for_ability(q, o) then
      k.undo("P" .. q .. "の【反撃】「" .. o.ability .. "」はコストを支払えない (905.4c: the cost cannot be paid)")
      return
    end
    resolve_ability_use(q, o)
  else
    if not move_and_pay(q, o.card) then
      k.undo("P" .. q .. "の【反撃】" .. k.name(o.card) .. "はコストを支払えない (905.4b: the cost cannot be paid)")
      return
    end
    resolve_event_card(q, resolving())
  end
end

-- 702.15: after anything but a pass, back to 702.11 (A2: "the preceding 702.12").
function M.counter_window_closed()
  if k.gvar("attack") == 0 then return true end
  if k.gvar("countered") ~= 0 then
    k.log("702.15", "非ターンプレイヤーはパス以外を実行した: 702.11に戻る (not a pass: back to 702.11)")
    return false
  end
  return true
end

-- 702.16: against a unit, the non-turn player may put any number of unit cards with 支援力 from
-- hand into "アドラ"; the target's power rises by their sum during this battle (この戦闘中).
function M.support()
  local t = target_unit()
  if not t then
    k.log("702.16", "攻撃対象がプレイヤー: 支援は行わない (the target is a player: no support)")
    return
  end
  local q = k.controller(t)
  local cands = {}
  for _, c in ipairs(k.cards(q, "hand")) do
    if k.card_type(c) == "unit" and (k.field(c, "support") or 0) > 0 then cands[#cands + 1] = c end
  end
  local chosen = M.choose(q, cands, "支援力を使うユニットカード (unit cards to support with)", "702.16", 0, #cands)
  if #chosen == 0 then
    k.log("702.16", P(q), "は支援しない (no support)")
    return
  end
  local sum, names = 0, {}
  for _, c in ipairs(chosen) do
    sum = sum + (k.field(c, "support") or 0)
    names[#names + 1] = k.name(c)
    k.move(c, q, "adora")
  end
  k.log("702.16", P(q), "は", table.concat(names, "、"), "を“アドラ”に置いて支援 (supports with ", #chosen, " cards): +", sum)
  M.power(t, sum, t, "battle", "支援 (この戦闘中)")
end

-- 702.17: the battle. 702.17a: against a unit, the attacker's power ≥ the target's retires the
-- target (the attacker is never harmed); 702.17b: against a player, 1 damage (913.4).
function M.battle()
  local atk, t = flagged("attacker"), target_unit()
  if atk then k.set_flag(atk, "in_battle", true) end
  local q = k.opponent(k.turn_player())
  if k.gvar("target_player") ~= 0 then
    k.log("702.17b", k.name(atk), "が", P(q), "と戦闘: ", P(q), "は1ダメージを受ける (the player takes 1 damage)")
    M.damage(q, 1, atk)
    return
  end
  k.set_flag(t, "in_battle", true)
  local ap, dp = k.field(atk, "power"), k.field(t, "power")
  k.log("702.17", k.name(atk), "(", ap, ")と", k.name(t), "(", dp, ")が戦闘 (battle)")
  if ap >= dp then
    k.log("702.17a", ap, " ≥ ", dp, ": ", k.name(t), "を退場させる (the target unit retires)")
    M.retire(t, atk)
  else
    k.log("702.17a", ap, " < ", dp, ": 何も起こらない (nothing happens)")
  end
end

-- 702.18: ‘戦闘終了時’ and ‘攻撃終了時’ occur.
function M.battle_end_triggers()
  local atk, t = flagged("attacker"), target_unit()
  local q = k.opponent(k.turn_player())
  k.log("702.18", "‘戦闘終了時’‘攻撃終了時’の誘発条件が発生 (end of battle and attack)")
  k.event("戦闘終了時", { card = atk, target = t, player = q })
  k.event("攻撃終了時", { card = atk, target = t, player = q })
end

-- 702.20: the end-of-battle cleanup.
function M.battle_cleanup()
  cleanup()
end

return M
