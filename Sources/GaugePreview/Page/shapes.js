"use strict";
// Structured editors for the keys whose values have a shape of their own — range, ticks,
// zones, tint, format: a control per part (numbers, colour pickers, rows added and
// removed) that writes the key's TOML text, so each change is still one edit of one line,
// checked by the loader like any other. The text stays beside them for what they do not
// cover; a value they cannot read is left to it.

/** A TOML inline value as the editors need it: numbers and strings kept as written. */
const inline = {
  /** [value, rest] or null: a number {n}, a string {s}, a bool {b}, an array, a table {t: [[k, v]]}. */
  parse(text) {
    let i = 0;
    const space = () => { while (i < text.length && /\s/.test(text[i])) i++; };
    const value = () => {
      space();
      const c = text[i];
      if (c === "[") {
        i++; const out = [];
        for (;;) { space(); if (text[i] === "]") { i++; return out; } out.push(value()); space(); if (text[i] === ",") i++; else if (text[i] !== "]") throw 0; }
      }
      if (c === "{") {
        i++; const t = [];
        for (;;) {
          space(); if (text[i] === "}") { i++; return { t }; }
          const k = /^[A-Za-z0-9_-]+/.exec(text.slice(i)); if (!k) throw 0; i += k[0].length;
          space(); if (text[i] !== "=") throw 0; i++;
          t.push([k[0], value()]); space(); if (text[i] === ",") i++; else if (text[i] !== "}") throw 0;
        }
      }
      if (c === '"') { const m = /^"((?:[^"\\]|\\.)*)"/.exec(text.slice(i)); if (!m) throw 0; i += m[0].length; return { s: JSON.parse(m[0]) }; }
      const m = /^(true|false|[+-]?[0-9][0-9_.eE+-]*)/.exec(text.slice(i));
      if (!m) throw 0;
      i += m[0].length;
      return m[1] === "true" || m[1] === "false" ? { b: m[1] === "true" } : { n: m[1] };
    };
    try { const v = value(); space(); return i === text.length ? v : null; } catch (e) { return null; }
  },
  write(v) {
    if (Array.isArray(v)) return "[" + v.map(inline.write).join(", ") + "]";
    if (v.t) return "{ " + v.t.map(([k, x]) => k + " = " + inline.write(x)).join(", ") + " }";
    if (v.s !== undefined) return toml.string(v.s);
    if (v.b !== undefined) return String(v.b);
    return v.n;
  },
  get: (table, key) => (table && table.t ? (table.t.find(([k]) => k === key) || [])[1] : undefined),
  /** A table of the given [key, text] parts, numbers as typed, empty ones left out. */
  table(parts) {
    return { t: parts.filter(([, v]) => v !== "" && v !== undefined).map(([k, v, kind]) => [k, kind === "s" ? { s: v } : kind === "b" ? { b: v === "true" } : { n: v }]) };
  },
};

/** The structured editor of `key.shape` for the value `current` (TOML text); `commit(text)`
 *  writes a new value ("" removes the key). null when the value is one it cannot show. */
function shapeEditor(shape, current, commit) {
  const v = current ? inline.parse(current) : undefined;
  if (current && v === null) return null;
  const make = { range: rangeEditor, ticks: ticksEditor, zones: zonesEditor, tint: tintEditor, format: formatEditor }[shape];
  if (!make) return null;
  const box = document.createElement("div");
  box.className = "shape"; box.dataset.shape = shape;
  return make(box, v, commit) === false ? null : box;
}

function part(box, name, value, type, onchange) {
  const i = document.createElement("input");
  i.type = type; i.value = value ?? ""; i.dataset.part = name; i.title = name; i.placeholder = name;
  if (type === "number") i.step = "any";
  i.onchange = onchange;
  box.append(i);
  return i;
}

function colourPart(box, name, value, onchange) {
  const hex = value && /^#[0-9A-Fa-f]{6}$/.test(value) ? value : "#808080";
  const i = part(box, name, hex.toLowerCase(), "color", onchange);
  i.title = name + " " + (value || "");
  return i;
}

const num = (x) => (x && x.n !== undefined ? x.n : "");
const str = (x) => (x && x.s !== undefined ? x.s : "");

function rangeEditor(box, v, commit) {
  if (v !== undefined && !(Array.isArray(v) && v.length === 2)) return false;
  const [lo, hi] = v || [];
  const min = part(box, "min", num(lo), "number", write), max = part(box, "max", num(hi), "number", write);
  function write() { if (min.value !== "" && max.value !== "") commit("[" + min.value + ", " + max.value + "]"); }
}

function ticksEditor(box, v, commit) {
  if (v !== undefined && !v.t) return false;
  const parts = [["major", "number"], ["minor", "number"], ["divisor", "number"], ["decimals", "number"]].map(([k, type]) =>
    [k, part(box, k, num(inline.get(v, k)), type, write)]);
  const labels = document.createElement("select");
  labels.dataset.part = "labels";
  for (const o of ["", "true", "false"]) labels.append(new Option(o === "" ? "labels: default" : "labels " + o, o));
  const given = inline.get(v, "labels");
  labels.value = given && given.b !== undefined ? String(given.b) : "";
  labels.onchange = write;
  box.append(labels);
  function write() {
    const t = inline.table([...parts.map(([k, i]) => [k, i.value, "n"]), ["labels", labels.value, "b"]]);
    commit(t.t.length ? inline.write(t) : "");
  }
}

function formatEditor(box, v, commit) {
  if (v !== undefined && !v.t) return false;
  const decimals = part(box, "decimals", num(inline.get(v, "decimals")), "number", write);
  const unit = part(box, "unit", str(inline.get(v, "unit")), "text", write);
  const thousands = part(box, "thousands", str(inline.get(v, "thousands")), "text", write);
  decimals.min = 0; decimals.max = 6; decimals.step = "1"; thousands.maxLength = 1;
  function write() {
    const t = inline.table([["decimals", decimals.value, "n"], ["unit", unit.value, "s"], ["thousands", thousands.value, "s"]]);
    commit(t.t.length ? inline.write(t) : "");
  }
}

/** Rows of parts, each row a table ({ from, to, color }) or a bare colour; added and removed. */
function rowsEditor(box, rows, columns, commit, blank) {
  const list = document.createElement("div");
  list.className = "rows";
  box.append(list);
  const read = () => [...list.children].map((r) => columns.map(([k, kind]) => [k, r.querySelector('[data-part="' + k + '"]').value, kind]));
  const write = () => commit(serialise(read()));
  const serialise = (all) => {
    if (!all.length) return "";
    if (columns.length === 1) return inline.write(all.map(([[, v]]) => ({ s: v.toUpperCase() })));
    return inline.write(all.map((r) => inline.table(r.map(([k, v, kind]) => [k, kind === "c" ? v.toUpperCase() : v, kind === "c" ? "s" : kind]))));
  };
  const add = (values) => {
    const r = document.createElement("div");
    r.className = "shapeRow";
    for (const [k, kind] of columns) {
      if (kind === "c") colourPart(r, k, values[k], write); else part(r, k, values[k] ?? "", "number", write);
    }
    const del = document.createElement("button");
    del.textContent = "✕"; del.title = "remove this row"; del.dataset.part = "remove";
    del.onclick = () => { r.remove(); write(); };
    r.append(del);
    list.append(r);
  };
  for (const row of rows) add(row);
  const more = document.createElement("button");
  more.textContent = "+ " + blank.what; more.dataset.part = "add";
  // A new row is written once one of its parts is set (a zone from 0 to 0 is no zone).
  more.onclick = () => add(blank.values(read()));
  box.append(more);
}

function zonesEditor(box, v, commit) {
  if (v !== undefined && !(Array.isArray(v) && v.every((z) => z.t))) return false;
  const rows = (v || []).map((z) => ({ from: num(inline.get(z, "from")), to: num(inline.get(z, "to")), color: str(inline.get(z, "color")) }));
  rowsEditor(box, rows, [["from", "n"], ["to", "n"], ["color", "c"]], commit,
    { what: "zone", values: (all) => ({ from: all.length ? all[all.length - 1][1][1] : "", to: "", color: "#E04030" }) });
}

/** One colour, a gradient (colours evenly spaced), stops ({ at, color }) or tiers ({ up_to, color }). */
function tintEditor(box, v, commit) {
  const modes = { one: "one colour", list: "gradient", stops: "stops (at)", tiers: "tiers (up to)" };
  let mode = v === undefined || v.s !== undefined ? "one" : !Array.isArray(v) ? null
    : v.every((x) => x.s !== undefined) ? "list" : v.every((x) => inline.get(x, "at")) ? "stops" : v.every((x) => inline.get(x, "up_to")) ? "tiers" : null;
  if (!mode) return false;
  const pick = document.createElement("select");
  pick.dataset.part = "mode";
  for (const [k, label] of Object.entries(modes)) pick.append(new Option(label, k));
  pick.value = mode;
  box.append(pick);
  const body = document.createElement("div");
  box.append(body);
  const draw = (m, value) => {
    body.textContent = "";
    const colour = (x) => str(x) || str(inline.get(x, "color"));
    if (m === "one") colourPart(body, "color", value && value.s, (e) => commit(toml.string(e.target.value.toUpperCase())));
    else if (m === "list") rowsEditor(body, (value || []).map((x) => ({ color: colour(x) })), [["color", "c"]], commit, { what: "colour", values: () => ({ color: "#E04030" }) });
    else {
      const k = m === "stops" ? "at" : "up_to";
      rowsEditor(body, (value || []).map((x) => ({ [k]: num(inline.get(x, k)), color: colour(x) })), [[k, "n"], ["color", "c"]], commit,
        { what: m === "stops" ? "stop" : "tier", values: () => ({ [k]: m === "stops" ? "1.0" : "100", color: "#E04030" }) });
    }
  };
  draw(mode, v);
  // Another kind of tint: its editor, starting from the colours there are (nothing written until a part changes).
  pick.onchange = () => {
    const colours = mode === "one" ? [v && v.s].filter(Boolean) : (Array.isArray(v) ? v : []).map((x) => str(x) || str(inline.get(x, "color")));
    const n = Math.max(colours.length, 1);
    const seed = { one: { s: colours[0] }, list: colours.map((c) => ({ s: c })),
      stops: colours.map((c, i) => ({ t: [["at", { n: n === 1 ? "0.0" : (i / (n - 1)).toFixed(2) }], ["color", { s: c }]] })),
      tiers: colours.map((c, i) => ({ t: [["up_to", { n: String((i + 1) * 50) }], ["color", { s: c }]] })) }[pick.value];
    draw(pick.value, seed);
  };
}
