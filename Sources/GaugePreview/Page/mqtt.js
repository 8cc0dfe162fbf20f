"use strict";
// MQTT topic discovery in the MQTT source form: the panel subscribes to a filter for a
// few seconds (POST /mqtt-discover) and the page lists the topics seen, their last
// payloads and the numbers inside JSON ones by path; choosing one fills the form — the
// sensor's `broker`, the channel's `topic`, `json` and a name.

/** Every number in a JSON value with its path (`temperature`, `state.battery`, `values[0]`). */
function jsonNumbers(value, path, out) {
  if (typeof value === "number") out.push([path, value]);
  else if (typeof value === "boolean") out.push([path, value ? 1 : 0]);
  else if (Array.isArray(value)) value.forEach((v, i) => jsonNumbers(v, path + "[" + i + "]", out));
  else if (value && typeof value === "object") for (const k of Object.keys(value)) jsonNumbers(value[k], path ? path + "." + k : k, out);
  return out;
}

/** A topic's choices: the payload itself when it is a number, else the numbers inside its JSON. */
function topicChoices(t) {
  const text = t.payload.trim();
  if (text !== "" && Number.isFinite(Number(text))) return [[null, Number(text)]];
  try { return jsonNumbers(JSON.parse(text), "", []); } catch (e) { return []; }
}

function mqttBrowser(fill, brokerInput) {
  const box = document.createElement("div");
  box.id = "mqttBrowser";
  const h = document.createElement("h3"); h.textContent = "topics on the broker";
  const filter = input("text", "#");
  filter.dataset.key = "mqtt-filter";
  const seconds = input("number", "3");
  seconds.min = "0.5"; seconds.max = "10"; seconds.step = "0.5";
  const list = document.createElement("div");
  list.className = "signals";
  const listen = button("listen", async () => {
    list.textContent = "listening for " + seconds.value + " s…";
    const body = query([["broker", brokerInput.value || "127.0.0.1:1883"], ["filter", filter.value], ["seconds", seconds.value]]);
    let found;
    try {
      const r = await fetch("/mqtt-discover" + (token ? "?" + query([]) : ""), {
        method: "POST", body, headers: Object.assign({ "Content-Type": "application/x-www-form-urlencoded", "X-GaugePanel": "1" }, auth) });
      if (!r.ok) throw new Error(await r.text());
      found = await r.json();
    } catch (e) { list.textContent = e.message; return; }
    showTopics(list, found, fill, brokerInput);
  });
  listen.dataset.key = "mqtt-listen";
  box.append(h, row("filter", filter), row("seconds", seconds), listen, list);
  return box;
}

function showTopics(list, found, fill, brokerInput) {
  list.textContent = "";
  if (found.error) list.append(hint(found.error));
  if (!found.topics.length && !found.error) list.append(hint("no message under " + found.filter + " in that time"));
  for (const t of found.topics) {
    const head = document.createElement("div");
    head.className = "topic"; head.textContent = t.topic + "  ×" + t.count;
    head.title = t.payload;
    const payload = document.createElement("div");
    payload.className = "hint"; payload.textContent = t.payload.length > 160 ? t.payload.slice(0, 160) + "…" : t.payload;
    list.append(head, payload);
    for (const [path, value] of topicChoices(t)) {
      const b = document.createElement("button");
      b.className = "signal"; b.dataset.topic = t.topic; b.dataset.path = path || "";
      b.textContent = (path || "(the payload)") + " = " + value;
      b.onclick = () => {
        fill("s.broker", brokerInput.value || "127.0.0.1:1883");
        fill("c.topic", t.topic);
        fill("c.json", path || "");
        const last = (path || t.topic).split(/[./[\]]/).filter(Boolean).pop() || "value";
        fill("c.name", last.toLowerCase().replace(/[^a-z0-9_-]/g, "-"));
      };
      list.append(b);
    }
  }
  if (found.more) list.append(hint(found.more + " more messages on topics past the first 500"));
}
