-- 東方VISION: 10.28: 変身 (transformation). A character with 変身 is turned upside down into a
-- transformed description, its own or one its 装備 / 呪符 set cards give it (10.28.3, 10.13.6,
-- 10.14.4), when it attacks or defends (10.28.2.a) or by the keyword's activated effect
-- (10.28.2.b); the description replaces its own (10.28.6, 10.28.8) and what set cards give stays
-- (10.28.9). It returns to normal (10.28.7) at its player's turn start (10.28.10), once the set
-- card giving the description no longer applies (10.28.9.a, a rule process) and as it leaves
-- the field (10.28.11). rules/keywords.lua (loaded after) reaches this file through
-- M._.transform_window (its keyword window) and M._.keyword_acts (keyword activated effects).
local M = ...
local P, has_kw, contains, characters, yes_no = M._.P, M._.has_kw, M._.contains, M._.characters, M._.yes_no

-- 10.28.3, 10.13.6, 10.14.4: the card's transformed descriptions, and those its equipment or
-- curse set cards give it.
local function forms_of(c)
  local out = {}
  for i, f in ipairs(k.field(c, "transform") or {}) do out[#out + 1] = { form = f, index = i } end
  for _, s in ipairs(k.attachments(c, "set")) do
    if has_kw(s, "装備") or has_kw(s, "呪符") then
      for i, f in ipairs(k.field(s, "transform") or {}) do out[#out + 1] = { form = f, from = s, index = i } end
    end
  end
  return out
end

-- 10.28.6.b, 10.28.8: the description's information is treated as the card's original one: it
-- replaces the printed values under every change (a base effect, applied with the printed
-- information), so what set cards give (10.28.9) and "becomes N" changes (6.1.10) apply on top.
local function form_changes(c, f)
  local mods = {}
  for _, fld in ipairs({ "atk", "def", "graze" }) do
    if f[fld] ~= nil and f[fld] ~= k.printed(c, fld) then
      mods[#mods + 1] = { field = fld, set = f[fld] }
    end
  end
  for _, fld in ipairs({ "races", "keywords" }) do
    if f[fld] ~= nil then
      local old = k.printed(c, fld) or {}
      for _, x in ipairs(old) do
        if not contains(f[fld], x) then mods[#mods + 1] = { field = fld, remove = x } end
      end
      for _, x in ipairs(f[fld]) do
        if not contains(old, x) then mods[#mods + 1] = { field = fld, grant = x } end
      end
    end
  end
  return mods
end

-- 10.28.4–10.28.6: puts c into a transformed state chosen by its controller (10.28.5).
local function transform(c, why)
  if k.flag(c, "transformed") then
    k.log("10.28.4", k.name(c), "は既に変身状態 (already transformed: cannot transform again)")
    return false
  end
  local forms = forms_of(c)
  if #forms == 0 then return false end
  local pick = forms[1]
  if #forms > 1 then
    local items = {}
    for i, x in ipairs(forms) do items[#items + 1] = { label = x.form.name, value = i } end
    pick = forms[k.choose(k.controller(c), items, { prompt = k.name(c) .. "の変身状態 (which transformed state)", clause = "10.28.5" })]
  end
  k.set_flag(c, "transformed", true)
  k.log("10.28.6.a", k.name(c), "の上下を入れ替える (turned upside down: ", why, ")")
  k.add_counter(c, "transform_id", 1)
  local mods = form_changes(c, pick.form)
  if #mods > 0 then
    k.add_effect({ source = c, targets = { c }, modify = mods, duration = "permanent", base = true,
      ["while"] = "self.transformed and self.transform_id == " .. k.counter(c, "transform_id"),
      label = "変身状態「" .. pick.form.name .. "」" })
  end
  k.set_ovar(c, "transform_from", pick.from or 0)
  k.set_ovar(c, "transform_form", pick.index)                       -- 2.17.3: which description
  k.log("10.28.6.b", k.name(c), "は変身状態「", pick.form.name, "」の記述のキャラクター (now the transformed description)")
  return true
end

-- 10.28.7: back to the normal state; `clause` says why.
local function revert(c, clause, why)
  if not k.flag(c, "transformed") then return end
  k.log(clause, k.name(c), "は通常状態に戻る (returns to normal: ", why, ")")
  k.set_flag(c, "transformed", false)
  k.set_ovar(c, "transform_from", 0)
  k.log("10.28.7.a", k.name(c), "の上下を入れ替える (turned upside down)")
  k.log("10.28.7.b", k.name(c), "は本来の記述のキャラクター (its original description)")
end

local function can_transform(c)
  return has_kw(c, "変身") and not k.flag(c, "transformed") and #forms_of(c) > 0
end

-- Rule process, 10.28.9.a: a character transformed by a description a set card gave returns to
-- normal once that card's text no longer applies to it (it left, or is not equipment / curse).
function M.rp_transform()
  return M._.each_card(characters, function(c)
    local s = k.ovar(c, "transform_from")
    if not k.flag(c, "transformed") or s == 0 then return false end
    if k.exists(s) and k.attached_to(s) == c and (has_kw(s, "装備") or has_kw(s, "呪符")) then return false end
    revert(c, "10.28.9.a", "セットカードの記述を失った")
    return true
  end)
end

-- The keyword window (keywords.lua's M._.keyword_window, before the event's own γ).
function M._.transform_window(event, data)
  if (event == "破棄された" or event == "除外された") and k.exists(data.card) and k.flag(data.card, "transformed") then
    revert(data.card, "10.28.11", "キャラクターとしての情報を失う")   -- it leaves the field next
  elseif (event == "攻撃を行う" or event == "防御を行う") and can_transform(data.card) then
    -- 10.28.2.a: when it attacks or defends, it may transform at the same time.
    local p = k.controller(data.card)
    if yes_no(p, k.name(data.card) .. "の変身", "10.28.2.a", "変身状態にする (transform)", "変身しない (do not)") then
      transform(data.card, event == "攻撃を行う" and "攻撃 (attack)" or "防御 (defense)")
    end
  end
end

-- 10.28.2.b: the keyword's activated effect (keywords.lua offers, uses and resolves it).
M._.keyword_acts = M._.keyword_acts or {}
M._.keyword_acts[#M._.keyword_acts + 1] = {
  word = "変身",
  can = function(c, p) return can_transform(c) end,
  resolve = function(c, p)
    if k.orientation(c) ~= "active" then
      k.log("10.28.2.b", k.name(c), "はアクティブ状態でない: 変身しない (not active: no transformation)")
    else
      transform(c, "起動 (activated)")
    end
  end,
}

-- 10.28.10: transformed characters return to normal at the start of their zone player's turn.
local base_turn_start = M.turn_start
function M.turn_start()
  base_turn_start()
  local tp = k.turn_player()
  for _, c in ipairs(k.cards(tp, "field")) do
    revert(c, "10.28.10", P(tp) .. "のターン開始時")
  end
end

return M
