-- ヴィクトリースパーク: the attack phase (6.7). The turn player declares (6.7.3), then each attack
-- sub-phase runs its five steps (6.7.2): declaration, support (the ring card attacks the opposing
-- ring card, 6.7.3.2.3), partner block, resolution (retirement and damage), end.
local M = ...
local P, is_partner, ring_card, standing_bench = M._.P, M._.is_partner, M._.ring_card, M._.standing_bench
local as_list, retire, refill = M._.as_list, M._.retire, M._.refill

-- An attack is possible while p has a ring card and a standing bench card and the opponent a
-- ring card (docs/rules/victory-spark.md, 6.7.3).
local function can_attack(p)
  return ring_card(p) ~= nil and #standing_bench(p) > 0 and ring_card(k.opponent(p)) ~= nil
end

local function clear_attack()
  for p = 1, 2 do
    for _, c in ipairs(M._.field(p)) do
      for _, f in ipairs({ "attacker", "attacked", "supporter" }) do
        if k.flag(c, f) then k.set_flag(c, f, false) end
      end
    end
  end
  k.set_gvar("supported", 0)
  k.set_gvar("partner", 0)
  k.set_gvar("blocked", 0)
end

local function ask_attack(tp, clause, prompt)
  if not can_attack(tp) then return false end
  return k.choose(tp, { { label = "アタック宣言 (declare an attack)", value = true }, { label = "しない (no attack)", value = false } },
    { prompt = prompt, clause = clause })
end

-- The turn player decides whether to (go on to) attack; the answer is kept for the program's loop.
local function decide_attack(clause, prompt, yes_text, no_text)
  local tp = k.turn_player()
  local yes = ask_attack(tp, clause, prompt)
  k.set_gvar("attacking", yes and 1 or 0)
  k.log(clause, P(tp), yes and yes_text or no_text)
end

-- 6.7.3: without a declaration the attack phase is skipped (to the end phase).
function M.declare_attack()
  decide_attack("6.7.3", "アタックするか (declare an attack?)", "はアタックを宣言 (declares an attack)",
    "はアタックしない: アタックフェイズを飛ばす (no attack: the phase is skipped)")
end

function M.attack_declared()
  return k.gvar("attacking") == 1
end

-- 6.7.3.1.1: the first declaration step of the turn raises "at the start of the attack phase".
function M.attack_phase_start()
  clear_attack()
  k.set_gvar("attack_count", k.gvar("attack_count") + 1)
  if k.gvar("attack_count") == 1 then
    k.log("6.7.3.1.1", "「アタックフェイズの始めに」 (the turn's first attack declaration step)")
    k.event("アタックフェイズの始めに", { turn_player = k.turn_player() })
  end
end

-- 6.7.3.2.2–6.7.3.2.5: the turn player may rest a standing bench card (support); the ring card
-- then attacks the opposing ring card; a partner attack when the supporter is a partner of the
-- ring card (judged now, whether it stays on the field or not); the four triggers at once.
function M.support()
  local tp = k.turn_player()
  local opp = k.opponent(tp)
  local ring, target = ring_card(tp), ring_card(opp)
  local cands = standing_bench(tp)
  if not ring or not target or #cands == 0 then
    k.log("6.7.3.2.2", P(tp), "はサポートできない: アタックは起きない (no support: no attack)")
    return
  end
  local s = as_list(k.choose_cards(tp, cands, { prompt = "サポートするベンチのカード (a bench card to support; none: no attack)", clause = "6.7.3.2.2", min = 0, max = 1 }))[1]
  if not s then
    k.log("6.7.3.2.2", P(tp), "はサポートしない: アタックは起きない (does not support: no attack)")
    return
  end
  k.set_orientation(s, "rest")
  k.set_flag(s, "supporter", true)
  k.set_gvar("supported", 1)
  k.log("6.7.3.2.2", P(tp), "は", k.name(s), "をレストしてサポート (rests a bench card: supports)")
  k.set_flag(ring, "attacker", true)
  k.set_flag(target, "attacked", true)
  k.log("6.7.3.2.3", k.name(ring), "が", k.name(target), "にアタック (the ring card attacks the opposing ring card)")
  local partner = is_partner(s, ring)
  if partner and k.prohibited("partner_attack", { card = ring, supporter = s }) then
    k.log("6.7.3.2.4", "パートナーアタックにならない効果: 通常のアタック (an effect keeps it a normal attack)")
    partner = false
  end
  if partner then
    k.set_gvar("partner", 1)
    k.log("6.7.3.2.4", k.name(s), "は", k.name(ring), "のパートナー: パートナーアタック (a partner attack)")
  end
  -- 6.7.3.2.5: all four at once.
  k.event("サポートした", { card = s, unit = ring, player = tp, partner = partner })
  k.event("アタックした", { card = ring, target = target, by = s, player = tp, partner = partner })
  k.event("サポートされた", { card = ring, by = s, player = tp, partner = partner })
  k.event("アタックされた", { card = target, attacker = ring, player = opp, partner = partner })
end

-- 6.7.3.3.2: the attacked player may put a partner of their own ring card from hand into the
-- waiting room: the attack's damage becomes 0.
function M.partner_block()
  if k.gvar("supported") == 0 then return end
  local def = k.opponent(k.turn_player())
  local ring = ring_card(def)
  if not ring then return end
  local cands = {}
  for _, c in ipairs(k.cards(def, "hand")) do
    if is_partner(c, ring) then cands[#cands + 1] = c end
  end
  if #cands == 0 then return end
  local c = as_list(k.choose_cards(def, cands, { prompt = "パートナーブロックに使うカード (a partner to block with; none: no block)", clause = "6.7.3.3.2", min = 0, max = 1 }))[1]
  if not c then return end
  local name = k.name(c)
  k.move(c, def, "waiting")
  k.set_gvar("blocked", 1)
  k.log("6.7.3.3.2", P(def), "は", name, "を控え室に置きパートナーブロック (partner block: the damage becomes 0)")
  k.event("パートナーブロックした", { card = c, unit = ring, player = def })
end

-- 6.7.3.4.2–6.7.3.4.4: a partner-attacked card is retired; the damage of the ring card's ATK
-- accumulates on the attacked card (0 if blocked); damage ≥ DEF retires it. A card put into the
-- ring after the support is exempt (it is not the attacked card, 3.1.3); the ring is refilled at
-- once (3.3.1.3.1), even with 10 cards retired.
function M.attack_resolution()
  if k.gvar("supported") == 0 then return end
  local tp = k.turn_player()
  local opp = k.opponent(tp)
  local target = ring_card(opp)
  local attacked = target and k.flag(target, "attacked")
  if not attacked then
    k.log("6.7.3.4.2", "アタックされたカードはリングにいない: 新しいカードはリタイヤもダメージも受けない (the attacked card left: the new one is exempt)")
    return
  end
  if k.gvar("partner") == 1 then
    retire(target, "6.7.3.4.2", "パートナーアタック: partner attacked")
    refill(opp, "6.7.3.4.4")
    return
  end
  local attacker = ring_card(tp)
  local dmg = attacker and k.field(attacker, "atk") or 0
  if k.setting("no_damage_if_attacker_left") == 1 and not (attacker and k.flag(attacker, "attacker")) then
    k.log("6.7.3.4.3", "サポートされたカードはリングを離れた: ダメージなし (the attacker left the ring: no damage)")
    dmg = 0
  end
  if k.gvar("blocked") == 1 then
    k.log("6.7.3.4.3", "パートナーブロックされた: ダメージは0 (partner blocked: the damage is 0)")
    dmg = 0
  elseif dmg > 0 then
    -- 7.2.1.3.3 / 7.9: "the attack's damage becomes a" and other replacements of the attack's
    -- damage (their master orders them, 7.9.2; each once, 7.9.3); a partner block's 0 comes after
    -- every other change (docs/rules/victory-spark.md, 6.7.3.3.2), so a blocked attack asks none.
    local ev = k.replace({ kind = "attack_damage", card = target, amount = dmg, player = opp })
    dmg = ev and ev.amount or 0
    if dmg < 0 then dmg = 0 end
  end
  if dmg > 0 then M.damage(target, dmg, "アタック: attack") end
  if k.exists(target) and k.counter(target, "damage") >= k.field(target, "def") then
    retire(target, "6.7.3.4.4", "蓄積ダメージ ≥ 防御力: damage ≥ DEF")
    refill(opp, "6.7.3.4.4")
  end
end

-- 6.7.3.2.5: an ability (an auto of "when supports / attacks …") makes the attack a partner
-- attack at this timing; a valid "does not become a partner attack" effect keeps it normal
-- (6.7.3.2.4, 1.3.5). Cards call it as rules.make_partner_attack(why).
function M.make_partner_attack(why)
  if k.gvar("supported") == 0 or k.gvar("partner") == 1 then return false end
  local tp = k.turn_player()
  local ring = ring_card(tp)
  if not ring then return false end
  local s
  for _, c in ipairs(M._.field(tp)) do
    if k.flag(c, "supporter") then s = c end
  end
  if k.prohibited("partner_attack", { card = ring, supporter = s }) then
    k.log("6.7.3.2.5", "パートナーアタックにならない効果: 通常のアタックのまま (an effect keeps it a normal attack)")
    return false
  end
  k.set_gvar("partner", 1)
  k.log("6.7.3.2.5", why or "effect", ": このアタックはパートナーアタックになる (the attack becomes a partner attack)")
  return true
end

-- 6.7.3.5.2: with a standing bench card the turn player may attack again.
function M.attack_again()
  clear_attack()
  decide_attack("6.7.3.5.2", "もう一度アタックするか (attack again?)", "はアタック宣言ステップに戻る (attacks again)",
    "はエンドフェイズへ (on to the end phase)")
end

return M
