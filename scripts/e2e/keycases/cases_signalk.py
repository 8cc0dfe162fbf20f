"""Custom cases for kind = "signalk" sensors, against signalk.py's test server:
`notifications` (default true: the server's notifications are subscribed to and shown in
the banner; false: neither)."""
import time

from .cases_network import network_board
from .harness import Panel, new_dir, render
from netpeers import free_port


def case_notifications(key):
    import signalk   # scripts/e2e, on the path of keys.py
    ws = signalk.import_websockets()
    out = []
    port = free_port()
    path = "navigation.speedThroughWater"
    server = signalk.SignalKServer(ws, port, {path: 2.0})
    server.notify("notifications.mob", {"state": "alarm", "method": ["visual"], "message": "Man overboard"})
    try:
        for setting in (None, True, False):
            extra = {} if setting is None else {"notifications": setting}
            b = network_board([{"name": "speed", "source": path}], kind="signalk", server=f"127.0.0.1:{port}", **extra)
            name = "notifications-" + ("default" if setting is None else str(setting).lower())
            p = Panel(name, b, d=new_dir(f"sensor-{name}"))
            try:
                connected = p.wait_for(f"signalk 127.0.0.1:{port}: connected", 20)
                time.sleep(1.0)
                s, ok, how = p.settle(lambda: render(p.board, {"speed": 2.0}), timeout=3)
                subscribed = [x["path"] for m in server.subscriptions[-1:] for x in m.get("subscribe", [])]
                wants = setting is not False
                shown = ok != wants and ("notifications.*" in subscribed) == wants
                out.append((connected and shown,
                            f"notifications = {setting if setting is not None else '(default)'}: subscribed {subscribed}, the "
                            f"banner {'shown' if wants else 'not shown'} (screen equals render without it: {ok}, {how})"))
            finally:
                p.stop()
    finally:
        server.stop()
    return out


def case_signalk_source(key):
    """The test server sends the own vessel's values with source label "n2k": a channel
    taking "n2k" shows them, one taking "gps" shows no value; the summary names the choice."""
    import signalk
    ws = signalk.import_websockets()
    out = []
    port = free_port()
    path = "navigation.speedThroughWater"
    server = signalk.SignalKServer(ws, port, {path: 3.0})
    try:
        for only, sets in (("n2k", {"speed": 3.0}), ("gps", {})):
            b = network_board([{"name": "speed", "source": path, "signalk_source": only}], kind="signalk",
                              server=f"127.0.0.1:{port}", notifications=False)
            p = Panel(f"signalk-source-{only}", b, d=new_dir(f"sensor-signalk-source-{only}"))
            try:
                connected = p.wait_for(f"signalk 127.0.0.1:{port}: connected", 20)
                time.sleep(1.0)
                s, ok, how = p.settle(lambda: render(p.board, sets), timeout=3)
                p.stop()
                said = f"signalk_source:{only}" in p.summary()[1]
                out.append((connected and ok and said, f'signalk_source = "{only}": the screen equals render of {sets} '
                            f"({how}); the run summary names it: {said}"))
            finally:
                p.stop()
    finally:
        server.stop()
    return out


def case_token_file(key):
    """A server that takes only the token "tok.e2e": token_file naming a file with it on
    its first line shows the value; a file with another token is refused, said once with
    the fix (ask for a new one)."""
    import os
    import signalk
    ws = signalk.import_websockets()
    out = []
    port = free_port()
    path = "navigation.speedThroughWater"
    server = signalk.SignalKServer(ws, port, {path: 3.0}, token="tok.e2e")
    try:
        for token, sets in (("tok.e2e", {"speed": 3.0}), ("expired.e2e", {})):
            d = new_dir(f"sensor-token-{token}")
            with open(os.path.join(d, "signalk-token"), "w") as f:
                f.write(token + "\n")
            b = network_board([{"name": "speed", "source": path}], kind="signalk", server=f"127.0.0.1:{port}",
                              notifications=False, token_file="signalk-token")
            p = Panel(f"token-{token}", b, d=d)
            try:
                p.started()
                time.sleep(1.0)
                s, ok, how = p.settle(lambda: render(p.board, sets), timeout=4)
                said = p.count("the server refused the token (expired or revoked?)")
            finally:
                p.stop()
            if sets:
                out.append((ok and said == 0, f"token_file with the server's token: the value shows ({how})"))
            else:
                out.append((ok and said == 1, f"token_file with a token the server refuses: no value, said once with the fix ({how})"))
    finally:
        server.stop()
    return out
