-- 東方VISION: 1.2–1.12: costs, variables, life, damage, hand, priority.
-- The `rules.*` functions cards use for what the general rules of chapter 1 say about paying
-- (1.8.7–1.8.9, 1.9.4), variables (1.6.2, 1.6.6), winning and losing by an effect (1.5.2.a,
-- 1.5.3.c), adding to hand (1.11.4–1.11.6) and choices made together (1.3.3).
local M = ...
local P, can_pay, pay_nodes, nodes = M._.P, M._.can_pay, M._.pay_nodes, M._.nodes

-- Winning and losing by an effect (1.5.2–1.5.3) ------------------------------------------------

-- 1.5.2.a: "you win the game" correctly applied: the player wins and every opponent loses (1.5.2).
function M.win_game(p, source)
  k.log("1.5.2.a", P(p), "はゲームに勝利する効果を適用 (a \"you win\" effect: ", source and k.name(source) or "効果", ")")
  k.lose(k.opponent(p), "1.5.2.a", "相手がゲームに勝利した (the opponent won by an effect)")
end

-- 1.5.3.c: "you lose the game" correctly applied.
function M.lose_game(p, source)
  k.log("1.5.3.c", P(p), "はゲームに敗北する効果を適用 (a \"you lose\" effect: ", source and k.name(source) or "効果", ")")
  k.lose(p, "1.5.3.c", "敗北する効果 (a \"you lose\" effect)")
end

-- Life points (1.9) ------------------------------------------------------------------------------

-- 1.9.4, 1.9.4.a: paying a fixed amount of LP lowers them by it, even below 0 (1.9.6): a fixed
-- payment may exceed the LP the player has.
function M.pay_life(p, n, why)
  k.set_pvar(p, "life", M._.life_floor(p, k.pvar(p, "life") - n))
  k.log("1.9.4", P(p), "はライフポイント", n, "を支払う (pays ", n, " LP for ", why or "効果", "; LP ", k.pvar(p, "life"), ")")
  return n
end

-- 1.9.4.b, 1.6.3: an amount the player chooses: from 0 (never negative) up to their LP (never
-- more than they have; none when LP are 0 or less). Returns the amount paid.
function M.pay_life_chosen(p, why)
  local most = math.max(0, k.pvar(p, "life"))
  local n = k.choose_number(p, 0, most, { prompt = "支払うライフポイント (LP to pay, 0–" .. most .. ")", clause = "1.9.4.b" })
  return M.pay_life(p, n, why)
end

-- 1.9.7: setting LP to a value is not gaining or losing the difference: no 1.9.5 gain, no damage.
function M.set_life(p, n)
  k.set_pvar(p, "life", M._.life_floor(p, n))
  k.log("1.9.7", P(p), "のライフポイントを", n, "にする (LP set to ", n, "; neither gained nor lost)")
end

-- Paying (1.8.8–1.8.9) -------------------------------------------------------------------------

-- 1.8.8.a–b: a sleep-icon cost (S) is paid by the card whose effect asks it, turning it from
-- active to sleep (its set cards follow, 11.3.11.c); no other card can pay it.
local function can_sleep(c) return k.exists(c) and k.orientation(c) == "active" end

-- 1.8.9.f: `cost` = { nodes = n, life = m, sleep = card }; payable only if every part is.
function M.can_pay_all(p, cost)
  if cost.nodes and not can_pay(p, cost.nodes) then return false end
  if cost.sleep and not can_sleep(cost.sleep) then return false end
  return true                                                     -- 1.9.4.a: fixed LP always
end

-- 1.8.9.f: whether every part of `cost` can be paid; when not, none is paid (logged).
local function all_payable(p, cost, why)
  if M.can_pay_all(p, cost) then return true end
  k.log("1.8.9.f", P(p), "は", why, "のコストの全ては支払えない: どれも支払わない (cannot pay all of it: pays none)")
  return false
end

-- 1.8.9.f, 1.8.9.j: pays every part of `cost` for `why` (the cost it pays, logged) or, when any
-- part cannot be paid, none of them. Returns whether it paid.
function M.pay_all(p, cost, why)
  if not all_payable(p, cost, why) then return false end
  if cost.sleep then
    M._.set_state(cost.sleep, "sleep")
    k.log("1.8.8.a", k.name(cost.sleep), "をスリープにして支払う (pays S: ", why, ")")
  end
  if cost.nodes and cost.nodes > 0 then pay_nodes(p, cost.nodes, why) end
  if cost.life then M.pay_life(p, cost.life, why) end
  return true
end

-- 1.8.8: an ability's S cost as its `cost` hook: `return rules.sleep_cost(self, event)`.
function M.sleep_cost(c, event)
  if event and event.check == 1 then return can_sleep(c) end
  return M.pay_all(k.controller(c), { sleep = c }, k.name(c))
end

-- 1.8.9.a, 1.8.9.g: a payment an applied effect demands is made at once, as far as possible:
-- all of `n` if the nodes allow, else every node there is. Returns the amount paid.
function M.pay_as_able(p, n, why)
  local m = math.min(n, #nodes(p))
  if m < n then
    k.log("1.8.9.a", P(p), "は", n, "のうち", m, "しか支払えない: 可能な限り支払う (pays as much as possible)")
  end
  if m > 0 then pay_nodes(p, m, why) end
  return m
end

-- 1.8.9.b: a payment the text says what to do without: false (nothing paid) when it cannot be
-- paid, and the card applies its text for that case.
function M.pay_or_else(p, n, why)
  if not can_pay(p, n) then
    k.log("1.8.9.b", P(p), "は", why, "のコスト", n, "を支払えない: 支払えない場合の記述を適用 (cannot pay: the text for that case applies)")
    return false
  end
  return pay_nodes(p, n, why)
end

-- 1.8.9.c: an optional payment: the player decides when it is asked, and only if all of it can
-- be paid (1.8.9.f); not asked at all otherwise. Returns whether it was paid.
function M.may_pay(p, cost, why)
  if not all_payable(p, cost, why) then return false end
  local parts = {}
  if cost.nodes then parts[#parts + 1] = "ノード" .. cost.nodes end
  if cost.life then parts[#parts + 1] = "ライフ" .. cost.life end
  if cost.sleep then parts[#parts + 1] = "S" end
  local text = table.concat(parts, "+")
  local yes = k.choose(p, {
    { label = "支払う: " .. text .. " (pay)", value = true },
    { label = "支払わない (do not pay)", value = false },
  }, { prompt = why .. ": " .. text .. "を支払ってもよい (may pay)", clause = "1.8.9.c" })
  if not yes then
    k.log("1.8.9.c", P(p), "は", why, "のコストを支払わない (declines to pay)")
    return false
  end
  return M.pay_all(p, cost, why)
end

-- Variables (1.6.2, 1.8.7.h–k) ------------------------------------------------------------------

-- 1.6.2.e: a variable never defined reads 0 (the object variable's initial value).
function M.x(c) return k.ovar(c, "x") end

-- 1.6.2.b: an effect that sets a card's variable to a value.
function M.set_x(c, n)
  k.set_ovar(c, "x", n)
  k.log("1.6.2.b", k.name(c), "のXを", n, "にする (X set to ", n, ")")
end

-- 1.8.7.j: a cost below 0 is paid as 0; k.field keeps the computed value.
local function floor0(n) return math.max(0, n or 0) end

-- 5.2.3.f: pays the cost of playing `c`. A card with a variable cost (`cost_x`, its letter X)
-- lets the player pay any number of nodes from its fixed part up (1.8.7.h, 1.6.2.d: an integer
-- of 0 or more); X is what was actually paid from nodes, whatever ± effects apply (1.8.7.k),
-- and every X of its text takes that value (1.6.2.c). False if it cannot be paid.
function M.pay_play_cost(p, c)
  local cost = k.field(c, "cost") or 0
  if not k.field(c, "cost_x") then return pay_nodes(p, floor0(cost), k.name(c)) end
  local least, most = floor0(cost), #nodes(p)
  if least > most then return false end
  local n = k.choose_number(p, least, most, { prompt = k.name(c) .. ": 支払うコスト (X; cost to pay, " .. least .. "–" .. most .. ")", clause = "1.8.7.h" })
  if not pay_nodes(p, n, k.name(c)) then return false end
  k.set_ovar(c, "x", n)
  k.log("1.8.7.h", k.name(c), "のXは実際に支払った", n, " (X = ", n, ", the cost actually paid)")
  return true
end

-- Hand and node area (1.8.4, 1.11.4–1.11.6) -----------------------------------------------------

-- 1.8.4, 1.8.5, 1.7.2.a: an effect sets `c` into a node area: face down, in the state the effect
-- says; it goes to its original player's node area whatever the effect says (3.1.6).
function M.set_node(c, orientation)
  local owner = k.owner(c)
  local n = k.move(c, owner, "node")
  k.set_face(n, false, "owner")
  k.set_orientation(n, orientation or "active")
  k.log("1.8.4", P(owner), "のノードエリアにカード1枚を", orientation == "sleep" and "スリープ" or "アクティブ", "状態でセット (set into the node area)")
  return n
end

-- 1.11.4, 1.11.6: adds `n` of `cards` (the player chooses which when there are more) to p's
-- hand all at once, or none if there are fewer. Returns the cards added.
function M.add_to_hand(p, cards, n, why)
  if #cards < n then
    k.log("1.11.6", P(p), "は", n, "枚を手札に加えられない: ", #cards, "枚しかない (fewer than ", n, ": none added)")
    return {}
  end
  local chosen = cards
  if #cards > n then
    chosen = k.choose_cards(p, cards, { prompt = "手札に加えるカード" .. n .. "枚 (cards to add)", clause = "1.11.4", min = n, max = n })
    if type(chosen) ~= "table" then chosen = { chosen } end
  end
  local out = {}
  for i = 1, n do out[i] = k.move(chosen[i], k.owner(chosen[i]), "hand") end
  k.log("1.11.4", P(p), "は", n, "枚を一度に手札に加える (adds ", n, " at once: ", why or "効果", ")")
  return out
end

-- Damage (1.10.13, 1.10.15–1.10.16) ------------------------------------------------------------

-- 1.10.16: a "does not receive damage" effect (a static `prohibits: [ダメージ]` whose `if:`
-- names the card, or the player): the damage accumulates nothing and no processing happens.
function M._.no_damage(card, player)
  local by = k.prohibited("ダメージ", { card = card, player = player })
  if not by then return false end
  k.log("1.10.16", card and k.name(card) or P(player), "はダメージを受けない (does not receive damage: ", by, ")")
  return true
end

-- 1.10.15: an effect negates the damage being processed (from a window of 1.10.12.a–b).
function M.negate_damage()
  k.set_gvar("damage_negated", 1)
end

-- 1.10.15: once negated, the damage's processing ends where it is: the steps left (applying
-- it, d–f) do not happen.
function M._.damage_cut()
  if k.gvar("damage_negated") == 0 then return false end
  k.set_gvar("damage_negated", 0)
  k.log("1.10.15", "ダメージは無効: 以降のダメージの処理は行わない (the damage is negated: its processing ends)")
  return true
end

-- 1.10.13.c: a card on the field that stops being a character (a 幻想生物 losing it, 10.16.3)
-- loses the damage it had accumulated. A rule process: it acts once the change has happened.
function M.rp_not_character()
  return M._.each_card(function(p) return k.cards(p, "field") end, function(c)
    if M._.damage_on(c) <= 0 or M._.is_character(c) then return false end
    M._.reset_damage(c)
    k.log("1.10.13.c", k.name(c), "はキャラクターでなくなった: ダメージをリセット (no longer a character: damage reset)")
    return true
  end)
end

-- "Cannot" wins (1.3.2) -------------------------------------------------------------------------

-- 1.3.2: an effect that makes a character attack (6.3.5) meets one saying it cannot attack
-- (人形, 10.9.2.a, or a static `prohibits: [攻撃]`): the "cannot" wins and no attack happens.
function M._.cannot_attack(c)
  local why = M._.has_kw(c, "人形") and "人形" or k.prohibited("攻撃", { card = c })
  if not why then return false end
  k.log("1.3.2", k.name(c), "は攻撃できない (", why, "): 攻撃する効果より優先 (\"cannot\" wins: no attack)")
  return true
end

-- Life cannot become 0 or less (1.6.5) ------------------------------------------------------------

-- 1.6.5: under "your LP cannot become 0 or less" (a static `prohibits: [ライフ0以下]` whose
-- `if:` names the player), a result of 0 or less becomes 1 directly, never passing through the
-- lower value; 1.6.5.a: the effect that tried still resolved properly.
function M._.life_floor(p, value)
  if value > 0 then return value end
  local by = k.prohibited("ライフ0以下", { player = p })
  if not by then return value end
  k.log("1.6.5", P(p), "のライフポイントは0以下にならない: ", value, "ではなく1になる (", by, ": becomes 1, not ", value, ")")
  return 1
end

-- Choices made together (1.3.3, 1.11.5) ---------------------------------------------------------

-- 1.3.3, 1.11.5: what every player does at the same time is done the turn player first, then
-- each player in turn order; each player finishes all of theirs before the next (1.3.3.a).
function M.each_player(fn)
  local tp = k.turn_player()
  fn(tp)
  fn(k.opponent(tp))
end

-- 1.3.3.c: a choice is shown to every player when made; a card chosen from hidden information
-- is shown face down (which card, not what it is).
function M.choose_shown(p, cards, opts)
  local c = k.choose_cards(p, cards, opts)
  if not c then return nil end
  local zone = k.zone_of(c)
  if zone == "hand" or zone == "deck" or zone == "node" then
    k.log("1.3.3.c", P(p), "は", zone == "hand" and "手札" or zone, "のカード1枚を裏向きのまま選ぶ (chooses a hidden card, shown face down)")
  else
    k.log("1.3.3.c", P(p), "は", k.name(c), "を選ぶ (chooses, shown to all)")
  end
  return c
end

return M
