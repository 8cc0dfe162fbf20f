"use strict";
// The page tabs, the channels (sliders for values not connected, a channel dragged onto a
// widget binds it) and the board panel: pages added, renamed, reordered and deleted, and
// the day and night colours.

function tabs() {
  const nav = $("pages");
  nav.textContent = "";
  if (board.live) return;
  board.pages.forEach((p, i) => {
    const t = document.createElement("button");
    t.textContent = p.name; t.className = i === page ? "on" : ""; t.dataset.page = String(i);
    t.setAttribute("role", "tab");
    t.onclick = () => showPage(i);
    nav.appendChild(t);
  });
  $("theme").textContent = theme;
}
function showPage(i) { page = i; selected = null; tabs(); layout(); inspect(); redraw(); }

function channels() {
  const aside = $("channels");
  aside.textContent = "";
  aside.append(hint("Drag a channel's name onto a widget to bind it."));
  for (const c of board.channels) {
    const row = document.createElement("div");
    row.className = "channel"; row.dataset.channel = c.name;
    const name = document.createElement("span");
    name.className = "name"; name.textContent = c.name + " "; name.draggable = true;
    name.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/x-gaugepanel-channel", c.name));
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

// A channel dropped on a widget's box binds it.
overlay.addEventListener("dragover", (e) => { if (e.dataTransfer.types.includes("text/x-gaugepanel-channel")) e.preventDefault(); });
overlay.addEventListener("drop", (e) => {
  const name = e.dataTransfer.getData("text/x-gaugepanel-channel");
  const box = e.target.closest(".box");
  if (!name || !box) return;
  e.preventDefault();
  edit([["op", "set"], ["widget", box.dataset.id], ["key", "channel"], ["value", toml.string(name)]], box.dataset.id + " shows " + name);
});

function boardPanel() {
  const panel = $("boardPanel");
  if (!panel || !board || !kinds || board.live) return;
  if (panel.contains(document.activeElement)) return;   // not while someone types in it
  panel.textContent = "";
  const h = document.createElement("h3"); h.textContent = "pages";
  panel.append(h);
  board.pages.forEach((p, i) => panel.append(pageRow(p, i)));
  panel.append(fontsSection());
  for (const name of ["day", "night"]) panel.append(themeSection(name));
}

/** `[fonts]`: the family (a TrueType family on this machine, or "builtin") and the weight. */
function fontsSection() {
  const section = document.createElement("div");
  const h = document.createElement("h3"); h.textContent = "fonts";
  section.append(h);
  const fonts = board.fonts || {};
  const family = input("text", fonts.family || "");
  family.placeholder = "builtin, or a family such as DejaVu Sans";
  const weight = menu(["", "regular", "bold"], fonts.weight || "", "default (regular)");
  for (const [key, control] of [["family", family], ["weight", weight]]) {
    control.dataset.key = "font-" + key;
    const f = row(key, control);
    control.onchange = async () => {
      const v = control.value.trim();
      const r = await edit(v === "" ? [["op", "remove"], ["table", "fonts"], ["key", key]]
        : [["op", "set"], ["table", "fonts"], ["key", key], ["value", toml.string(v)]], "fonts." + key + " = " + v);
      if (!r.ok) { const err = f.querySelector(".err"); err.textContent = r.message; err.hidden = false; }
    };
    section.append(f);
  }
  return section;
}

function pageRow(p, i) {
  const row = document.createElement("div");
  row.className = "pageRow"; row.dataset.page = String(i);
  const name = input("text", p.name);
  name.setAttribute("aria-label", "name of page " + (i + 1));
  name.onchange = () => edit([["op", "set"], ["page", String(i)], ["key", "name"], ["value", toml.string(name.value)]], "page renamed " + name.value);
  const b = (text, title, disabled, run) => {
    const x = document.createElement("button"); x.textContent = text; x.title = title; x.disabled = disabled; x.onclick = run; return x;
  };
  const move = (to) => async () => {
    const r = await edit([["op", "move-page"], ["page", String(i)], ["to", String(to)]], "page " + p.name + " moved");
    if (r.ok && page === i) showPage(to);
  };
  row.append(name, b("↑", "move up", i === 0, move(i - 1)), b("↓", "move down", i === board.pages.length - 1, move(i + 1)),
    b("delete", "delete the page and its widgets", board.pages.length === 1, () => deletePage(i)));
  return row;
}

async function addPage() {
  const taken = new Set(board.pages.map((p) => p.name));
  let n = board.pages.length + 1;
  while (taken.has("page " + n)) n++;
  const name = "page " + n;
  // A page needs a widget to load: it starts with its name as a label.
  const fields = [["op", "add-page"], ["name", name], ["key", "id"], ["value", toml.string(newId("title-"))],
    ["key", "type"], ["value", "\"label\""], ["key", "frame"], ["value", toml.frame([0, 0, Math.min(240, board.width), Math.min(40, board.height)])],
    ["key", "text"], ["value", toml.string(name.toUpperCase())]];
  const r = await edit(fields, "added " + name);
  if (r.ok) showPage(board.pages.length - 1);
}

async function deletePage(i) {
  const p = board.pages[i];
  if (!confirm("Delete page " + p.name + " and its " + p.widgets.length + " widget(s)? (undo brings it back)")) return;
  const r = await edit([["op", "delete-page"], ["page", String(i)]], "deleted page " + p.name);
  if (r.ok) showPage(Math.min(page, board.pages.length - 1));
}

function themeSection(name) {
  const section = document.createElement("div");
  const h = document.createElement("h3"); h.textContent = name + " colours";
  section.append(h);
  const colours = board.themes[name];
  for (const key of kinds.themeKeys) {
    const pick = input("color", colours[key].toLowerCase());
    pick.dataset.theme = name; pick.dataset.key = key;
    const f = row(key, pick);
    pick.onchange = async () => {
      const r = await edit([["op", "set"], ["table", "theme." + name], ["key", key], ["value", toml.string(pick.value.toUpperCase())]],
        name + " " + key + " = " + pick.value.toUpperCase());
      if (r.ok && theme !== name) { theme = name; tabs(); redraw(); }
      if (!r.ok) { const err = f.querySelector(".err"); err.textContent = r.message; err.hidden = false; }
    };
    section.append(f);
  }
  return section;
}
