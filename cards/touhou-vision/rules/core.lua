-- 東方VISION: shared helpers (through `M._`) and the `rules.*` library cards use: characters,
-- nodes and their payment (1.8), damage (1.10), deathblow and discarding (9.2, 9.3), the
-- interference (1.12.6, 7.3.6) and the sweeps rule processes make over each player's cards.
-- Each file gets the shared hook table as `...` and adds its functions; scripts keep no state.
local M = ...

local function P(p) return "P" .. p end

-- 10.21.3, 10.22.3, 10.23.3: a combined keyword is treated as each of its parts.
local KW_PARTS = {
  ["自分ターン1枚制限"] = { "自分ターン制限", "ターン1枚制限" },
  ["相手ターン1枚制限"] = { "相手ターン制限", "ターン1枚制限" },
}

-- 10.1: keywords are words in a card's keyword list (effects may grant them, layer info).
local function has_kw(c, kw)
  for _, x in ipairs(k.field(c, "keywords") or {}) do
    if x == kw then return true end
    for _, part in ipairs(KW_PARTS[x] or {}) do
      if part == kw then return true end
    end
  end
  return false
end

-- A keyword with a value, `維持コスト(2)` → 2 (nil when the card lacks it); 耐性 takes a race.
local function kw_value(c, kw)
  for _, x in ipairs(k.field(c, "keywords") or {}) do
    local v = string.match(x, "^" .. kw .. "%((.-)%)$")
    if v then return tonumber(v) or v end
  end
  return nil
end

-- 6.1.1: a face-up card on the field not set on another card is a character when it is a
-- character card or a 幻想生物 (10.16.3).
local function is_character(c)
  if not k.exists(c) then return false end
  if k.zone_of(c) ~= "field" or k.attached_to(c) then return false end
  if k.flag(c, "as_character") then return true end   -- 6.1.6–6.1.8: made one by an effect (characters.lua)
  if not k.face_up(c) then return false end
  return k.card_type(c) == "character" or has_kw(c, "幻想生物")
end

local function characters(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "field")) do
    if is_character(c) then out[#out + 1] = c end
  end
  return out
end

local function damage_on(c)
  return k.counter(c, "combat_damage") + k.counter(c, "effect_damage")
end

-- 1.10.13: c's accumulated damage (combat and effect) is reset. Returns whether it had any; the
-- caller logs its own clause.
local function reset_damage(c)
  if damage_on(c) <= 0 then return false end
  k.add_counter(c, "combat_damage", -k.counter(c, "combat_damage"))
  k.add_counter(c, "effect_damage", -k.counter(c, "effect_damage"))
  return true
end

-- A rule process's sweep: act(p) for each player in turn; returns whether any acted.
local function each_player(act)
  local acted = false
  for p = 1, 2 do
    if act(p) then acted = true end
  end
  return acted
end

-- The same over each card of list(p) (k.cards(p, "field"), characters, …, read once per
-- player): act(c, p); returns whether any acted (every card is visited).
local function each_card(list, act)
  return each_player(function(p)
    local acted = false
    for _, c in ipairs(list(p)) do
      if act(c, p) then acted = true end
    end
    return acted
  end)
end

-- 10.20.2.a: 連結(「A」+「B」…) also names the card A, B, … (not when a part is a condition
-- such as "~X枚", which is no name).
local function link_names(c)
  local out = {}
  for _, x in ipairs(k.field(c, "keywords") or {}) do
    local inner = string.match(x, "^連結%((.*)%)$")
    local alias = string.match(x, "^名称%((.*)%)$")           -- 6.1.5: a name an effect gave (characters.lua)
    if alias then out[#out + 1] = alias end
    for part in string.gmatch(inner or "", "「(.-)」") do
      if not string.find(part, "枚", 1, true) then out[#out + 1] = part end
    end
  end
  return out
end

-- 12.3.1: a name reference matches any name containing it (10.20.2.a: a link's names too).
local function name_has(c, part)
  if part == nil then return false end
  if string.find(k.name(c), part, 1, true) ~= nil then return true end
  for _, n in ipairs(link_names(c)) do
    if string.find(n, part, 1, true) ~= nil then return true end
  end
  return false
end

-- Whether p has a character that is the caster of spell c: its name contains c's 術者 (12.3.1);
-- 10.31.3: one that cannot be a caster (封術 with fewer than 6 nodes, 10.31.2.a) does not count.
local function caster_present(p, c)
  local caster = k.field(c, "caster")
  if not caster then return false end
  for _, ch in ipairs(characters(p)) do
    if name_has(ch, caster) and (not has_kw(ch, "封術") or k.count(p, "node") >= 6) then
      return true
    end
  end
  return false
end

local function contains(list, x)
  for _, y in ipairs(list or {}) do
    if y == x then return true end
  end
  return false
end

-- 11.3.11.c: set cards share their host's active or sleep state. Returns whether the host
-- changed (11.5.3: an already active card is not made active).
local function set_state(c, orientation)
  local changed = k.set_orientation(c, orientation)
  for _, s in ipairs(k.attachments(c)) do k.set_orientation(s, orientation) end
  return changed
end

-- The underworld and hell (3.3.6) ------------------------------------------------------------

-- 3.3.6: a card effect may change a player's underworld (冥界) into hell (地獄): player variable
-- `hell` is 1 meanwhile. Nothing moves (no 11.3 move, no new objects, no 移動): the zone
-- `underworld` holds that player's pile under either name, so its cards become hell cards as
-- they are, in their order (3.3.4), and underworld cards again the same way (3.3.6.c).
-- 3.3.6.a: every "underworld" of the rules means hell then, so the rules reach the pile only
-- through these helpers; 3.3.6.b: the underworld a card's own text names does not exist then
-- (text_zone, rules.underworld). Reading: docs/rules/touhou-vision-readings.md, 2–3.
local UNDERWORLD = "underworld"
local function is_hell(p) return k.pvar(p, "hell") > 0 end
-- The zone the rules call the underworld (p's hell while 3.3.6 applies: the same pile).
local function underworld_zone() return UNDERWORLD end
-- What p's underworld is called now, Japanese and English.
local function underworld_name(p)
  if is_hell(p) then return "地獄", "hell" end
  return "冥界", "the underworld"
end
local function underworld_cards(p) return k.cards(p, UNDERWORLD) end
-- A rule puts `c` onto the underworld of `p` (its owner's by default; `pos` "top" or "bottom"):
-- onto p's hell while 3.3.6 applies (3.3.6.a). Returns the new card.
local function to_underworld(c, p, pos)
  p = p or k.owner(c)
  local n = k.move(c, p, UNDERWORLD, nil, pos)
  if n and is_hell(p) then
    k.log("3.3.6.a", k.name(n), "は", P(p), "の地獄へ (the rules' underworld reads hell: put in hell)")
  end
  return n
end
-- The zone a card's own text means by `zone` of p ("hell" is 地獄), or nil when it does not
-- exist now: no underworld while it is hell (3.3.6.b), no hell while it is not (3.3.6).
local function text_zone(p, zone)
  if zone == UNDERWORLD and is_hell(p) then
    k.log("3.3.6.b", P(p), "の冥界は存在しない (no underworld: it is hell)")
    return nil
  elseif zone == "hell" then
    if is_hell(p) then return UNDERWORLD end
    k.log("3.3.6", P(p), "の地獄は存在しない (no hell: the underworld was not changed)")
    return nil
  end
  return zone
end

-- Nodes (1.8) ------------------------------------------------------------------------------

local function nodes(p) return k.cards(p, "node") end

-- 1.8.7: each node pays 1, active by going to sleep or asleep by being discarded.
local function can_pay(p, n)
  return n <= 0 or #nodes(p) >= n
end

-- 1.8.7: pays n all at once; the player chooses, for each point, to sleep an active node or
-- discard a sleeping one (1.8.7.c); a node pays at most 1 (1.8.7.d). Discarding a node to pay
-- is not a 破棄 that resolves (1.8.7.i): it goes straight to the underworld. False if it
-- cannot be paid; the caller undoes what was being done (1.8.7.g).
local function pay_nodes(p, n, why)
  local used = {}
  for i = 1, n do
    local active, asleep = nil, nil
    for _, c in ipairs(nodes(p)) do
      if not used[c] then
        if k.orientation(c) == "active" then active = active or c else asleep = asleep or c end
      end
    end
    if not active and not asleep then return false end
    local how = "sleep"
    if active and asleep then
      how = k.choose(p, {
        { label = "アクティブのノードをスリープ (sleep an active node)", value = "sleep" },
        { label = "スリープのノードを破棄 (discard a sleeping node)", value = "discard" },
      }, { prompt = "コストの支払い " .. i .. "/" .. n .. " (" .. why .. ")", clause = "1.8.7.c" })
    elseif asleep then
      how = "discard"
    end
    if how == "sleep" then
      k.set_orientation(active, "sleep")
      used[active] = true
    else
      used[asleep] = true
      to_underworld(asleep)                                            -- 1.8.7.i
    end
  end
  if n > 0 then k.log("1.8.7", P(p), "はコスト", n, "を支払う (pays ", why, ")") end
  return true
end

-- A timing window a rule procedure names ("resolve … effects, including auto γ"): the event
-- happens, and the γ it triggers resolve at this step (7.4.7.c).
-- 7.1.6: while γ of the same earlier timing still wait (this step is inside one of them), they
-- and this step's γ resolve one at a time after the effect being applied (7.4.7.c).
local function window(event, data)
  if M._.keyword_window then M._.keyword_window(event, data) end   -- 10: keyword rules (keywords.lua)
  local waiting = #k.pending_triggers() > 0
  k.event(event, data)
  if not waiting then k.play_triggers() end
end

-- Removal (9.2–9.4) ---------------------------------------------------------------------------

-- 9.2–9.4: removal is resolved by rules/removal.lua (`M._.remove`): the card enters its state
-- and, unless a removal is already resolving, it is resolved before the caller goes on (9.1.3).
-- Each returns whether the card entered the state.
local function discard(c, why, source)
  return M._.remove({ { card = c, kind = "discard", source = source, why = why } }) > 0
end

local function deathblow(c, source)
  return M._.remove({ { card = c, kind = "deathblow", source = source } }) > 0
end

-- Damage (1.10.12) ---------------------------------------------------------------------------

-- 1.10.12: damage to a player (its life) or a character (accumulated); 0 or less does not
-- exist (1.10.14). `combat` marks combat damage (1.10.4); with `defer` the caller checks
-- deathblow (f) once the damage dealt at the same time is all applied. Returns the damage dealt.
local function deal_damage(target_card, target_player, amount, source, combat, defer)
  if amount <= 0 then return 0 end
  if M._.no_damage and M._.no_damage(target_card, target_player) then return 0 end   -- 1.10.16 (costs.lua)
  local kind = combat and "戦闘ダメージ" or "効果ダメージ"
  local c = combat and 1 or 0
  if target_card then
    if not is_character(target_card) then return 0 end            -- 1.10.10
    if M._.no_damage_in_removal(target_card) then return 0 end     -- 9.2.7.a, 9.3.7.a, 9.4.5.a
    window("ダメージを与える", { card = source, target = target_card, amount = amount, combat = c })
    if M._.damage_cut and M._.damage_cut() then return 0 end                  -- 1.10.15 (costs.lua)
    window("ダメージを受ける", { card = target_card, amount = amount, source = source, combat = c })
    if M._.damage_cut and M._.damage_cut() then return 0 end
    if not is_character(target_card) then return 0 end
    k.add_counter(target_card, combat and "combat_damage" or "effect_damage", amount)
    k.log("1.10.11.b", k.name(target_card), "に", kind, amount, " (accumulated ", damage_on(target_card), "/", k.field(target_card, "def"), ")")
    window("ダメージを与えた", { card = source, target = target_card, amount = amount, combat = c })
    window("ダメージを受けた", { card = target_card, amount = amount, source = source, combat = c })
    if not is_character(target_card) then return amount end
    if not defer and damage_on(target_card) >= (k.field(target_card, "def") or 0) then   -- 1.10.12.f
      deathblow(target_card, source)
    end
  else
    if M._.damage_negated and M._.damage_negated(target_player, amount) then return 0 end   -- 10.34.2.d
    window("ダメージを与える", { card = source, player = target_player, amount = amount, combat = c })
    if M._.damage_cut and M._.damage_cut() then return 0 end                  -- 1.10.15 (costs.lua)
    window("ダメージを受ける", { player = target_player, amount = amount, source = source, combat = c })
    if M._.damage_cut and M._.damage_cut() then return 0 end
    local life = k.pvar(target_player, "life") - amount
    if M._.life_floor then life = M._.life_floor(target_player, life) end   -- 1.6.5 (costs.lua)
    k.set_pvar(target_player, "life", life)
    k.log("1.10.11.a", P(target_player), "に", kind, amount, " (LP ", k.pvar(target_player, "life"), ")")
    window("ダメージを与えた", { card = source, player = target_player, amount = amount, combat = c })
    window("ダメージを受けた", { player = target_player, amount = amount, source = source, combat = c })
  end
  return amount
end

local function exclude(c, why, source)
  return M._.remove({ { card = c, kind = "exclusion", source = source, why = why } }) > 0
end

-- 11.3.9: a card enters the field unattached: (a) a character from here, (b) "when entering",
-- (c) placed, (d) "has entered"; `unplayed` (1) when it was not played (10.34.2.b), `was` the
-- card as it was before it entered. Returns the card on the field, or nil.
local function enter_field(c, p, orientation, unplayed)
  window("場に出る", { card = c, player = p, unplayed = unplayed })      -- b
  if not k.exists(c) then return nil end
  local f = k.move(c, p, "field")
  k.set_orientation(f, orientation)
  k.log("11.3.9.c", k.name(f), "が", P(p), "の場に出た (enters the field, ", orientation, ")")
  window("場に出た", { card = f, player = p, unplayed = unplayed, was = c }) -- d
  return f
end

-- The interference (1.12) ----------------------------------------------------------------------

-- 1.12.6: the first play, use or attack while no interference has started starts one.
local function start_interference_if_none()
  if #k.chain() == 0 then
    k.set_gvar("interference", k.gvar("interference") + 1)
  end
end

-- 6.4.2: whether p is the attacked player making their first response to the attack (the attack
-- passed them priority and nothing else is on the interference yet): when a defense is declared.
local function answering_attack(p)
  local chain, attack = k.chain(), k.gvar("attack_item")
  return attack ~= 0 and k.gvar("attacked") == p and #chain == 1 and chain[1].id == attack
end

-- 7.3.6: whether c's activated effect was used in the interference a use now belongs to (the
-- current one, or the one the use would start).
local function used_this_interference(c)
  local now = k.gvar("interference") + ((#k.chain() == 0) and 1 or 0)
  return k.ovar(c, "used_in") == now
end

-- 7.3.6: c's activated effect is used in the current interference.
local function mark_used(c) k.set_ovar(c, "used_in", k.gvar("interference")) end

-- A yes / no choice of player p: true for "する" (`yes` says what it does), false for "しない".
local function yes_no(p, prompt, clause, yes, no)
  return k.choose(p, {
    { label = "する: " .. yes, value = true },
    { label = "しない: " .. no, value = false },
  }, { prompt = prompt, clause = clause })
end

M._ = {
  P = P, has_kw = has_kw, kw_value = kw_value, link_names = link_names,
  upkeep = function(c) return kw_value(c, "維持コスト") end, is_character = is_character, characters = characters,
  caster_present = caster_present, damage_on = damage_on, reset_damage = reset_damage,
  each_player = each_player, each_card = each_card, name_has = name_has, contains = contains, nodes = nodes,
  can_pay = can_pay, pay_nodes = pay_nodes, discard = discard, deathblow = deathblow,
  deal_damage = deal_damage, exclude = exclude, window = window, set_state = set_state, yes_no = yes_no,
  start_interference_if_none = start_interference_if_none, used_this_interference = used_this_interference,
  mark_used = mark_used, answering_attack = answering_attack, enter_field = enter_field,
  is_hell = is_hell, underworld_zone = underworld_zone, underworld_name = underworld_name,
  underworld_cards = underworld_cards, to_underworld = to_underworld, text_zone = text_zone,
}

-- The `rules.*` library for card scripts ------------------------------------------------------

function M.damage_character(c, n, source) return deal_damage(c, nil, n, source, false) end
function M.damage_player(p, n, source) return deal_damage(nil, p, n, source, false) end
function M.characters(p) return characters(p) end
function M.is_character(c) return is_character(c) end
function M.has_keyword(c, kw) return has_kw(c, kw) end
function M.discard(c, source) return discard(c, nil, source) end
function M.deathblow(c, source) return deathblow(c, source) end
function M.exclude(c, source) return exclude(c, nil, source) end
function M.draw(p, n) return k.draw(p, n) end
function M.gain_life(p, n)
  k.set_pvar(p, "life", k.pvar(p, "life") + n)
  k.log("1.9.5", P(p), "はLPを", n, "回復 (LP ", k.pvar(p, "life"), ")")
  window("ライフを得た", { player = p, amount = n })                     -- 1.9.5 (1.9.7: not on a set)
end
function M.pay_nodes(p, n, why) return pay_nodes(p, n, why or "効果") end
function M.can_pay(p, n) return can_pay(p, n) end
-- 10.12: put the top n cards of the deck into the node area asleep (also graze, 6.5.3.b).
function M.add_nodes(p, n)
  local moved = 0
  for _ = 1, n do
    local top = k.cards(p, "deck")
    local c = top[#top]
    if not c then break end
    local node = k.move(c, p, "node")
    k.set_orientation(node, "sleep")
    moved = moved + 1
  end
  return moved
end
function M.sleep(c) return k.set_orientation(c, "sleep") end
function M.wake(c) return k.set_orientation(c, "active") end

-- 3.3.6: p's underworld is changed into hell until the end of the turn (4.9.1.b ends it,
-- M.end_hell_effects); its cards become hell cards as they are. False if it already is hell.
function M.change_to_hell(p)
  if is_hell(p) then return false end
  k.set_pvar(p, "hell", 1)
  k.log("3.3.6", P(p), "の冥界を地獄に変更: 冥界のカード", #underworld_cards(p),
    "枚はそのままの状態で地獄のカードとなる (the underworld becomes hell; its cards become hell cards as they are)")
  return true
end
-- 3.3.6.c: the change ends; the hell cards become underworld cards as they are, where they lie.
local function end_hell(p)
  if not is_hell(p) then return false end
  k.set_pvar(p, "hell", 0)
  k.log("3.3.6.c", P(p), "の地獄への変更が終了: 地獄のカード", #underworld_cards(p),
    "枚はそのままの状態で冥界のカードとなる (the effect ends: the hell cards become underworld cards as they are)")
  return true
end
-- 4.9.1.b: effects "until the end of the turn" end, the change into hell among them.
function M.end_hell_effects()
  for p = 1, 2 do end_hell(p) end
end
function M.is_hell(p) return is_hell(p) end
-- A card's own text naming p's 冥界 / 地獄: the cards there, none when that zone does not exist
-- now (3.3.6.b: no underworld while it is hell; no hell while it is not).
function M.underworld(p)
  if not text_zone(p, UNDERWORLD) then return {} end
  return underworld_cards(p)
end
function M.hell(p)
  if not text_zone(p, "hell") then return {} end
  return underworld_cards(p)
end
return M
