"use strict";
// Sources through forms: the board's sensors with their keys and channels, each value
// editable as the file writes it, and a form for a new source of any kind the registry
// lists (SensorKinds.all: its summary, its keys and its channels' keys). What the loader
// refuses (a missing device, a bad topic) shows check's message under the form.

/** What a person typed, as a TOML value: numbers, booleans, arrays, tables and quoted text as they are, else a string. */
function tomlValue(text) {
  const t = text.trim();
  if (/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(t) || t === "true" || t === "false" || /^["'[{]/.test(t)) return t;
  return toml.string(t);
}

function sourcesPanel() {
  const panel = $("sources");
  if (!panel || !board || !kinds || board.live || !board.sensors) return;
  if (panel.contains(document.activeElement)) return;   // not while someone types in it
  panel.textContent = "";
  board.sensors.forEach((s, i) => panel.append(sensorSection(s, i)));
  panel.append(newSourceForm());
}

function keyRow(name, current, fields, describe) {
  const i = input("text", current === undefined ? "" : current);
  i.dataset.key = name;
  const f = row(name, i);
  i.onchange = async () => {
    const v = i.value.trim();
    const r = await edit(v === "" ? [...fields, ["op", "remove"], ["key", name]] : [...fields, ["op", "set"], ["key", name], ["value", tomlValue(v)]],
      describe + "." + name + " = " + v);
    if (!r.ok) { const err = f.querySelector(".err"); err.textContent = r.message; err.hidden = false; }
  };
  return f;
}

function sensorSection(s, i) {
  const section = document.createElement("div");
  section.dataset.sensor = String(i);
  const kind = toml.unquote(s.toml.kind) || "?";
  const spec = kinds.sensorKinds.find((k) => k.name === kind) || { sensorKeys: [], channelKeys: [], summary: "" };
  const h = document.createElement("h3");
  h.textContent = "source " + (i + 1) + ": " + kind;
  h.title = spec.summary;
  section.append(h);
  const table = [["table", "sensor[" + i + "]"]];
  for (const key of spec.sensorKeys) section.append(keyRow(key, s.toml[key], table, "sensor[" + i + "]"));
  s.channels.forEach((c, m) => {
    const name = toml.unquote(c.name) || "channel " + m;
    const sub = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "channel " + name;
    sub.append(summary);
    const where = [["table", "sensor[" + i + "].channel[" + m + "]"]];
    for (const key of [...kinds.channelKeys, ...spec.channelKeys]) sub.append(keyRow(key, c[key], where, name));
    sub.append(button("delete channel", () => edit([["op", "delete-channel"], ["sensor", String(i)], ["channel", String(m)]], "deleted channel " + name)));
    section.append(sub);
  });
  section.append(button("+ channel", () => addChannel(i, s)),
    button("delete source", () => edit([["op", "delete-sensor"], ["sensor", String(i)]], "deleted source " + (i + 1))));
  return section;
}

function button(text, run) {
  const b = document.createElement("button");
  b.textContent = text; b.onclick = run;
  return b;
}

function newChannelName() {
  const taken = new Set(board.channels.map((c) => c.name));
  for (let n = 1; ; n++) if (!taken.has("channel" + n)) return "channel" + n;
}

async function addChannel(i, s) {
  const name = newChannelName();
  const kind = toml.unquote(s.toml.kind);
  // A simulated channel needs its waveform to load; other kinds say what they need.
  const keys = [["key", "name"], ["value", toml.string(name)]];
  if (kind === "simulated") keys.push(["key", "waveform"], ["value", "\"sine\""], ["key", "centre"], ["value", "50"], ["key", "amplitude"], ["value", "50"], ["key", "period"], ["value", "8"]);
  await edit([["op", "add-channel"], ["sensor", String(i)], ...keys], "added channel " + name);
}

/** The form for a new source: a kind, then its keys and its first channel's. */
function newSourceForm() {
  const form = document.createElement("div");
  form.id = "newSource";
  const h = document.createElement("h3"); h.textContent = "new source";
  const kindMenu = menu(kinds.sensorKinds.map((k) => k.name), "simulated", "");
  kindMenu.dataset.key = "kind";
  const fields = document.createElement("div");
  const err = document.createElement("div"); err.className = "err"; err.id = "newSourceError"; err.hidden = true;
  const draw = () => {
    fields.textContent = "";
    const spec = kinds.sensorKinds.find((k) => k.name === kindMenu.value);
    fields.append(hint(spec.summary));
    for (const key of spec.sensorKeys) fields.append(row(key, Object.assign(input("text", ""), { name: "s." + key })));
    fields.append(row("channel", Object.assign(input("text", newChannelName()), { name: "c.name" })));
    // The kind's channel keys first (what the channel reads), then those every channel takes.
    for (const key of [...spec.channelKeys, ...kinds.channelKeys.filter((k) => k !== "name")]) {
      fields.append(row("channel " + key, Object.assign(input("text", ""), { name: "c." + key })));
    }
    const fill = (name, value) => { const i = fields.querySelector('input[name="' + name + '"]'); if (i) i.value = value; };
    if (spec.name === "can") dbcBrowser(fill).then((b) => fields.append(b));
    if (spec.name === "mqtt") fields.append(mqttBrowser(fill, fields.querySelector('input[name="s.broker"]')));
    if (spec.name === "serial" || spec.name === "sysfs") machineList(spec.name, fields, fill).then((b) => fields.append(b));
  };
  kindMenu.onchange = draw;
  draw();
  const add = button("add source", async () => {
    const pairs = [["op", "add-sensor"], ["key", "kind"], ["value", toml.string(kindMenu.value)]];
    for (const i of fields.querySelectorAll("input[name]")) {
      if (i.value.trim() === "") continue;
      const [side, key] = i.name.split(".");
      pairs.push(side === "s" ? ["key", key] : ["ckey", key], side === "s" ? ["value", tomlValue(i.value)] : ["cvalue", tomlValue(i.value)]);
    }
    const r = await edit(pairs, "added a " + kindMenu.value + " source");
    err.hidden = r.ok; err.textContent = r.ok ? "" : r.message;
  });
  form.append(h, row("kind", kindMenu), fields, add, err);
  return form;
}
