// fuda 札 play table: draws the seat's view (sent by `fuda serve` over a WebSocket) from the
// game's declared zones, and sends answers. No build step; no framework.
"use strict";
const token = new URLSearchParams(location.search).get("t") || "";
const $ = (id) => document.getElementById(id);
let meta = null, state = null, clauses = {}, filter = null, picked = new Set();
let ws = null;

fetch("/clauses.json").then((r) => r.json()).then((c) => { clauses = c; });

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws${token ? "?t=" + token : ""}`);
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "meta") { meta = m; }
    else if (m.type === "state") { state = m; picked.clear(); filter = null; draw(); }
    else if (m.type === "error" && !m.error.startsWith("stale:")) { note("⚠ " + m.error); }
    else if (m.type === "note") { note(m.note); }
  };
  ws.onclose = () => note("接続が切れました (disconnected): reload the page");
}

function send(obj) {
  if (meta && meta.seat) obj.seat = meta.seat;
  ws.send(JSON.stringify(obj));
}

function note(text) {
  const n = $("note");
  n.textContent = text;
  n.hidden = !text;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function draw() {
  const v = state.view, t = state.table || {};
  document.body.dataset.version = state.version;
  document.body.dataset.turn = v.turn;
  document.body.dataset.bounds = v.decision ? `${v.decision.min},${v.decision.max}` : "";
  $("game").textContent = `${meta.game.name}${meta.game.name_en ? " (" + meta.game.name_en + ")" : ""}`;
  $("turn").textContent = v.turn ? `ターン ${v.turn} · P${v.turn_player} · ${v.phase || ""}${v.step ? " / " + v.step : ""}` : "準備 (setup)";
  $("seat").textContent = meta.seat ? `あなたは P${meta.seat} (you are P${meta.seat})` : "観戦 (spectator)";
  $("resign").hidden = !meta.seat || !!v.outcome || !!t.replay;
  if (t.note) note(t.note);
  const out = $("outcome");
  out.hidden = !v.outcome;
  if (v.outcome) {
    const o = v.outcome;
    out.textContent = o.Win ? `P${o.Win.winner + 1} の勝ち (wins) [${o.Win.clause}] ${o.Win.reason}`
      : o.Draw ? `引き分け (draw) [${o.Draw.clause}] ${o.Draw.reason}` : JSON.stringify(o);
  }
  $("replay").hidden = !t.replay;
  if (t.replay) $("at").textContent = `${t.replay.at} / ${t.replay.of}`;
  const me = meta.seat || 1;
  const targets = new Map();
  state.options.forEach((o, i) => (o.cards || []).forEach((h) => {
    if (!targets.has(h)) targets.set(h, []);
    targets.get(h).push(i);
  }));
  drawSide($("top"), v.players.find((p) => p.player !== me), targets);
  drawShared($("shared"), v.shared, targets);
  drawSide($("bottom"), v.players.find((p) => p.player === me), targets);
  drawChain(v.chain || []);
  drawDecision(v.decision, targets);
  drawLog(v.log);
}

function drawSide(box, p, targets) {
  box.replaceChildren();
  if (!p) return;
  const vars = Object.entries(p.vars).map(([k, n]) => `${k} ${n}`).join(" · ");
  box.append(el("div", "who", `P${p.player}${vars ? " — " + vars : ""}`));
  p.zones.forEach((z) => box.append(zoneBox(z, p.player, targets)));
}

function drawShared(box, zones, targets) {
  box.replaceChildren();
  box.hidden = zones.length === 0;
  zones.forEach((z) => box.append(zoneBox(z, 0, targets)));
}

function zoneBox(z, player, targets) {
  const d = meta.zones.find((m) => m.id === z.zone) || {};
  const box = el("div", "zone");
  box.dataset.zone = z.zone;
  box.dataset.player = player;
  if (z.slot) box.dataset.slot = z.slot;
  box.append(el("div", "title", `${z.name}${z.slot ? " " + z.slot : ""} (${z.count})`));
  const cards = el("div", "cards");
  // A pile nobody looks through (a deck): one back with its count.
  const pile = d.visibility === "hidden" && d.ordered && z.cards.every((c) => c.hidden);
  if (pile && z.count > 0) {
    const c = el("div", "card hidden pile", String(z.count));
    cards.append(c);
  } else {
    z.cards.forEach((c) => cards.append(cardBox(c, targets)));
  }
  box.append(cards);
  return box;
}

function cardBox(c, targets) {
  const box = el("div", "card" + (c.hidden ? " hidden" : ""));
  if (c.orientation) {
    const i = meta.orientations.indexOf(c.orientation);
    box.classList.add(i >= 2 ? "rot2" : "rot1");
    box.title = c.orientation;
  }
  if (!c.hidden) {
    box.dataset.id = c.id;
    box.dataset.card = c.card;
    box.dataset.name = c.name;
    const img = el("img");
    img.src = faceUrl(c.card);
    img.alt = c.name;
    box.append(img);
    // One view field reads "HP 300"; several read as numbers only ("3/2"), named in the tooltip.
    const f = Object.entries(c.fields || {});
    const stats = f.length === 1 ? `${label(f[0][0])} ${f[0][1]}` : f.map(([, n]) => n).join("/");
    if (f.length > 1) box.title = f.map(([k, n]) => `${label(k)} ${n}`).join(" · ");
    if (stats) box.append(el("div", "stats", stats));
    box.onmouseenter = () => inspect(c);
    box.onclick = () => { inspect(c); choose(c.id, targets); };
    if (targets.has(c.id)) box.classList.add("target");
    if (filter === c.id) box.classList.add("picked");
  }
  const badges = el("div", "badges");
  Object.entries(c.counters || {}).forEach(([k, n]) => badges.append(el("span", "badge", `${k}${n}`)));
  (c.flags || []).forEach((f) => badges.append(el("span", "badge flag", f)));
  if (badges.childElementCount) box.append(badges);
  if ((c.attached || []).length) {
    const a = el("div", "attached");
    c.attached.forEach((x) => a.append(cardBox(x, targets)));
    box.append(a);
  }
  return box;
}

function faceUrl(card) {
  return `/face/${encodeURIComponent(card)}.svg?v=${(state.table || {}).faces || 0}`;
}

function label(field) {
  const f = meta.fields.find((x) => x.id === field);
  return f ? f.name : field;
}

function inspect(c) {
  const box = $("inspect");
  box.replaceChildren();
  const img = el("img");
  img.src = faceUrl(c.card);
  box.append(img, el("div", "", `${c.name} (${c.card})`));
  const t = el("table");
  const row = (k, v) => { const r = el("tr"); r.append(el("td", "", k), el("td", "", v)); t.append(r); };
  const now = (state.details || {})[c.id] || c.fields || {};
  Object.entries(now).forEach(([k, n]) => row(label(k), Array.isArray(n) ? n.join("・") : String(n)));
  Object.entries(c.counters || {}).forEach(([k, n]) => row(k, String(n)));
  if (c.orientation) row("向き (orientation)", c.orientation);
  (c.flags || []).forEach((f) => row(f, "✓"));
  if (c.role) row("役割 (role)", c.role);
  box.append(t);
  box.hidden = false;
}

// Clicking a card an option names keeps only the options naming it (click again: all).
function choose(id, targets) {
  if (!targets.has(id)) return;
  filter = filter === id ? null : id;
  draw();
}

function drawChain(items) {
  const box = $("chain");
  box.hidden = items.length === 0;
  box.replaceChildren(el("div", "title", "解決を待つもの (waiting to resolve), oldest first"));
  items.forEach((it) => box.append(el("div", "", `P${it.controller} ${it.kind}: ${it.name || "(裏向き)"}${it.negated ? " — 無効 (negated)" : ""}`)));
}

function drawDecision(d, targets) {
  const box = $("decision");
  box.replaceChildren();
  if (!d || state.view.outcome) { box.hidden = true; return; }
  box.hidden = false;
  if (!d.yours) {
    box.append(el("div", "prompt", `P${d.waiting_for.join(", P")} の選択を待っています (waiting for P${d.waiting_for.join(", P")})`));
    return;
  }
  const waiting = meta.seat && !d.waiting_for.includes(meta.seat);
  const p = el("div", "prompt", d.prompt || "");
  if (d.clause) { p.append(" "); p.append(clauseLink(d.clause)); }
  box.append(p);
  if (waiting) { box.append(el("div", "", "答えました。相手を待っています (answered; waiting for the others)")); return; }
  const list = el("div");
  list.id = "options";
  const single = d.min === 1 && d.max === 1;
  state.options.forEach((o, i) => {
    const b = el("button", "option", o.label);
    b.dataset.index = i;
    if (filter !== null && !(o.cards || []).includes(filter)) b.classList.add("dim");
    if (!single && picked.has(i)) b.classList.add("picked");
    b.onmouseenter = () => highlight(o.cards || []);
    b.onclick = () => {
      if (single) { send({ answer: [i], version: state.version }); return; }
      picked.has(i) ? picked.delete(i) : picked.add(i);
      b.textContent = (picked.has(i) ? "☑ " : "") + o.label;
    };
    list.append(b);
  });
  box.append(list);
  if (!single) {
    const ok = el("button", "submit", `決定 (submit: ${d.min}–${d.max})`);
    ok.id = "submit";
    ok.onclick = () => send({ answer: [...picked].sort((a, b) => a - b), version: state.version });
    box.append(ok);
  }
}

function highlight(cards) {
  document.querySelectorAll(".card.picked").forEach((c) => c.classList.remove("picked"));
  cards.forEach((h) => document.querySelectorAll(`.card[data-id="${h}"]`).forEach((c) => c.classList.add("picked")));
}

function clauseLink(clause) {
  const s = el("span", "clause", `[${clause}]`);
  s.onclick = () => {
    const r = $("rule");
    r.textContent = `${clause}: ${clauses[clause] || "(not in the game's clause list)"}`;
    r.hidden = false;
    r.onclick = () => { r.hidden = true; };
  };
  return s;
}

function drawLog(lines) {
  const log = $("log");
  log.replaceChildren();
  lines.forEach((l) => {
    const li = el("li");
    const m = /^\[([^\]]+)\] ?(.*)$/.exec(l);
    if (m) { li.append(clauseLink(m[1]), " " + m[2]); } else { li.textContent = l; }
    log.append(li);
  });
  log.scrollTop = log.scrollHeight;
}

$("position").onclick = () => send({ save_position: true });
$("resign").onclick = () => { if (confirm("投了しますか? (resign?)")) send({ resign: true }); };
$("back").onclick = () => send({ step: Math.max(0, state.table.replay.at - 1) });
$("next").onclick = () => send({ step: state.table.replay.at + 1 });
connect();
