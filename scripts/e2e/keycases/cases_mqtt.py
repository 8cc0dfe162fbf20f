"""Custom cases for kind = "mqtt": a real mosquitto on 127.0.0.1 (scripts/e2e/mosquitto.py,
one anonymous broker and one with a password file, shared by the cases, each case on its
own topics and client ids), the panel's screen against render --set, and the broker's
own log (every packet: `log_type all`) for what the screen cannot show."""
import os, re, threading, time

from .base_boards import value_board
from .harness import Panel, new_dir, render, same
import mosquitto

_lock = threading.Lock()
_brokers = {}


def broker(kind="open"):
    """The shared broker: "open" (anonymous) or "login" (user panel / s3cret, feed / feedpw)."""
    with _lock:
        if kind not in _brokers:
            d = new_dir(f"mosquitto-{kind}")
            _brokers[kind] = mosquitto.Broker(d, users={"panel": "s3cret", "feed": "feedpw"} if kind == "login" else None)
        return _brokers[kind]


def mqtt_board(port, channel, **sensor):
    return value_board({"kind": "mqtt", "broker": f"127.0.0.1:{port}", **sensor, "channel": [{"name": "a", **channel}]})


def mqtt_run(name, b, channel, sets, wait="connected", hold=0.0, files=None, **sensor):
    """A board reading broker b; the screen must come to equal render --set sets.
    Returns (ok, how, snapshot, log)."""
    d = new_dir(name)
    for fname, text in (files or {}).items():
        with open(os.path.join(d, fname), "w") as f:
            f.write(text)
        os.chmod(os.path.join(d, fname), 0o600)
    p = Panel(name, mqtt_board(b.port, channel, **sensor), d=d)
    try:
        if not p.wait_for(wait, 20):
            return False, f"no \"{wait}\" in the log: " + p.log()[-300:], None, p.log()
        time.sleep(hold)
        s, ok, how = p.settle(lambda: render(p.board, sets), confirm=True)
        return ok, how, s, p.log()
    finally:
        p.stop()


def case_broker(key):
    b = broker()
    b.pub("keys/broker", "42", retain=True)
    ok, how, s1, _ = mqtt_run("broker-up", b, {"topic": "keys/broker"}, {"a": 42}, client_id="keys-broker-1")
    closed = mosquitto.free_port()
    ok2, how2, s2, log = mqtt_run("broker-none", type("B", (), {"port": closed})(), {"topic": "keys/broker"}, {},
                                  wait="cannot open", client_id="keys-broker-2")
    out = [(ok, f"broker = 127.0.0.1:{b.port} (retained 42 on keys/broker): shows 42 ({how})"),
           (ok2, f"broker = 127.0.0.1:{closed} (nothing listening): no value, the log says it cannot connect ({how2})")]
    if s1 and s2:
        out.append((not same(s1, s2)[0], "the pictures differ"))
    return out


def case_client_id(key):
    b = broker()
    b.pub("keys/client", "7", retain=True)
    ok, how, _, _ = mqtt_run("client-id", b, {"topic": "keys/client"}, {"a": 7}, client_id="keys-client-id-x7")
    host = open("/proc/sys/kernel/hostname").read().strip()
    default = "gaugepanel-" + re.sub(r"[^A-Za-z0-9_.-]", "", host)[:48]
    ok2, how2, _, _ = mqtt_run("client-id-default", b, {"topic": "keys/client"}, {"a": 7})
    text = b.text()
    return [(ok and " as keys-client-id-x7 " in text, f'client_id = "keys-client-id-x7": the broker logs that id ({how})'),
            (ok2 and f" as {default} " in text, f"no client_id: the broker logs {default} ({how2})")]


def case_keepalive(key):
    b = broker()
    b.pub("keys/ka", "3", retain=True)
    out = []
    for ka, cid in ((1, "keys-ka-1"), (None, "keys-ka-default")):
        sensor = {"client_id": cid} | ({"keepalive": ka} if ka else {})
        ok, how, _, _ = mqtt_run(f"keepalive-{ka}", b, {"topic": "keys/ka"}, {"a": 3}, hold=3.5, **sensor)
        pings = b.text().count(f"Received PINGREQ from {cid}")
        want = pings >= 2 if ka else pings == 0
        out.append((ok and want, f"keepalive = {ka or 'default (30)'}: {pings} PINGREQ in the broker's log over ~4 s "
                    + ("(≥ 2)" if ka else "(none)") + f" ({how})"))
    return out


def case_qos(key):
    b = broker()
    b.pub("keys/qos", "5", retain=True, qos=1)
    out = []
    for q in (1, 0):
        cid = f"keys-qos-{q}"
        ok, how, _, _ = mqtt_run(f"qos-{q}", b, {"topic": "keys/qos"}, {"a": 5}, client_id=cid, qos=q)
        text = b.text()
        sent = f"Sending PUBLISH to {cid} (d0, q{q}," in text
        acked = f"Received PUBACK from {cid}" in text
        out.append((ok and sent and acked == (q == 1),
                    f"qos = {q}: the broker sends at QoS {q}" + (" and the panel acknowledges (PUBACK)" if q else ", no PUBACK")
                    + f" ({how})"))
    return out


def _login_cases(key, what):
    b = broker("login")
    b.pub("keys/login", "12", retain=True, user="feed")
    out = []
    variants = [("right", "panel", "s3cret\n", {"a": 12}, "connected")]
    if what == "username":
        variants.append(("other-user", "feed", "s3cret\n", {}, "refused the connection"))
    else:
        variants.append(("wrong-password", "panel", "wrong\n", {}, "refused the connection"))
    for label, user, pw, sets, wait in variants:
        ok, how, _, log = mqtt_run(f"{what}-{label}", b, {"topic": "keys/login"}, sets, wait=wait,
                                   files={"mqtt-password": pw}, username=user, password_file="mqtt-password",
                                   client_id=f"keys-{what}-{label}")
        out.append((ok, f'username = "{user}", password_file with "{pw.strip()}": '
                    + ("shows 12" if sets else "refused (logged), no value") + f" ({how})"))
    return out


def case_username(key):
    return _login_cases(key, "username")


def case_password_file(key):
    return _login_cases(key, "password_file")


def case_topic(key):
    b = broker()
    b.pub("keys/topic/one", "11", retain=True)
    b.pub("keys/topic/two", "22", retain=True)
    ok, how, s1, _ = mqtt_run("topic-one", b, {"topic": "keys/topic/one"}, {"a": 11}, client_id="keys-topic-1")
    ok2, how2, s2, _ = mqtt_run("topic-two", b, {"topic": "keys/topic/two"}, {"a": 22}, client_id="keys-topic-2")
    out = [(ok, f'topic = "keys/topic/one": shows its 11 ({how})'), (ok2, f'topic = "keys/topic/two": 22 ({how2})')]
    if s1 and s2:
        out.append((not same(s1, s2)[0], "the pictures differ"))
    return out


def case_json(key):
    b = broker()
    b.pub("keys/json", '{"a": 1.5, "nested": {"b": 2.5}}', retain=True)
    ok, how, s1, _ = mqtt_run("json-a", b, {"topic": "keys/json", "json": "a"}, {"a": 1.5}, client_id="keys-json-a")
    ok2, how2, s2, _ = mqtt_run("json-b", b, {"topic": "keys/json", "json": "nested.b"}, {"a": 2.5}, client_id="keys-json-b")
    ok3, how3, _, _ = mqtt_run("json-none", b, {"topic": "keys/json"}, {}, client_id="keys-json-none")
    return [(ok, f'json = "a": shows 1.5 ({how})'), (ok2, f'json = "nested.b": shows 2.5 ({how2})'),
            (ok3, f"without json the JSON payload is no number: no value ({how3})")]


def case_state_words(key):
    """state_on/state_off: a cover's "open" and "closed" (a JSON field's string, as
    Zigbee2MQTT sends them) read as 1 and 0; without them the same payload is no value."""
    b = broker()
    b.pub("keys/state/open", '{"state": "open"}', retain=True)
    b.pub("keys/state/closed", '{"state": "closed"}', retain=True)
    words = {"json": "state", "state_on": "open", "state_off": "closed"}
    ok, how, _, _ = mqtt_run("state-open", b, {"topic": "keys/state/open", **words}, {"a": 1}, client_id="keys-state-open")
    ok2, how2, _, _ = mqtt_run("state-closed", b, {"topic": "keys/state/closed", **words}, {"a": 0}, client_id="keys-state-closed")
    ok3, how3, _, _ = mqtt_run("state-none", b, {"topic": "keys/state/open", "json": "state"}, {}, client_id="keys-state-none")
    return [(ok, f'state_on = "open": {{"state": "open"}} shows 1 ({how})'),
            (ok2, f'state_off = "closed": {{"state": "closed"}} shows 0 ({how2})'),
            (ok3, f'without them "open" is no number: no value ({how3})')]


def _tls_broker():
    with _lock:
        if "tls" not in _brokers:
            d = new_dir("mosquitto-tls")
            _brokers["tls"] = mosquitto.Broker(d, tls=mosquitto.make_certificates(os.path.join(d, "certs")))
        return _brokers["tls"]


def _tls_run(name, ca, sets, wait, tls=True):
    b = _tls_broker()
    b.pub("keys/tls", "8", retain=True)
    port = type("B", (), {"port": b.tls_port})()
    # localhost: the name in the broker's certificate (mbed TLS 2.28 matches names, not IP addresses)
    sensor = {"broker": f"localhost:{b.tls_port}"} | ({"tls": tls, "ca_file": ca} if tls else {})
    return mqtt_run(name, port, {"topic": "keys/tls"}, sets, wait=wait, client_id=f"keys-{name}", **sensor)


def _certs():
    d = os.path.join(_tls_broker().dir, "certs")
    return os.path.join(d, "ca.crt"), os.path.join(d, "other-ca.crt")


def case_tls(key):
    ca, _ = _certs()
    ok, how, s1, _ = _tls_run("tls-on", ca, {"a": 8}, "connected")
    # The same TLS port without tls: the broker's TLS listener drops the plain CONNECT.
    ok2, how2, s2, _ = _tls_run("tls-off", ca, {}, "mqtt", tls=False)
    out = [(ok, f"tls = true, ca_file = the broker's CA: shows 8 over TLS ({how})"),
           (ok2, f"no tls on the TLS port: no value ({how2})")]
    if s1 and s2:
        out.append((not same(s1, s2)[0], "the pictures differ"))
    return out


def case_ca_file(key):
    ca, other = _certs()
    ok, how, _, _ = _tls_run("ca-right", ca, {"a": 8}, "connected")
    ok2, how2, _, log = _tls_run("ca-other", other, {}, "certificate is not trusted")
    return [(ok, f"ca_file = the CA that signed the broker's: shows 8 ({how})"),
            (ok2 and log.count("certificate is not trusted") == 1,
             f"ca_file = another CA: no value, the log says once the certificate is not trusted ({how2})")]
