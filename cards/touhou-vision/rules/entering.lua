-- 東方VISION: 10: the keyword abilities that act as their card enters the field (場に出る),
-- played or not: 連結 (10.20) and オーバードライブ (10.33) exclude other cards or their own card
-- when its play resolves or it enters unplayed; ラストワード (10.32.2.b) cannot enter a field
-- without its caster; 壱符 (10.18) puts a 弐符 card onto the field (スペルブレイク, 10.18.3) and
-- 弐符 (10.19) is excluded when it enters otherwise. ラストワード's play limits (10.32.2.a,
-- 10.32.2.c) are rules/actions.lua's. Loaded before rules/keywords.lua, whose 場に出た window
-- calls M._.second_talisman_excluded first.
local M = ...
local P, has_kw, contains = M._.P, M._.has_kw, M._.contains
local yes_no, caster_present = M._.yes_no, M._.caster_present        -- 10.31.3 (core.lua)

local function as_list(x)
  if type(x) == "table" then return x end
  return { x }
end

-- Cards that exclude others to resolve: 連結 (10.20.2.b) and オーバードライブ (10.33.2.a) --------

-- 10.20.2.b: one card for each linked name, from p's field, hand or underworld; each a
-- different card. Returns whether they were excluded.
local function link_cost(c, p)
  local names = M._.link_names(c)
  local pool = {}
  for _, z in ipairs({ "field", "hand", M._.underworld_zone() }) do
    for _, x in ipairs(k.cards(p, z)) do
      if x ~= c and not k.attached_to(x) then pool[#pool + 1] = x end
    end
  end
  local function cands_for(n, chosen)
    local out = {}
    for _, x in ipairs(pool) do
      if M._.name_has(x, n) and not contains(chosen, x) then out[#out + 1] = x end
    end
    return out
  end
  for _, n in ipairs(names) do
    if #cands_for(n, {}) == 0 then return false end
  end
  if not yes_no(p, k.name(c) .. "の連結", "10.20.2.b", "「" .. table.concat(names, "」「") .. "」を除外する (exclude them)", k.name(c) .. "を除外 (exclude this card)") then
    return false
  end
  local chosen = {}
  for _, n in ipairs(names) do
    local cands = cands_for(n, chosen)
    if #cands == 0 then return false end
    chosen[#chosen + 1] = k.choose_cards(p, cands, { prompt = "連結「" .. n .. "」: 除外するカード (exclude)", clause = "10.20.2.b" })
  end
  for _, x in ipairs(chosen) do M._.exclude(x, "連結") end
  return true
end

-- 10.33.2.a: one or more character cards whose name contains its caster, or spells of the
-- same caster, from p's underworld.
local function overdrive_cost(c, p)
  local caster = k.field(c, "caster")
  local cands = {}
  for _, x in ipairs(M._.underworld_cards(p)) do
    local t = k.card_type(x)
    if caster and ((t == "character" and M._.name_has(x, caster)) or (t == "spell" and k.field(x, "caster") == caster)) then
      cands[#cands + 1] = x
    end
  end
  if #cands == 0 or not yes_no(p, k.name(c) .. "のオーバードライブ", "10.33.2.a", (M._.underworld_name(p)) .. "のカードを除外する (exclude from " .. select(2, M._.underworld_name(p)) .. ")", k.name(c) .. "を除外 (exclude this card)") then
    return false
  end
  local chosen = as_list(k.choose_cards(p, cands, { prompt = "除外するカード (1枚以上: one or more)", clause = "10.33.2.a", min = 1, max = #cands }))
  for _, x in ipairs(chosen) do M._.exclude(x, "オーバードライブ") end
  return true
end

-- When c's play resolves or c enters the field without being played: its exclusions are made,
-- or it is excluded at once and what would have resolved fails (10.20.3, 10.33.3).
local function entry_costs(c, p)
  if #M._.link_names(c) > 0 and not link_cost(c, p) then
    k.log("10.20.3", k.name(c), "の連結のカードを除外しない: ", k.name(c), "を除外し、解決に失敗 (excluded: it fails)")
    M._.exclude(c, "連結")
    return false
  end
  if has_kw(c, "オーバードライブ") and not overdrive_cost(c, p) then
    k.log("10.33.3", k.name(c), "のオーバードライブのカードを除外しない: ", k.name(c), "を除外し、解決に失敗 (excluded: it fails)")
    M._.exclude(c, "オーバードライブ")
    return false
  end
  return true
end

-- Puts c onto p's field without playing it (11.3.9; "場に出す"): ラストワード cannot enter a
-- field without its caster (10.32.2.b), 連結 / オーバードライブ exclude first. Returns the card
-- on the field, or nil.
function M.put_onto_field(c, p, orientation)
  if has_kw(c, "ラストワード") and not caster_present(p, c) then
    k.log("10.32.2.b", P(p), "の場に術者がいない: ", k.name(c), "は場に出ず破棄 (no caster: discarded)")
    M._.discard(c, "ラストワード")
    return nil
  end
  if not entry_costs(c, p) then return nil end
  return M._.enter_field(c, p, orientation or "sleep", 1)            -- 11.3.9 (core.lua)
end

-- 10.20.2.b, 10.33.2.a: a play that resolves makes its exclusions first (10.20.3, 10.33.3: or
-- the card is excluded and the play fails).
local base_resolve_item = M.resolve_item
function M.resolve_item(item)
  local c = item.source
  if item.kind == "play" and c and k.exists(c) and k.zone_of(c) == "play" then
    if not entry_costs(c, item.controller) then return end         -- 10.20.3, 10.33.3
  end
  return base_resolve_item(item)
end

-- スペルブレイク: 壱符 (10.18) and 弐符 (10.19) -------------------------------------------------------

-- 10.18.2.a: 壱符 ("符ノ壱“B”") entering deathblow: its player may put a 弐符 character card whose
-- name contains B from their sideboard onto their field asleep (a spell break, 10.18.3), may move
-- every card set on the 壱符 character to it, and then discards the 壱符 character.
local function first_talisman(c)
  local p = k.controller(c)
  local b = string.match(k.name(c), "^符ノ壱“(.-)”") or string.match(k.name(c), '^符ノ壱"(.-)"')
  local cands = {}
  for _, x in ipairs(k.cards(p, "sideboard")) do
    if b and k.card_type(x) == "character" and has_kw(x, "弐符") and M._.name_has(x, b) then cands[#cands + 1] = x end
  end
  if #cands == 0 then return end
  if not yes_no(p, k.name(c) .. "の壱符", "10.18.2.a", "サイドボードの弐符を場に出す (spell break)", "出さない (do not)") then return end
  local x = cands[1]
  if #cands > 1 then x = k.choose_cards(p, cands, { prompt = "場に出す弐符 (second talisman)", clause = "10.18.2.a" }) end
  k.set_gvar("spell_break", 1)
  local f = M.put_onto_field(x, p, "sleep")
  k.set_gvar("spell_break", 0)
  if f and #k.attachments(c) > 0 and yes_no(p, "セットカードを移す", "10.18.2.a", k.name(f) .. "に移す (move the set cards)", "移さない (keep them)") then
    for _, s in ipairs(k.attachments(c)) do
      local role = k.role(s)
      local n = k.attach(s, f, role)
      k.set_orientation(n, k.orientation(f))
      k.log("10.18.2.a", k.name(n), "を", k.name(f), "に移す (moved)")
    end
  end
  M._.discard(c, "壱符")
end

function M.spell_break(c)
  if has_kw(c, "壱符") and k.zone_of(c) == "field" then first_talisman(c) end
end


-- 10.19.2.a: a 弐符 character that entered the field other than by a 壱符 effect is excluded,
-- before its other "entered" effects (rules/keywords.lua's 場に出た window asks this first).
-- Returns whether it was.
function M._.second_talisman_excluded(c)
  if not has_kw(c, "弐符") or k.gvar("spell_break") ~= 0 then return false end
  k.log("10.19.2.a", k.name(c), "は壱符の効果以外で場に出た: ゲームから除外 (excluded)")
  M._.exclude(c, "弐符")
  return true
end

return M
