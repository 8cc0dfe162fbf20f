"use strict";
// Several widgets at once: Shift+click (or Ctrl+click) adds a widget to the selection;
// the selected ones are aligned by an edge or their centres, distributed with equal gaps,
// or nudged together — each as one edit of the file (one undo step).

let multi = new Set();

/** Shift/Ctrl+click: a widget in or out of the selection; the inspector shows the last one. */
function toggleSelected(id) {
  if (multi.has(id)) multi.delete(id); else multi.add(id);
  selected = multi.has(id) ? id : [...multi].pop() || null;
  for (const b of overlay.querySelectorAll(".box")) b.classList.toggle("sel", multi.has(b.dataset.id));
  arrangeBar();
  inspect();
}

function chosen() { return widgets().filter((w) => multi.has(w.id)); }

/** Writes several frames as one edit; refused, the boxes go back. */
async function setFrames(frames, what) {
  const fields = [["op", "frames"]];
  for (const [id, f] of frames) fields.push(["widget", id], ["frame", toml.frame(f)]);
  const r = await edit(fields, what);
  if (!r.ok) { say("not arranged: " + r.message, true); layout(); }
  return r;
}

const arrangements = {
  left: (ws) => { const x = Math.min(...ws.map((w) => w.frame[0])); return ws.map((w) => [w.id, [x, w.frame[1], w.frame[2], w.frame[3]]]); },
  right: (ws) => { const r = Math.max(...ws.map((w) => w.frame[0] + w.frame[2])); return ws.map((w) => [w.id, [r - w.frame[2], w.frame[1], w.frame[2], w.frame[3]]]); },
  top: (ws) => { const y = Math.min(...ws.map((w) => w.frame[1])); return ws.map((w) => [w.id, [w.frame[0], y, w.frame[2], w.frame[3]]]); },
  bottom: (ws) => { const b = Math.max(...ws.map((w) => w.frame[1] + w.frame[3])); return ws.map((w) => [w.id, [w.frame[0], b - w.frame[3], w.frame[2], w.frame[3]]]); },
  centre: (ws) => {
    const c = Math.round((Math.min(...ws.map((w) => w.frame[0])) + Math.max(...ws.map((w) => w.frame[0] + w.frame[2]))) / 2);
    return ws.map((w) => [w.id, [c - Math.round(w.frame[2] / 2), w.frame[1], w.frame[2], w.frame[3]]]);
  },
  middle: (ws) => {
    const c = Math.round((Math.min(...ws.map((w) => w.frame[1])) + Math.max(...ws.map((w) => w.frame[1] + w.frame[3]))) / 2);
    return ws.map((w) => [w.id, [w.frame[0], c - Math.round(w.frame[3] / 2), w.frame[2], w.frame[3]]]);
  },
  across: (ws) => distribute(ws, 0),
  down: (ws) => distribute(ws, 1),
};

/** Equal gaps between the widgets along an axis; the first and the last stay. */
function distribute(ws, axis) {
  const sorted = ws.slice().sort((a, b) => a.frame[axis] - b.frame[axis]);
  const first = sorted[0], last = sorted[sorted.length - 1];
  const span = last.frame[axis] + last.frame[axis + 2] - first.frame[axis];
  const gap = (span - sorted.reduce((s, w) => s + w.frame[axis + 2], 0)) / (sorted.length - 1);
  let at = first.frame[axis];
  return sorted.map((w) => {
    const f = w.frame.slice();
    f[axis] = Math.round(at);
    at += w.frame[axis + 2] + gap;
    return [w.id, f];
  });
}

function arrange(how) {
  const ws = chosen();
  if (ws.length < 2 || ((how === "across" || how === "down") && ws.length < 3)) return;
  setFrames(arrangements[how](ws), how === "across" || how === "down" ? "distributed " + ws.length : "aligned " + ws.length + " " + how);
}

/** Nudges every selected widget together (one edit after the last key). */
let groupNudge = null;
function nudgeAll(dx, dy) {
  const ws = chosen();
  if (!groupNudge) groupNudge = { frames: new Map(ws.map((w) => [w.id, w.frame.slice()])) };
  for (const f of groupNudge.frames.values()) { f[0] += dx; f[1] += dy; }
  for (const [id, f] of groupNudge.frames) { const box = boxOf(id); if (box) place(box, f); }
  clearTimeout(groupNudge.timer);
  const n = groupNudge;
  n.timer = setTimeout(() => { if (groupNudge === n) groupNudge = null; setFrames([...n.frames], "moved " + n.frames.size); }, 350);
}

function arrangeBar() {
  const bar = $("arrange");
  if (!bar) return;
  bar.hidden = multi.size < 2;
  for (const b of bar.querySelectorAll("[data-how=across], [data-how=down]")) b.disabled = multi.size < 3;
}
for (const b of document.querySelectorAll("#arrange button")) b.onclick = () => arrange(b.dataset.how);
