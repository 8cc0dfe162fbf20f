"""The designer in `gaugepanel preview`, in headless Chromium (called by preview.py):

  1. build the car dashboard from nothing: from an empty 800×480 board (a display and a
     placeholder label, as a page needs a widget), only the page — the theme's colour
     pickers, the sources form, palette, inspector, frames, channels — rebuilds
     dashboards/car.toml; `check` passes and `render` (day and night) of the saved file is
     pixel-identical to `render dashboards/car.toml`;
  2. edits a person can review: a sequence of edits of every kind on car.toml, each the
     lines meant (the diff is checked), then undo of all of them: the file byte for byte;
  3. a bad value shows check's message beside its control and is not written; a page
     whose picture of the file is older is refused; requests naming odd tables, keys and
     values are refused and write nothing outside the file.
"""
import json
import os
import re
import shutil
import subprocess
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Designer:
    def __init__(self, gp, work, browser, check, left, shots):
        self.gp, self.work, self.b, self.check, self.left, self.shots = gp, work, browser, check, left, shots
        self.redrawn = []   # ms from an inspector change to its picture shown

    def serve(self, board, *extra):
        server = subprocess.Popen([self.gp, "preview", os.path.basename(board), "--listen", "127.0.0.1:0", *extra], cwd=os.path.dirname(board),
                                  stdout=subprocess.PIPE, stderr=open(board + ".log", "w"), text=True)
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        self.b.send("Page.navigate", {"url": url})
        self.b.wait("window.preview && window.preview.frames >= 1 && kinds && board && board.loaded", timeout=20)
        return server, url

    def version(self):
        return self.b.js("board.version")

    def settle(self, before, timeout=5):
        """Waits until the page shows a version after `before`, its picture drawn."""
        return self.b.wait(f"board.version > {before} && window.preview.shownVersion >= board.version", timeout=timeout)

    def field(self, key, value):
        """Sets an inspector control as a person would (the value, then change); waits for
        the answer: True when written (or already so), else the message shown beside it."""
        n, v = self.b.js("window.preview.answers"), self.version()
        t0 = self.b.js(f"""(() => {{ const i = document.querySelector('#inspector [data-key="{key}"]');
            i.value = {json.dumps(value)}; const t = performance.now(); i.dispatchEvent(new Event('change')); return t; }})()""")
        self.b.wait(f"window.preview.answers > {n}", timeout=5)
        self.b.wait("window.preview.shownVersion >= board.version", timeout=5)
        # The change → its picture on screen: the first redraw of a version after `v`.
        drawn = self.b.js(f"(window.preview.redraws.find(r => r.version > {v}) || {{}}).at")
        if drawn:
            self.redrawn.append(drawn - t0)
        return self.b.js(f"""(() => {{ const e = document.querySelector('#inspector [data-field="{key}"] .err');
            return e && !e.hidden ? 'refused: ' + e.textContent : true; }})()""")

    def part(self, key, js):
        """Works a structured editor's parts as a person would: `js` runs with `box` (the
        key's editor) and ends by a part's change; waits for the answer as `field` does."""
        n = self.b.js("window.preview.answers")
        self.b.js(f"""(() => {{ const box = document.querySelector('#inspector [data-field="{key}"] .shape');
            const set = (el, v) => {{ el.value = v; el.dispatchEvent(new Event('change')); }}; {js} }})()""")
        self.b.wait(f"window.preview.answers > {n}", timeout=5)
        self.b.wait("window.preview.shownVersion >= board.version", timeout=5)
        return self.b.js(f"""(() => {{ const e = document.querySelector('#inspector [data-field="{key}"] .err');
            return e && !e.hidden ? 'refused: ' + e.textContent : true; }})()""")

    def frame(self, f):
        v = self.version()
        self.b.js(f"""(() => {{ const f = {json.dumps(f)};
            for (let i = 0; i < 4; i++) document.querySelector('#inspector [data-key="frame' + i + '"]').value = f[i];
            document.querySelector('#inspector [data-key="frame0"]').dispatchEvent(new Event('change')); }})()""")
        return self.settle(v)

    def key(self, key, code, vk, **extra):
        for kind in ("keyDown", "keyUp"):
            self.b.send("Input.dispatchKeyEvent", dict({"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk}, **extra))

    def run(self):
        self.from_nothing()
        self.reviewable_edits()
        self.refusals()
        self.sources()
        self.mqtt()
        self.turned_and_small()
        self.live_data()
        self.machine()
        self.several()


def widgets_of(text):
    """car.toml's page: each widget's `key = value` lines as written, in order."""
    page = text[text.index("\n[[page]]\n"):text.index("# A real car")]
    out = []
    for block in page.split("[[page.widget]]")[1:]:
        keys = []
        for line in block.strip().splitlines():
            if line.strip().startswith("#"):
                continue
            k, v = line.strip().split(" = ", 1)
            keys.append((k, v))
        out.append(keys)
    return out


def unquoted(v):
    return json.loads(v) if v.startswith('"') else v


def channels_of(text):
    """car.toml's simulated channels: each one's `key = value` lines as written."""
    sensors = text[text.index("\n[[sensor]]\n"):text.index("\n[[page]]\n")]
    return [[tuple(l.strip().split(" = ", 1)) for l in block.strip().splitlines()] for block in sensors.split("[[sensor.channel]]")[1:]]


def add_sources(self, car):
    """The night colours by their pickers, then each channel as a simulated source by the form."""
    self.b.js("document.querySelector('#tabs button[data-tab=board]').click()")
    for key, colour in (("background", "#000000"), ("needle", "#d04030")):
        v = self.version()
        self.b.js(f"""(() => {{ const i = document.querySelector('input[data-theme=night][data-key={key}]');
            i.value = '{colour}'; i.dispatchEvent(new Event('change')); }})()""")
        self.settle(v)
    self.b.js("if (theme === 'night') toggleTheme()")   # the picker showed night; back to day
    self.b.js("document.querySelector('#tabs button[data-tab=sources]').click()")
    refused = []
    for keys in channels_of(car):
        self.b.js("""(() => { const m = document.querySelector('#newSource select'); m.value = 'simulated'; m.dispatchEvent(new Event('change')); })()""")
        values = {"c." + k: (json.loads(v) if k == "name" else v) for k, v in keys}
        v = self.version()
        self.b.js(f"""(() => {{ const f = document.getElementById('newSource'); const v = {json.dumps(values)};
            for (const k in v) f.querySelector('input[name="' + k + '"]').value = v[k];
            [...f.querySelectorAll('button')].pop().click(); }})()""")
        if not self.settle(v):
            refused.append((values["c.name"], self.b.js("document.getElementById('newSourceError').textContent")))
    self.b.js("document.querySelector('#tabs button[data-tab=inspector]').click()")
    return refused


def from_nothing(self):
    car = open(f"{ROOT}/dashboards/car.toml").read()
    start = ('[display]\nwidth = 800\nheight = 480\n\n[[page]]\nname = "drive"\n\n  [[page.widget]]\n  id = "placeholder"\n'
             '  type = "label"\n  frame = [660, 440, 100, 30]\n  text = "NEW"\n')
    board = f"{self.work}/built.toml"
    with open(board, "w") as f:
        f.write(start)
    server, _ = self.serve(board)
    try:
        sources_refused = add_sources(self, car)
        self.check(not sources_refused and self.b.js("board.channels.map(c => c.name).join()") == "rpm,speed,coolant,fuel,battery",
                   f"from an empty 800×480 board: the night colours and car.toml's five simulated channels added through the page ({sources_refused[:1]})")
        refused, edits = [], 0
        for keys in widgets_of(car):
            k = dict(keys)
            kind = unquoted(k["type"])
            selector = f'#palette button[data-kind="{kind}"]' + (f'[data-style={k["style"]}]' if "style" in k else "")
            v = self.version()
            self.b.js(f"document.querySelector('{selector}').click()")
            self.settle(v)
            self.b.wait(f"selected && widget(selected) && document.querySelector('#inspector [data-key=id]')")
            results = [self.field("id", unquoted(k["id"])), self.frame(json.loads(k["frame"]))]
            for name, value in keys:
                if name in ("id", "type", "style", "frame"):
                    continue
                plain = self.b.js(f"kinds.kinds.find(x => x.type === '{kind}').keys.find(x => x.name === '{name}').type")
                results.append(self.field(name, unquoted(value) if plain in ("text", "choice", "channel") else value))
            edits += len(results)
            refused += [(k["id"], r) for r in results if r is not True]
            if kind == "dial" and self.shots and unquoted(k["id"]) == "rpm":
                self.b.screenshot(f"{self.shots}/designer-inspector.png", width=1280, height=760)
        self.b.js("select('placeholder')")
        v = self.version()
        self.key("Delete", "Delete", 46)
        self.settle(v)
        self.check(not refused, f"car dashboard built from nothing in the page: {edits} edits through the palette and inspector, none refused ({refused[:2]})")
        c = subprocess.run([self.gp, "check", board], capture_output=True, text=True, timeout=self.left(30))
        self.check(c.returncode == 0, f"the built board passes check ({c.stderr.strip()[:200]})")
        for theme in ("day", "night"):
            for name, path in [("built", board), ("car", f"{ROOT}/dashboards/car.toml")]:
                subprocess.run([self.gp, "render", path, "--theme", theme, "--out", f"{self.work}/{name}-{theme}-render.png"], capture_output=True,
                               timeout=self.left(60))
            c = subprocess.run([self.gp, "compare", f"{self.work}/built-{theme}-render.png", f"{self.work}/car-{theme}-render.png"], capture_output=True,
                               text=True, timeout=self.left(30))
            self.check(c.returncode == 0, f"render --theme {theme} of the built board is pixel-identical to dashboards/car.toml's ({c.stdout.strip()[:120]})")
        times = sorted(e["ms"] for e in self.b.js("window.preview.edits"))
        shown = sorted(self.redrawn)
        print(f"designer: {len(times)} edits, answer median {times[len(times) // 2]:.0f} ms, max {times[-1]:.0f} ms; "
              f"change → picture shown ({len(shown)} edits): median {shown[len(shown) // 2]:.0f} ms, max {shown[-1]:.0f} ms")
        size = len(urllib.request.urlopen(self.b.js("location.href"), timeout=5).read())
        print(f"designer: the page is {size} bytes ({size / 1024:.1f} KiB), one document")
        if self.shots:
            self.b.js("select(null)")
            self.b.screenshot(f"{self.shots}/designer-palette.png", width=1280, height=760)
    finally:
        server.terminate()
        server.wait(timeout=5)


Designer.from_nothing = from_nothing


def diff(a, b):
    """The lines `diff` removes and adds (one hunk per change, as git shows them)."""
    out = subprocess.run(["diff", "-U0", a, b], capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l[:1] in "+-" and not l.startswith(("+++", "---"))]


def reviewable_edits(self):
    board = f"{self.work}/review.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    original = open(board).read()
    server, _ = self.serve(board)
    try:
        steps = []

        def step(what, run, expected):
            before = open(board).read()
            with open(f"{self.work}/before.toml", "w") as f:
                f.write(before)
            v = self.version()
            run()
            self.settle(v)
            got = diff(f"{self.work}/before.toml", board)
            steps.append(what)
            # A blank line between tables may be shown before or after them: the lines, not their place.
            ok = expected(got) if callable(expected) else sorted(got) == sorted(expected)
            self.check(ok, f"{what}: the diff is {len(got)} lines, as meant ({got[:4]}{'…' if len(got) > 4 else ''})")

        self.b.js("select('speed')")
        self.b.wait("document.querySelector('#inspector [data-key=title]')")
        step("title set", lambda: self.field("title", "KM/H"), ['-  title = "km/h"', '+  title = "KM/H"'])
        step("zones added", lambda: self.field("zones", '[{ from = 200, to = 240, color = "#E04030" }]'),
             ['+  zones = [{ from = 200, to = 240, color = "#E04030" }]'])
        step("label_size removed", lambda: self.field("label_size", ""), ["-  label_size = 18"])
        # The structured editors: each part a control, each change one line.
        step("range's max by its part", lambda: self.part("range", "set(box.querySelector('[data-part=max]'), '260')"),
             ["-  range = [0, 240]", "+  range = [0, 260]"])
        step("a zone's colour by its picker", lambda: self.part("zones", "set(box.querySelector('[data-part=color]'), '#ffa000')"),
             ['-  zones = [{ from = 200, to = 240, color = "#E04030" }]', '+  zones = [{ from = 200, to = 240, color = "#FFA000" }]'])
        step("a second zone added row by row", lambda: self.part("zones", """box.querySelector('[data-part=add]').click();
                 const r = [...box.querySelectorAll('.shapeRow')].pop(); r.querySelector('[data-part=to]').value = '260';
                 set(r.querySelector('[data-part=from]'), '240');"""),
             ['-  zones = [{ from = 200, to = 240, color = "#FFA000" }]',
              '+  zones = [{ from = 200, to = 240, color = "#FFA000" }, { from = 240, to = 260, color = "#E04030" }]'])
        step("ticks' minor by its part", lambda: self.part("ticks", "set(box.querySelector('[data-part=minor]'), '4')"),
             ["-  ticks = { major = 13, minor = 1 }", "+  ticks = { major = 13, minor = 4 }"])
        step("tint made a gradient of stops", lambda: self.part("tint", """set(box.querySelector('[data-part=mode]'), 'stops');
                 box.querySelector('[data-part=add]').click();
                 set([...box.querySelectorAll('[data-part=color]')].pop(), '#e04030');"""),
             ['-  tint = "#3A8EE0"', '+  tint = [{ at = 0.0, color = "#3A8EE0" }, { at = 1.0, color = "#E04030" }]'])
        step("nudged 2 px", lambda: (self.b.js("document.getElementById('overlay').focus()"), self.key("ArrowLeft", "ArrowLeft", 37),
                                     self.key("ArrowLeft", "ArrowLeft", 37), time.sleep(0.5)),
             ["-  frame = [440, 10, 340, 340]", "+  frame = [438, 10, 340, 340]"])
        step("night needle colour", lambda: self.b.js("""(() => { const i = document.querySelector('input[data-theme=night][data-key=needle]');
                 i.value = '#ff8000'; i.dispatchEvent(new Event('change')); })()"""),
             ['-needle = "#D04030"', '+needle = "#FF8000"'])
        step("page added", lambda: self.b.js("document.getElementById('addPage').click()"),
             ["+", "+[[page]]", '+name = "page 2"', "+", "+  [[page.widget]]", '+  id = "title-1"', '+  type = "label"',
              "+  frame = [0, 0, 240, 40]", '+  text = "PAGE 2"'])
        step("battery copied to page 2", lambda: self.b.js("clipboard = 'battery'; duplicate('battery', 1)"),
             lambda got: sorted(l for l in got if "frame" not in l) == sorted(["+", "+  [[page.widget]]", '+  id = "battery-1"', '+  type = "readout"',
                                                                   '+  channel = "battery"', '+  alignment = "left"',
                                                                   '+  format = { decimals = 1, unit = "V" }', "+  value_size = 22"]))
        # The page's lines leave the end and come back before the first page: only those.
        moved = lambda got: len(got) > 0 and sorted(l[1:] for l in got if l[0] == "-") == sorted(l[1:] for l in got if l[0] == "+")
        step("page moved first", lambda: self.b.js("edit([['op', 'move-page'], ['page', '1'], ['to', '0']], 'moved')"), moved)
        step("page renamed", lambda: self.b.js("""(() => { const i = document.querySelector('#boardPanel .pageRow[data-page="0"] input');
                 i.value = 'extra'; i.dispatchEvent(new Event('change')); })()"""), ['-name = "page 2"', '+name = "extra"'])
        step("label deleted", lambda: self.b.js("showPage(1); select('battery-label'); deleteSelected()"),
             ["-", "-  [[page.widget]]", '-  id = "battery-label"', '-  type = "label"', "-  frame = [20, 436, 120, 36]",
              '-  text = "BATTERY"', "-  label_size = 16"])
        if self.shots:
            self.b.screenshot(f"{self.shots}/designer-review.png", width=1280, height=760)
        for _ in steps:
            v = self.version()
            self.b.js("document.getElementById('undo').click()")
            self.settle(v)
        self.check(open(board).read() == original, f"undo of all {len(steps)} edits: the file is back byte for byte")
    finally:
        server.terminate()
        server.wait(timeout=5)


def refusals(self):
    board = f"{self.work}/refuse.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    original = open(board).read()
    server, url = self.serve(board)
    try:
        self.b.js("select('rpm')")
        self.b.wait("document.querySelector('#inspector [data-key=range]')")
        said = self.field("range", "[8000, 0]")
        expected = "page[0].widget \"rpm\".range: expected [min, max] with min < max"
        self.check(isinstance(said, str) and expected in said and open(board).read() == original,
                   f"a bad range: check's message beside the control, nothing written ({str(said)[:100]})")
        old = self.version()
        self.b.js("edit([['op', 'set'], ['widget', 'rpm'], ['key', 'title'], ['value', '\"A\"']], 'a')")
        self.settle(old)
        post = lambda body: self.b.js(f"""fetch('/edit', {{method: 'POST', headers: {{'X-GaugePanel': '1',
            'Content-Type': 'application/x-www-form-urlencoded'}}, body: {json.dumps(body)}}}).then(async r => [r.status, await r.text()])""")
        now = open(board).read()
        status, text = post(f"base={old}&op=set&widget=rpm&key=title&value=%22B%22")
        self.check(status == 409 and open(board).read() == now, f"a second page with an older picture of the file is refused ({status}: {text[:80]})")
        cases = [("table=../../etc/passwd", "op=set&table=../../etc/passwd&key=x&value=1"), ("a key with =", "op=set&widget=rpm&key=a%3Db&value=1"),
                 ("a value over two lines", "op=set&widget=rpm&key=title&value=%22a%22%0A%5Bdisplay%5D"),
                 ("an unknown op", "op=write&path=/tmp/x"), ("a widget that is not there", "op=delete-widget&widget=..%2Fx")]
        results = [(what, post(body)) for what, body in cases]
        files = sorted(os.listdir(os.path.dirname(board)))
        self.check(all(r[1][0] == 409 for r in results) and open(board).read() == now,
                   f"odd tables, keys, values and ops refused, the file untouched ({[(w, r[0]) for w, r in results]})")
        self.check(not [f for f in files if f.endswith(".tmp")], "no temporary files left")
    finally:
        server.terminate()
        server.wait(timeout=5)


Designer.reviewable_edits = reviewable_edits
Designer.refusals = refusals


def turned_and_small(self):
    """A board turned 90° (the Touch Display 2) is edited as laid out: its boxes sit on its
    widgets and a nudge writes the logical frame; the page fits a 1024×600 screen."""
    board = f"{self.work}/turned.toml"
    shutil.copy(f"{ROOT}/boards/pi-touch-2.toml", board)
    server, _ = self.serve(board)
    try:
        first = self.b.js("board.pages[0].widgets[0]")
        boxes = self.b.js("document.querySelectorAll('.box').length")
        self.check(boxes == len(self.b.js("board.pages[0].widgets")), f"rotation 90: a box over each widget ({boxes})")
        before = open(board).read()
        self.b.js(f"document.getElementById('overlay').focus(); select('{first['id']}')")
        v = self.version()
        self.key("ArrowUp", "ArrowUp", 38)
        self.settle(v)
        f = first["frame"]
        old, new = f"frame = [{f[0]}, {f[1]}, {f[2]}, {f[3]}]", f"frame = [{f[0]}, {f[1] - 1}, {f[2]}, {f[3]}]"
        after = open(board).read()
        self.check(old in before and after == before.replace(old, new, 1), f"rotation 90: ↑ moves {first['id']} up in its own frame ({new})")
        self.b.send("Emulation.setDeviceMetricsOverride", {"width": 1024, "height": 600, "deviceScaleFactor": 1, "mobile": False})
        self.b.js("window.dispatchEvent(new Event('resize'))")
        time.sleep(0.3)
        fits = self.b.js("[document.documentElement.scrollWidth <= 1024, document.getElementById('stage').getBoundingClientRect().right <= 1024]")
        self.check(fits == [True, True], f"at 1024×600 the page and the board fit the width ({fits})")
        self.b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 760, "deviceScaleFactor": 1, "mobile": False})
    finally:
        server.terminate()
        server.wait(timeout=5)


Designer.turned_and_small = turned_and_small


def live_data(self):
    """`preview --live`: the board's own (simulated) sources move the picture while
    designing; an edit reloads the panel beside the page."""
    board = f"{self.work}/live-design.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    server, _ = self.serve(board, "--live")
    try:
        digest = "window.preview.lastPNG.arrayBuffer().then(b => crypto.subtle.digest('SHA-256', b)).then(d => btoa(String.fromCharCode(...new Uint8Array(d))))"
        first = self.b.js(digest)
        frames = self.b.js("window.preview.frames")
        self.b.wait(f"window.preview.frames >= {frames + 3}", timeout=10)
        later = self.b.js(digest)
        self.check(self.b.js("board.liveData") and first != later, "preview --live: the picture follows the board's running sources (it changed on its own)")
        self.b.js("select('rpm')")
        self.b.wait("document.querySelector('#inspector [data-key=title]')")
        self.check(self.field("title", "LIVE") is True, "…and takes edits")
        end = time.monotonic() + 5
        while "config reloaded" not in open(board + ".log").read() and time.monotonic() < end:
            time.sleep(0.05)
        self.check("config reloaded" in open(board + ".log").read(), "…each of which reloads the running panel (its log says so)")
    finally:
        server.terminate()
        server.wait(timeout=10)


Designer.live_data = live_data


def several(self):
    """Shift+click selects several widgets; aligned right they move as one edit (one frame
    line here) and one undo takes it back; distribute gives equal gaps."""
    board = f"{self.work}/several.toml"
    shutil.copy(f"{ROOT}/dashboards/car.toml", board)
    original = open(board).read()
    server, _ = self.serve(board)
    try:
        centre = lambda id: self.b.js(f"""(() => {{ const r = document.querySelector('.box[data-id="{id}"]').getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        x, y = centre("rpm")
        self.b.mouse("mousePressed", x, y, pressed=True)
        self.b.mouse("mouseReleased", x, y)
        x, y = centre("coolant")
        self.b.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1, "modifiers": 8})
        self.b.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "buttons": 0, "clickCount": 1, "modifiers": 8})
        shown = self.b.js("[[...multi].sort(), document.getElementById('arrange').hidden]")
        self.check(shown == [["coolant", "rpm"], False], f"Shift+click: two widgets selected, the align bar shown ({shown})")
        v = self.version()
        self.b.js("document.querySelector('#arrange [data-how=right]').click()")
        self.settle(v)
        with open(f"{self.work}/before.toml", "w") as f:
            f.write(original)
        got = diff(f"{self.work}/before.toml", board)
        self.check(got == ["-  frame = [20, 10, 340, 340]", "+  frame = [40, 10, 340, 340]"], f"aligned right: the rpm dial's frame line only ({got})")
        v = self.version()
        self.b.js("document.getElementById('undo').click()")
        self.settle(v)
        self.check(open(board).read() == original, "one undo takes the alignment back")
        spread = self.b.js("arrangements.across([{id: 'a', frame: [0, 0, 10, 10]}, {id: 'c', frame: [90, 0, 10, 10]}, {id: 'b', frame: [20, 0, 30, 10]}])")
        self.check(spread == [["a", [0, 0, 10, 10]], ["b", [35, 0, 30, 10]], ["c", [90, 0, 10, 10]]], f"distribute: equal gaps ({spread})")
    finally:
        server.terminate()
        server.wait(timeout=5)


Designer.several = several


# The sources' tests live in designer_sources.py (imported last: it uses diff and ROOT).
from designer_sources import sources, dbc, mqtt, machine  # noqa: E402
Designer.sources, Designer.dbc, Designer.mqtt, Designer.machine = sources, dbc, mqtt, machine
