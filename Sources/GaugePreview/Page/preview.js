"use strict";
const token = new URLSearchParams(location.search).get("token");
const auth = token ? { "X-GaugePanel-Token": token } : {};
const $ = (id) => document.getElementById(id);
const img = $("frame"), overlay = $("overlay"), stage = $("stage");
let board = null, page = 0, theme = null, zoom = 1, selected = null, drag = null, nudge = null;
const values = {}, stale = new Set(), undo = [];
window.preview = { lastPNG: null, lastURL: null, shownVersion: 0, frames: 0, redraws: [] };

function query(pairs) {
  if (token) pairs.push(["token", token]);
  return pairs.map(([k, v]) => encodeURIComponent(k) + "=" + encodeURIComponent(v)).join("&");
}
function say(text, bad) { $("status").textContent = text; $("status").className = bad ? "bad" : ""; }
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

function show(b) {
  const channelsChanged = !board || !b.loaded || !board.loaded ||
    JSON.stringify((board.channels || []).map((c) => [c.name, c.min, c.max])) !== JSON.stringify((b.channels || []).map((c) => [c.name, c.min, c.max]));
  board = b;
  document.body.classList.toggle("live", !!b.live);
  $("file").textContent = b.live ? b.file + " — the panel now (read-only)" : b.file;
  const errors = $("errors");
  errors.hidden = b.errors.length === 0;
  errors.textContent = b.errors.length ? b.errors.join("\n") + "\n(showing the last board that loaded)" : "";
  if (!b.loaded) { say("the board has never loaded", true); return; }
  if (theme === null) theme = b.theme;
  page = Math.max(0, Math.min(page, b.pages.length - 1));
  tabs();
  if (channelsChanged) channels();
  layout();
  redraw();
}

function tabs() {
  const nav = $("pages");
  nav.textContent = "";
  if (board.live) return;
  board.pages.forEach((p, i) => {
    const t = document.createElement("button");
    t.textContent = p.name; t.className = i === page ? "on" : ""; t.dataset.page = String(i);
    t.onclick = () => { page = i; selected = null; tabs(); layout(); redraw(); };
    nav.appendChild(t);
  });
  $("theme").textContent = theme;
}

function channels() {
  const aside = $("channels");
  aside.textContent = "";
  for (const c of board.channels) {
    const row = document.createElement("div");
    row.className = "channel"; row.dataset.channel = c.name;
    const name = document.createElement("span");
    name.className = "name"; name.textContent = c.name + " ";
    const unit = document.createElement("span"); unit.className = "unit"; unit.textContent = c.unit; name.appendChild(unit);
    const number = document.createElement("input");
    number.type = "number"; number.step = "any"; number.min = c.min; number.max = c.max;
    const slider = document.createElement("input");
    slider.type = "range"; slider.step = "any"; slider.min = c.min; slider.max = c.max;
    const staleBox = document.createElement("input"); staleBox.type = "checkbox";
    const label = document.createElement("label"); label.append(staleBox, " stale (no value)");
    const start = c.name in values ? values[c.name] : Number((c.value === null ? c.min : c.value).toPrecision(6));
    slider.value = number.value = start;
    staleBox.checked = stale.has(c.name) || (c.value === null && !(c.name in values));
    const set = (v) => {
      if (!Number.isFinite(v)) return;
      v = Math.min(c.max, Math.max(c.min, v));
      values[c.name] = v; slider.value = number.value = v;
      stale.delete(c.name); staleBox.checked = false; redraw();
    };
    slider.oninput = () => set(parseFloat(slider.value));
    number.onchange = () => set(parseFloat(number.value));
    staleBox.onchange = () => {
      if (staleBox.checked) { stale.add(c.name); } else { stale.delete(c.name); values[c.name] = parseFloat(slider.value); }
      redraw();
    };
    row.append(name, number, slider, label);
    aside.appendChild(row);
  }
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
    const old = img.src;
    img.src = URL.createObjectURL(blob);
    await img.decode();
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    Object.assign(window.preview, { lastPNG: blob, lastURL: url, shownVersion: version, frames: window.preview.frames + 1 });
    window.preview.redraws.push({ version, at: performance.now() });
    if (board.errors.length === 0) say("version " + version);
  } catch (e) { say(String(e), true); } finally {
    drawing = false;
    if (again) { again = false; redraw(); }
  }
}

// Geometry: frames are in the board's logical pixels; the picture is the physical panel.
function size() {
  const turned = board.rotation === 90 || board.rotation === 270;
  return turned ? [board.height, board.width] : [board.width, board.height];
}
function widgets() { return board.pages[page] ? board.pages[page].widgets : []; }
function widget(id) { return widgets().find((w) => w.id === id); }

function layout() {
  const [w, h] = size();
  stage.style.width = w * zoom + "px"; stage.style.height = h * zoom + "px";
  $("zoomLabel").textContent = Math.round(zoom * 100) + "%";
  overlay.textContent = "";
  if (board.rotation !== 0) { overlay.title = "widgets move on boards drawn upright (rotation = 0)"; return; }
  for (const wd of widgets()) {
    const box = document.createElement("div");
    box.className = "box" + (wd.id === selected ? " sel" : ""); box.dataset.id = wd.id;
    const tag = document.createElement("span"); tag.className = "tag"; tag.textContent = wd.id; box.appendChild(tag);
    if (board.editable) for (const c of ["nw", "ne", "sw", "se"]) {
      const hd = document.createElement("div"); hd.className = "handle " + c; hd.dataset.corner = c; box.appendChild(hd);
    }
    place(box, wd.frame);
    overlay.appendChild(box);
  }
}
function place(box, f) {
  box.style.left = f[0] * zoom + "px"; box.style.top = f[1] * zoom + "px";
  box.style.width = f[2] * zoom + "px"; box.style.height = f[3] * zoom + "px";
  box.firstChild.textContent = box.dataset.id + "  [" + f.join(", ") + "]";
}
function boxOf(id) { return overlay.querySelector('.box[data-id="' + CSS.escape(id) + '"]'); }

// Snapping: an edge within 6 screen pixels of another widget's edge goes there, else to the grid.
function snapEdge(v, axis, id) {
  if (!$("snap").checked) return Math.round(v);
  let best = null;
  for (const o of widgets()) {
    if (o.id === id) continue;
    for (const e of axis === 0 ? [o.frame[0], o.frame[0] + o.frame[2]] : [o.frame[1], o.frame[1] + o.frame[3]]) {
      const d = Math.abs(v - e);
      if (d * zoom <= 6 && (best === null || d < best.d)) best = { d, e };
    }
  }
  if (best) return best.e;
  const g = Math.max(1, parseInt($("grid").value, 10) || 1);
  return Math.round(v / g) * g;
}
function moved(d, dx, dy) {
  let [x, y, w, h] = d.start;
  if (!d.corner) {
    // The nearer of the two edges' snaps wins, so either side can meet a neighbour.
    const sx = [snapEdge(x + dx, 0, d.id) - x - dx, snapEdge(x + dx + w, 0, d.id) - x - dx - w];
    const sy = [snapEdge(y + dy, 1, d.id) - y - dy, snapEdge(y + dy + h, 1, d.id) - y - dy - h];
    x = Math.round(x + dx + (Math.abs(sx[0]) <= Math.abs(sx[1]) ? sx[0] : sx[1]));
    y = Math.round(y + dy + (Math.abs(sy[0]) <= Math.abs(sy[1]) ? sy[0] : sy[1]));
    return [x, y, w, h];
  }
  let l = x, t = y, r = x + w, b = y + h;
  if (d.corner.includes("w")) l = Math.min(snapEdge(x + dx, 0, d.id), r - 8);
  if (d.corner.includes("e")) r = Math.max(snapEdge(x + w + dx, 0, d.id), l + 8);
  if (d.corner.includes("n")) t = Math.min(snapEdge(y + dy, 1, d.id), b - 8);
  if (d.corner.includes("s")) b = Math.max(snapEdge(y + h + dy, 1, d.id), t + 8);
  return [l, t, r - l, b - t];
}

overlay.addEventListener("mousedown", (e) => {
  const box = e.target.closest(".box");
  if (!box || !board || !board.editable || e.button !== 0) return;
  e.preventDefault();
  select(box.dataset.id);
  const wd = widget(box.dataset.id);
  drag = { id: wd.id, start: wd.frame.slice(), frame: wd.frame.slice(), mx: e.clientX, my: e.clientY, corner: e.target.dataset.corner || null };
  if (!drag.corner) {
    // The widget's own pixels travel with the box while it moves.
    const [w, h] = size();
    box.classList.add("dragging");
    box.style.backgroundImage = "url(" + img.src + ")";
    box.style.backgroundSize = w * zoom + "px " + h * zoom + "px";
    box.style.backgroundPosition = -wd.frame[0] * zoom + "px " + -wd.frame[1] * zoom + "px";
  }
});
window.addEventListener("mousemove", (e) => {
  if (!drag) return;
  drag.frame = moved(drag, (e.clientX - drag.mx) / zoom, (e.clientY - drag.my) / zoom);
  const box = boxOf(drag.id);
  if (box) place(box, drag.frame);
});
window.addEventListener("mouseup", () => {
  if (!drag) return;
  const d = drag; drag = null;
  const box = boxOf(d.id);
  if (box) { box.classList.remove("dragging"); box.style.backgroundImage = ""; }
  if (d.frame.join() !== d.start.join()) commit(d.id, d.start, d.frame, true);
});
overlay.addEventListener("click", (e) => { if (!e.target.closest(".box")) select(null); });
function select(id) {
  selected = id;
  for (const b of overlay.querySelectorAll(".box")) b.classList.toggle("sel", b.dataset.id === id);
}

window.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT") return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undoLast(); return; }
  if (e.key === "n" || e.key === "N") { toggleTheme(); return; }
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!step || !selected || !board.editable) return;
  e.preventDefault();
  const wd = widget(selected);
  if (!nudge || nudge.id !== selected) nudge = { id: selected, start: wd.frame.slice(), frame: wd.frame.slice() };
  nudge.frame[0] += step[0]; nudge.frame[1] += step[1];
  place(boxOf(selected), nudge.frame);
  clearTimeout(nudge.timer);
  const n = nudge;
  n.timer = setTimeout(() => { if (nudge === n) nudge = null; commit(n.id, n.start, n.frame, true); }, 350);
});

async function commit(id, before, after, remember) {
  const body = "id=" + encodeURIComponent(id) + "&frame=" + after.join(",");
  let r;
  try {
    r = await fetch("/frame" + (token ? "?" + query([]) : ""), {
      method: "POST", body, cache: "no-store",
      headers: Object.assign({ "Content-Type": "application/x-www-form-urlencoded", "X-GaugePanel": "1" }, auth),
    });
  } catch (e) { r = { ok: false, text: async () => String(e) }; }
  if (!r.ok) {
    // Refused (it would overlap, leave the display, or the file has errors): back it goes.
    say("not moved: " + (await r.text()), true);
    const box = boxOf(id); if (box) place(box, before);
    return;
  }
  if (remember) undo.push({ id, before, after });
  $("undo").disabled = undo.length === 0;
  say(id + " → [" + after.join(", ") + "]");
  // Answers may cross: a move's reply can come after the long poll's newer version.
  const b = await r.json();
  if (b.version > board.version) show(b);
}
function undoLast() {
  const u = undo.pop();
  $("undo").disabled = undo.length === 0;
  if (u) commit(u.id, u.after, u.before, false);
}
function toggleTheme() { theme = theme === "day" ? "night" : "day"; $("theme").textContent = theme; redraw(); }

$("undo").onclick = undoLast;
$("theme").onclick = toggleTheme;
$("zoomIn").onclick = () => { zoom = Math.min(4, zoom * 1.25); layout(); };
$("zoomOut").onclick = () => { zoom = Math.max(0.25, zoom / 1.25); layout(); };
watch();
