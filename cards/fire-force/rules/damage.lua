-- 炎炎ノ消防隊 TCG: damage processing (800). Each point: the top life card goes to "アドラ"
-- (802.1a), the damaged player may use its トリガー ability (802.1b), and a rule check runs
-- (802.1c), also inside another effect or rule check.
local M = ...
local P, over, leads_with, cost_payable, pay_cost_hook = M._.P, M._.over, M._.leads_with, M._.cost_payable, M._.pay_cost_hook

-- 209.1 / 901.1e: the card's トリガー ability (its text begins 【トリガー】), if any.
local function trigger_ability(c)
  for _, name in ipairs(k.abilities(c, { kind = "command", all = true })) do
    if leads_with(c, name, "【トリガー】") then return name end
  end
  return nil
end

-- 802.1b: the damaged player may use the トリガー ability of the card just put into "アドラ"
-- (a use: 905.4a–905.4d-3, with its cost if it has one; unpayable: it cannot be used).
local function life_trigger(p, c)
  local name = trigger_ability(c)
  if not name or over() then return end
  if not cost_payable(c, name) then
    k.log("802.1b", k.name(c), "の【トリガー】「", name, "」はコストを支払えず使用できない (its cost cannot be paid)")
    return
  end
  local use = k.choose(p, {
    { label = "はい: 「" .. name .. "」を使用する (use it)", value = true },
    { label = "いいえ: 使用しない (do not use it)", value = false },
  }, { prompt = k.name(c) .. "の【トリガー】を使用するか (use the trigger ability?)", clause = "802.1b" })
  if not use then
    k.log("802.1b", P(p), "は", k.name(c), "の【トリガー】を使用しない (does not use it)")
    return
  end
  k.log("802.1b", P(p), "は", k.name(c), "の【トリガー】「", name, "」を使用する (uses the trigger ability)")
  if not pay_cost_hook(c, name) then
    k.log("905.4c", "コストを支払えない: 使用しない (the cost cannot be paid)")
    return
  end
  k.run_ability(c, name, "effect")
  k.log("905.4d-3", "「", name, "」を解決 (resolved)")
end

-- 1302.1 (setting lose_on_damage_at_zero_life): mark the player whose damage is fatal.
local function mark(p, why)
  k.set_pvar(p, "damaged_at_zero", 1)
  k.log("1302.1", P(p), why)
end

-- 802.1c with nested_rule_check_uses_triggers = 0: only the rule processes, until none applies.
local function processes_only()
  for _ = 1, 100 do
    local acted = M.rp_loss()
    acted = M.rp_flame_limit() or acted
    acted = M.rp_flame_return() or acted
    if not acted or over() then return end
  end
end

-- 801.1 / 1115.1 / 802.1: p takes n damage now; `source` is what deals it (913.4, 913.5).
function M.damage(p, n, source)
  if n <= 0 then
    k.log("104.2", P(p), "へのダメージは", n, ": 行われない (no damage)")
    return
  end
  local from = source and k.name(source) or "効果"
  k.log("801.1", P(p), "は", from, "から", n, "ダメージを受ける: ダメージ処理 (takes ", n, " damage)")
  for i = 1, n do
    if over() then return end
    local life = k.cards(p, "life")
    local top = life[#life]
    if not top then
      k.log("802.1a", P(p), "のライフは0枚: “アドラ”に置くカードが無い (", i, "点目; no life card, 104.2)")
      -- 1302.1 under both readings: setting 0 only makes the point that takes the last life
      -- card fatal too; damage at 0 life (reached without damage, e.g. 灰の雨) still is.
      mark(p, "はライフが0枚の時にダメージを受けた (was damaged while at 0 life)")
    else
      local c = k.move(top, p, "adora")
      k.log("802.1a", P(p), "はライフの上の", k.name(c), "を“アドラ”に置く (", i, "点目; life → アドラ, ", #life - 1, " left)")
      if k.setting("lose_on_damage_at_zero_life") == 0 and k.count(p, "life") == 0 then
        mark(p, "のライフはダメージで0枚になった (damage took the last life card)")
      end
      life_trigger(p, c)
    end
    k.event("ダメージを受けた", { player = p, source = source })
    k.log("802.1c", "ルールチェックを実行 (rule check after point ", i, ")")
    if k.setting("nested_rule_check_uses_triggers") ~= 0 then
      k.rule_check()
    else
      processes_only()
    end
  end
end

return M
