"use strict";
// The keyboard, the header's buttons and the start. Every action has a key or a button
// that Tab reaches: Tab/Shift+Tab on the board select the next/previous widget.

function onKey(e) {
  const typing = e.target.matches && e.target.matches("input, select, textarea");
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key.toLowerCase() === "z" && !typing) { e.preventDefault(); if (e.shiftKey) redoLast(); else undoLast(); return; }
  if (mod && e.key.toLowerCase() === "y" && !typing) { e.preventDefault(); redoLast(); return; }
  if (typing || !board || board.live) return;
  if (e.key === "n" || e.key === "N") { toggleTheme(); return; }
  if (!board.editable) return;
  if (mod && e.key.toLowerCase() === "d" && selected) { e.preventDefault(); duplicate(selected); return; }
  if (mod && e.key.toLowerCase() === "c" && selected) { clipboard = selected; say("copied " + selected); return; }
  if (mod && e.key.toLowerCase() === "v" && clipboard) { e.preventDefault(); duplicate(clipboard, page); return; }
  if ((e.key === "Delete" || e.key === "Backspace") && selected) { e.preventDefault(); deleteSelected(); return; }
  if (e.key === "Tab" && e.target === overlay && widgets().length) { e.preventDefault(); cycle(e.shiftKey ? -1 : 1); return; }
  if (e.key === "Escape") { select(null); return; }
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!step || !selected) return;
  e.preventDefault();
  const by = e.shiftKey ? Math.max(1, parseInt($("grid").value, 10) || 10) : 1;
  if (multi.size > 1) nudgeAll(step[0] * by, step[1] * by); else nudgeBy(step[0] * by, step[1] * by);
}
window.addEventListener("keydown", onKey);

function cycle(direction) {
  const ids = widgets().map((w) => w.id);
  const i = ids.indexOf(selected);
  select(ids[(i + direction + ids.length) % ids.length]);
}

function toggleTheme() { theme = theme === "day" ? "night" : "day"; $("theme").textContent = theme; inspect(); redraw(); }

for (const b of document.querySelectorAll("#tabs button")) {
  b.onclick = () => {
    for (const x of document.querySelectorAll("#tabs button")) x.classList.toggle("on", x === b);
    for (const s of document.querySelectorAll("aside section")) s.hidden = s.dataset.panel !== b.dataset.tab;
  };
}
$("undo").onclick = undoLast;
$("redo").onclick = redoLast;
$("addPage").onclick = addPage;
$("theme").onclick = toggleTheme;
$("zoomIn").onclick = () => { zoom = Math.min(4, zoom * 1.25); layout(); };
$("zoomOut").onclick = () => { zoom = Math.max(0.25, zoom / 1.25); layout(); };

// The page fits a 1024×600 screen: a board wider than the room there starts zoomed out.
function fitZoom() {
  const room = $("viewport").clientWidth - 12;
  if (board && room > 0 && board.width > room) { zoom = Math.max(0.25, room / board.width); layout(); }
}

window.addEventListener("resize", () => { if (board && board.loaded) { zoom = 1; fitZoom(); layout(); } });

(async () => {
  await loadKinds();
  if (kinds) palette();
  watch();
  const ready = setInterval(() => { if (board && board.loaded) { clearInterval(ready); fitZoom(); } }, 50);
})();
