"use strict";
// The serial and sysfs forms' lists of what this machine has (GET /machine): its serial
// ports offered for `device`, and its hwmon, thermal, power-supply and IIO values with their
// readings now;
// a value chosen fills the channel's `path`, a name and its unit.

async function machineList(kind, fields, fill) {
  const root = fields.querySelector('input[name="s.root"]');
  let found;
  try { found = await getJSON("/machine" + (root && root.value.trim() ? "?root=" + encodeURIComponent(root.value.trim()) : "")); }
  catch (e) { return hint(e.message); }
  if (kind === "serial") return serialPorts(found.serial, fields);
  const box = document.createElement("div");
  box.id = "sysfsList";
  const h = document.createElement("h3"); h.textContent = "this machine's sensors";
  box.append(h);
  if (!found.sysfs.length) box.append(hint("no hwmon, thermal, power-supply or IIO values under " + (root && root.value.trim() ? root.value : "/sys")));
  const list = document.createElement("div");
  list.className = "signals";
  for (const s of found.sysfs) {
    const b = document.createElement("button");
    b.className = "signal"; b.dataset.path = s.path;
    b.textContent = s.path + "  " + (s.value === null ? "(no reading)" : s.value + " " + s.unit);
    b.onclick = () => {
      if (found.root !== "/sys") fill("s.root", found.root);
      fill("c.path", s.path);
      fill("c.name", s.path.split("/").slice(1).join("-").toLowerCase().replace(/[^a-z0-9_-]/g, "-"));
      if (s.unit) fill("c.unit", s.unit);
    };
    list.append(b);
  }
  box.append(list);
  // Another root (a copied tree): listed again.
  if (root) root.onchange = async () => box.replaceWith(await machineList(kind, fields, fill));
  return box;
}

/** The machine's serial ports as the device field's suggestions. */
function serialPorts(ports, fields) {
  const device = fields.querySelector('input[name="s.device"]');
  const list = document.createElement("datalist");
  list.id = "serialPorts";
  for (const p of ports) list.append(new Option(p, p));
  if (device) device.setAttribute("list", "serialPorts");
  const note = hint(ports.length ? "serial ports here: " + ports.join(", ") : "no serial port on this machine now (/dev/serial/by-id, ttyUSB, ttyACM, ttyAMA, rfcomm)");
  note.id = "serialNote";
  const box = document.createElement("div");
  box.append(list, note);
  return box;
}
