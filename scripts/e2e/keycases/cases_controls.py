"""Cases for the buttons' and switches' keys (and a sensor's name): one run, shared by
the cases, of a board with two MQTT sensors on the shared anonymous broker (names "home"
and "other", each its own client id), tapped by `run --tap`; a mosquitto_sub records
what was published (payloads) and the broker's log says which client sent each PUBLISH
and at which QoS."""
import os, subprocess, threading, time

from .cases_mqtt import broker
from .harness import Panel, gaugepanel, new_dir, render, write_board

_lock = threading.Lock()
_result = {}
BELL, PORCH, FAN = [10, 10, 140, 50], [10, 70, 300, 50], [10, 130, 300, 50]


def board(port):
    def mqtt(name, channels):
        return {"kind": "mqtt", "name": name, "broker": f"127.0.0.1:{port}", "client_id": f"keys-ctl-{name}", "channel": channels}
    return {"control": {"topic": "keys/ctl/panel", "mqtt": "other"},
            # fires once the retained ON on the porch's state topic arrives
            "trigger": [{"channel": "porch", "above": 0.5, "publish": {"topic": "keys/ctl/trig", "payload": "LIT", "mqtt": "other"}}],
            "display": {"width": 320, "height": 240, "format": "xrgb8888", "output": "offscreen"},
            "fonts": {"family": "builtin"},
            "sensor": [mqtt("home", [{"name": "porch", "topic": "keys/ctl/porch/state"}]),
                       mqtt("other", [{"name": "spare", "topic": "keys/ctl/spare"}])],
            "page": [{"name": "main", "widget": [
                {"id": "bell", "type": "button", "title": "Bell", "frame": BELL, "command_topic": "keys/ctl/bell",
                 "payload": "RING", "qos": 1, "mqtt": "home"},
                {"id": "porch", "type": "switch", "title": "Porch", "channel": "porch", "frame": PORCH,
                 "command_topic": "keys/ctl/porch", "payload_off": "TURN_OFF", "mqtt": "other"},
                {"id": "fan", "type": "switch", "title": "Fan", "frame": FAN, "command_topic": "keys/ctl/fan",
                 "payload_on": "SPIN", "mqtt": "home"}]}]}


def centre(f):
    return f"{f[0] + f[2] // 2},{f[1] + f[3] // 2}"


def run():
    """Once: the messages seen on keys/ctl/# (topic → payloads) and the broker's log."""
    with _lock:
        if not _result:
            b = broker()
            b.pub("keys/ctl/porch/state", "ON", retain=True)
            sub = subprocess.Popen(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(b.port), "-t", "keys/ctl/#", "-v",
                                    "-i", "keys-ctl-sub"], stdout=subprocess.PIPE, text=True)
            deadline = time.time() + 10
            while time.time() < deadline and "as keys-ctl-sub" not in b.text():
                time.sleep(0.05)
            d = new_dir("controls")
            p = Panel("controls", board(b.port), d=d, args=["--tap", f"{centre(BELL)}@1.5;{centre(PORCH)}@2;{centre(FAN)}@2.5"])
            try:
                p.wait_for('switch "fan": sent', 20)
                before = retained(b, "keys/ctl/panel/state/theme")
                b.pub("keys/ctl/panel/set/theme", "night")
                deadline = time.time() + 5
                while time.time() < deadline and retained(b, "keys/ctl/panel/state/theme") != "night":
                    time.sleep(0.1)
                after = retained(b, "keys/ctl/panel/state/theme")
                time.sleep(0.5)
            finally:
                p.stop()
                sub.terminate()
                out, _ = sub.communicate(timeout=10)
            seen = {}
            for line in out.splitlines():
                topic, _, payload = line.partition(" ")
                if topic != "keys/ctl/porch/state":
                    seen.setdefault(topic, []).append(payload)
            _result.update(seen=seen, log=b.text(), panel=p.log(), theme=(before, after))
        return _result


def retained(b, topic):
    r = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(b.port), "-t", topic, "-C", "1", "-W", "2"],
                       capture_output=True, text=True, timeout=10)
    return r.stdout.strip() if r.returncode == 0 else None


def case_trigger_publish(key):
    r = run()
    seen, by = r["seen"].get("keys/ctl/trig"), sent_by(r["log"], "keys-ctl-other", "keys/ctl/trig")
    return [(seen == ["LIT"] and by == ["q0"],
             f'publish = {{ topic = "keys/ctl/trig", payload = "LIT", mqtt = "other" }}: the trigger (porch ON) publishes LIT once, '
             f'at QoS 0 through the sensor named other ({seen}, {by})')]


def case_control_topic(key):
    r = run()
    return [(r["theme"] == ("day", "night"),
             f'topic = "keys/ctl/panel": state/theme retained "day", then night on set/theme makes it "night" ({r["theme"]})')]


def case_control_mqtt(key):
    r = run()
    other = sent_by(r["log"], "keys-ctl-other", "keys/ctl/panel/state/theme")
    home = sent_by(r["log"], "keys-ctl-home", "keys/ctl/panel/state/theme")
    return [(len(other) >= 2 and not home,
             f'mqtt = "other": the state is published through the sensor named other ({len(other)} PUBLISHes from keys-ctl-other, {len(home)} from keys-ctl-home)')]


def sent_by(log, client, topic):
    """The QoS of each PUBLISH `client` sent on `topic`, as the broker logged them."""
    out = []
    for line in log.splitlines():
        if f"Received PUBLISH from {client} (" in line and f"'{topic}'" in line:
            out.append(line.split(f"from {client} (", 1)[1].split(",")[1].strip())
    return out


def case_command_topic(key):
    r = run()
    return [(r["seen"].get("keys/ctl/bell") == ["RING"],
             f"a tap on the button publishes one message to its command_topic keys/ctl/bell ({r['seen']})")]


def case_payload(key):
    r = run()
    return [(r["seen"].get("keys/ctl/bell") == ["RING"], f'payload = "RING": the tap publishes RING ({r["seen"].get("keys/ctl/bell")})')]


def case_payload_off(key):
    r = run()
    return [(r["seen"].get("keys/ctl/porch") == ["TURN_OFF"],
             f'payload_off = "TURN_OFF": a tap on the switch its state shows on (ON retained) publishes TURN_OFF ({r["seen"].get("keys/ctl/porch")})')]


def case_payload_on(key):
    r = run()
    return [(r["seen"].get("keys/ctl/fan") == ["SPIN"],
             f'payload_on = "SPIN": a tap on the switch without a state (optimistic, off) publishes SPIN ({r["seen"].get("keys/ctl/fan")})')]


def case_qos(key):
    r = run()
    bell, fan = sent_by(r["log"], "keys-ctl-home", "keys/ctl/bell"), sent_by(r["log"], "keys-ctl-home", "keys/ctl/fan")
    return [(bell == ["q1"], f"qos = 1: the broker received the button's PUBLISH at QoS 1 ({bell})"),
            (fan == ["q0"], f"no qos: the fan switch's PUBLISH at QoS 0 ({fan})")]


def case_mqtt(key):
    r = run()
    porch = sent_by(r["log"], "keys-ctl-other", "keys/ctl/porch")
    home = sent_by(r["log"], "keys-ctl-home", "keys/ctl/porch")
    return [(porch == ["q0"] and home == [],
             f'mqtt = "other": the porch switch publishes through the sensor named other (client keys-ctl-other: {porch}; home: {home})')]


def case_sensor_name(key):
    r = run()
    out = [(sent_by(r["log"], "keys-ctl-home", "keys/ctl/bell") == ["q1"],
            'name = "home": the button whose mqtt = "home" publishes through that sensor (client keys-ctl-home)')]
    d = new_dir("controls-unnamed")
    b = board(1883)
    b["sensor"][0]["name"] = "house"
    path = write_board(d, b)
    c = gaugepanel("check", path)
    text = c.stdout + c.stderr
    out.append((c.returncode == 2 and 'no kind = "mqtt" sensor is named "home"' in text and "mqtt" in text,
                f'no sensor named "home": check exits 2 naming the widget\'s mqtt key ({text.strip()[:200]})'))
    return out


def case_action(key):
    """Buttons whose action is a key's: a tap on "next_page" shows the second page, a tap
    there on "toggle_theme" the night theme; each screen equals render's of that page and
    theme. (A brightness button's steps are the backlight's: unit tests.)"""
    nxt, night = [10, 10, 140, 50], [10, 70, 140, 50]
    b = {"display": {"width": 320, "height": 240, "format": "xrgb8888", "output": "offscreen"},
         "fonts": {"family": "builtin"}, "theme": {"active": "day"},
         "page": [{"name": "main", "widget": [
                      {"id": "next", "type": "button", "title": "Next", "frame": nxt, "action": "next_page"}]},
                  {"name": "second", "widget": [
                      {"id": "label", "type": "label", "text": "SECOND", "frame": [160, 10, 150, 40]},
                      {"id": "night", "type": "button", "title": "Night", "frame": night, "action": "toggle_theme"}]}]}
    p = Panel("button-action", b, args=["--tap", f"{centre(nxt)}@3;{centre(night)}@5"])
    out = []
    try:
        p.started()
        s0, ok0, how0 = p.settle(lambda: render(p.board), timeout=4)
        out.append((ok0, f"before any tap: the first page, as render draws it ({how0})"))
        s1, ok1, how1 = p.settle(lambda: render(p.board, extra=["--page", "second"]), timeout=8)
        out.append((ok1, f'action = "next_page": the tap shows the second page, as render --page second draws it ({how1})'))
        s2, ok2, how2 = p.settle(lambda: render(p.board, extra=["--page", "second", "--theme", "night"]), timeout=8)
        out.append((ok2, f'action = "toggle_theme": the tap on the second page\'s button brings the night theme, as render '
                         f'--page second --theme night draws it ({how2})'))
    finally:
        p.stop()
    return out
