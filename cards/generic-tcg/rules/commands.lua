-- 「汎用TCG」: Commands (604, 804) and activated EX skills (606, 806).
local M = ...
local P, live_units = M._.P, M._.live_units
local area_cards = M._.area_cards

-- Commands (604, 804) -------------------------------------------------------------------------

-- 804.2b-1: a unit an enhancement can target: it has the required information, has been in the
-- area since this turn began, and nothing was set on it this turn (and it is not KO'd).
local function enhancement_targets(p, card)
  local out = {}
  local need = k.field(card, "target")
  for _, u in ipairs(live_units(p)) do
    local set_this_turn = false
    for _, c in ipairs(k.attachments(u, "set")) do
      if k.since_turn(c) == k.turn() then set_this_turn = true end
    end
    if k.since_turn(u) < k.turn() and not set_this_turn and (not need or k.eval_field(card, "target", { self = u }) == true) then
      out[#out + 1] = u
    end
  end
  return out
end

function M.command_options(p)
  local out = {}
  for _, c in ipairs(k.cards(p, "hand")) do
    if k.card_type(c) == "command" then
      local sub = k.subtype(c)
      if sub == "strategy" and k.pvar(p, "strategy_played") == 0 then           -- 604.3
        out[#out + 1] = { label = k.name(c) .. " (戦略)", card = c }
      elseif sub == "tactic" then
        out[#out + 1] = { label = k.name(c) .. " (戦術)", card = c }
      elseif sub == "enhancement" and k.turns_begun(p) > 1 then                 -- 604.4
        for _, u in ipairs(enhancement_targets(p, c)) do                        -- 804.2b
          out[#out + 1] = { label = k.name(c) .. " (強化) → " .. k.name(u), card = c, target = u }
        end
      end
    end
  end
  return out
end

function M.play_command(p, a)
  local sub = k.subtype(a.card)
  local c = k.move(a.card, p, "resolution")                  -- 804.2a
  k.log("804.2a", P(p), "は", k.name(c), "をプレイ (plays ", sub, ")")
  if sub == "strategy" then k.set_pvar(p, "strategy_played", 1) end
  if sub == "enhancement" then
    local set = k.attach(c, a.target, "set")                 -- 804.2c-2, 905.3
    k.log("804.2c-2", k.name(set), "を", k.name(a.target), "にセット (set on ", k.name(a.target), ")")
    k.event("セットした", { card = a.target, set = set, player = p })
    return
  end
  for _, name in ipairs(k.abilities(c, { kind = "command", all = true })) do   -- 801.1d, 802.3
    k.run_ability(c, name, "effect", { player = p })
  end
  if k.exists(c) then                                        -- 804.2c-1
    local gone = k.move(c, k.owner(c), "discard")
    k.log("804.2c-1", k.name(gone), "を捨て場に置く (to the discard pile)")
  end
end

-- Activated EX skills (606, 806) --------------------------------------------------------------

function M.ex_skill_options(p)
  local out = {}
  -- 802.3, 806.2a: an ability that says it is valid in the hand can be played from there.
  local cards = area_cards(p)
  for _, c in ipairs(k.cards(p, "hand")) do cards[#cards + 1] = c end
  for _, c in ipairs(k.ability_cards(cards, { kind = "activated" })) do
    for _, name in ipairs(k.abilities(c, { kind = "activated" })) do   -- valid only (802.2a, 802.3)
      local info = k.ability(c, name)
      if (not info.per_turn or k.uses(c, name) < info.per_turn) and k.check(c, name) then   -- 803.1
        out[#out + 1] = { label = k.name(c) .. "の「" .. name .. "」", card = c, name = name }
      end
    end
  end
  return out
end

function M.play_ex_skill(p, a)
  k.use_ability(a.card, a.name)
  k.log("806.1", P(p), "は", k.name(a.card), "の「", a.name, "」をプレイ (plays an EX skill)")
  -- 806.2a: played from a card in a hidden zone, that card is shown to all until the ability
  -- leaves the resolution area; the reveal ends when the effect below is done (804.2c-3).
  local revealed = k.reveal(a.card)
  if revealed then k.log("806.2a", k.name(a.card), "を公開 (revealed to play its ability)") end
  local info = k.ability(a.card, a.name)
  -- 806.2b, 813.3: an EX skill is from a skill, so it gets one success check (digest §12.14).
  if info.ex_skill and not M.success_check(a.card, a.name, "806.2b") then
    k.log("920.2b", "「", a.name, "」は失敗: 効果を適用しない (fails: no effect)")
    return
  end
  if revealed then k.reveal(a.card) end   -- still shown if the success check's hook ended it
  k.run_ability(a.card, a.name, "effect", { player = p })   -- 804.2c-3
  if revealed then
    k.log("804.2c-3", "「", a.name, "」の解決終了: ", k.name(a.card), "は非公開に戻る (resolved; hidden again)")
  end
end

return M
