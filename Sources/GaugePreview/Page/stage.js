"use strict";
// The stage: the picture with a box over each widget of the page shown, to select, drag
// (mouse, pen or touch), resize by a corner and nudge with the arrow keys. Frames are
// in the board's logical pixels; the picture is the physical panel's (render's bytes),
// turned back upright on screen for a board with a rotation, so every board is edited
// as it is laid out.
const overlay = $("overlay");
let drag = null, nudge = null;

function size() {
  const turned = board.rotation === 90 || board.rotation === 270;
  return turned ? [board.height, board.width] : [board.width, board.height];
}
function widgets() { return board.pages[page] ? board.pages[page].widgets : []; }
function widget(id) { return widgets().find((w) => w.id === id); }
function allIds() { return board.pages.flatMap((p) => p.widgets.map((w) => w.id)); }

/** Shows the physical picture upright: turned back by the board's rotation (clockwise). */
function turnPicture() {
  const [pw, ph] = size().map((v) => v * zoom);
  const img = $("frame");
  img.style.width = pw + "px";
  img.style.height = ph + "px";
  img.style.transformOrigin = "0 0";
  img.style.transform = { 0: "", 90: `translate(0px, ${pw}px) rotate(-90deg)`, 180: `translate(${pw}px, ${ph}px) rotate(180deg)`,
    270: `translate(${ph}px, 0px) rotate(90deg)` }[board.rotation] || "";
}

function layout() {
  const stage = $("stage");
  stage.style.width = board.width * zoom + "px";
  stage.style.height = board.height * zoom + "px";
  turnPicture();
  $("zoomLabel").textContent = Math.round(zoom * 100) + "%";
  overlay.textContent = "";
  for (const wd of widgets()) {
    const box = document.createElement("div");
    box.className = "box" + (wd.id === selected || multi.has(wd.id) ? " sel" : ""); box.dataset.id = wd.id;
    const tag = document.createElement("span"); tag.className = "tag"; box.appendChild(tag);
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

let downOnBox = false;
overlay.addEventListener("pointerdown", (e) => {
  const box = e.target.closest(".box");
  downOnBox = !!box;
  if (!box || !board || !board.editable || e.button !== 0) return;
  e.preventDefault();
  overlay.focus({ preventScroll: true });
  if (e.shiftKey || e.ctrlKey || e.metaKey) { toggleSelected(box.dataset.id); return; }
  // A press on one of several selected widgets keeps them for the toolbar; elsewhere starts anew.
  if (!multi.has(box.dataset.id) || multi.size < 2) select(box.dataset.id);
  const wd = widget(box.dataset.id);
  drag = { id: wd.id, start: wd.frame.slice(), frame: wd.frame.slice(), mx: e.clientX, my: e.clientY, corner: e.target.dataset.corner || null };
  overlay.setPointerCapture(e.pointerId);
  if (!drag.corner && board.rotation === 0) {
    // The widget's own pixels travel with the box while it moves.
    const [w, h] = size();
    box.classList.add("dragging");
    box.style.backgroundImage = "url(" + $("frame").src + ")";
    box.style.backgroundSize = w * zoom + "px " + h * zoom + "px";
    box.style.backgroundPosition = -wd.frame[0] * zoom + "px " + -wd.frame[1] * zoom + "px";
  }
});
overlay.addEventListener("pointermove", (e) => {
  if (!drag) return;
  drag.frame = moved(drag, (e.clientX - drag.mx) / zoom, (e.clientY - drag.my) / zoom);
  const box = boxOf(drag.id);
  if (box) place(box, drag.frame);
});
function dropped() {
  if (!drag) return;
  const d = drag; drag = null;
  const box = boxOf(d.id);
  if (box) { box.classList.remove("dragging"); box.style.backgroundImage = ""; }
  if (d.frame.join() !== d.start.join()) setFrame(d.id, d.start, d.frame);
}
overlay.addEventListener("pointerup", dropped);
overlay.addEventListener("pointercancel", dropped);
// With the pointer captured the click's target is the overlay: where the press was counts.
overlay.addEventListener("click", () => { if (!downOnBox) select(null); });

function select(id) {
  selected = id;
  multi = new Set(id ? [id] : []);
  for (const b of overlay.querySelectorAll(".box")) b.classList.toggle("sel", b.dataset.id === id);
  arrangeBar();
  inspect();
}

/** Writes a frame; refused (overlap, off the display), the box goes back. */
async function setFrame(id, before, after) {
  const r = await edit([["op", "set"], ["widget", id], ["key", "frame"], ["value", toml.frame(after)]], id + " → [" + after.join(", ") + "]");
  if (!r.ok) {
    say("not moved: " + r.message, true);
    const box = boxOf(id); if (box) place(box, before);
  }
  return r;
}

function nudgeBy(dx, dy) {
  const wd = widget(selected);
  if (!wd) return;
  if (!nudge || nudge.id !== selected) nudge = { id: selected, start: wd.frame.slice(), frame: wd.frame.slice() };
  nudge.frame[0] += dx; nudge.frame[1] += dy;
  place(boxOf(selected), nudge.frame);
  clearTimeout(nudge.timer);
  // One write after the last key of a run.
  const n = nudge;
  n.timer = setTimeout(() => { if (nudge === n) nudge = null; setFrame(n.id, n.start, n.frame); }, 350);
}

/** The first free place for a w×h widget on the page, scanning the grid; null if none. */
function freeSpot(w, h, near) {
  const [W, H] = [board.width, board.height];
  w = Math.min(w, W); h = Math.min(h, H);
  const clear = (x, y) => widgets().every((o) => x + w <= o.frame[0] || o.frame[0] + o.frame[2] <= x || y + h <= o.frame[1] || o.frame[1] + o.frame[3] <= y);
  if (near) {
    const x = Math.max(0, Math.min(W - w, near[0])), y = Math.max(0, Math.min(H - h, near[1]));
    if (clear(x, y)) return [x, y, w, h];
  }
  const g = Math.max(1, parseInt($("grid").value, 10) || 10);
  for (let y = 0; y + h <= H; y += g) for (let x = 0; x + w <= W; x += g) if (clear(x, y)) return [x, y, w, h];
  return null;
}
