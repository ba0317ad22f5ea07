#!/usr/bin/env python3
"""Writes cards/fire-force/scenarios/printed/: each core card's printed numbers, as printed
(README.md here). Usage, from the repository root:
python3 cards/fire-force/scenarios/printed/generate.py ."""
import glob, json, os, sys, yaml

root = sys.argv[1]
here = os.path.join(root, 'cards/fire-force/scenarios/printed')
cards = []
for f in sorted(glob.glob(os.path.join(root, 'cards/fire-force/packs/core/*.yaml'))):
    cards += (yaml.safe_load(open(f)) or {}).get('cards', [])
# Decided by hand (README.md): cards whose own text changes what a generated file checks.
SKIP_POWER = {}
SKIP_COST = {}
# このユニットが攻撃された時 / ‘攻撃されている’間 パワー+N: the defender's power in battle.
POWER_BONUS = {'FF-016': 2000, 'FF-031': 2000}
# Cannot be attacked (象日下部) or leaves when attacked (ユウ): its power is checked attacking.
ATTACKER_MODE = {'FF-019', 'FF-054'}
# More of P2's setup in the power scenario: 蘇る焰ビト's 【退場時】 returns it at 0 life.
P2_EXTRA = {'FF-075': 'life: [FF-040]'}
# P2's answers at the start of their turn in the cost scenario: 因果 draws, then discards.
P2_TURN_STEPS = {'FF-024': ['p2: choose ドラゴン']}
COUNTER_ONLY = {c['id'] for c in cards if c.get('type') == 'event'
                and all(a.get('text', '').startswith('【反撃】') or a.get('kind') != 'イベント' for a in c.get('abilities', []))}


def q(s):
    return json.dumps(s, ensure_ascii=False)


def tester(power):
    return f"試験用ユニット{power}"


def write(name, lines):
    open(os.path.join(here, name), 'w').write("\n".join(lines) + "\n")


powers = set()
for c in cards:
    cid, name, ty = c['id'], c['name'], c.get('type')
    if ty not in ('unit', 'event'):
        continue
    # --- cost (203.1, 903.6, 905.4b): used only from that many cards with 炎 ------------------
    cost, flame = c.get('cost', 0), c.get('flame', 0)
    verb = 'deploy' if ty == 'unit' else 'event'
    if cid not in SKIP_COST and cid not in COUNTER_ONLY:
        title = f"{name}のコストは{cost} ({cid} {c.get('name_en', '')} as printed: cost {cost}" + (", 炎" if flame else "") + ")"
        L = [f"name: {q(title)}"]
        L.append("description: >-")
        if cost > 0:
            L.append(f"  P1 has {cost - 1} standing flame card(s): {name} (cost {cost}) is not offered (905.4b).")
        p2 = max(cost - (1 if flame else 0), 0)
        L.append(f"  On P2's turn P2 has {p2} standing flame card(s)" + (f" and a standing {name} with 炎 (206.1), which pays ① too (903.6)" if flame else "") + f": {cost} card(s) with 炎, and {name} is offered.")
        L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
        L.append('clauses: ["203.1", "903.6", "905.4b"' + (', "206.1"' if flame else '') + ']')
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  p1:")
        L.append(f"    field: [{', '.join(['FF-F01'] * (cost - 1))}]" if cost > 1 else "    field: []")
        L.append(f"    hand: [{cid}, FF-023, FF-023]")
        L.append("  p2:")
        field2 = ['FF-F01'] * p2 + ([cid] if flame else [])
        L.append(f"    field: [{', '.join(field2)}]")
        L.append(f"    hand: [{cid}, FF-023, FF-023]")
        L.append("do:")
        L.append("  - expect:")
        if cost > 0:
            L.append(f"      - not_offered: {q(f'p1: {verb} {name}')}      # {cost - 1} < cost {cost}")
        else:
            L.append(f"      - offered: {q(f'p1: {verb} {name}')}          # cost 0")
        L.append("  - p1: end")
        for step in P2_TURN_STEPS.get(cid, []):
            L.append(f"  - {step}")
        L.append("expect:")
        L.append("  - turn_player == p2")
        L.append(f"  - offered: {q(f'p2: {verb} {name}')}               # {cost} card(s) with 炎")
        write(f"{cid}-cost.yaml", L)
    if cid in COUNTER_ONLY and cid not in SKIP_COST:
        powers.add(4000)
        title = f"{name}のコストは{cost} ({cid} {c.get('name_en', '')} as printed: cost {cost}, 【反撃】)"
        L = [f"name: {q(title)}"]
        L.append("description: >-")
        if cost > 0:
            L.append(f"  {name} is a 【反撃】 event (603.1a), used when counters are (702.12b). On P1's turn P2 has")
            L.append(f"  {cost - 1} standing flame card(s): it is not offered (905.4b), while 防火服 (cost 0) is.")
        else:
            L.append(f"  {name} is a 【反撃】 event (603.1a), used when counters are (702.12b); cost 0.")
        L.append(f"  On P2's turn P1 has {cost}: it is offered.")
        L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
        L.append('clauses: ["203.1", "603.1a", "702.12b", "903.6", "905.4b"]')
        L.append("cards: [cards/test-units.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  p1:")
        L.append(f"    field: [TF-4000, {{ card: FF-026, orientation: rested }}" + ", FF-F01" * cost + "]")
        L.append(f"    hand: [{cid}, FF-023, FF-023]")
        L.append("  p2:")
        L.append(f"    field: [TF-4000, {{ card: FF-026, orientation: rested }}" + ", FF-F01" * max(cost - 1, 0) + "]")
        # 防火服 (cost 0) keeps the counter window asking (with nothing usable, 702.12a passes).
        L.append(f"    hand: [{cid}, FF-045, FF-023]" if cost > 0 else f"    hand: [{cid}, FF-023, FF-023]")
        L.append("do:")
        L.append("  - p1: attack 試験用ユニット4000 → 焰ビト")
        if cost > 0:
            L.append("  - expect:")
            L.append('      - offered: "p2: counter 防火服"')
            L.append(f"      - not_offered: {q(f'p2: counter {name}')}      # {cost - 1} < cost {cost}")
        else:
            L.append("  - expect:")
            L.append(f"      - offered: {q(f'p2: counter {name}')}          # cost 0")
        L.append("  - p2: pass")
        L.append("  - p1: end")
        L.append("  - p2: attack 試験用ユニット4000 → 焰ビト")
        L.append("expect:")
        L.append(f"  - offered: {q(f'p1: counter {name}')}               # {cost} flame card(s)")
        write(f"{cid}-cost.yaml", L)
    if ty != 'unit':
        continue
    # --- power (204, 702.17a): an attacker of that power retires it, one less does not ---------
    p = c.get('power', 0)
    if cid not in SKIP_POWER and p > 0 and cid in ATTACKER_MODE:
        powers |= {p, p + 1}
        L = [f"name: {q(f'{name}のパワーは{p} ({cid} as printed: power {p})')}"]
        L.append("description: >-")
        L.append(f"  P1's {name} (power {p}) attacks P2's rested {tester(p + 1)} (power {p + 1}): {p} < {p + 1},")
        L.append(f"  nothing happens (702.17a). A second {name} attacks {tester(p)}: {p} ≥ {p}, it is retired.")
        L.append(f"  ({name} is checked attacking: its text keeps it from being attacked in a way that shows its power.)")
        L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
        L.append('clauses: ["204.1", "702.17", "702.17a"]')
        L.append("cards: [cards/test-units.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  p1:")
        L.append(f"    field: [{cid}, {cid}]")
        L.append("  p2:")
        L.append(f"    field: [{{ card: TF-{p + 1}, orientation: rested }}, {{ card: TF-{p}, orientation: rested }}]")
        L.append("do:")
        L.append(f"  - p1: attack {name} → {tester(p + 1)}")
        L.append("  - expect:")
        L.append(f"      - log: {q(f'[702.17a] {p} < {p + 1}: 何も起こらない')}")
        L.append(f"      - count(p2.field) == 2")
        L.append(f"  - p1: attack {name} → {tester(p)}")
        L.append("expect:")
        L.append(f"  - log: {q(f'[702.17a] {p} ≥ {p}: {tester(p)}を退場させる')}")
        L.append(f"  - p2.field.name == [{q(tester(p + 1))}]")
        write(f"{cid}-power.yaml", L)
    elif cid not in SKIP_POWER and p > 0:
        b = POWER_BONUS.get(cid, 0)
        d = p + b
        powers |= {d - 1, d}
        L = [f"name: {q(f'{name}のパワーは{p} ({cid} as printed: power {p})')}"]
        L.append("description: >-")
        bonus = f" +{b} by its own text while it is attacked: {d}" if b else ""
        L.append(f"  P2's rested {name} (power {p}{bonus}) is attacked by {tester(d - 1)} (power {d - 1}): {d - 1} < {d},")
        L.append(f"  nothing happens (702.17a). Then by {tester(d)}: {d} ≥ {d}, {name} is retired.")
        L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
        L.append('clauses: ["204.1", "702.17", "702.17a"]')
        L.append("cards: [cards/test-units.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  p1:")
        L.append(f"    field: [TF-{d - 1}, TF-{d}]")
        L.append("  p2:")
        L.append(f"    field: [{{ card: {cid}, orientation: rested }}]")
        if cid in P2_EXTRA:
            L.append(f"    {P2_EXTRA[cid]}")
        L.append("do:")
        L.append(f"  - p1: attack {tester(d - 1)} → {name}")
        L.append("  - expect:")
        L.append(f"      - log: {q(f'[702.17a] {d - 1} < {d}: 何も起こらない')}")
        L.append(f"      - count(p2.field where name == {q(name)}) == 1")
        L.append(f"  - p1: attack {tester(d)} → {name}")
        L.append("expect:")
        L.append(f"  - log: {q(f'[702.17a] {d} ≥ {d}: {name}を退場させる')}")
        L.append(f"  - count(p2.field where name == {q(name)}) == 0")
        write(f"{cid}-power.yaml", L)
    # --- support (207.1, 702.16): +支援力 to the attacked unit ------------------------------------
    s = c.get('support')
    if s:
        t = 4000  # 焰ビト FF-026, vanilla
        powers |= {t + s - 1, t + s}
        L = [f"name: {q(f'{name}の支援力は{s} ({cid} as printed: support {s})')}"]
        L.append("description: >-")
        L.append(f"  P2's rested 焰ビト (power {t}) is attacked twice; each time P2 supports it with {name}")
        L.append(f"  from hand (702.16): +{s}, {t + s}. {tester(t + s - 1)} ({t + s - 1}) does nothing; {tester(t + s)} retires it.")
        L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
        L.append('clauses: ["207.1", "702.16", "702.17a"]')
        L.append("cards: [cards/test-units.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  p1:")
        L.append(f"    field: [TF-{t + s - 1}, TF-{t + s}]")
        L.append("  p2:")
        L.append("    field: [{ card: FF-026, orientation: rested }]")
        L.append(f"    hand: [{cid}, {cid}]")
        L.append("do:")
        L.append(f"  - p1: attack {tester(t + s - 1)} → 焰ビト")
        L.append(f"  - p2: choose {name}")
        L.append("  - expect:")
        L.append(f"      - log: {q(f'[702.17a] {t + s - 1} < {t + s}: 何も起こらない')}")
        L.append(f"  - p1: attack {tester(t + s)} → 焰ビト")
        L.append(f"  - p2: choose {name}")
        L.append("expect:")
        L.append(f"  - log: {q(f'[702.17a] {t + s} ≥ {t + s}: 焰ビトを退場させる')}")
        L.append("  - count(p2.field) == 0")
        L.append("  - p2.hand.count == 0")
        write(f"{cid}-support.yaml", L)

L = ["# Test-only vanilla units of exact powers for the printed-number scenarios here (generate.py).",
     "cards:"]
for p in sorted(powers):
    L.append(f"  - {{ id: TF-{p}, name: {tester(p)}, name_en: Test Unit {p}, type: unit, cost: 1, power: {p}, attributes: [試験] }}")
write("cards/test-units.yaml", L)
print("【反撃】 events, checked in the counter window:", sorted(COUNTER_ONLY))
