"use strict";
// The inspector: every key the registry lists for the selected widget's kind, each with a
// control for its type; the value shown is the file's own text. A change is one edit; a
// value the loader refuses shows check's message beside its control and is not written.

function inspect() {
  const panel = $("inspector");
  if (!panel || !board || !kinds || board.live) return;
  const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  panel.textContent = "";
  const wd = selected && widget(selected);
  if (!wd) {
    panel.append(hint("Select a widget on the board (Tab moves between them), or add one from the palette."));
    return;
  }
  const type = toml.unquote(wd.toml.type);
  const kind = kinds.kinds.find((k) => k.type === type);
  const title = document.createElement("h3");
  title.textContent = type + " “" + wd.id + "”";
  panel.append(title, actions(wd));
  panel.append(field(wd, { name: "id", type: "text", maxLength: 64 }));
  panel.append(frameField(wd));
  for (const key of kind ? kind.keys : []) panel.append(field(wd, key));
  if (focused) { const again = panel.querySelector('[data-key="' + CSS.escape(focused) + '"]'); if (again) again.focus(); }
}

function hint(text) { const p = document.createElement("p"); p.className = "hint"; p.textContent = text; return p; }

function actions(wd) {
  const row = document.createElement("div");
  row.className = "row";
  const button = (text, title, run) => { const b = document.createElement("button"); b.textContent = text; b.title = title; b.onclick = run; return b; };
  row.append(button("duplicate", "Ctrl+D", () => duplicate(wd.id)), button("delete", "Delete", deleteSelected));
  if (board.pages.length > 1) {
    const to = document.createElement("select");
    to.append(new Option("copy to page…", ""));
    board.pages.forEach((p, i) => { if (i !== page) to.append(new Option(p.name, String(i))); });
    to.onchange = () => { if (to.value !== "") duplicate(wd.id, Number(to.value)); };
    row.append(to);
  }
  return row;
}

/** One key's row: its label, its control, and the place for check's message. */
function row(name, control) {
  const f = document.createElement("div");
  f.className = "field"; f.dataset.field = name;
  const label = document.createElement("label");
  label.textContent = name; label.title = name;
  const err = document.createElement("div"); err.className = "err"; err.hidden = true;
  f.append(label, control, err);
  return f;
}

/** Sets (or, for "", removes) a key; the answer's message goes beside the control. */
async function setKey(wd, name, value, f) {
  const fields = value === "" ? [["op", "remove"], ["widget", wd.id], ["key", name]]
    : [["op", "set"], ["widget", wd.id], ["key", name], ["value", value]];
  const r = await edit(fields, wd.id + "." + name + (value === "" ? " removed" : " = " + value));
  const err = f.querySelector(".err");
  if (r.ok) { err.hidden = true; if (name === "id") select(toml.unquote(value)); return; }
  // The page redrew from the server's answer meanwhile: find the row again.
  const now = $("inspector").querySelector('[data-field="' + CSS.escape(name) + '"] .err') || err;
  now.textContent = r.message; now.hidden = false;
}

function field(wd, key) {
  const current = wd.toml[key.name];
  let control;
  switch (key.type) {
    case "integer": case "number": control = numberControl(key, current); break;
    case "text": control = input("text", toml.unquote(current) ?? (current || "")); break;
    case "bool": control = menu(["", "true", "false"], current || "", "default (" + key.default + ")"); break;
    case "choice": control = menu(["", ...key.choices], toml.unquote(current) ?? "", "default"); break;
    case "channel": control = menu(["", ...board.channels.map((c) => c.name)], toml.unquote(current) ?? "", "none"); break;
    default: control = compositeControl(key, current);
  }
  const f = row(key.name, control);
  const main = control.matches("input, select") ? control : control.querySelector("[data-main]");
  main.dataset.key = key.name;
  main.addEventListener("change", () => {
    let v = main.value;
    if (v !== "" && (key.type === "text" || key.type === "choice" || key.type === "channel")) v = toml.string(v);
    setKey(wd, key.name, v, f);
  });
  return f;
}

function input(type, value) {
  const i = document.createElement("input");
  i.type = type; i.value = value;
  return i;
}
function menu(options, value, blank) {
  const s = document.createElement("select");
  for (const o of options) s.append(new Option(o === "" ? blank : o, o));
  if (!options.includes(value)) s.append(new Option(value, value));
  s.value = value;
  return s;
}
function numberControl(key, current) {
  const i = input("number", current === undefined ? "" : current);
  i.step = key.type === "integer" ? "1" : "any";
  if (key.min !== undefined) { i.min = key.min; i.max = key.max; i.placeholder = key.min + "…" + key.max; }
  return i;
}

/** range, tint, ticks, zones, format: a structured editor (shapes.js) over the TOML text,
 *  which stays editable for what the editor does not cover; tint also the theme's colours. */
function compositeControl(key, current) {
  const outer = document.createElement("div");
  const wrap = document.createElement("div");
  wrap.className = "row";
  const text = input("text", current || "");
  text.dataset.main = "1";
  text.placeholder = { range: "[0, 100]", tint: "\"#3A8EE0\" or [\"#30C060\", \"#E04030\"]", ticks: "{ major = 9, minor = 4 }",
    zones: "[{ from = 80, to = 100, color = \"#E04030\" }]", format: "{ decimals = 1, unit = \"V\" }" }[key.shape] || "";
  wrap.append(text);
  const structured = shapeEditor(key.shape, current, (value) => { text.value = value; text.dispatchEvent(new Event("change")); });
  outer.append(wrap);
  if (structured) outer.append(structured);
  if (key.shape === "tint") {
    const colours = board.themes[theme] || {};
    for (const name of ["value", "needle", "hold"]) {
      const s = document.createElement("button");
      s.className = "swatch"; s.style.background = colours[name]; s.title = "the " + theme + " theme's " + name + " colour " + colours[name];
      s.onclick = () => { text.value = toml.string(colours[name]); text.dispatchEvent(new Event("change")); };
      wrap.append(s);
    }
  }
  return outer;
}

function frameField(wd) {
  const wrap = document.createElement("div");
  wrap.className = "frame";
  const inputs = wd.frame.map((v, i) => {
    const n = input("number", v);
    n.step = "1"; n.title = ["x", "y", "width", "height"][i]; n.dataset.key = "frame" + i;
    n.onchange = () => setFrame(wd.id, wd.frame, inputs.map((x) => Math.round(Number(x.value))));
    return n;
  });
  wrap.append(...inputs);
  return row("frame", wrap);
}
