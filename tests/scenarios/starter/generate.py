#!/usr/bin/env python3
"""Writes tests/scenarios/starter/<id>.yaml: each vanilla unit of the starter pack as printed
(README.md here). Usage, from the repository root: python3 tests/scenarios/starter/generate.py ."""
import json, yaml, sys, os
root = sys.argv[1]
d = yaml.safe_load(open(os.path.join(root, 'cards/generic-tcg/packs/starter/units.yaml')))
out = os.path.join(root, 'tests/scenarios/starter')
for c in d['cards']:
    cid, name, hp, R = c['id'], c['name'], c['hp'], c['retreat_cost']
    skills = c['skills']
    T = ('GT-019', '雷雲の巨人', 370) if cid != 'GT-019' else ('GT-013', '古樹の守り手', 400)
    assert sum(s['damage'] for s in skills) < T[2], cid
    charge = ('GT-022', '見習い天使') if cid != 'GT-022' else ('GT-011', '森の小人')
    stand = ('GT-002', '火の粉の妖精') if cid != 'GT-002' else ('GT-006', '水辺の見習い魔術師')
    maxe = max([R] + [s['cost'] for s in skills])
    sk = '、'.join(f"{s['name']} {s['cost']}/{s['damage']}" for s in skills)
    L = []
    L.append("name: " + json.dumps(f"{name}は印刷どおり ({cid} {c['name_en']} as printed - HP {hp}, 退却コスト {R}, {sk})", ensure_ascii=False))
    L.append("description: >-")
    L.append(f"  The printed numbers of {name} ({cid}) decide what happens. HP {hp}: with {hp - 1} damage")
    L.append(f"  it stands, one more damage KOs it (203.2, 1003.2). Then P1's {name} gains one energy a turn")
    L.append(f"  (602.1) from 0 to {maxe}; at each count retreat is offered only from {R} energy (605.3) and each")
    L.append(f"  skill only from its cost (703.2a-2); each skill is used once when it becomes usable and deals")
    L.append(f"  its printed damage to {T[1]} (雷: no advantage, 704.3a).")
    L.append("  Written from the card list by a script, then checked by running it; see README.md here.")
    L.append('clauses: ["203.2", "1003.2", "206.1", "605.3", "210.2", "703.2a-2", "704.3a"]')
    L.append("cards: [../actions/cards/if-you-do.yaml]")
    L.append("setup:")
    L.append("  p1:")
    L.append(f"    main: {cid}")
    L.append(f"    standby: [{stand[0]}]")
    L.append("    hand: [TI-916A" + "".join(f", {charge[0]}" for _ in range(maxe)) + "]")
    L.append("  p2:")
    L.append(f"    main: {{ card: {cid}, damage: {hp - 1} }}")
    L.append(f"    standby: [{T[0]}]")
    L.append("do:")
    L.append("  - expect:")
    L.append(f"      - p2.main.damage == {hp - 1}")
    L.append(f"      - not p2.main.ko                       # {hp - 1} < HP {hp}")
    L.append("  - p1: play かすり傷                         # 1 damage to P2's main unit")
    L.append("  - expect:")
    L.append(f'      - log: "[1003.2] {name}はKO"')
    L.append(f"  - p2: choose {T[1]}                    # the new main unit (1004.1)")
    cum = 0
    turn = 3
    for e in range(0, maxe + 1):
        if e > 0:
            L.append(f"  - p1: charge {name} with {charge[1]}")
        L.append("  - expect:")
        L.append(f"      - count(p1.main.energy) == {e}")
        if e == 0:
            L.append(f"      - p2.main.name == \"{T[1]}\"")
        if e >= R:
            L.append(f'      - offered: "p1: retreat {name} {stand[1]}"       # 退却コスト {R} ≤ {e}')
        else:
            L.append(f'      - not_offered: "p1: retreat {name} {stand[1]}"   # 退却コスト {R} > {e}')
        L.append("  - p1: end")
        L.append("  - expect:")
        for s in skills:
            if s['cost'] <= e:
                L.append(f'      - offered: "p1: skill {s["name"]}"       # cost {s["cost"]} ≤ {e}')
            else:
                L.append(f'      - not_offered: "p1: skill {s["name"]}"   # cost {s["cost"]} > {e}')
        new = [s for s in skills if s['cost'] == e]
        if new:
            s = new[0]
            cum += s['damage']
            L.append(f"  - p1: skill {s['name']}")
            L.append("  - expect:")
            L.append(f"      - p2.main.damage == {cum}                # + {s['damage']}")
        else:
            L.append("  - p1: no")
        if e < maxe:
            L.append("  - p2: end")
            L.append("  - p2: no")
    L.append("expect:")
    L.append(f"  - p2.main.damage == {cum}")
    L.append(f"  - count(p1.main.energy) == {maxe}")
    open(os.path.join(out, cid + '.yaml'), 'w').write("\n".join(L) + "\n")
