#!/usr/bin/env python3
"""Writes cards/victory-spark/scenarios/printed/: each core card's printed level, ATK and DEF, as
printed (README.md here). Usage, from the repository root:
python3 cards/victory-spark/scenarios/printed/generate.py ."""
import glob, json, os, sys, yaml

root = sys.argv[1]
here = os.path.join(root, 'cards/victory-spark/scenarios/printed')
cards = []
for f in sorted(glob.glob(os.path.join(root, 'cards/victory-spark/packs/core/*.yaml'))):
    cards += (yaml.safe_load(open(f)) or {}).get('cards', [])
# Decided by hand (README.md): cards whose own text changes what a generated file checks.
# ATK: what the card's own ring autos add to each of its two attacks, as (effect damage, ATK):
# 流星ハヤテ「追撃」 deals 1000 before each attack's damage; 天城ツバサ「星祭り」 gives +1000/+0 each
# time it attacks, and the first stays for the second attack.
ATK_EXTRA = {'VS-007': [(1000, 0), (1000, 0)], 'VS-008': [(0, 1000), (0, 2000)]}
# ATK ÷2 by its own text (ギガロボ零号「出力半減」, 6.7.3.5.3, rounded down): 6001 ÷ 2 = 3000 hides +1, so
# one more file adds +1/+0 first (試験用ブースター on the bench): (6001 + 1) ÷ 2 = 3001.
ATK_HALVED = {'VS-103'}
# DEF changed by its own text while it is attacked: ギガロボ零号「装甲」 +0/+1000, 黒鉄ガイ「不屈」 ×2,
# 大門タケシ「鉄壁のアリバイ」 +0/+1000 when attacked, 悪戯妖精ピクシー「いたずら」 +0/+1000 at the start
# of the opponent's support step. The value is the DEF in the attack (a function of the printed one).
DEF_IN_ATTACK = {'VS-103': lambda d: d + 1000, 'VS-003': lambda d: d * 2,
                 'VS-209': lambda d: d + 1000, 'VS-410': lambda d: d + 1000}
# The attack's damage to it is fixed by its own text (鉄壁の門番ガンテツ「鉄壁」: 2000).
DAMAGE_FIXED = {'VS-621': 2000}
# DEF checked with one attack (exact) and, for the short case, a copy on P2's bench with DEF − 1
# damage (8.4.2), instead of a second copy refilling the ring: 流転のスズ leaves the ring when it
# is refilled (its Entry Spark), 迎撃手ハル and 警報係ベル rest P1's bench cards (no second support),
# 身軽なスズ leaves the ring when attacked (not with a full bench), ガンテツ's damage is fixed.
DEF_ON_BENCH = {'VS-523', 'VS-611', 'VS-626', 'VS-644', 'VS-621'}
# Answers around each attack, per (card, 'atk' or 'def'): 'pre' before P1 chooses the supporter,
# 'post' after, one list per attack; 'slots': the bench slots P1 supports from. 警報係ベル rests one
# of P1's bench cards at the start of the support step, 迎撃手ハル when attacked (P2 chooses which).
STEPS = {('VS-626', 'def'): {'pre': [['p2: choose 試験用サポーター ベンチ1']], 'slots': [2]},
         ('VS-611', 'def'): {'post': [['p2: choose 試験用サポーター ベンチ2']]},
         ('VS-103', 'atk-plus'): {'slots': [2, 3]}}
# Cards in P2's hand in the DEF scenario: 夜更かしのルナ (hand 0: draw 2) and 背水の剣士ミツキ (hand
# under 2: draw 1) would draw the second copy from the top of the deck.
P2_HAND = {'VS-406': 1, 'VS-614': 2}


def q(s):
    return json.dumps(s, ensure_ascii=False)


def guard(n):
    return f"試験用ガード{n}"


def attacker(n):
    return f"試験用アタッカー{n}"


SUP = "試験用サポーター"
BOOST = "試験用ブースター"
FOOT = "  Written from the card list by a script, then checked by running it; see README.md here."


def write(name, lines):
    open(os.path.join(here, name), 'w').write("\n".join(lines) + "\n")


def attacks(L, key, n):
    """P1 declares (again) and supports n times, with the answers of STEPS around each support."""
    st = STEPS.get(key, {})
    slots = st.get('slots', [1, 2])
    for i in range(n):
        L.append("  - p1: attack" + ("                                   # again (6.7.3.5.2)" if i else ""))
        for s in (st.get('pre', []) + [[]] * 2)[i]:
            L.append(f"  - {s}")
        L.append(f"  - p1: choose {SUP} ベンチ{slots[i]}")
        for s in (st.get('post', []) + [[]] * 2)[i]:
            L.append(f"  - {s}")


guards, attackers = set(), set()
for c in cards:
    if c.get('type') != 'chara':
        continue
    cid, name, en = c['id'], c['name'], c.get('name_en', '')
    lv, a, d = c['level'], c['atk'], c['def']
    # --- level (2.2.2, 6.5.1.3, 6.5.1.4, 7.4.1.3): played only with that many standing energy -----
    L = [f"name: {q(f'{name}のレベルは{lv} ({cid} {en} as printed: level {lv})')}"]
    L.append("description: >-")
    if lv > 0:
        L.append(f"  P1's chara phase with {lv} standing energy: {name} (level {lv}) may be played to the ring or a")
        L.append(f"  bench slot (2.2.2). P1 plays {SUP} (level 1) to bench slot 1, resting 1 energy (7.4.1.3):")
        L.append(f"  with {lv - 1} standing, {name} is offered no more.")
    else:
        L.append(f"  P1's chara phase with no energy: {name} (level 0) is played to the ring, resting nothing (2.2.2).")
    L.append(FOOT)
    L.append('clauses: ["2.2.1", "2.2.2", "6.5.1.3", "6.5.1.4", "7.4.1.3"]')
    L.append("cards: [cards/test-charas.yaml]")
    L.append("setup:")
    L.append("  turn: 3")
    L.append("  phase: chara")
    L.append("  p1:")
    L.append("    ring: TVS-S")
    L.append(f"    hand: [{cid}, TVS-S]" if lv > 0 else f"    hand: [{cid}]")
    if lv > 0:
        L.append("    energy: [" + ", ".join(["{ card: TVS-S, face_down: true }"] * lv) + "]")
    L.append("    deck: [TVS-S, TVS-S, TVS-S]")
    L.append("  p2:")
    L.append("    ring: TVS-S")
    L.append("    deck: [TVS-S, TVS-S, TVS-S]")
    L.append("do:")
    if lv > 0:
        L.append("  - expect:")
        L.append(f"      - offered: {q(f'p1: ring {name}')}               # {lv} standing energy")
        L.append(f"      - offered: {q(f'p1: bench {name} ベンチ1')}")
        L.append(f"  - p1: bench {SUP} ベンチ1")
        L.append("expect:")
        L.append(f"  - count(p1.energy where orientation == \"stand\") == {lv - 1}")
        L.append(f"  - not_offered: {q(f'p1: ring {name}')}           # {lv - 1} < level {lv}")
        L.append(f"  - not_offered: {q(f'p1: bench {name}')}")
    else:
        L.append(f"  - p1: ring {name}")
        L.append("expect:")
        L.append(f"  - log: {q(f'[6.5.1.4] P1は{name}をリングにプレイ')}")
        L.append(f"  - p1.ring.name == [{q(name)}]")
        L.append("  - p1.energy.count == 0")
    write(f"{cid}-level.yaml", L)

    # --- ATK (2.10.1, 6.7.3.4.3–4): its two attacks retire a guard of DEF = its damage, not one more --
    def atk_file(fname, plus, note):
        extra = ATK_EXTRA.get(cid, [(0, 0), (0, 0)])
        half = cid in ATK_HALVED

        def eff(bonus):
            v = a + bonus + plus
            return v // 2 if half else v
        hits = [eff(extra[0][1]), eff(extra[1][1])]
        tot = [extra[0][0] + hits[0], extra[1][0] + hits[1]]
        d1, d2 = tot[0], tot[1] + 1
        guards.update({d1, d2})
        L = [f"name: {q(f'{name}の攻撃力は{a} ({cid} {en} as printed: ATK {a}{note})')}"]
        L.append("description: >-")
        how = (f" +{plus} by {BOOST} on the bench, then" if plus else "") + (f" ÷2 by its own 出力半減 (6.7.3.5.3, rounded down): {hits[0]}" if half else "")
        L.append(f"  P1's ring card {name} (ATK {a}{how}) attacks twice, supported each time from the bench (6.7.3.2.3).")
        if extra != [(0, 0), (0, 0)]:
            L.append(f"  Its own text adds to each attack: {tot[0]}, then {tot[1]} damage in all.")
        L.append(f"  First P2's {guard(d1)} (DEF {d1}): {tot[0]} ≥ {d1}, it is retired (6.7.3.4.4) and the ring is refilled")
        L.append(f"  from the deck; then {guard(d2)} (DEF {d2}): {tot[1]} < {d2}, it stays with {tot[1]} damage (6.7.3.4.3).")
        L.append(FOOT)
        cl = '["2.10.1", "6.7.3.2.3", "6.7.3.4.3", "6.7.3.4.4", "6.7.3.5.2"' + (', "6.7.3.5.3"' if half else '') + ']'
        L.append(f"clauses: {cl}")
        L.append("cards: [cards/test-charas.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: attack")
        L.append("  p1:")
        L.append(f"    ring: {cid}")
        L.append("    bench: [TVS-P1, TVS-S, TVS-S]" if plus else "    bench: [TVS-S, TVS-S, TVS-S]")
        L.append("    deck: [TVS-S, TVS-S, TVS-S, TVS-S, TVS-S]")
        L.append("  p2:")
        L.append(f"    ring: TVS-D{d1}")
        L.append(f"    deck: [TVS-D{d2}, TVS-S, TVS-S]")
        L.append("do:")
        attacks(L, (cid, 'atk-plus' if plus else 'atk'), 2)
        L.append("expect:")
        L.append("  - order:")
        L.append(f"      - {q(f'[6.7.3.4.3] {guard(d1)}に{hits[0]}ダメージ (アタック: attack; 蓄積{tot[0]})')}")
        L.append(f"      - {q(f'[6.7.3.4.4] {guard(d1)}をリタイヤ置場に置く')}")
        L.append(f"      - {q(f'[6.7.3.4.3] {guard(d2)}に{hits[1]}ダメージ (アタック: attack; 蓄積{tot[1]})')}")
        L.append(f"  - p2.retire.name == [{q(guard(d1))}]")
        L.append(f"  - p2.ring.name == [{q(guard(d2))}]")
        L.append(f"  - p2.ring.damage == [{tot[1]}]")
        write(fname, L)

    if a == 0:
        # ATK 0 deals no damage (6.7.3.4.3): a guard of DEF 1 stays; -1 is equivalent (README).
        guards.add(1)
        L = [f"name: {q(f'{name}の攻撃力は0 ({cid} {en} as printed: ATK 0)')}"]
        L.append("description: >-")
        L.append(f"  P1's ring card {name} (ATK 0) attacks P2's {guard(1)} (DEF 1): no damage (6.7.3.4.3), it stays.")
        L.append(FOOT)
        L.append('clauses: ["2.10.1", "6.7.3.2.3", "6.7.3.4.3", "6.7.3.4.4"]')
        L.append("cards: [cards/test-charas.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: attack")
        L.append("  p1:")
        L.append(f"    ring: {cid}")
        L.append("    bench: [TVS-S, TVS-S, null]")
        L.append("    deck: [TVS-S, TVS-S, TVS-S]")
        L.append("  p2:")
        L.append("    ring: TVS-D1")
        L.append("    deck: [TVS-S, TVS-S, TVS-S]")
        L.append("do:")
        L.append("  - p1: attack")
        L.append(f"  - p1: choose {SUP} ベンチ1")
        L.append("expect:")
        L.append(f"  - log: {q(f'[6.7.3.2.3] {name}が{guard(1)}にアタック')}")
        L.append("  - no_log: \"[6.7.3.4.3]\"")
        L.append(f"  - p2.ring.name == [{q(guard(1))}]")
        L.append("  - p2.ring.damage == [0]")
        write(f"{cid}-atk.yaml", L)
    else:
        atk_file(f"{cid}-atk.yaml", 0, "")
        if cid in ATK_HALVED:
            atk_file(f"{cid}-atk-plus-1.yaml", 1, ", +1 then ÷2")

    # --- DEF (2.11.1, 6.7.3.4.3–4): damage = its DEF retires it, one less does not ------------------
    de = DEF_IN_ATTACK.get(cid, lambda v: v)(d)
    dmg = DAMAGE_FIXED.get(cid)
    hit = dmg if dmg else de - 1
    pre = de - hit                      # damage it already has, so that this attack reaches de exactly
    if not dmg:
        attackers.add(hit)
    atk_card = f"TVS-A{hit}" if not dmg else "TVS-A1000"
    if dmg:
        attackers.add(1000)
    bench_mode = cid in DEF_ON_BENCH
    L = [f"name: {q(f'{name}の防御力は{d} ({cid} {en} as printed: DEF {d})')}"]
    L.append("description: >-")
    inatk = f", {de} in the attack by its own text" if de != d else ""
    by = f"{attacker(hit)}" if not dmg else f"{attacker(1000)}, whose damage its own 鉄壁 makes {dmg}"
    L.append(f"  P2's ring card {name} (DEF {d}{inatk}) has {pre} damage; P1's {by} attacks it:")
    L.append(f"  {pre} + {hit} = {de} ≥ {de}, it is retired (6.7.3.4.4).")
    if bench_mode:
        L.append(f"  Another {name} on P2's bench has {d - 1} damage: {d - 1} < {d}, it stays (8.4.2).")
        L.append("  (One attack only: its own text keeps a second attack on a second copy from showing its DEF.)")
    else:
        L.append(f"  The ring is refilled with another {name} from the deck, and P1 attacks again: {hit} < {de}, it stays.")
    L.append(FOOT)
    cl = ['2.11.1', '6.7.3.2.3', '6.7.3.4.3', '6.7.3.4.4'] + (['8.4.2'] if bench_mode else ['3.3.1.3', '6.7.3.5.2'])
    L.append("clauses: [" + ", ".join(q(x) for x in cl) + "]")
    L.append("cards: [cards/test-charas.yaml]")
    L.append("setup:")
    L.append("  turn: 3")
    L.append("  phase: attack")
    L.append("  p1:")
    L.append(f"    ring: {atk_card}")
    L.append("    bench: [TVS-S, TVS-S, TVS-S]")
    L.append("    deck: [TVS-S, TVS-S, TVS-S]")
    L.append("  p2:")
    L.append(f"    ring: {{ card: {cid}, counters: {{ damage: {pre} }} }}")
    if bench_mode:
        L.append(f"    bench: [{{ card: {cid}, counters: {{ damage: {d - 1} }} }}, TVS-S, TVS-S]")
        L.append("    deck: [TVS-S, TVS-S, TVS-S]")
    else:
        L.append(f"    deck: [{cid}, TVS-S, TVS-S]")
    if P2_HAND.get(cid):
        L.append("    hand: [" + ", ".join(["TVS-S"] * P2_HAND[cid]) + "]")
    L.append("do:")
    attacks(L, (cid, 'def'), 1 if bench_mode else 2)
    L.append("expect:")
    L.append("  - order:")
    L.append(f"      - {q(f'[6.7.3.4.3] {name}に{hit}ダメージ (アタック: attack; 蓄積{de})')}")
    L.append(f"      - {q(f'[6.7.3.4.4] {name}をリタイヤ置場に置く')}")
    if not bench_mode:
        L.append(f"      - {q(f'[6.7.3.4.3] {name}に{hit}ダメージ (アタック: attack; 蓄積{hit})')}")
    L.append(f"  - p2.retire.name == [{q(name)}]")
    if bench_mode:
        L.append(f"  - count(p2.bench where name == {q(name)} and damage == {d - 1}) == 1")
        L.append("  - no_log: \"[8.4.2]\"")
    else:
        L.append(f"  - p2.ring.name == [{q(name)}]")
        L.append(f"  - p2.ring.damage == [{hit}]")
    write(f"{cid}-def.yaml", L)

L = ["# Test-only vanilla charas for the printed-number scenarios here (generate.py): a supporter (also",
     "# filler, energy and a level-1 play), guards of exact DEF and attackers of exact ATK.",
     "cards:",
     f"  - {{ id: TVS-S, name: {SUP}, name_en: Test Supporter, type: chara, level: 1, titles: [試験], atk: 1000, def: 9000 }}"]
L.append(f"  - id: TVS-P1\n    name: {BOOST}\n    name_en: Test Booster\n    type: chara\n    level: 1\n    titles: [試験]\n    atk: 1000\n    def: 9000\n"
         "    text: \"@永続〔ベンチ〕 +1: あなたのリングのカードを+1/+0。\"\n    abilities:\n      - name: \"+1\"\n        kind: 永続\n        zones: [bench]\n"
         "        applies_to: controller == my and zone == \"ring\"\n        modify:\n          - { field: atk, add: 1 }")
for n in sorted(guards):
    L.append(f"  - {{ id: TVS-D{n}, name: {guard(n)}, name_en: Test Guard {n}, type: chara, level: 0, titles: [試験], atk: 0, def: {n} }}")
for n in sorted(attackers):
    L.append(f"  - {{ id: TVS-A{n}, name: {attacker(n)}, name_en: Test Attacker {n}, type: chara, level: 0, titles: [試験], atk: {n}, def: 99000 }}")
write("cards/test-charas.yaml", L)
