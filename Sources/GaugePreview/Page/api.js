"use strict";
// Talking to `gaugepanel preview`: the long poll for new versions of the board, the
// pictures, and the edits. Every edit names the version the page shows (`base`): the
// server refuses it when the file has moved on, so a page never overwrites a newer file.
const token = new URLSearchParams(location.search).get("token");
const auth = token ? { "X-GaugePanel-Token": token } : {};
const $ = (id) => document.getElementById(id);
let board = null, kinds = null, page = 0, theme = null, zoom = 1, selected = null;
const values = {}, stale = new Set();
window.preview = { lastPNG: null, lastURL: null, shownVersion: 0, frames: 0, redraws: [], edits: [], answers: 0 };

function query(pairs) {
  if (token) pairs.push(["token", token]);
  return pairs.map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
}
function say(text, bad) { $("status").textContent = text; $("status").title = text; $("status").className = bad ? "bad" : ""; }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function watch() {
  for (;;) {
    try {
      const pairs = board ? [["after", String(board.version)]] : [];
      const r = await fetch("/board?" + query(pairs), { headers: auth, cache: "no-store" });
      if (!r.ok) throw new Error(await r.text());
      const b = await r.json();
      if (!board || b.version > board.version) show(b);
      // The live panel may draw 60 frames a second: the page shows at most 10.
      if (b.live) await sleep(100);
    } catch (e) { say("preview server: " + e.message, true); await sleep(1000); }
  }
}

async function loadKinds() {
  const r = await fetch("/kinds?" + query([]), { headers: auth, cache: "no-store" });
  if (r.ok) kinds = await r.json();
}

// Edits go one at a time, each on the version the last one left.
let editing = Promise.resolve();
function post(path, pairs) {
  const run = async () => {
    const started = performance.now();
    const body = query([["base", String(board.version)], ...pairs].filter((p) => p[0] !== "token"));
    let r;
    try {
      r = await fetch(path + (token ? "?" + query([]) : ""), {
        method: "POST", body, cache: "no-store",
        headers: Object.assign({ "Content-Type": "application/x-www-form-urlencoded", "X-GaugePanel": "1" }, auth),
      });
    } catch (e) { window.preview.answers++; return { ok: false, message: String(e) }; }
    if (!r.ok) { const message = await r.text(); window.preview.answers++; return { ok: false, message }; }
    const b = await r.json();
    window.preview.edits.push({ path, ms: performance.now() - started, version: b.version });
    if (b.version > board.version) show(b);
    window.preview.answers++;
    return { ok: true, board: b };
  };
  const result = editing.then(run);
  editing = result.catch(() => {});
  return result;
}

/** One change of the board file; `what` says it in the status line. */
async function edit(fields, what) {
  const r = await post("/edit", fields);
  if (r.ok) say(what); else say("not done: " + r.message, true);
  return r;
}
async function undoLast() { const r = await post("/undo", []); say(r.ok ? "undone" : r.message, !r.ok); }
async function redoLast() { const r = await post("/redo", []); say(r.ok ? "redone" : r.message, !r.ok); }

function show(b) {
  const channelsChanged = !board || !b.loaded || !board.loaded ||
    JSON.stringify((board.channels || []).map((c) => [c.name, c.min, c.max])) !== JSON.stringify((b.channels || []).map((c) => [c.name, c.min, c.max]));
  board = b;
  document.body.classList.toggle("live", !!b.live);
  $("file").textContent = b.live ? b.file + " — the panel now (read-only)" : b.file;
  const errors = $("errors");
  errors.hidden = b.errors.length === 0;
  errors.textContent = b.errors.length ? b.errors.join("\n") + "\n(showing the last board that loaded)" : "";
  $("undo").disabled = !b.canUndo;
  $("redo").disabled = !b.canRedo;
  if (!b.loaded) { say("the board has never loaded", true); return; }
  if (theme === null) theme = b.theme;
  page = Math.max(0, Math.min(page, b.pages.length - 1));
  if (selected && !widget(selected)) selected = null;
  for (const id of multi) if (!widget(id)) multi.delete(id);
  tabs();
  if (channelsChanged) channels();
  layout();
  inspect();
  boardPanel();
  sourcesPanel();
  redraw();
}

let drawing = false, again = false;
async function redraw() {
  if (drawing) { again = true; return; }
  drawing = true;
  const version = board.version;
  try {
    const pairs = board.live ? [["v", String(version)]] : [["page", String(page)], ["theme", theme]];
    for (const [k, v] of Object.entries(values)) if (!stale.has(k)) pairs.push(["set", k + "=" + v]);
    for (const k of stale) pairs.push(["stale", k]);
    const url = "/frame.png?" + query(pairs);
    const r = await fetch(url, { headers: auth, cache: "no-store" });
    if (!r.ok) { say(await r.text(), true); return; }
    const blob = await r.blob();
    const img = $("frame"), old = img.src;
    img.src = URL.createObjectURL(blob);
    await img.decode();
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    Object.assign(window.preview, { lastPNG: blob, lastURL: url, shownVersion: version, frames: window.preview.frames + 1 });
    window.preview.redraws.push({ version, at: performance.now() });
  } catch (e) { say(String(e), true); } finally {
    drawing = false;
    if (again) { again = false; redraw(); } else if (board.liveData) liveAgain();
  }
}
// With the board's own sources running (`preview --live`) the picture follows them, five times a second.
let liveTimer = null;
function liveAgain() {
  if (liveTimer) return;
  liveTimer = setTimeout(() => { liveTimer = null; redraw(); }, 200);
}

// TOML values as the page writes them.
const toml = {
  string: (s) => JSON.stringify(String(s)),
  frame: (f) => "[" + f.join(", ") + "]",
  // A string value as the file has it ("a", 'a'), back to its text; null if not a plain string.
  unquote(v) {
    if (v === undefined) return null;
    if (v.length >= 2 && v[0] === "'" && v.endsWith("'")) return v.slice(1, -1);
    try { const s = JSON.parse(v); return typeof s === "string" ? s : null; } catch (e) { return null; }
  },
};
