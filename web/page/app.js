"use strict";
// The analysis board: every answer comes from the server's API, the board
// picture included; this file only keeps the state and draws the lists.

const $ = (id) => document.getElementById(id);

const state = {
  position: "",
  past: [],       // positions before this one (undo)
  future: [],     // positions undone (redo)
  analysis: null, // /api/analyze's answer for the position
  selected: null, // the square of the piece chosen to move
  pending: null,  // moves that differ only by their birth point
  line: null,     // {pv, positions, at}: the line of best play being stepped
};

async function api(path, params) {
  const r = await fetch(`/api/${path}?${new URLSearchParams(params)}`);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function say(text) { $("status").textContent = text; }

// squares splits a move's spelling: its path, and its birth point.
function squares(text) {
  const [path, birth] = text.split("+");
  return { path: path.split(/[-x]/), birth: birth || null };
}

async function show(position, keepLine) {
  state.position = position;
  state.selected = null;
  state.pending = null;
  state.analysis = null;
  if (!keepLine) {
    state.line = null;
    $("pv").replaceChildren();
  }
  $("position").value = position;
  history.replaceState(null, "", "#" + encodeURIComponent(position));
  await drawBoard();
  await analyze();
}

async function drawBoard(move) {
  const q = new URLSearchParams({ position: state.position });
  if (move) q.set("move", move);
  const r = await fetch(`/api/picture.svg?${q}`);
  if (!r.ok) {
    say((await r.json()).error);
    return;
  }
  const doc = new DOMParser().parseFromString(await r.text(), "image/svg+xml");
  $("board").replaceChildren(document.importNode(doc.documentElement, true));
  $("picture").href = `/api/picture.svg?${q}`;
  mark();
}

async function analyze() {
  const position = state.position;
  $("value").textContent = "…";
  $("moves").tBodies[0].replaceChildren();
  say("analysing…");
  try {
    const a = await api("analyze", { position });
    if (position !== state.position) return; // the user moved on
    state.analysis = a;
    say("");
    drawAnalysis(a);
  } catch (e) {
    say(e.message);
    $("value").textContent = "no answer";
  }
}

function valueText(v, d) {
  if (v === undefined || v === null) return "";
  if (typeof v === "number") return (v > 0 ? "+" : "") + v;
  return `${v} in ${d}`;
}

function drawAnalysis(a) {
  const mover = { w: "White", b: "Black", r: "Red", t: "Turquoise" }[a.position.split(" ")[2]] || "";
  $("value").textContent = a.moves.length === 0
    ? "The game is over"
    : `${valueText(a.value, a.distance)} for ${mover}: ${a.outcome}`;
  const rows = a.moves.map((m) => {
    const tr = document.createElement("tr");
    tr.tabIndex = 0;
    tr.dataset.move = m.move;
    for (const [text, cls] of [[m.move, ""], [valueText(m.value, m.distance), ""], [m.outcome, m.outcome], [m.cost ?? "", ""]]) {
      const td = document.createElement("td");
      td.textContent = text;
      if (cls) td.className = cls;
      tr.append(td);
    }
    tr.addEventListener("click", () => play(m.move));
    tr.addEventListener("keydown", (e) => { if (e.key === "Enter") play(m.move); });
    tr.addEventListener("mouseenter", () => drawBoard(m.move));
    return tr;
  });
  $("moves").tBodies[0].replaceChildren(...rows);
}

async function play(text) {
  const m = state.analysis && state.analysis.moves.find((x) => x.move === text);
  let next = m && m.position;
  if (!next) {
    const ms = await api("moves", { position: state.position });
    const found = ms.moves.find((x) => x.move === text);
    if (!found) { say(`${text} is not a legal move here`); return; }
    next = found.position;
  }
  state.past.push(state.position);
  state.future = [];
  await show(next, state.line !== null);
}

// mark outlines the chosen piece and where it can go.
function mark() {
  const svg = $("board").firstElementChild;
  if (!svg) return;
  svg.querySelectorAll(".selected, .target").forEach((e) => e.classList.remove("selected", "target"));
  const outline = (sq, cls) => svg.querySelectorAll(`[data-square="${sq}"]`).forEach((e) => e.classList.add(cls));
  if (state.pending) {
    state.pending.forEach((m) => outline(squares(m.move).birth, "target"));
  } else if (state.selected && state.analysis) {
    outline(state.selected, "selected");
    state.analysis.moves.forEach((m) => {
      const s = squares(m.move);
      if (s.path[0] === state.selected && s.path.length > 1) outline(s.path[s.path.length - 1], "target");
    });
  }
}

function clickSquare(sq) {
  if (!state.analysis) return;
  const moves = state.analysis.moves;
  if (state.pending) {
    const m = state.pending.find((x) => squares(x.move).birth === sq);
    state.pending = null;
    if (m) { play(m.move); return; }
  }
  if (state.selected) {
    const to = moves.filter((m) => {
      const s = squares(m.move);
      return s.path[0] === state.selected && s.path.length > 1 && s.path[s.path.length - 1] === sq;
    });
    if (to.length === 1) { play(to[0].move); return; }
    if (to.length > 1) {
      if (to.every((m) => squares(m.move).birth)) {
        state.pending = to;
        say("choose the birth point");
      } else {
        say(`${to.length} ways there: ${to.map((m) => m.move).join(", ")} (pick one in the list)`);
      }
      mark();
      return;
    }
  }
  const from = moves.filter((m) => squares(m.move).path[0] === sq);
  if (from.length === 1 && squares(from[0].move).path.length === 1) {
    play(from[0].move); // the Froglet first removal
    return;
  }
  state.selected = from.length > 0 ? sq : null;
  say(from.length > 0 ? `${from.length} moves from ${sq}` : "");
  mark();
}

async function stepLine(delta) {
  if (!state.line) {
    say("solving…");
    try {
      const sol = await api("solve", { position: state.position });
      state.line = { pv: sol.pv, positions: [state.position], at: 0 };
      $("pv").replaceChildren(...sol.pv.map((m) => Object.assign(document.createElement("li"), { textContent: m })));
      say(sol.pv.length ? `the line of best play: ${sol.pv.length} moves` : "the game is over");
    } catch (e) {
      say(e.message);
      return;
    }
    if (delta > 0) return; // first show the line, then step it
  }
  const l = state.line;
  if (delta > 0 && l.at < l.pv.length) {
    await play(l.pv[l.at]);
    l.at++;
    l.positions[l.at] = state.position;
  } else if (delta < 0 && l.at > 0) {
    l.at--;
    state.future.push(state.position);
    state.past.pop();
    await show(l.positions[l.at], true);
  }
  [...$("pv").children].forEach((li, i) => li.classList.toggle("current", i === l.at - 1));
}

function record() {
  const a = state.analysis;
  let rec = state.position + ";";
  if (a && a.moves.length) {
    const best = a.moves.filter((m) => m.value === a.moves[0].value && m.distance === a.moves[0].distance).map((m) => m.move);
    rec += ` bm ${best.join(" ")}; value ${a.value};`;
    if (a.distance !== undefined) rec += ` dist ${a.distance};`;
  }
  if (state.line && state.line.at === 0 && state.line.pv.length) rec += ` pv ${state.line.pv.join(" ")};`;
  return rec;
}

async function copy(text, what) {
  // A clipboard that never answers (a permission prompt no one sees, as in
  // headless browsers) must not leave the user without the text.
  const late = new Promise((_, reject) => setTimeout(() => reject(new Error("clipboard timeout")), 2000));
  try {
    await Promise.race([navigator.clipboard.writeText(text), late]);
    say(`${what} copied`);
  } catch {
    say(text);
  }
}

function undo() {
  if (!state.past.length) return;
  state.future.push(state.position);
  show(state.past.pop(), state.line !== null);
}

function redo() {
  if (!state.future.length) return;
  state.past.push(state.position);
  show(state.future.pop(), state.line !== null);
}

$("board").addEventListener("click", (e) => {
  const el = e.target.closest("[data-square]");
  if (el) clickSquare(el.dataset.square);
});
$("load").addEventListener("submit", (e) => {
  e.preventDefault();
  state.past.push(state.position);
  show($("position").value.split(";")[0].trim()); // a record's position
});
$("new").addEventListener("submit", async (e) => {
  e.preventDefault();
  const game = $("game").value;
  const params = { game, size: $("size").value };
  params[game === "froglet" ? "seed" : "supply"] = $("seed").value;
  try {
    const p = await api("new", params);
    state.past.push(state.position);
    show(p.position);
  } catch (err) {
    say(err.message);
  }
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("best").addEventListener("click", () => state.analysis && state.analysis.moves.length && play(state.analysis.moves[0].move));
$("line").addEventListener("click", () => stepLine(state.line ? 1 : 0));
$("copy-position").addEventListener("click", () => copy(state.position, "position"));
$("copy-record").addEventListener("click", () => copy(record(), "record"));
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight") stepLine(1);
  else if (e.key === "ArrowLeft") stepLine(-1);
  else if (e.key === "u") undo();
  else if (e.key === "r") redo();
  else if (e.key === "b") $("best").click();
});

show(decodeURIComponent(location.hash.slice(1)) || "froglet rbg./..ry/bgyg w 0-0");
