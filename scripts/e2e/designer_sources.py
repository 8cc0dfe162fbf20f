"""The designer's sources in headless Chromium (called through designer.py): a source
added through the form (check's message under it when refused), the CAN form's DBC
browser on car-ecu.dbc, MQTT topic discovery on a real mosquitto with Zigbee2MQTT-,
Tasmota- and Home Assistant-style payloads, and the sysfs form on a copied sysfs tree."""
import json
import os
import shutil
import subprocess

from designer import ROOT, diff


def sources(self):
    board = f"{self.work}/sources.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    original = open(board).read()
    server, _ = self.serve(board)
    try:
        self.b.js("document.querySelector('#tabs button[data-tab=sources]').click()")
        self.b.js("""(() => { const m = document.querySelector('#newSource select'); m.value = 'udp'; m.dispatchEvent(new Event('change')); })()""")
        fill = lambda values: self.b.js(f"""(() => {{ const f = document.getElementById('newSource'); const v = {json.dumps(values)};
            for (const k in v) f.querySelector('input[name="' + k + '"]').value = v[k];
            [...f.querySelectorAll('button')].pop().click(); }})()""")
        v = self.version()
        fill({"s.listen": "", "c.name": "depth"})   # no listen address: refused with check's message
        said = self.b.wait("document.getElementById('newSourceError').textContent", timeout=5)
        self.check(bool(said) and "listen" in said and open(board).read() == original,
                   f"a source the loader refuses: its message under the form, nothing written ({(said or '').splitlines()[0][:90] if said else ''})")
        fill({"s.listen": "127.0.0.1:10110", "s.protocol": "nmea", "c.name": "depth", "c.source": "depth.below.transducer"})
        self.settle(v)
        with open(f"{self.work}/before.toml", "w") as f:
            f.write(original)
        got = diff(f"{self.work}/before.toml", board)
        want = ["+[[sensor]]", '+kind = "udp"', '+listen = "127.0.0.1:10110"', '+protocol = "nmea"', "+", "+  [[sensor.channel]]",
                '+  name = "depth"', '+  source = "depth.below.transducer"', "+"]
        self.check(sorted(got) == sorted(want) and self.b.js("board.channels.some(c => c.name === 'depth')"),
                   f"a UDP source added through the form: exactly its lines, its channel listed ({got[:3]}…)")
        if self.shots:
            self.b.screenshot(f"{self.shots}/designer-sources.png", width=1280, height=760)
        v = self.version()
        self.b.js("document.getElementById('undo').click()")
        self.settle(v)
        self.check(open(board).read() == original, "…and undo takes it back byte for byte")
        self.dbc(board, original)
    finally:
        server.terminate()
        server.wait(timeout=5)



def dbc(self, board, original):
    """The CAN form's DBC browser on dashboards/car-ecu.dbc: searched, a signal chosen, added."""
    shutil.copy(f"{ROOT}/dashboards/car-ecu.dbc", os.path.dirname(board))
    self.b.js("""(() => { const m = document.querySelector('#newSource select'); m.value = 'can'; m.dispatchEvent(new Event('change')); })()""")
    count = self.b.wait("document.querySelectorAll('#dbcBrowser .signal').length", timeout=5)
    listing = subprocess.run([self.gp, "can-signals", f"{ROOT}/dashboards/car-ecu.dbc"], capture_output=True, text=True).stdout
    signals = [l.split()[0] for l in listing.splitlines() if l.startswith("  ")]
    self.check(count == len(signals), f"the DBC browser lists car-ecu.dbc's {len(signals)} signals as can-signals does (page: {count})")
    self.b.js("""(() => { const s = document.querySelector('[data-key=dbc-search]'); s.value = 'engine tps'; s.dispatchEvent(new Event('input')); })()""")
    found = self.b.js("[...document.querySelectorAll('#dbcBrowser .signal')].map(b => b.dataset.signal)")
    self.check(found == ["ENGINE.TPS"], f"searching 'engine tps' finds ENGINE.TPS ({found})")
    self.b.js("document.querySelector('#dbcBrowser .signal').click(); document.querySelector('#newSource input[name=\"s.interface\"]').value = 'can0'")
    if self.shots:
        self.b.js("document.getElementById('dbcBrowser').scrollIntoView({block: 'end'})")
        self.b.screenshot(f"{self.shots}/designer-dbc.png", width=1280, height=760)
    v = self.version()
    self.b.js("[...document.querySelectorAll('#newSource > button')].pop().click()")
    self.settle(v)
    text = open(board).read()
    self.check('dbc = "car-ecu.dbc"' in text and 'source = "ENGINE.TPS"' in text and 'name = "tps"' in text,
               "the chosen signal became a CAN source with its channel (dbc, source, name)")
    statuses = [self.b.js(f"fetch('/dbc?name={n}').then(r => r.status)") for n in ("..%2Fcar.toml", "%2Fetc%2Fx.dbc", ".hidden.dbc", "sources.toml")]
    self.check(statuses == [404] * 4, f"/dbc reads only the folder's .dbc files by plain name ({statuses})")



def mqtt(self):
    """Topic discovery against a real mosquitto holding Zigbee2MQTT-, Tasmota- and Home
    Assistant-style retained messages; a JSON field chosen becomes an MQTT source."""
    from mosquitto import Broker
    broker = Broker(f"{self.work}/mosquitto")
    board = f"{self.work}/mqtt.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    payloads = {
        "zigbee2mqtt/living_room": '{"temperature":21.5,"humidity":48.2,"battery":97,"linkquality":120,"update":{"state":"idle"}}',
        "tele/plug/SENSOR": '{"Time":"2024-05-01T12:00:00","ENERGY":{"Total":3.1,"Power":42.5,"Voltage":229,"Current":0.19}}',
        "homeassistant/sensor/outside/state": "12.3",
    }
    for topic, payload in payloads.items():
        broker.pub(topic, payload, retain=True)
    server, _ = self.serve(board)
    try:
        self.b.js("document.querySelector('#tabs button[data-tab=sources]').click()")
        self.b.js("""(() => { const m = document.querySelector('#newSource select'); m.value = 'mqtt'; m.dispatchEvent(new Event('change')); })()""")
        self.b.js(f"""(() => {{ document.querySelector('#newSource input[name="s.broker"]').value = '127.0.0.1:{broker.port}';
            document.querySelector('[data-key=mqtt-listen]').click(); }})()""")
        listed = self.b.wait("document.querySelectorAll('#mqttBrowser .signal').length >= 8 && "
                             "[...document.querySelectorAll('#mqttBrowser .signal')].map(b => b.dataset.topic + ' ' + b.dataset.path)", timeout=10)
        want = ["zigbee2mqtt/living_room temperature", "zigbee2mqtt/living_room battery", "tele/plug/SENSOR ENERGY.Power",
                "homeassistant/sensor/outside/state "]
        self.check(bool(listed) and all(w in listed for w in want),
                   f"MQTT discovery on mosquitto lists Zigbee2MQTT, Tasmota and Home Assistant values by topic and JSON path ({len(listed or [])} choices)")
        self.b.js("document.querySelector('#mqttBrowser .signal[data-path=\"ENERGY.Power\"]').click()")
        if self.shots:
            self.b.js("document.getElementById('mqttBrowser').scrollIntoView()")
            self.b.screenshot(f"{self.shots}/designer-mqtt.png", width=1280, height=760)
        v = self.version()
        self.b.js("[...document.querySelectorAll('#newSource > button')].pop().click()")
        self.settle(v)
        text = open(board).read()
        self.check(f'broker = "127.0.0.1:{broker.port}"' in text and 'topic = "tele/plug/SENSOR"' in text and 'json = "ENERGY.Power"' in text
                   and 'name = "power"' in text, "the chosen field became an MQTT source and channel (broker, topic, json, name)")
        bad = self.b.js("""fetch('/mqtt-discover', {method: 'POST', headers: {'X-GaugePanel': '1'}, body: 'broker=127.0.0.1:1&seconds=1'})
            .then(async r => [r.status, await r.text()])""")
        self.check(bad[0] in (200, 502) and ("refused" in bad[1].lower() or "connect" in bad[1].lower()),
                   f"a broker that is not there: said, nothing hangs ({bad[0]}: {bad[1][:80]})")
    finally:
        server.terminate()
        server.wait(timeout=5)
        broker.stop()



def machine(self):
    """The sysfs form lists a sysfs tree's hwmon, thermal, power-supply and IIO values with their readings (a
    copy beside the board, as a sysfs source's `root` names one; this machine's /sys is
    listed the same way), and a value chosen becomes a channel."""
    board = f"{self.work}/machine.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    tree = {"class/hwmon/hwmon0/name": "coretemp", "class/hwmon/hwmon0/temp1_input": "45000",
            "class/thermal/thermal_zone0/type": "cpu-thermal", "class/thermal/thermal_zone0/temp": "51500",
            "class/power_supply/BAT0/capacity": "87", "bus/iio/devices/iio:device0/name": "acpi-als",
            "bus/iio/devices/iio:device0/in_illuminance_input": "312"}
    for path, text in tree.items():
        os.makedirs(os.path.dirname(f"{self.work}/fake-sys/{path}"), exist_ok=True)
        with open(f"{self.work}/fake-sys/{path}", "w") as f:
            f.write(text + "\n")
    server, _ = self.serve(board)
    try:
        own = self.b.js("getJSON('/machine').then(m => [m.sysfs.length, m.serial.length])")
        self.check(own is not None, f"this machine's /sys and serial ports listed ({own[0]} sysfs values, {own[1]} serial ports)")
        self.b.js("document.querySelector('#tabs button[data-tab=sources]').click()")
        self.b.js("""(() => { const m = document.querySelector('#newSource select'); m.value = 'sysfs'; m.dispatchEvent(new Event('change')); })()""")
        self.b.wait("document.getElementById('sysfsList')", timeout=5)
        self.b.js("""(() => { const r = document.querySelector('#newSource input[name="s.root"]'); r.value = 'fake-sys'; r.dispatchEvent(new Event('change')); })()""")
        listed = self.b.wait("document.querySelectorAll('#sysfsList .signal').length === 4 && [...document.querySelectorAll('#sysfsList .signal')].map(b => b.textContent)",
                             timeout=5)
        self.check(listed == ["hwmon/coretemp/temp1  45 °C", "thermal/cpu-thermal  51.5 °C", "power_supply/BAT0/capacity  87 %",
                              "iio/acpi-als/in_illuminance_input  312 "],
                   f"the sysfs form lists a tree's hwmon, thermal, power-supply and IIO values with their readings ({listed})")
        self.b.js("document.querySelector('#sysfsList .signal[data-path=\"thermal/cpu-thermal\"]').click()")
        v = self.version()
        self.b.js("[...document.querySelectorAll('#newSource > button')].pop().click()")
        self.settle(v)
        text = open(board).read()
        self.check(f'root = "{self.work}/fake-sys"' in text and 'path = "thermal/cpu-thermal"' in text and 'name = "cpu-thermal"' in text,
                   "…and the value chosen became a sysfs source and channel")
        bad = [self.b.js(f"fetch('/machine?root={r}').then(r => r.status)") for r in ("..%2F..%2Fetc", "%2Fetc", "a%2F..%2F..%2Fx")]
        self.check(bad == [400, 400, 400], f"/machine lists only /sys or a folder inside the board's ({bad})")
    finally:
        server.terminate()
        server.wait(timeout=5)
