//! The kernel API's own registry of documentation: every function of `k`, its signature, what
//! it does and an example. A test checks it against the functions registered, and the reference
//! (docs/guide/lua-api.md) is generated from it.

/// (group, name, signature, what it does, example)
pub const API: &[(&str, &str, &str, &str, &str)] = &[
    ("Game", "turn", "k.turn() → n", "The turn number (0 during setup).", "if k.turn() == 1 then … end"),
    ("Game", "turn_player", "k.turn_player() → p", "The turn player, 1 or 2.", "local tp = k.turn_player()"),
    ("Game", "opponent", "k.opponent(p) → p", "The other player.", "k.opponent(controller)"),
    ("Game", "turns_begun", "k.turns_begun(p) → n", "How many turns the player has begun (1 during their first).", "k.turns_begun(p) > 1"),
    ("Game", "set_turn_player", "k.set_turn_player(p)", "Sets who goes first; setup only.", "k.set_turn_player(k.random(2))"),
    ("Game", "random", "k.random(n) → 1..n", "A number from the game's seeded RNG (also `math.random(m[, n])`).", "k.random(6)"),
    ("Game", "setting", "k.setting(name) → n", "A game setting (a chosen reading of an ambiguous rule).", "k.setting(\"charge_with_empty_hand\")"),
    ("Game", "log", "k.log(clause, …)", "Adds a log line citing `clause` (nil for none); the rest is joined as text.", "k.log(\"602.1\", name, \"にチャージ\")"),
    ("Game", "game_over", "k.game_over() → bool", "Whether the game has ended (a rule check inside an effect, `k.rule_check()`, may end it: Fire Force 802.1c); an effect may then stop asking.", "if k.game_over() then return end"),
    ("Game", "lose", "k.lose(p|{p…}, clause, reason[, {now = true}])", "The player (or the players, together) meets a loss condition; the kernel settles the result (103) by the game's `losses.timing`, or at once with `now` (Victory Spark 1.2.5: a loss by an effect). Several at once are settled by `losses.simultaneous`. A call that ends the game stops every running hook there, keeping what they did (as `k.stop()`, up to the kernel): nothing after it is done (Victory Spark 1.2.1).", "k.lose(p, \"1002.1\", \"could not draw\")"),
    ("Game", "win", "k.win(p, clause, reason)", "The player wins by an effect: the game ends at once (Victory Spark 1.2.5), and every running hook stops there, as after `k.lose`.", "k.win(controller, \"1.2.5\", \"勝利条件を満たした\")"),
    ("Zones", "cards", "k.cards(p, zone[, slot]) → {c…}", "A zone's top-level cards, bottom first (the last is the top); slot from 1.", "k.cards(p, \"standby\", 2)"),
    ("Zones", "count", "k.count(p, zone[, slot]) → n", "How many top-level cards a zone holds (as `#k.cards(…)`, without making the list).", "k.count(p, \"deck\") == 0"),
    ("Zones", "slots", "k.slots(zone) → n", "How many instances of a zone each player has.", "for s = 1, k.slots(\"standby\") do … end"),
    ("Zones", "zone_of", "k.zone_of(c) → zone, p, slot", "Where a card is (as it last was, if it has left).", "local zone, p, slot = k.zone_of(c)"),
    ("Zones", "move", "k.move(c, p, zone[, slot[, \"top\"|\"bottom\"[, {cause, by}]]]) → c', why", "Moves a card; returns its new object (302.3), or nil and why not: `\"full\"` (its capacity), `\"absent\"` (the zone does not exist, Gate Ruler 15-3a-1) or `\"foreign\"` (another player's zone, under `own_zones_only`). Its `移動` event says why it moved: `cause` is `effect` while a card's hook runs, else `rule`, unless the last argument names another (`{cause = \"cost\", by = self}`); it also carries `from_pos` (`top`, `bottom` or the place from the top, in an ordered zone) and `from_slot` / `to_slot` (zones with several).", "local d = k.move(c, k.owner(c), \"discard\")"),
    ("Zones", "put_on_top", "k.put_on_top(a, b, role[, {orientation = true}]) → a'", "Puts a on top of b (Gate Ruler 15-14b): a takes b's place (zone instance and position), b is attached to it with `role`, and the cards attached to b are attached to a instead (the same objects, roles kept). With `orientation`, a takes b's orientation (15-14b-1) before any event. Nil if b is itself attached.", "k.put_on_top(a, b, \"soul\", {orientation = true})"),
    ("Zones", "reattach", "k.reattach(c, host[, role]) → ok", "Attaches an attached card to another host (and role) without making it a new object.", "k.reattach(soul, a)"),
    ("Zones", "move_all", "k.move_all({{c, p, zone[, slot, pos]}…}[, {all_or_nothing = true}]) → {c'|false…} | nil", "Moves several cards at once: every move is checked first (zone exists, room counting the cards leaving it in the same move), all cards move, then their `移動` events are raised in list order. With `all_or_nothing` one impossible move makes none (nil: Gate Ruler 15-11b); otherwise its entry is false.", "k.move_all({{c = a, p = 1, zone = \"hand\"}, {c = b, p = 1, zone = \"defense\"}}, {all_or_nothing = true})"),
    ("Zones", "set_zone_exists", "k.set_zone_exists(p, zone[, slot], on) → changed", "Makes a zone instance exist or not (a regulation, an effect): nothing moves into a zone that does not exist (`k.move` returns nil, \"absent\"; `k.swap` false; logged citing `kernel_clauses: no_zone`). Cards already there stay.", "k.set_zone_exists(p, \"counter\", false)"),
    ("Zones", "zone_exists", "k.zone_exists(p, zone[, slot]) → bool", "Whether a zone instance exists (every declared one does unless made absent).", "if k.zone_exists(p, \"underworld\") then … end"),
    ("Zones", "draw", "k.draw(p, n) → drawn", "Draws one at a time (904); a shortfall marks a failed draw.", "k.draw(p, 2)"),
    ("Zones", "shuffle", "k.shuffle(p, zone)", "Shuffles a zone with the game's RNG (912).", "k.shuffle(p, \"deck\")"),
    ("Zones", "swap", "k.swap(a, b) → ok", "Exchanges two cards' area zones; objects stay the same (914.1).", "k.swap(main, standby)"),
    ("Cards", "exists", "k.exists(c) → bool", "Whether the handle still names a current object.", "if k.exists(c) then … end"),
    ("Cards", "name", "k.name(c) → text", "The card's name.", "k.name(c)"),
    ("Cards", "card_id", "k.card_id(c) → id", "The card's id in its pack.", "k.card_id(c) == \"GT-001\""),
    ("Cards", "card_names", "k.card_names() → {name…}", "Every distinct card name of the game's cards, in load order (the names a player may declare).", "k.choose(p, k.card_names())"),
    ("Cards", "card_type", "k.card_type(c) → type", "The card's type id.", "k.card_type(c) == \"unit\""),
    ("Cards", "subtype", "k.subtype(c) → subtype|nil", "The card's subtype id.", "k.subtype(c) == \"tactic\""),
    ("Cards", "timestamp", "k.timestamp(c) → n", "When the card's object came into being or its abilities last became valid (809.3b): a later one is greater; cards moved by one `k.move_all` share one.", "k.timestamp(a) < k.timestamp(b)"),
    ("Cards", "base", "k.base(c, f) → value", "A field's original value (元の数値): printed, with the card's defining abilities and the effects made with `base = true` (Gate Ruler 15-2b), and no other effect.", "k.base(c, \"dmg\")"),
    ("Cards", "field", "k.field(c, f) → value", "A field with continuous effects applied (809); as last known if the card has left (812).", "k.field(c, \"hp\")"),
    ("Cards", "printed", "k.printed(c, f) → value", "A field as printed, with no effects (809.6).", "k.printed(c, \"hp\")"),
    ("Cards", "lki", "k.lki(c) → table", "The card now, or as it last was before it changed zones (812).", "k.lki(c).hp"),
    ("Cards", "owner", "k.owner(c) → p", "The card's owner (105.2).", "k.owner(c)"),
    ("Cards", "controller", "k.controller(c) → p", "The card's controller (105.3).", "k.controller(c)"),
    ("Cards", "orientation", "k.orientation(c) → id", "The orientation id (e.g. normal, rest, stun).", "k.orientation(c) == \"rest\""),
    ("Cards", "set_controller", "k.set_controller(c, p) → changed", "Gives control of the card to p (105.3; under `control: zone` its attached cards follow); false if p already controls it. A card that becomes a new object is its owner's again (105.3a).", "k.set_controller(u, k.opponent(k.controller(u)))"),
    ("Cards", "set_orientation", "k.set_orientation(c, id) → changed", "Sets the orientation; false if it already was (104.3).", "k.set_orientation(c, \"normal\")"),
    ("Cards", "flag", "k.flag(c, f) → bool", "A game-declared object flag.", "k.flag(c, \"ko\")"),
    ("Cards", "set_flag", "k.set_flag(c, f, on)", "Sets an object flag.", "k.set_flag(c, \"ko\", true)"),
    ("Cards", "counter", "k.counter(c, name) → n", "A counter (damage markers are one).", "k.counter(c, \"damage\")"),
    ("Cards", "add_counter", "k.add_counter(c, name, n) → changed", "Adds (or with n < 0 removes) counters; never below 0.", "k.add_counter(c, \"damage\", 30)"),
    ("Cards", "clear_counters", "k.clear_counters(c)", "Removes all counters.", "k.clear_counters(c)"),
    ("Cards", "face_up", "k.face_up(c) → bool", "Whether the card is face up.", "k.face_up(c)"),
    ("Cards", "visible", "k.visible(c, p) → bool", "Whether player p sees the card now: its zone, face and reveals (303); a card may read what its controller sees.", "k.visible(src, controller)"),
    ("Cards", "set_face", "k.set_face(c, up[, \"all\"|\"owner\"|\"none\"|p])", "Turns a card; who sees it regardless (303).", "k.set_face(c, false, \"all\")"),
    ("Cards", "reveal", "k.reveal(c) → done", "Shows a card to all until the effect ends (903.1); false if all saw it (903.2).", "k.reveal(c)"),
    ("Cards", "show", "k.show(c, p)", "Lets player p look at a card while the effect resolves (910.2).", "k.show(c, p)"),
    ("Cards", "since_turn", "k.since_turn(c) → n", "The turn the object came into being (e.g. 804.2b-1).", "k.since_turn(u) < k.turn()"),
    ("Cards", "ovar", "k.ovar(c, v) → n|{n…}", "A game-declared object variable (a list for one declared `list: true`).", "k.ovar(u, \"damaged_by\")"),
    ("Cards", "set_ovar", "k.set_ovar(c, v, n|{n…})", "Sets an object variable (a list variable takes a list, at most 64 values; `{}` clears it).", "k.set_ovar(u, \"damaged_by\", source)"),
    ("Cards", "add_ovar", "k.add_ovar(c, v, n) → added", "Adds a value to a list object variable unless it holds it already (Gate Ruler 15-12b).", "k.add_ovar(u, \"damaged_by\", source)"),
    ("Attachments", "attach", "k.attach(c, unit, role) → c'", "Attaches a card to a unit with a role (905).", "k.attach(c, u, \"energy\")"),
    ("Attachments", "attachments", "k.attachments(c[, role]) → {c…}", "Cards attached to a unit, in the order attached.", "#k.attachments(u, \"energy\")"),
    ("Attachments", "attached_to", "k.attached_to(c) → unit|nil", "The unit a card is attached to (nil once the unit left).", "k.attached_to(c)"),
    ("Attachments", "role", "k.role(c) → role|nil", "The role of an attached card.", "k.role(c) == \"set\""),
    ("Attachments", "attached_cards", "k.attached_cards(p) → {c…}", "Every attached card the player owns.", "for _, c in ipairs(k.attached_cards(p)) do … end"),
    ("Variables", "pvar", "k.pvar(p, v) → n", "A player variable.", "k.pvar(p, \"charged\")"),
    ("Variables", "set_pvar", "k.set_pvar(p, v, n)", "Sets a player variable.", "k.set_pvar(p, \"charged\", 1)"),
    ("Variables", "gvar", "k.gvar(v) → n", "A game variable.", "k.gvar(\"skill\")"),
    ("Variables", "set_gvar", "k.set_gvar(v, n)", "Sets a game variable.", "k.set_gvar(\"skill\", 0)"),
    ("Variables", "failed_draw", "k.failed_draw(p) → bool", "Whether a required draw failed since the flag was cleared (1002.1).", "k.failed_draw(p)"),
    ("Variables", "clear_failed_draw", "k.clear_failed_draw(p)", "Clears the failed-draw flag.", "k.clear_failed_draw(p)"),
    ("Choices", "choose_cards", "k.choose_cards(p, cards[, {prompt, clause, min, max}]) → c|{c…}", "The player chooses cards (910.1); the game waits for the answer.", "k.choose_cards(p, units, { prompt = \"対象\" })"),
    ("Choices", "choose", "k.choose(p, items[, opts]) → value|{…}", "Choose among strings or {label=, value=} items.", "k.choose(p, { \"はい\", \"いいえ\" })"),
    ("Choices", "choose_number", "k.choose_number(p, min, max[, opts]) → n", "Choose a number, never below 0 (104.5).", "k.choose_number(p, 0, 3)"),
    ("Choices", "choose_order", "k.choose_order(p, cards[, opts]) → {c…}", "The player puts cards in order.", "k.choose_order(p, cards)"),
    ("Choices", "janken", "k.janken(p, q[, clause]) → winner", "Rock-paper-scissors, both answering in secret; ties replayed (919).", "k.janken(p, k.opponent(p), \"505.3b\")"),
    ("Events and effects", "event", "k.event(name[, data])", "A trigger condition occurs (807.2): an event game.yaml declares in `events:`, with only its declared data keys (else the card's error).", "k.event(\"KOした\", { card = c })"),
    ("Events and effects", "delay", "k.delay(self, name[, data[, once]])", "Creates a delayed trigger from this card's `kind: delayed` ability (807.6).", "k.delay(self, \"時の芽吹き\", { turn = k.turn() })"),
    ("Events and effects", "replace", "k.replace(event) → event|nil", "Runs the replacement process (810); nil when nothing of the event happens.", "if k.replace({ kind = \"ko\", card = c }) then … end"),
    ("Events and effects", "add_effect", "k.add_effect{source, targets|applies_to, modify, duration, while, label} → made", "Creates a continuous effect (809); duration this_turn, {turn = n} or permanent.", "k.add_effect{ source = self, targets = { u }, modify = { { field = \"hp\", add = 30 } }, duration = \"this_turn\" }"),
    ("Events and effects", "end_effects", "k.end_effects(c) → n", "Effects locked onto this card end (302.3b).", "k.end_effects(main)"),
    ("Events and effects", "prohibited", "k.prohibited(action[, event]) → name|nil", "A static ability that prohibits the action (104.4), if any.", "k.prohibited(\"rest\", { card = c })"),
    ("Abilities", "abilities", "k.abilities(c[, {kind, hook, skill, all}]) → {name…}", "The card's abilities that are valid now (802), filtered.", "k.abilities(c, { kind = \"activated\" })"),
    ("Abilities", "ability_cards", "k.ability_cards(cards[, {kind, hook, skill, all}]) → {c…}", "The cards of the list with at least one ability k.abilities would name with that filter, in the list's order: one call instead of one per card.", "k.ability_cards(k.cards(p, \"hand\"), { kind = \"activated\" })"),
    ("Abilities", "ability", "k.ability(c, name) → info|nil", "An ability's kind, EX skill flag, validity, text, count limit, skill.", "k.ability(c, \"癒しの祈り\").per_turn"),
    ("Abilities", "check", "k.check(c, name[, event]) → bool", "The ability's `if:` about an event (true without one).", "k.check(c, name, ev)"),
    ("Abilities", "run_ability", "k.run_ability(c, name, hook[, event]) → value", "Runs one hook of an ability with {self, controller, event}; a card that has moved runs as it last was (812: `self` is the old object).", "k.run_ability(c, name, \"effect\", {})"),
    ("Abilities", "uses", "k.uses(c, name) → n", "Times the ability was played this turn (803.1).", "k.uses(c, name) < 1"),
    ("Abilities", "use_ability", "k.use_ability(c, name)", "Records one use.", "k.use_ability(c, name)"),
    ("Abilities", "eval", "k.eval(expr[, {self, controller, event}]) → value", "Evaluates an expression of the grammar; with self, bare names are the card's.", "k.eval('\"炎\" in 属性', { self = u })"),
    ("Abilities", "eval_field", "k.eval_field(c, field[, {self, controller, event}]) → value", "Evaluates card c's expression field (type expr); an error in it is the card's (logged) and gives nil.", "k.eval_field(c, \"target\", { self = u })"),
    ("Timing", "phase", "k.phase() → id|nil", "The current phase's id (nil during setup).", "k.phase() == \"main\""),
    ("Timing", "step", "k.step() → id|nil", "The current step's id within its phase.", "k.step() == \"skill\""),
    ("Timing", "priority", "k.priority() → p|nil", "Who holds priority in the innermost window (nil: no window, or its chain is resolving).", "k.priority() == controller"),
    ("Timing", "give_priority", "k.give_priority(p) → ok", "Gives priority in the innermost window to the player (instead of the action's rule).", "k.give_priority(k.opponent(controller))"),
    ("Timing", "open_window", "k.open_window(group[, p])", "Opens a nested priority window over an action group, the player (default: the turn player) first; it runs once this hook returns.", "k.open_window(\"battle\", defender)"),
    ("Timing", "push", "k.push{kind, name, source, controller, targets, values, chooses} → id", "Puts a pending item on the chain of the innermost window (a played card, a used ability); `values` holds what was fixed when played (modes, X). `chooses = {id…}`: items this one has chosen (a cancel, Victory Spark 3.8.7): they do not resolve while it waits, and are free again if it leaves unresolved (`k.item(id).chosen_by` lists who chose an item).", "k.push{ kind = \"play\", source = c, controller = p, targets = { t } }"),
    ("Timing", "chain", "k.chain() → {item…}", "The innermost window's pending items, first put on first: {id, kind, name, source, controller, targets, values, negated}.", "#k.chain() == 0"),
    ("Timing", "item", "k.item(id) → item|nil", "A pending item by id (nil once it has resolved).", "k.item(id).negated"),
    ("Timing", "negate", "k.negate(id) → ok", "Negates a pending item: it does not resolve (the game's negated hook runs instead).", "k.negate(target.id)"),
    ("Timing", "restore", "k.restore(id) → ok", "Undoes a negation of a pending item.", "k.restore(id)"),
    ("Timing", "retarget", "k.retarget(id, {t…}) → ok", "Changes a pending item's targets (an effect that changes the target: new ones may be chosen regardless of legality, 東方VISION 8.2.8).", "k.retarget(item.id, { new_target })"),
    ("Timing", "resolve_chain", "k.resolve_chain() → n", "Resolves the innermost window's items now, in the game's order (a game without priority).", "k.resolve_chain()"),
    ("Timing", "would_trigger", "k.would_trigger(name[, data]) → n", "How many abilities the event would trigger if it happened now with that data: valid, their condition holding, and for a `once_per_turn` event not yet triggered on it this turn (Victory Spark 6.8.1.5: the end phase repeats while an end-of-turn auto is still unmet).", "k.would_trigger(\"ターンの終わりに\", { turn_player = k.turn_player() }) > 0"),
    ("Timing", "pending_triggers", "k.pending_triggers() → {t…}", "Triggered abilities waiting to be played: {source, ability, controller, count}.", "#k.pending_triggers() > 0"),
    ("Timing", "play_triggers", "k.play_triggers() → n", "Plays pending triggers now, by the game's `triggers:` order, until none is left (no rule processes).", "k.play_triggers()"),
    ("Timing", "resolve_trigger", "k.resolve_trigger(item)", "Resolves a triggered ability that waited on the chain (`triggers.onto_chain`), from the item the resolve hook got.", "if item.kind == \"trigger\" then k.resolve_trigger(item) end"),
    ("Timing", "rule_check", "k.rule_check() → acted", "A rule check now, inside an effect: rule processes until none acts, then pending triggers (not from a rule process).", "k.rule_check()"),
    ("Timing", "end_phase", "k.end_phase()", "Ends the current phase: the chain resolves to its end, then no more priority is granted and the phase's end processing runs (東方VISION 4.10.2).", "k.end_phase()"),
    ("Timing", "end_turn", "k.end_turn([{now = true}])", "Ends the turn: the chain resolves to its end, then the rest of the turn is skipped up to the phase marked `turn_end: true` (4.10.1). With `now = true` it ends at once (Gate Ruler 15-24): the running effect stops as by `k.stop()`, every window closes, items left on the chain are dropped (move their cards first: `k.clear_chain`) and play goes to the `turn_end` phase.", "k.end_turn{now = true}"),
    ("Timing", "try", "k.try(fn, …) → ok, …", "An attempt: runs fn(…); if it (or anything it calls) calls `k.undo(reason)`, the state and the log go back to before the attempt, the reason is logged and ok is false, and the effect goes on (Gate Ruler 15-16a-1: a play an effect cannot pay is not done). Otherwise ok is true, followed by fn's results. Questions inside work as anywhere.", "local ok = k.try(rules.normal_summon, p, u)"),
    ("Timing", "stop", "k.stop()", "The effect being resolved ends here and what it did stays (unlike `k.undo`); `pcall` cannot catch it. In a card's hook, that hook (with everything it called) returns nil and the game's procedure around it goes on; in the game's own procedure, every running hook stops and the kernel goes on as if the outermost had returned nil (Fire Force 702.5: the attack ends).", "k.stop()"),
    ("Timing", "clear_triggers", "k.clear_triggers([{controller, source, ability, by}]) → n", "Lowers the counts of pending triggered abilities (all, or those the filter names) to 0, or by `by`; returns by how much in all. Triggers arising later are not affected (Gate Ruler 15-24b; 汎用TCG 807.4).", "k.clear_triggers()"),
    ("Timing", "remove_item", "k.remove_item(id) → item|nil", "Takes one pending item off the chain unresolved (no hook runs; a cancel resolving, Victory Spark 3.8.7); returns it as `k.chain()` shows items, for the game to move its card.", "local it = k.remove_item(target)"),
    ("Timing", "clear_chain", "k.clear_chain() → {item…}", "Takes every pending item off the chain, at every depth, unresolved (no hook runs); returns them as `k.chain()` shows items, for the game to move their cards (Gate Ruler 15-24c).", "for _, i in ipairs(k.clear_chain()) do … end"),
    ("Timing", "add_phase", "k.add_phase(id) → added", "Gives an additional phase: at the next phase transition that phase runs instead, then play goes on to the phase that would have come next; a phase already given is not given twice (false) (東方VISION 4.10.3–4.10.4).", "k.add_phase(\"main\")"),
    ("Timing", "skip_phase", "k.skip_phase(id, p?) → skipped", "The next occurrence of that phase (in player p's turn, if given) does not occur; false if it was already to be skipped (4.10.5).", "k.skip_phase(\"draw\", k.opponent(controller))"),
    ("Timing", "skips_phase", "k.skips_phase(id, p?) → bool", "Whether the next occurrence of that phase is already to be skipped (4.10.5.a: a skip already certain cannot be chosen).", "if not k.skips_phase(\"draw\") then … end"),
    ("Timing", "skip_turn", "k.skip_turn(p)", "Player p's next turn does not occur: the following player's turn begins (4.10.5).", "k.skip_turn(k.opponent(controller))"),
    ("Timing", "undo", "k.undo(reason)", "What is being done cannot be completed (a cost that cannot be paid): the kernel undoes the whole action or step, as a rule, and logs the reason; the player decides again.", "if k.pvar(p, \"energy\") < cost then k.undo(\"not enough energy\") end"),
    ("Timing", "expire", "k.expire(duration) → n", "Effects lasting a duration the game declares end now.", "k.expire(\"combat\")"),
];

/// The reference as Markdown, grouped.
pub fn markdown() -> String {
    let mut s = String::from(
        "# The Lua API (`k`)\n\nGenerated from the API's registry (`scripting/src/api/doc.rs`; `fuda api`). Players are 1 and 2,\ncards are integer handles, lists are arrays in a defined order. Card hooks also see `self`,\n`controller`, `event`, `data`, and the game's actions as `rules.*`.\n",
    );
    let mut group = "";
    for (g, _, sig, what, example) in API {
        if *g != group {
            s.push_str(&format!(
                "\n## {g}\n\n| function | what it does | example |\n|---|---|---|\n"
            ));
            group = g;
        }
        s.push_str(&format!(
            "| `{}` | {what} | `{}` |\n",
            sig.replace('|', "\\|"),
            example.replace('|', "\\|")
        ));
    }
    s.push_str(LINT);
    s
}

/// What `fuda check` reports in Lua (scripting/src/lint), appended to the reference.
const LINT: &str = "
## What `fuda check` finds in Lua

Every card hook (inline or `@file.lua:name`) and every Lua file of the game is parsed and checked,
each problem at its file, line and column with a hint:

- a `k.*` function that does not exist (did-you-mean), or a call with fewer or more arguments than
  its signature above takes (`[…]` marks optional ones);
- a `rules.*` function the game's scripts do not define, or a call with more arguments than it has;
- a string literal where the game's declarations are expected: the zone of `k.cards`, `k.move`,
  `k.shuffle`, `k.slots`; the field of `k.field`, `k.printed`, `k.eval_field`; the orientation,
  flag, counter, object/player/game variable, attachment role, event (`k.event`), setting and card
  hook kind (`k.run_ability`) of the calls that take one;
- a write to a global in card code (`x = 1` with no `local x`): globals are read-only, so the hook
  would fail there;
- a hook whose result the game reads (`card_hooks:` other than `any`, e.g. `modify_damage: int`)
  that never returns a value, so it would change nothing. A hook that returns a value on some
  paths only is accepted: returning nothing (nil) means no change;
- as a warning (exit code 0): a function of a card's Lua file (`function F.name`) that no ability
  names as its hook and the file does not call: dead code, or a hook spelt differently in the YAML.

At run time a wrong argument is the card's error, naming the function, the parameter and the
signature: `k.add_counter: argument 3 (n) should be a whole number, not text; its signature: …`.
";
