"""Headless Chromium over the DevTools protocol with --remote-debugging-pipe: JSON
messages NUL-separated on file descriptors 3 (to the browser) and 4 (from it), so the
tests need nothing beyond the standard library (no websocket client)."""
import base64
import json
import os
import select
import shutil
import subprocess
import time


class Browser:
    """One headless Chromium and one page in it."""

    def __init__(self, profile, left=lambda seconds: seconds):
        """`left(seconds)`: how long a wait may take (the caller's deadline)."""
        self.left = left
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise SystemExit("chromium is not installed (scripts/e2e-preview.sh installs it)")

        def fds():
            # Through high numbers first: either pipe end may already be 3 or 4.
            a, b = os.dup(to_r) + 100, os.dup(from_w) + 100
            os.dup2(to_r, a)
            os.dup2(from_w, b)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen(
            [exe, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--user-data-dir=" + profile, "--window-size=1280,760", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True, timeout=20):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        end = time.monotonic() + self.left(timeout)
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})
            wait = end - time.monotonic()
            if wait <= 0:
                raise TimeoutError(method)
            ready, _, _ = select.select([self.from_r], [], [], wait)
            if ready:
                chunk = os.read(self.from_r, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buffer += chunk

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 760, "deviceScaleFactor": 1, "mobile": False})
        self.send("Page.navigate", {"url": url})

    def js(self, expression, timeout=20):
        r = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression[:80]}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait(self, expression, timeout=10, step=0.005):
        end = time.monotonic() + self.left(timeout)
        while time.monotonic() < end:
            value = self.js(expression)
            if value:
                return value
            time.sleep(step)
        return None

    def mouse(self, kind, x, y, pressed=False):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": 1 if pressed else 0, "clickCount": 1})

    def screenshot(self, path, width=1180, height=560):
        data = self.send("Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
