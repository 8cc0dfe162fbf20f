"use strict";
// The DBC browser of the CAN source form: the board folder's DBC files (GET /dbc), one of
// them listed as `gaugepanel can-signals` lists it, searchable; a signal chosen fills the
// form — the sensor's `dbc` and `protocol`, the channel's `source` and a name.

async function getJSON(path) {
  const r = await fetch(path + (path.includes("?") ? "&" : "?") + query([]), { headers: auth, cache: "no-store" });
  if (!r.ok) throw new Error(await r.text());
  return r.json();
}

/** The browser, below the form's fields; `fill(name, value)` sets one of the form's inputs. */
async function dbcBrowser(fill) {
  const box = document.createElement("div");
  box.id = "dbcBrowser";
  const h = document.createElement("h3"); h.textContent = "signals of a DBC file";
  box.append(h);
  let files;
  try { files = (await getJSON("/dbc")).files; } catch (e) { box.append(hint(e.message)); return box; }
  if (!files.length) { box.append(hint("No .dbc file beside the board: put one in its folder.")); return box; }
  const pick = menu(files, files[0], "");
  pick.dataset.key = "dbc-file";
  const search = input("text", "");
  search.placeholder = "search messages and signals";
  search.dataset.key = "dbc-search";
  const list = document.createElement("div");
  list.className = "signals";
  let lines = [];
  const draw = () => {
    list.textContent = "";
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let message = "";
    for (const line of lines) {
      if (!line.startsWith("  ")) { message = line; continue; }
      const text = (message + " " + line).toLowerCase();
      if (!words.every((w) => text.includes(w))) continue;
      const ref = line.trim().split(/\s+/)[0];
      const b = document.createElement("button");
      b.className = "signal"; b.textContent = line.trim(); b.title = message; b.dataset.signal = ref;
      b.onclick = () => {
        fill("s.protocol", "dbc");
        fill("s.dbc", pick.value);
        fill("c.source", ref);
        fill("c.name", ref.split(".").pop().toLowerCase().replace(/[^a-z0-9_-]/g, "-"));
      };
      list.append(b);
    }
  };
  const load = async () => {
    try { lines = (await getJSON("/dbc?name=" + encodeURIComponent(pick.value))).lines; } catch (e) { lines = []; list.textContent = e.message; return; }
    draw();
  };
  pick.onchange = load;
  search.oninput = draw;
  box.append(row("file", pick), row("search", search), list);
  await load();
  return box;
}
