"use strict";
// The palette: every widget kind and style the server's registry lists (GET /kinds),
// added by a click (the first free place on the page) or dragged onto the stage.

// A new widget's size by kind; a kind the page has not heard of gets a square.
const defaultSizes = {
  dial: [200, 200], ring: [160, 160], bar: [300, 60], level: [200, 30], readout: [120, 40],
  label: [120, 30], rating: [150, 30], relevance: [150, 20], progress: [200, 20], lamp: [40, 40],
};

function palette() {
  const nav = $("palette");
  nav.textContent = "";
  for (const k of kinds.kinds) {
    const head = document.createElement("div");
    head.className = "kind"; head.textContent = k.type;
    nav.appendChild(head);
    for (const style of k.styles.length ? k.styles : [null]) {
      const b = document.createElement("button");
      b.textContent = style ? style : "add " + k.type;
      b.dataset.kind = k.type;
      if (style) b.dataset.style = style;
      b.title = "add a " + k.type + (style ? " (" + style + ")" : "") + ": click, or drag onto the board";
      b.addEventListener("pointerdown", (e) => startPaletteDrag(e, k, style));
      b.addEventListener("click", () => { if (!paletteDrag || !paletteDrag.moved) addWidget(k, style, null); });
      nav.appendChild(b);
    }
  }
}

/** A unique id: the kind's name and the first free number. */
function newId(base) {
  const taken = new Set(allIds());
  for (let n = 1; ; n++) if (!taken.has(base + n)) return base + n;
}

/** The keys a new widget is written with: enough to load, bound to a channel of the board. */
function initialKeys(kind, style, frame) {
  const keys = [["id", toml.string(newId(kind.type))], ["type", toml.string(kind.type)]];
  if (style && style !== kind.styles[0]) keys.push(["style", toml.string(style)]);
  const takes = (name) => kind.keys.some((k) => k.name === name);
  const channel = board.channels[0];
  if (takes("channel") && channel) keys.push(["channel", toml.string(channel.name)]);
  keys.push(["frame", toml.frame(frame)]);
  if (takes("range") && channel) keys.push(["range", "[" + channel.min + ", " + channel.max + "]"]);
  if (takes("text")) keys.push(["text", toml.string(kind.type.toUpperCase())]);
  return keys;
}

async function addWidget(kind, style, at) {
  const [w, h] = defaultSizes[kind.type] || [100, 100];
  const frame = freeSpot(w, h, at);
  if (!frame) { say("no free place of " + w + "×" + h + " on this page", true); return; }
  const keys = initialKeys(kind, style, frame);
  const fields = [["op", "add-widget"], ["page", String(page)]];
  for (const [k, v] of keys) fields.push(["key", k], ["value", v]);
  const id = toml.unquote(keys[0][1]);
  const r = await edit(fields, "added " + id);
  if (r.ok) select(id);
}

// Dragging from the palette: a ghost of the new widget's size follows the pointer over
// the stage; dropped there, the widget is added at that place (else at a free one).
let paletteDrag = null;
function startPaletteDrag(e, kind, style) {
  if (e.button !== 0) return;
  paletteDrag = { kind, style, x: e.clientX, y: e.clientY, moved: false, ghost: null };
  e.target.setPointerCapture(e.pointerId);
}
window.addEventListener("pointermove", (e) => {
  const d = paletteDrag;
  if (!d) return;
  if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
  d.moved = true;
  const [w, h] = defaultSizes[d.kind.type] || [100, 100];
  if (!d.ghost) { d.ghost = document.createElement("div"); d.ghost.className = "ghost"; overlay.appendChild(d.ghost); }
  const p = stagePoint(e);
  Object.assign(d.ghost.style, { left: p[0] * zoom + "px", top: p[1] * zoom + "px", width: w * zoom + "px", height: h * zoom + "px" });
});
window.addEventListener("pointerup", (e) => {
  const d = paletteDrag;
  if (!d) return;
  if (d.ghost) d.ghost.remove();
  setTimeout(() => { paletteDrag = null; }, 0);
  if (!d.moved) return;
  const p = stagePoint(e), [W, H] = [board.width, board.height];
  if (p[0] >= 0 && p[1] >= 0 && p[0] < W && p[1] < H) addWidget(d.kind, d.style, p);
});
function stagePoint(e) {
  const r = $("stage").getBoundingClientRect();
  const g = Math.max(1, parseInt($("grid").value, 10) || 1);
  return [Math.round((e.clientX - r.left) / zoom / g) * g, Math.round((e.clientY - r.top) / zoom / g) * g];
}

// Delete, duplicate, copy and paste (within a page and to another).
let clipboard = null;
async function deleteSelected() {
  if (!selected) return;
  const id = selected;
  const r = await edit([["op", "delete-widget"], ["widget", id]], "deleted " + id);
  if (r.ok) select(null);
}
async function duplicate(id, toPage) {
  const source = board.pages.flatMap((p) => p.widgets).find((w) => w.id === id);
  if (!source) return;
  const [x, y, w, h] = source.frame;
  const onThisPage = toPage === undefined || toPage === page;
  const frame = onThisPage ? freeSpot(w, h, [x + w, y]) : freeSpot(w, h, [x, y]);
  if (!frame) { say("no free place of " + w + "×" + h + " on this page", true); return; }
  const base = id.replace(/-?\d+$/, "") || "widget";
  const copy = newId(base + "-");
  const fields = [["op", "duplicate"], ["widget", id], ["id", copy], ["frame", toml.frame(frame)]];
  if (toPage !== undefined) fields.push(["to-page", String(toPage)]);
  const r = await edit(fields, "copied " + id + " as " + copy);
  if (r.ok) select(copy);
}
