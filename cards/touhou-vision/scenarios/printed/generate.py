#!/usr/bin/env python3
"""Writes cards/touhou-vision/scenarios/printed/: each core card's printed numbers, as printed
(README.md here). Usage, from the repository root:
python3 cards/touhou-vision/scenarios/printed/generate.py ."""
import glob, json, os, sys, yaml

root = sys.argv[1]
here = os.path.join(root, 'cards/touhou-vision/scenarios/printed')
cards = []
for f in sorted(glob.glob(os.path.join(root, 'cards/touhou-vision/packs/core/*.yaml'))):
    if os.path.basename(f) == 'pack.yaml':
        continue
    cards += (yaml.safe_load(open(f)) or {}).get('cards', [])
for old in glob.glob(os.path.join(here, 'TV-*.yaml')):
    os.remove(old)

# Decided by hand (README.md): cards whose own text changes what a generated file checks.
# ラストワード: playable only while its 術者 is on your field, which waives nodes and cost (10.32, 5.5.6).
SKIP_PLAY = {'TV-113'}
# 相手ターン制限 commands (10.23): checked on P2's turn, the extra node coming from a graze (6.5.3.b).
OPPONENT_TURN = {c['id'] for c in cards if any(k.startswith('相手ターン') for k in c.get('keywords', []))}
# The target each play's text asks for (5.2.3.d), by the card it is chosen from (none: no target).
#   own: P1's own test character (a reducer below); opp: P2's 試験用キャラクター;
#   played: a card being played (弾幕回避), P1's 試験用プレイ played first; attacking: P2's attacker.
TARGET_OF = {'TV-102': 'opp', 'TV-201': 'played', 'TV-205': 'attacking', 'TV-206': 'attacking'}
# 人形 cannot attack (10.9.2.a): its ATK is checked as it defends, against test attackers.
ATK_DEFENDS = {c['id'] for c in cards if '人形' in c.get('keywords', [])}
# Answers after the attack is declared: ルーミア's 変身 asks whether to transform (10.28.2.a).
ATTACK_STEPS = {'TV-407': ['p1: choose しない']}

OWN = '試験用の倹約家'      # TTV-C: P1's hand cards cost −99 (cost ≤ 0: only nodes decide, 1.8.7.j)
OWN_K = '試験用の近道'      # TTV-K: P1's hand cards need −99 nodes (only the cost decides)
OPP = '試験用キャラクター'   # TTV-V: a vanilla character of P2's
PLAYED = '試験用の札'      # TTV-P: a command that does nothing, a card being played
NODE = '試験用ノード'        # TTV-N: the card P1 sets as a node (1.8.3)


def q(s):
    return json.dumps(s, ensure_ascii=False)


def write(name, lines):
    # a scenario without steps says so (`do: []`; an empty `do:` is null, which the schema refuses)
    lines = ["do: []" if l == "do:" and i + 1 < len(lines) and lines[i + 1] == "expect:" else l
             for i, l in enumerate(lines)]
    open(os.path.join(here, name), 'w').write("\n".join(lines) + "\n")


def is_character(c):
    return c.get('type') == 'character' or '幻想生物' in c.get('keywords', [])


def targeted(c):
    return any(a.get('kind') == 'プレイ' and 'targets' in a for a in c.get('abilities', []))


def target_name(c, reducer):
    t = TARGET_OF.get(c['id'], 'own')
    return {'own': reducer, 'opp': OPP, 'played': PLAYED, 'attacking': '試験用グレイズ2'}[t]


damages = {1}
battackers = set()
HEAD = "  Written from the card list by a script, then checked by running it; see README.md here."


def play_file(c, what):
    """what == 'nodes': P1's hand costs −99, so N nodes decide (5.2.2.c); 'cost': P1's hand
    needs −99 nodes, so being able to pay N decides (5.2.2.d, 1.8.7) and N nodes go to sleep."""
    cid, name, ty = c['id'], c['name'], c['type']
    n = c.get(what, 0)
    reducer_id, reducer = ('TTV-C', OWN) if what == 'nodes' else ('TTV-K', OWN_K)
    other = 'cost' if what == 'nodes' else 'nodes'
    jp = '必要ノード' if what == 'nodes' else 'コスト'
    title = f"{name}の{jp}は{n} ({cid} {c.get('name_en', '')} as printed: {what} {n})"
    L = [f"name: {q(title)}", "description: >-"]
    if what == 'nodes':
        L.append(f"  {reducer} makes the {other} of P1's hand cards −99 (1.8.7.j: paid as 0), so only the node")
        L.append(f"  count decides (5.2.2.c): " + (f"with {n - 1} node(s) {name} is not offered, with {n} it is." if n > 0 else f"{name} is offered with no node."))
        clauses = ["2.4", "5.2.2", "5.2.2.c", "1.8.7.j"]
    else:
        L.append(f"  {reducer} makes the required nodes of P1's hand cards −99, so only paying the cost decides")
        L.append(f"  (5.2.2.d, 1.8.7): " + (f"with {n - 1} node(s) {name} is not offered, with {n} it is" if n > 0 else f"{name} is offered with no node") +
                 ("." if cid in OPPONENT_TURN else f", and playing it puts {n} node(s) to sleep (1.8.7.a, 1.8.7.f)."))
        clauses = ["2.4", "5.2.2", "5.2.2.d", "1.8.7", "1.8.7.a", "1.8.7.f"]
    if n <= 0:
        L.append("  (A printed 0 that became 1 would not be offered.)")
    L.append(HEAD)
    clauses += {'character': ["5.4.1"], 'spell': ["5.5.1"], 'command': ["5.6.1"]}[ty]
    if cid in OPPONENT_TURN:
        clauses += ["10.23.2.a", "6.5.3.b"]
    if TARGET_OF.get(cid) or targeted(c):
        clauses += ["5.2.2.e"]
    L.append("clauses: " + json.dumps(clauses, ensure_ascii=False))
    L.append("cards: [cards/test-cards.yaml]")
    L.append("setup:")
    if cid in OPPONENT_TURN:
        # P2 attacks twice; P1 takes 1 combat damage from the first and grazes 1 (6.5.3.b).
        L.append("  turn: 4")
        L.append("  turn_player: p2")
        L.append("  phase: main")
        L.append(f"  p1: {{ field: [{reducer_id}], hand: [{cid}], node: [{', '.join(['TTV-N'] * max(n - 1, 0))}] }}")
        L.append("  p2: { field: [TTV-G1, TTV-G2] }")
        L.append("do:")
        if n > 0:
            L.append("  - p2: attack 試験用グレイズ1")
            L.append("  - expect:")
            L.append(f"      - not_offered: {q(f'p1: play {name}')}      # {n - 1} node(s) < {n}")
            L.append("  - p1: pass")
            L.append("  - p2: pass")
            L.append('  - p1: "yes"                                   # graze 1: a node')
            L.append("  - p2: attack 試験用グレイズ2")
            L.append("expect:")
            L.append(f"  - p1.node.count == {n}")
            L.append(f"  - offered: {q(f'p1: play {name}')}               # {n} node(s)")
        else:
            L.append("  - p2: attack 試験用グレイズ2")
            L.append("expect:")
            L.append("  - p1.node.count == 0")
            L.append(f"  - offered: {q(f'p1: play {name}')}               # 0 nodes")
        write(f"{cid}-{what}.yaml", L)
        return
    L.append("  turn: 3")
    L.append("  phase: main")
    hand = [cid, 'TTV-N'] + (['TTV-P', 'TTV-P'] if TARGET_OF.get(cid) == 'played' else [])
    L.append(f"  p1: {{ field: [{reducer_id}], hand: [{', '.join(hand)}], node: [{', '.join(['TTV-N'] * max(n - 1, 0))}] }}")
    L.append("  p2: { field: [TTV-V] }")
    L.append("do:")
    played = TARGET_OF.get(cid) == 'played'
    if n > 0:
        if played:
            L.append(f"  - p1: play {PLAYED}")
            L.append("  - p2: pass")
        L.append("  - expect:")
        L.append(f"      - not_offered: {q(f'p1: play {name}')}      # {n - 1} node(s) < {n}")
        if played:
            L.append("  - p1: pass")
        L.append(f"  - p1: node {NODE}")
    if played:
        L.append(f"  - p1: play {PLAYED}")
        L.append("  - p2: pass")
    if what == 'nodes':
        L.append("expect:")
        L.append(f"  - p1.node.count == {n}")
        L.append(f"  - offered: {q(f'p1: play {name}')}               # {n} node(s)")
    else:
        L.append("  - expect:")
        L.append(f"      - offered: {q(f'p1: play {name}')}           # {n} node(s)")
        L.append(f"  - p1: play {name}")
        if targeted(c):
            L.append(f"  - p1: choose {target_name(c, reducer)}")
        L.append("expect:")
        L.append(f"  - log: {q(f'P1は{name}をプレイ')}")
        L.append(f"  - p1.node.count == {n}")
        L.append(f"  - count(p1.node where orientation == \"sleep\") == {n}      # cost {n} paid")
    write(f"{cid}-{what}.yaml", L)


for c in cards:
    cid, name = c['id'], c['name']
    if cid not in SKIP_PLAY:
        play_file(c, 'nodes')
        play_file(c, 'cost')
    if not is_character(c):
        continue
    atk, dfn, graze = c.get('atk', 0), c.get('def', 0), c.get('graze', 0)
    # --- atk and graze (2.10, 2.8, 6.2.6.a, 6.5.3.b): unblocked, P2 takes atk and grazes graze --
    if cid in ATK_DEFENDS:
        L = [f"name: {q(f'{name}の攻撃力は{atk} ({cid} as printed: atk {atk})')}", "description: >-"]
        L.append(f"  {name} cannot attack (10.9.2.a): P2's two {name} defend. The first takes on 試験用アタッカー0/{atk + 1}")
        L.append(f"  (DEF {atk + 1}), which survives its {atk} combat damage; the second 試験用アタッカー0/{atk} (DEF {atk}), which")
        L.append(f"  enters deathblow (1.10.12.f). (Its graze is never asked: it deals no player combat damage.)")
        L.append(HEAD)
        L.append('clauses: ["2.10.1", "6.4.4", "6.2.6.b", "1.10.11.b", "1.10.12.f", "10.9.2.a"]')
        L.append("cards: [cards/test-cards.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: main")
        L.append(f"  p1: {{ field: [TTV-B{atk + 1}, TTV-B{atk}] }}")
        L.append(f"  p2: {{ field: [{cid}, {cid}] }}")
        L.append("do:")
        L.append(f"  - p1: attack 試験用アタッカー0/{atk + 1}")
        L.append(f"  - p2: defend {name}")
        L.append("  - p1: pass")
        L.append("  - p2: pass")
        L.append("  - expect:")
        L.append(f"      - count(p1.field where name == {q(f'試験用アタッカー0/{atk + 1}')}) == 1      # {atk} < DEF {atk + 1}")
        L.append(f"  - p1: attack 試験用アタッカー0/{atk}")
        L.append(f"  - p2: defend {name}")
        L.append("  - p1: pass")
        L.append("  - p2: pass")
        L.append("expect:")
        L.append(f"  - log: {q(f'[9.2.3] 試験用アタッカー0/{atk}が決死')}")
        L.append(f"  - p1.field.name == [{q(f'試験用アタッカー0/{atk + 1}')}]")
        write(f"{cid}-atk.yaml", L)
        battackers.update({atk, atk + 1})
        # Its graze: 試験用の人形解き takes 人形 away until end of turn, so it can attack (10.9.2.a).
        L = [f"name: {q(f'{name}のグレイズは{graze} ({cid} as printed: graze {graze}, 人形 taken away)')}", "description: >-"]
        L.append(f"  P1 plays 試験用の人形解き on its {name}: without 人形 it may attack (10.9.2.a). It attacks, P2 does not defend:")
        L.append(f"  P2 takes {atk} (6.2.6.a), 25 → {25 - atk}" + (f", and grazes {graze} (6.5.3.b)." if graze else ", and is not asked to graze: its graze is 0 (6.5.3)."))
        L.append(HEAD)
        L.append('clauses: ["2.8", "10.9.2.a", "6.2.6.a", "1.10.11.a", "6.5.2", "6.5.3", "6.5.3.b"]')
        L.append("cards: [cards/test-cards.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: main")
        L.append(f"  p1: {{ field: [{cid}], hand: [TTV-R] }}")
        L.append("do:")
        L.append("  - expect:")
        L.append(f"      - not_offered: {q(f'p1: attack {name}')}")
        L.append("  - p1: play 試験用の人形解き")
        L.append(f"  - p1: choose {name}")
        L.append("  - p2: pass")
        L.append("  - p1: pass")
        L.append(f"  - p1: attack {name}")
        L.append("  - p2: pass")
        L.append("  - p1: pass")
        if graze > 0:
            L.append('  - p2: "yes"')
        L.append("expect:")
        L.append(f"  - log: {q(f'[1.10.11.a] P2に戦闘ダメージ{atk} (LP {25 - atk})')}")
        L.append(f"  - p2.node.count == {graze}")
        L.append('  - offered: "p1: pass"')
        write(f"{cid}-graze.yaml", L)
    else:
        L = [f"name: {q(f'{name}の攻撃力は{atk}、グレイズは{graze} ({cid} as printed: atk {atk}, graze {graze})')}", "description: >-"]
        L.append(f"  P1's {name} attacks and P2 does not defend: P2 takes {atk} combat damage (6.2.6.a, 1.10.11.a),")
        if graze > 0:
            L.append(f"  25 → {25 - atk}, and grazes: the top {graze} card(s) of P2's deck become nodes (6.5.3.b).")
        else:
            L.append(f"  25 → {25 - atk}. Its graze is 0: P2 is not asked to graze, P1 has priority again (6.5.3).")
        L.append(HEAD)
        L.append('clauses: ["2.10.1", "2.8", "6.2.6.a", "1.10.11.a", "6.5.2", "6.5.3", "6.5.3.b"]')
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: main")
        L.append(f"  p1: {{ field: [{cid}] }}")
        L.append("do:")
        L.append(f"  - p1: attack {name}")
        for s in ATTACK_STEPS.get(cid, []):
            L.append(f"  - {s}")
        L.append("  - p2: pass")
        L.append("  - p1: pass")
        L.append("  - expect:")
        L.append(f"      - p2.life == {25 - atk}")
        if graze > 0:
            L.append(f"      - offered: {q(f'p2: choose グレイズする (graze {graze})')}")
            L.append('  - p2: "yes"')
        L.append("expect:")
        L.append(f"  - log: {q(f'[1.10.11.a] P2に戦闘ダメージ{atk} (LP {25 - atk})')}")
        L.append(f"  - p2.node.count == {graze}")
        L.append('  - offered: "p1: pass"')
        write(f"{cid}-atk.yaml", L)
    # --- def (2.11, 1.10.12.f): def − 1 damage leaves it on the field, one more enters deathblow --
    damages.add(dfn - 1)
    L = [f"name: {q(f'{name}の耐久力は{dfn} ({cid} as printed: def {dfn})')}", "description: >-"]
    L.append(f"  P1 plays 試験用ダメージ{dfn - 1} on its own {name} (DEF {dfn}): {dfn - 1} < {dfn}, it stays (1.10.12.f).")
    L.append(f"  Then 試験用ダメージ1: {dfn} accumulated damage (1.10.11.b), it enters deathblow and leaves the field.")
    L.append(HEAD)
    L.append('clauses: ["2.11.1", "1.10.11.b", "1.10.12.f", "9.2.2"]')
    L.append("cards: [cards/test-cards.yaml]")
    L.append("setup:")
    L.append("  turn: 3")
    L.append("  phase: main")
    L.append(f"  p1: {{ field: [{cid}], hand: [TTV-D{dfn - 1}, TTV-D1] }}")
    L.append("do:")
    for i, d in enumerate((dfn - 1, 1)):
        L.append(f"  - p1: play 試験用ダメージ{d}")
        L.append(f"  - p1: choose {name}")
        L.append("  - p2: pass")
        L.append("  - p1: pass")
        if i == 0:
            L.append("  - expect:")
            L.append(f"      - count(p1.field where name == {q(name)}) == 1      # {dfn - 1} < DEF {dfn}")
    L.append("expect:")
    L.append(f"  - log: {q(f'[9.2.3] {name}が決死')}")
    L.append(f"  - count(p1.field where name == {q(name)}) == 0")
    write(f"{cid}-def.yaml", L)

# --- transformed descriptions (10.28.3, 10.28.6.b): atk, graze and def of each form ----------------
for c in cards:
    for form in c.get('transform', []) or []:
        cid, name = c['id'], c['name']
        atk, dfn, graze = form.get('atk', 0), form.get('def', 0), form.get('graze', 0)
        damages.update({dfn - 1, 1})
        L = [f"name: {q(f'{name}の変身状態「{form[chr(110) + chr(97) + chr(109) + chr(101)]}」は{atk}/{dfn}、グレイズ{graze} ({cid} as printed: transform atk {atk}, def {dfn}, graze {graze})')}",
             "description: >-"]
        L.append(f"  {name} attacks and transforms (10.28.2.a): P2 takes {atk} (6.2.6.a) and grazes {graze} (6.5.3.b). Then")
        L.append(f"  試験用ダメージ{dfn - 1} leaves it on the field ({dfn - 1} < DEF {dfn}) and 試験用ダメージ1 puts it in deathblow (1.10.12.f).")
        L.append(HEAD)
        L.append('clauses: ["10.28.2.a", "10.28.6.b", "6.2.6.a", "1.10.11.a", "6.5.3.b", "1.10.11.b", "1.10.12.f"]')
        L.append("cards: [cards/test-cards.yaml]")
        L.append("setup:")
        L.append("  turn: 3")
        L.append("  phase: main")
        L.append(f"  p1: {{ field: [{cid}], hand: [TTV-D{dfn - 1}, TTV-D1] }}")
        L.append("do:")
        L.append(f"  - p1: attack {name}")
        L.append("  - p1: choose する")
        L.append("  - p2: pass")
        L.append("  - p1: pass")
        L.append("  - expect:")
        L.append(f"      - p2.life == {25 - atk}")
        L.append(f"      - offered: {q(f'p2: choose グレイズする (graze {graze})')}")
        L.append('  - p2: "yes"')
        L.append("  - expect:")
        L.append(f"      - p2.node.count == {graze}")
        for i, d in enumerate((dfn - 1, 1)):
            L.append(f"  - p1: play 試験用ダメージ{d}")
            L.append(f"  - p1: choose {name}")
            L.append("  - p2: pass")
            L.append("  - p1: pass")
            if i == 0:
                L.append("  - expect:")
                L.append(f"      - count(p1.field where transformed) == 1      # {dfn - 1} < DEF {dfn}")
        L.append("expect:")
        L.append(f"  - log: {q(f'[9.2.3] {name}が決死')}")
        L.append(f"  - count(p1.field where name == {q(name)}) == 0")
        write(f"{cid}-transformed.yaml", L)

# --- combat modifiers (2.10.2, 2.11.2, 6.1.14): a nonzero atk_mod / def_mod is a modifier --------
PROBE = {'atk': ('TTV-MA', '試験用の攻撃力修正探し'), 'def': ('TTV-MD', '試験用の耐久力修正探し')}
for c in cards:
    mods = {part: c.get(f'{part}_mod') for part in ('atk', 'def') if c.get(f'{part}_mod') is not None}
    if not mods:
        continue
    cid, name = c['id'], c['name']
    shown = ", ".join(f"{p}_mod {v}" for p, v in mods.items())
    L = [f"name: {q(f'{name}の修正は{shown} ({cid} as printed: {shown})')}", "description: >-"]
    L.append(f"  P1 sets {name} on its 試験用の倹約家 (cost −99, 伝説). 試験用の攻撃力修正探し / 試験用の耐久力修正探し target")
    L.append("  only a character with an ATK / DEF modifier (6.1.14: a ±0 part is none): each is offered once it is set,")
    L.append("  for each nonzero part. (What the modifier adds is the card's 自動α text, checked by the topic folders.)")
    L.append(HEAD)
    L.append('clauses: ["2.10.2", "2.11.2", "6.1.13", "6.1.14"]')
    L.append("cards: [cards/test-cards.yaml]")
    L.append("setup:")
    L.append("  turn: 3")
    L.append("  phase: main")
    n = max(c.get('nodes', 0), 0)
    L.append(f"  p1: {{ field: [TTV-C], hand: [{cid}, TTV-MA, TTV-MD], node: [{', '.join(['TTV-N'] * n)}] }}")
    L.append("do:")
    L.append("  - expect:")
    L.append(f"      - not_offered: {q('p1: play ' + PROBE['atk'][1])}")
    L.append(f"      - not_offered: {q('p1: play ' + PROBE['def'][1])}")
    L.append(f"  - p1: play {name}")
    L.append(f"  - p1: choose {OWN}")
    L.append("  - p2: pass")
    L.append("  - p1: pass")
    L.append("expect:")
    L.append(f"  - count(p1.field where name == {q(OWN)}) == 1")
    for part in ('atk', 'def'):
        v = mods.get(part, 0)
        L.append(f"  - {'offered' if v else 'not_offered'}: {q('p1: play ' + PROBE[part][1])}      # {part}_mod {v}")
    write(f"{cid}-modifier.yaml", L)


# --- card No. (2.16.3): numbers no other rule reads exactly ------------------------------------
# TV-113's nodes and cost (SKIP_PLAY) and the values of atk_mod / def_mod (only nonzero-ness is
# read, 6.1.14) are read exactly by one rule only: a "PR." card is the same card No. as the card
# whose game information is identical. PR.TTV-<n> (cards/pr-copies.yaml) repeats the card.
SAME_NO = {'TV-113': ['nodes', 'cost']}
for c in cards:
    mods = [f for f in ('atk_mod', 'def_mod') if c.get(f) is not None]
    if mods:
        SAME_NO[c['id']] = mods
copies = []
for c in cards:
    if c['id'] not in SAME_NO:
        continue
    cid, name = c['id'], c['name']
    pr = 'PR.T' + cid
    copy = dict(c)
    copy['id'] = pr
    copies.append(copy)
    shown = ", ".join(f"{f} {c[f]}" for f in SAME_NO[cid])
    L = [f"name: {q(f'{name}と同じ情報のPR.カードは同じカードNo. ({cid} as printed: {shown})')}", "description: >-"]
    L.append(f"  {pr} repeats {name} ({shown}). 試験用の同番号集め returns from P1's underworld each PR. card that has")
    L.append(f"  the same card No. as another card there (2.16.3: the same game information): {pr} returns.")
    L.append(f"  The only rule that reads these numbers exactly (see README.md); changed, the two are different cards.")
    L.append(HEAD)
    L.append('clauses: ["2.16.2", "2.16.3"]')
    L.append("cards: [cards/test-cards.yaml, cards/pr-copies.yaml]")
    L.append("setup:")
    L.append("  turn: 3")
    L.append("  phase: main")
    L.append(f"  p1: {{ hand: [TTV-S], underworld: [{pr}, {cid}] }}")
    L.append("do:")
    L.append("  - p1: play 試験用の同番号集め")
    L.append("  - p2: pass")
    L.append("  - p1: pass")
    L.append("expect:")
    L.append(f"  - count(p1.hand where id == {q(pr)}) == 1")
    L.append(f"  - count(p1.underworld where id == {q(cid)}) == 1")
    write(f"{cid}-card-no.yaml", L)
open(os.path.join(here, "cards/pr-copies.yaml"), 'w').write(
    "# PR. copies of pack cards (same game information, 2.16.3) for the *-card-no.yaml scenarios here.\n"
    "# Written by generate.py from the pack's card list.\n"
    + yaml.safe_dump({'cards': copies}, allow_unicode=True, sort_keys=False, width=200))


# --- the test cards (ids TTV-…) ---------------------------------------------------------------
T = ["# Test-only cards for the printed-number scenarios here (generate.py, README.md).", "cards:"]


def char(cid, name, en, atk, dfn, graze=0, extra=""):
    T.append(f"  - {{ id: {cid}, name: {name}, name_en: {en}, type: character, nodes: 0, cost: 0, races: [試験], graze: {graze}, atk: {atk}, def: {dfn}{extra} }}")


def reducer(cid, name, en, field, text):
    T.extend([f"  - id: {cid}", f"    name: {name}", f"    name_en: {en}", "    type: character",
              "    nodes: 0", "    cost: 0", "    races: [試験]", "    graze: 0", "    atk: 0", "    def: 99",
              "    keywords: [伝説]                # a legal target of 神器 too (10.25.2.a)",
              f"    text: {q(text)}", "    abilities:", f"      - name: {name}", "        kind: 自動α",
              "        applies_to: owner == my and zone == \"hand\"", "        modify:",
              f"          - {{ field: {field}, add: -99 }}"])


reducer('TTV-C', OWN, 'Test Thrifty One', 'cost', "伝説 (自動α) 自分の手札のカードのコスト-99。")
reducer('TTV-K', OWN_K, 'Test Shortcut', 'nodes', "伝説 (自動α) 自分の手札のカードの必要ノード-99。")
char('TTV-V', OPP, 'Test Character', 0, 99)
char('TTV-N', NODE, 'Test Node', 0, 99)
char('TTV-G1', '試験用グレイズ1', 'Test Graze 1', 1, 99, 1)
char('TTV-G2', '試験用グレイズ2', 'Test Graze 2', 1, 99, 1)
for d in sorted(battackers):
    char(f'TTV-B{d}', f'試験用アタッカー0/{d}', f'Test Attacker 0/{d}', 0, d)
T.extend(["  - id: TTV-S", "    name: 試験用の同番号集め", "    name_en: Test Same Number", "    type: command", "    nodes: 0", "    cost: 0",
          "    text: \"自分の冥界の、他のカードと同じカードNo.のPR.カードを全て手札に戻す。\"", "    abilities:", "      - name: 同番号集め",
          "        kind: プレイ", "        effect: |", "          local uw = k.cards(controller, \"underworld\")",
          "          for _, c in ipairs(uw) do", "            if string.sub(k.card_id(c), 1, 3) == \"PR.\" then",
          "              for _, d in ipairs(uw) do",
          "                if d ~= c and string.sub(k.card_id(d), 1, 3) ~= \"PR.\" and rules.same_no(c, d) then",
          "                  rules.move(c, controller, \"hand\")", "                  break", "                end", "              end",
          "            end", "          end"])
T.extend(["  - id: TTV-R", "    name: 試験用の人形解き", "    name_en: Test Doll Release", "    type: command", "    nodes: 0", "    cost: 0",
          "    text: \"目標の自分のキャラクター1体は人形を失う (ターン終了時まで)。\"", "    abilities:", "      - name: 人形解き",
          "        kind: プレイ", "        targets: |", "          return rules.characters(controller)", "        effect: |",
          "          k.add_effect({ source = self, targets = { event.target }, modify = { { field = \"keywords\", remove = \"人形\" } },",
          "            duration = \"this_turn\", label = \"人形解き\" })"])
T.extend(["  - { id: TTV-P, name: " + PLAYED + ", name_en: Test Play, type: command, nodes: 0, cost: 0, text: \"(何もしない)\" }"])
for d in sorted(damages):
    T.extend([f"  - id: TTV-D{d}", f"    name: 試験用ダメージ{d}", f"    name_en: Test Damage {d}", "    type: command",
              "    nodes: 0", "    cost: 0", f"    text: \"目標のキャラクター1体に{d}ダメージを与える。\"", "    abilities:",
              "      - name: 試験用ダメージ", "        kind: プレイ", "        targets: |",
              "          local out = rules.characters(1)",
              "          for _, c in ipairs(rules.characters(2)) do out[#out + 1] = c end",
              "          return out", "        effect: |", f"          rules.damage_character(event.target, {d}, self)"])
for part, (pid, pname) in PROBE.items():
    T.extend([f"  - id: {pid}", f"    name: {pname}", f"    name_en: Test {part.upper()} Modifier Probe", "    type: command",
              "    nodes: 0", "    cost: 0", f"    text: \"目標の{'攻撃力' if part == 'atk' else '耐久力'}修正を持つキャラクター1体 (何もしない)。\"", "    abilities:",
              "      - name: 修正探し", "        kind: プレイ", "        targets: |", "          local out = {}",
              "          for p = 1, 2 do", "            for _, c in ipairs(rules.characters(p)) do",
              f"              if rules.has_modifier(c, \"{part}\") then out[#out + 1] = c end", "            end", "          end",
              "          return out", "        effect: |", "          k.log(\"6.1.14\", \"修正あり (has a modifier)\")"])
write("cards/test-cards.yaml", T)
