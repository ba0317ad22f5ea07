-- Gate Ruler's game actions, second half (15-15 … 15-24): energy, playing, summons, drive,
-- damage, recovery, control, ending the turn. Loaded after rules/actions.lua, whose `M.config`
-- names what it uses; game-independent like it (docs/rules/gate-ruler-verbs.md §4).
local M = ...
local C = M.config
local kernel, choose_exactly, name_of = M._lib.kernel, M._lib.choose_exactly, M.name_of

-- 15-15a: pay n energy: the player rests n act cards of their energy zone (their choice when
-- there are more). Fewer than n act cards: nothing is paid; returns false.
function M.can_pay_energy(p, n)
  local acts = 0
  for _, c in ipairs(k.cards(p, C.zones.energy)) do
    if k.orientation(c) == C.act then acts = acts + 1 end
  end
  return acts >= n
end

function M.pay_energy(p, n)
  if n <= 0 then return true end
  if not M.can_pay_energy(p, n) then
    k.log("15-15a", "P", p, "はアクト状態のエナジーが", n, "枚無い: 支払えない (not enough act energy: cannot pay)")
    return false
  end
  local acts = {}
  for _, c in ipairs(k.cards(p, C.zones.energy)) do
    if k.orientation(c) == C.act then acts[#acts + 1] = c end
  end
  k.log("15-15a", "P", p, "は", n, "エナジーを支払う: アクト状態のエナジー", n, "枚をレスト (pays ", n, " energy)")
  for _, c in ipairs(choose_exactly(p, acts, n, "レストするエナジー (energy to rest)", "15-15a")) do
    M.rest(c)
  end
  return true
end

-- 14-3b-6a (reading): a card's cost is energy equal to its level, unless the player's level cost
-- is waived (a ruler's ability). 15-15b / 15-15b-1: a card playable "only by paying energy"
-- (level 1 or more) cannot be played while that payment is not required; level 0 is playable
-- (15-15b speaks of level ≥ 1 only).
function M.level_cost(p, c)
  if k.pvar(p, C.waived) ~= 0 then return 0 end
  return k.field(c, C.level_field) or 0
end

function M.can_play(p, c, opts)
  opts = opts or {}
  local level = k.field(c, C.level_field) or 0
  if (k.field(c, C.energy_only_field) or 0) > 0 and level >= 1
    and (opts.free or k.pvar(p, C.waived) ~= 0) then
    return false
  end
  return opts.free or M.can_pay_energy(p, M.level_cost(p, c))
end

-- The card's ability that is its text when it resolves (the first command ability), if any.
local function text_of(c)
  return k.abilities(c, { kind = "command", all = true })[1]
end

-- 15-16a: play a card: it is put on the gate by the normal play rules (14-3, reading: the card
-- goes to the gate, what its text fixes when played — targets, divisions (15-10a) — is fixed,
-- then its cost is paid). 15-16a-1: a required cost must be paid unless the text says it is
-- free: a card whose cost cannot be paid is not played (the whole action or effect is undone,
-- `k.undo`; inside an effect, k.try (K7) keeps the rest of it). opts: free, normal (a normal summon), kind.
-- Returns the pending item's id.
function M.play(p, c, opts)
  opts = opts or {}
  local only = (k.field(c, C.energy_only_field) or 0) > 0 and (k.field(c, C.level_field) or 0) >= 1
  if only and (opts.free or k.pvar(p, C.waived) ~= 0) then
    k.undo("[15-15b-1] " .. name_of(c) .. "はエナジーを支払うことでのみプレイできる: レベル分の支払いが求められないのでプレイできない (only by paying energy: it cannot be played)")
    return nil
  end
  local g = k.move(c, p, C.zones.gate)
  local name = text_of(g)
  local fixed = {}
  if name and #k.abilities(g, { hook = "targets", all = true }) > 0 then
    fixed = k.run_ability(g, name, "targets") or {}
  end
  local cost = opts.free and 0 or M.level_cost(p, g)
  if only then
    k.log("15-15b", name_of(g), "はエナジーを支払うことでのみプレイする: レベル", cost, "のエナジーを支払う (only by paying energy)")
  end
  if not opts.free and not M.pay_energy(p, cost) then
    k.undo("[15-16a-1] " .. name_of(g) .. "のコストを支払えない: プレイしない (its cost cannot be paid: not played)")
    return nil
  end
  local values = fixed.values or {}
  values.ability, values.normal, values.paid = name, opts.normal, cost
  local id = k.push({ kind = opts.kind or "play", name = name_of(g), source = g, controller = p,
    targets = fixed.targets or {}, values = values })
  k.log("15-16a", "P", p, "は", name_of(g), "をプレイ: ゲートに置く (played: put on the gate)")
  return id
end

-- 15-16b: use an ability = play it: its cost is paid (its `cost` hook, 15-16a-1) and it is put on
-- the gate. Returns the pending item's id.
function M.use(p, c, name)
  local fixed = {}
  if #k.abilities(c, { hook = "targets", all = true }) > 0 then
    fixed = k.run_ability(c, name, "targets") or {}
  end
  if k.run_ability(c, name, "cost") == false then
    k.undo("[15-16a-1] 「" .. name .. "」のコストを支払えない (its cost cannot be paid)")
    return nil
  end
  local values = fixed.values or {}
  values.ability = name
  local id = k.push({ kind = "ability", name = name, source = c, controller = p,
    targets = fixed.targets or {}, values = values })
  k.log("15-16b", "P", p, "は「", name, "」を使用: プレイしてゲートに置く (used = played onto the gate)")
  return id
end

-- 15-17a-2: whether p may normally summon: no comparison with summon rights when they are
-- unlimited (-1, 15-17a-2a) or the summon uses none (15-17a-2b).
function M.can_normal_summon(p, opts)
  opts = opts or {}
  if opts.without_right then return true end
  local rights = k.pvar(p, C.summon_rights)
  if rights < 0 then return true end
  return k.pvar(p, C.summons) < rights
end

-- 15-17a: normally summon a unit: the player plays it (15-16a). 15-17a-3: then this turn's summon
-- count goes up by 1 (at play; a summon without a right counts too, setting
-- count_summon_without_right). Returns the pending item's id, or nil when it cannot be done.
function M.normal_summon(p, c, opts)
  opts = opts or {}
  if not M.can_normal_summon(p, opts) then
    k.log("15-17a-2", "P", p, "の召喚回数", k.pvar(p, C.summons), "は召喚権", k.pvar(p, C.summon_rights), "以上: 通常召喚できない (no summon right left)")
    return nil
  end
  if opts.without_right then
    k.log("15-17a-2b", "召喚権を使わず通常召喚: 召喚回数と召喚権を比べない (without a summon right: no comparison)")
  elseif k.pvar(p, C.summon_rights) < 0 then
    k.log("15-17a-2a", "召喚権は無制限: 比べない (unlimited summon rights: no comparison)")
  end
  local id = M.play(p, c, { kind = "summon", normal = true })
  if not opts.without_right or k.setting("count_summon_without_right") == 1 then
    k.set_pvar(p, C.summons, k.pvar(p, C.summons) + 1)
    k.log("15-17a-3", "P", p, "のこのターンの召喚回数+1 → ", k.pvar(p, C.summons), " (summon count)")
  end
  return id
end

-- 15-16a-1 inside an effect ("normally summon X", then more): a summon whose cost cannot be paid
-- is not done and the rest of the effect goes on. Needs K7 (k.try). Returns whether it was done.
function M.try_normal_summon(p, c, opts)
  local attempt = kernel("try", "K7", "rules.try_normal_summon")
  local ok = attempt(M.normal_summon, p, c, opts)
  if not ok then
    k.log("15-16a-1", "通常召喚のコストを支払えない: その通常召喚は行わず、効果の残りを続ける (cannot pay: not summoned, the effect goes on)")
  end
  return ok
end

-- The unit's controller puts it into their attack or defense zone (their choice).
local function onto_field(c, p, clause)
  local zone = k.choose(p, { { label = "攻撃ゾーン (attack zone)", value = C.zones.attack },
    { label = "守備ゾーン (defense zone)", value = C.zones.defense } },
    { prompt = name_of(c) .. "を置くゾーン (the zone)", clause = clause })
  return k.move(c, p, zone)
end

-- A summon resolves on the gate (15-17b): the unit enters the field; it is "normally summoned"
-- only when a normal summon played it and it resolved itself.
function M.resolve_summon(item)
  local c = item.source
  if not (k.exists(c) and k.zone_of(c) == C.zones.gate) then return end
  local u = onto_field(c, item.controller, "15-17b")
  if u and item.values.normal then
    k.set_flag(u, C.normal_flag, true)
    k.log("15-17b", name_of(u), "は通常召喚された (normally summoned: played by a normal summon, resolved on the gate)")
  end
  return u
end

-- 15-18a: special summon: the card's controller puts it into their attack or defense zone.
-- 15-18a-1: not through the gate: straight from where it is, not played, no cost, no summon
-- count, not normally summoned.
function M.special_summon(c, p)
  p = p or k.controller(c)
  local name = name_of(c)
  local u = onto_field(c, p, "15-18a")
  k.log("15-18a-1", name, "を特殊召喚: ゲートを介さず直接場に (special summon: straight onto the field, not through the gate)")
  return u
end

-- 15-18b: special summon a card chosen from a deck as in 15-6.
function M.special_summon_from_deck(p, deck_owner, filter)
  local chosen = M.search_deck(p, deck_owner, 1, filter, "特殊召喚するカード (the card to special summon)")
  if chosen[1] then
    k.log("15-18b", "デッキから選んだカードを特殊召喚 (chosen from the deck as in 15-6, then special summoned)")
    return M.special_summon(chosen[1], p)
  end
  return nil
end

-- 15-19a: drive a card: the drive process (10-2, not in the seed; reading: the card goes face up
-- to its owner's drive zone and the drive event is raised). 15-19b: no card named: the top card
-- of the deck. 15-19c: "drive n": the top n cards, one after another.
function M.drive(p, what)
  local cards = {}
  if type(what) == "number" or what == nil then
    local n = what or 1
    local deck = k.cards(p, C.zones.deck)
    for i = 1, math.min(n, #deck) do cards[i] = deck[#deck - i + 1] end
    k.log(n > 1 and "15-19c" or "15-19b", "P", p, "はデッキの一番上から", #cards, "枚をドライブ (drives the top ", #cards, ")")
  else
    cards = { what }
  end
  local out = {}
  for _, c in ipairs(cards) do
    local d = k.move(c, k.owner(c), C.zones.drive)
    out[#out + 1] = d
    k.log("15-19a", name_of(d), "をドライブ (driven: the drive process, 10-2)")
    k.event(C.events.drove, { card = d, player = k.owner(d) })
  end
  return out
end

-- 15-20a: deal n damage to a unit or a ruler: a damage execution process (13-2a; reading: carried
-- out at once, through replacements such as reduction, 15-22a). opts.source: the card dealing it;
-- opts.kind: "battle" only for the rule's damage in the damage step, else "effect" (15-20c).
-- A unit marks it (3-6g) and remembers its source (15-12b); a ruler marks it and its player
-- takes it (13-7b, reading). Returns the damage dealt.
function M.deal_damage(target, n, opts)
  opts = opts or {}
  local kind = opts.kind or "effect"
  if kind == "battle" and not (k.phase() == C.attack_phase and k.step() == C.damage_step) then
    error("[15-20c] battle damage is only the damage the rule deals in the damage step")
  end
  local ev = k.replace({ kind = "damage", card = target, player = k.controller(target), amount = n,
    source = opts.source, damage_kind = kind })
  if not ev or ev.amount <= 0 then
    k.log("15-20a", name_of(target), "へのダメージは与えられない (no damage is dealt)")
    return 0
  end
  local words = kind == "battle" and "戦闘ダメージ (battle damage)" or "効果ダメージ (effect damage)"
  k.add_counter(target, C.damage_counter, ev.amount)
  k.log("15-20c", name_of(target), "に", ev.amount, "の", words)
  if opts.source and k.zone_of(target) ~= C.zones.ruler then M.remember_damage(target, opts.source) end
  k.event(C.events.damaged, { card = target, player = k.controller(target), amount = ev.amount,
    source = opts.source, kind = kind })
  if k.zone_of(target) == C.zones.ruler then
    M.damage_player(k.controller(target), ev.amount, { source = opts.source, kind = kind, replaced = true })
  end
  return ev.amount
end

-- 15-20b: a player takes n damage (13-7b, reading): the top n cards of their deck go to their
-- damage zone.
function M.damage_player(p, n, opts)
  opts = opts or {}
  local amount = n
  if not opts.replaced then
    local ev = k.replace({ kind = "damage", player = p, amount = n, source = opts.source,
      damage_kind = opts.kind or "effect" })
    amount = ev and ev.amount or 0
  end
  if amount <= 0 then return 0 end
  local deck = k.cards(p, C.zones.deck)
  local moved = 0
  for i = 1, math.min(amount, #deck) do
    k.move(deck[#deck - i + 1], p, C.zones.damage)
    moved = moved + 1
  end
  k.log("15-20b", "P", p, "は", amount, "ダメージを受ける: デッキの上から", moved, "枚をダメージゾーンへ (takes damage)")
  if not opts.replaced then
    k.event(C.events.damaged, { player = p, amount = amount, source = opts.source, kind = opts.kind or "effect" })
  end
  return amount
end

-- 15-21a: recover n of a unit's damage.
function M.recover_unit(u, n)
  local before = k.counter(u, C.damage_counter)
  k.add_counter(u, C.damage_counter, -n)
  k.log("15-21a", name_of(u), "のダメージを", n, "回復: ", before, " → ", k.counter(u, C.damage_counter), " (recovers)")
end

-- 15-21b: recover n of a player's damage: the player chooses n cards of their damage zone, which
-- go to their owners' graveyards. 15-21c: not a reduction, not a replacement: damage not yet
-- dealt is untouched, and so is the damage a ruler has.
function M.recover_player(p, n)
  local chosen = choose_exactly(p, k.cards(p, C.zones.damage), n, "回復するダメージ (damage to recover)", "15-21b")
  for _, c in ipairs(chosen) do k.move(c, k.owner(c), C.zones.graveyard) end
  k.log("15-21b", "P", p, "のダメージを", #chosen, "回復: ダメージゾーンのカードを墓地へ (recovers: damage cards to the graveyard)")
  return #chosen
end

-- 15-21b-1: recovering a ruler's damage recovers its player's.
function M.recover_ruler(r, n)
  k.log("15-21b-1", name_of(r), "のダメージの回復はP", k.controller(r), "のダメージの回復 (the ruler's player recovers)")
  return M.recover_player(k.controller(r), n)
end

-- 15-22a: reduce damage about to be dealt by n (a replacement's `replace:` returns this).
function M.reduce(event, n)
  event.amount = math.max(0, event.amount - n)
  k.log("15-22a", "ダメージを", n, "軽減 → ", event.amount, " (reduced)")
  return event
end

-- 15-23a: p gains control of a card: it moves to p's attack or defense zone (a unit, p's choice)
-- or p's field zone (a field card). Needs K1 (the controller follows the zone).
function M.gain_control(p, c)
  kernel("set_controller", "K1", "rules.gain_control")
  local moved
  if k.card_type(c) == C.field_type then
    moved = k.move(c, p, C.zones.field)
  else
    moved = onto_field(c, p, "15-23a")
  end
  k.log("15-23a", "P", p, "は", name_of(moved), "のコントロールを得る (gains control: moved to P", p, "'s zone)")
  return moved
end

-- 15-24d / 15-24e: every card of every player's `zone` goes to its owner's graveyard.
function M.sweep_to_graveyard(zone, clause)
  local n = 0
  for p = 1, 2 do
    for _, c in ipairs(k.cards(p, zone)) do
      k.move(c, k.owner(c), C.zones.graveyard)
      n = n + 1
    end
  end
  k.log(clause, C.zone_names[zone] or zone, "のカード", n, "枚を所有者の墓地へ (to their owners' graveyards)")
end

-- 15-24f: every ruler's damage becomes 0.
function M.clear_ruler_damage()
  for p = 1, 2 do
    for _, r in ipairs(k.cards(p, C.zones.ruler)) do
      local d = k.counter(r, C.damage_counter)
      if d > 0 then
        k.add_counter(r, C.damage_counter, -d)
        k.log("15-24f", name_of(r), "のダメージ", d, "は0に (the ruler's damage becomes 0)")
      end
    end
  end
end

-- 15-24g-1: in the attack phase, effects lasting "during battle" / "until the end of battle" end.
function M.end_battle_effects()
  if k.phase() == C.attack_phase then
    local n = k.expire(C.battle_duration)
    k.log("15-24g-1", "アタックフェイズ中: 戦闘中・戦闘終了時までの継続効果", n, "個が終了 (battle effects end)")
  end
end

-- 15-24: end the turn, b → h in order: K8 clears the triggers and the gate, K9 stops the
-- resolving effect and ends the turn at once (k.end_turn{now = true}).
function M.end_turn()
  local clear_triggers = kernel("clear_triggers", "K8", "rules.end_turn")
  k.log("15-24a", "ターンを終了する: 以下を順に実行 (end the turn: in order)")
  local n = clear_triggers()
  k.log("15-24b", "誘発している自動能力", n, "個の誘発回数を0に (triggered abilities: count 0)")
  if k["clear_chain"] or #k.chain() > 0 then
    local items = kernel("clear_chain", "K8", "rules.end_turn")()
    k.log("15-24c", "ゲートの能力や処理", #items, "個を取り除く (removed from the gate)")
  end
  for _, c in ipairs(k.cards(k.turn_player(), C.zones.gate)) do   -- the gate is shared
    local name = name_of(c)
    k.move(c, k.owner(c), C.zones.graveyard)
    k.log("15-24c", name, "は所有者の墓地へ (the card on the gate goes to its owner's graveyard)")
  end
  M.sweep_to_graveyard(C.zones.drive, "15-24d")
  M.sweep_to_graveyard(C.zones.counter, "15-24e")
  M.clear_ruler_damage()
  M.end_battle_effects()
  k.log("15-24g", "現在のフェイズやステップが終了 (the current phase or step ends)")
  k.log("15-24h", "エンドフェイズに移動 (to the end phase)")
  if k["stop"] then
    local end_turn = k["end_turn"]   -- with K9 it takes { now = true } and stops this effect
    end_turn({ now = true })
  else
    k.end_turn()
  end
end

return M
