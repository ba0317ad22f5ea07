-- 東方VISION: resolving the interference (1.12.8): each pending item, last in first out, with
-- no priority between them (the chain's `resolve: all`); played cards (5.2.4), activated
-- effects (7.3.5) and the attack, whose combat comes last (1.12.8.b); cards resolved as if
-- played (5.3.2).
local M = ...
local has_kw, contains, discard = M._.has_kw, M._.contains, M._.discard

-- 8.2.5: targets are checked again when resolution starts; one that is no longer legal makes
-- the effect fail.
local function target_still_legal(c, name, target)
  if target == nil then return true end
  if M._.zone_target_legal and M._.zone_target_legal(c, name, target) then return true end   -- 8.2.6.d (effects.lua)
  if not k.exists(target) then return false end
  if not contains(k.abilities(c, { hook = "targets", all = true }), name) then return true end
  return contains(k.run_ability(c, name, "targets") or {}, target)
end

local enter_field = M._.enter_field                                  -- 11.3.9 (core.lua)

-- The steps of resolving a played card (5.2.4.b–d) and of one resolved as if played (5.3.2.e–g,
-- which has no "is about to resolve" step like 5.2.4.a).
local PLAYED = { effect = "5.2.4.b", resolved = "5.2.4.c" }
local AS_PLAYED = { effect = "5.3.2.e", resolved = "5.3.2.f" }

-- 5.2.4 for a played card still in the play area (b): a character enters the field asleep
-- (5.4.2); a spell or command with 装備 / 呪符 is set on its target (10.13, 10.14); 世界呪符,
-- 装備/場 and 幻想生物 stay on the field (10.15–10.17); any other resolves its play text and
-- goes to the underworld (d). With `as_played`, 5.3.2.e–g: the same from e, after no "is about
-- to resolve" timing (5.3.2 has no step for it). Returns whether it resolved properly (7.1.12).
local function resolve_play(item, as_played)
  local c, p = item.source, item.controller
  local name = item.values.ability
  local target = item.targets[1]
  local step = as_played and AS_PLAYED or PLAYED
  if not as_played then M._.window("解決する", { card = c, player = p }) end   -- 5.2.4.a
  if not k.exists(c) or k.zone_of(c) ~= "play" then
    k.log(step.effect, item.name, "はプレイエリアに無い (not in the play area: no effect)")
    return false
  end
  for _, t in ipairs(item.targets) do                               -- 8.2.5: if even one is not legal
    if not target_still_legal(c, name, t) then
      k.log("8.2.5", item.name, "の目標が不正 (its target is no longer legal: it fails)")
      discard(c, "解決されなかった")                                   -- 3.8.5
      return false
    end
  end
  -- The card as it is after resolving (a new object where it entered the field or was set).
  local now = c
  local t = k.card_type(c)
  if t == "character" then
    local f = enter_field(c, p, has_kw(c, "速攻") and "active" or "sleep")
    if not f then return false end
    now = f
    if has_kw(f, "人形") then
      k.set_pvar(p, "dolls", k.pvar(p, "dolls") + 1)
    elseif not has_kw(f, "奇襲") or k.setting("ambush_uses_character_slot") == 1 then
      k.set_pvar(p, "characters", k.pvar(p, "characters") + 1)
    end
  elseif has_kw(c, "装備") or has_kw(c, "呪符") then
    if not target or not M._.is_character(target)
      or (M._.cannot_set and M._.cannot_set(c, target)) then          -- 10.25.2.a
      discard(c, "セットできない")
      return false
    end
    -- 10.13.4: a character with equipment already cannot take another; the card fails.
    if has_kw(c, "装備") then
      for _, s in ipairs(k.attachments(target)) do
        if has_kw(s, "装備") then
          k.log("10.13.4", k.name(target), "は装備済み (already equipped): ", k.name(c), "は", (M._.underworld_name(k.owner(c))), "へ")
          M._.to_underworld(c)
          return false
        end
      end
    end
    -- 11.3.10 (rules/moves.lua): the setting timings (a, c), entering the field, 11.3.11.c, and
    -- 11.3.13 "cannot be set" (then it was not resolved: 3.8.5).
    local s = M._.set_card(c, target)
    if not s then
      if k.exists(c) and k.zone_of(c) == "play" then discard(c, "セットできない") end
      return false
    end
    now = s
  elseif has_kw(c, "世界呪符") or has_kw(c, "装備/場") then
    now = enter_field(c, p, "active")
  elseif has_kw(c, "幻想生物") then
    -- 10.2.3: 速攻 resolves once it has entered and become a character: it is active.
    now = enter_field(c, p, has_kw(c, "速攻") and "active" or "sleep")
  else
    local ok = true                                                   -- b
    if name then
      ok = k.run_ability(c, name, "effect", { target = target, targets = item.targets, mode = item.values.mode, declared = item.values.declared }) ~= false
    end
    -- c, then d: the "has resolved" timing comes while the card is still in the play area, and
    -- only when its effect resolved properly (7.1.11; a failed effect returns false, 7.1.12).
    if ok then
      M._.window("解決した", { card = c, player = p })                -- c
    else
      k.log(step.resolved, item.name, "の効果は適切に解決されなかった: 解決した場合のタイミングは来ない (it did not resolve properly: no \"has resolved\" timing)")
    end
    if k.exists(c) and k.zone_of(c) == "play" then
      M._.to_underworld(c)                                            -- 5.2.4.d, 5.3.2.g
    end
    return ok
  end
  M._.window("解決した", { card = now, player = p })                  -- c
  return true
end

-- 7.3.5: an activated effect resolves if its source is still on the field (7.3.1.b) and its
-- target is still legal (8.2.5).
local function resolve_ability(item)
  local c, name, target = item.source, item.values.ability, item.targets[1]
  if not k.exists(c) or k.zone_of(c) ~= "field" then
    k.log("7.3.1.b", "「", name, "」: 発生源が場を離れた (its source left the field: negated)")
    return
  end
  if M._.text_negated(c, name) then                                   -- 2.13.3, 12.4 (moves.lua)
    k.log("2.13.3", "「", name, "」: テキストが無効になった: 解決されない (its text is negated: it does not resolve)")
    return
  end
  if not target_still_legal(c, name, target) then
    k.log("8.2.5", "「", name, "」の目標が不正 (its target is no longer legal: it fails)")
    return
  end
  k.run_ability(c, name, "effect", { target = target, mode = item.values.mode, declared = item.values.declared })   -- 7.3.4.b/d
  M._.window("効果が解決された", { card = c, player = item.controller })   -- 7.5.2.e: the "effect resolved" timing
end

-- 5.3: a card resolved "as if played": put face up in the play area (5.3.2.a), its target
-- chosen (c; none legal: it fails, 5.3.1.d), no cost paid (5.3.1.c), then resolved like a
-- played card (e–g); its effect's source is the card itself (5.3.4). Returns whether it resolved
-- properly (5.3.3).
function M.resolve_as_played(c, p)
  if not k.exists(c) then return false end
  local waiting = #k.pending_triggers() > 0
  local pc = k.move(c, p, "play")
  k.log("5.3.2.a", k.name(pc), "をプレイしたものとして解決する (resolved as if played)")
  local name = k.abilities(pc, { kind = "command", all = true })[1]
  local mode = name and M._.effect_mode(p, pc, name, "5.3.2.b")       -- b (effects.lua)
  local target = nil
  if name and contains(k.abilities(pc, { hook = "targets", all = true }), name) then
    local cands = k.run_ability(pc, name, "targets") or {}
    if #cands == 0 then
      k.log("5.3.1.d", k.name(pc), ": 目標が無いので解決しない (no legal target: it fails)")
      M._.to_underworld(pc)
      return false
    end
    target = k.choose_cards(p, cands, { prompt = k.name(pc) .. "の目標 (target)", clause = "5.3.2.c" })
  end
  local declared = name and M._.effect_declaration(p, pc, name, "5.3.2.d")   -- d (effects.lua)
  M._.after_declaration(waiting)                                      -- 5.3.2: γ met so far, after d
  -- 5.3.3: it resolved successfully only if the card's effect resolved properly.
  return resolve_play({ kind = "play", name = k.name(pc), source = pc, controller = p, targets = { target }, values = { ability = name, mode = mode, declared = declared } }, true)   -- e–g
end

function M.resolve_item(item)
  if item.kind == "play" then
    resolve_play(item)
  elseif item.kind == "ability" then
    resolve_ability(item)
  elseif item.kind == "attack" then
    M._.combat(item)
  end
end

-- A negated play (5.2.5) does not count; a card whose effect is not resolved is discarded from
-- the play area (3.8.5). A negated attack is cancelled: no combat (6.3.6).
function M.negated_item(item)
  if item.kind == "play" and item.source and k.exists(item.source) and k.zone_of(item.source) == "play" then
    discard(item.source, "無効")
  elseif item.kind == "attack" then
    k.log("6.3.6", "攻撃は取り消された (the attack is cancelled: no combat)")
    M._.end_attack(item)
  end
end

-- 1.12.8.c–e: the interference ends (its "during the interference" effects end with the
-- kernel's `chain` duration); its attack, if any, is over.
function M.end_interference()
  k.set_gvar("attack_item", 0)
  k.set_gvar("attacked", 0)
  M._.window("干渉終了時", {})                                       -- 1.12.8.d
end
return M
