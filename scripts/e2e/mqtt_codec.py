#!/usr/bin/env python3
"""End-to-end: GaugeNet's MQTT codec against a real broker.

Starts mosquitto on 127.0.0.1 (a free port, its own config and no persistence, killed at the
end; installed with apt-get when missing), then replays the two sessions of
Tests/GaugeNetTests/Broker/: client-*.hex are the bytes GaugeNet's encoder produces
(BrokerTranscriptTests checks that), sent step by step over raw sockets; what mosquitto
answers must equal broker-*.hex byte for byte, which the same tests decode with
MQTTDecoder. `--record` writes the broker's answers instead (after a protocol change).

A publisher leaves a retained QoS 0 reading and a retained QoS 1 Zigbee2MQTT message (and
gets its PUBACK); a subscriber (with a user name and password) subscribes to two filters,
gets its SUBACK and both retained messages, acknowledges the QoS 1 one, pings and leaves.
Every socket read is bounded (5 s), the whole run by the broker's kill at the end.

Usage: scripts/e2e/mqtt_codec.py [--record]     (prints "N passed, N failed"; exit 0/1)
"""
import os, shutil, socket, subprocess, sys, tempfile, time

root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(root, "scripts", "lib"))
from checks import Checks
checks = Checks()
check = checks.check
folder = os.path.join(root, "Tests", "GaugeNetTests", "Broker")
record = "--record" in sys.argv[1:]

def read_hex(name):
    with open(os.path.join(folder, name)) as f:
        return [bytes.fromhex(line.strip()) for line in f if line.strip()]

def read_packet(sock, deadline):
    """One whole packet (fixed header, Remaining Length, body) or None at the deadline."""
    def take(n):
        out = b""
        while len(out) < n:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = sock.recv(n - len(out))
            except socket.timeout:
                return None
            if not chunk:
                return None
            out += chunk
        return out
    head = take(1)
    if head is None: return None
    raw, length, shift = b"", 0, 0
    for _ in range(4):
        b = take(1)
        if b is None: return None
        raw += b
        length |= (b[0] & 0x7F) << shift
        shift += 7
        if b[0] & 0x80 == 0: break
    body = take(length) if length else b""
    return None if body is None else head + raw + body

def session(port, sends, steps):
    """steps: (packets to send, packets to read) in order; returns the packets read."""
    got = []
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        i = 0
        for n_send, n_read in steps:
            for p in sends[i:i + n_send]: sock.sendall(p)
            i += n_send
            deadline = time.monotonic() + 5
            for _ in range(n_read):
                p = read_packet(sock, deadline)
                if p is None: return got
                got.append(p)
    return got

if shutil.which("mosquitto") is None and os.path.exists("/usr/sbin/mosquitto") is False:
    subprocess.run(["apt-get", "install", "-y", "mosquitto"], stdout=subprocess.DEVNULL)
broker = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
if not check(os.path.exists(broker), f"mosquitto found ({broker})"):
    sys.exit(checks.finish())

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
work = tempfile.mkdtemp(prefix="gaugenet-mqtt-")
conf = os.path.join(work, "mosquitto.conf")
with open(conf, "w") as f:
    f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
log = open(os.path.join(work, "mosquitto.log"), "w")
proc = subprocess.Popen([broker, "-c", conf], stdout=log, stderr=subprocess.STDOUT)
try:
    deadline = time.monotonic() + 10
    up = False
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            up = True
            break
        except OSError:
            time.sleep(0.1)
    if check(up, f"mosquitto listening on 127.0.0.1:{port}"):
        version = subprocess.run([broker, "-h"], capture_output=True, text=True).stdout.splitlines()[:1]
        print("   " + (version[0] if version else "mosquitto"))
        for name, steps in (("publisher", [(1, 1), (2, 1), (1, 0)]), ("subscriber", [(1, 1), (1, 3), (2, 1), (1, 0)])):
            sends = read_hex(f"client-{name}.hex")
            got = session(port, sends, steps)
            answer = f"broker-to-{name}.hex"
            if record:
                with open(os.path.join(folder, answer), "w") as f:
                    f.write("".join(p.hex() + "\n" for p in got))
                check(len(got) == sum(r for _, r in steps), f"{name}: recorded {len(got)} packets into {answer}")
            else:
                expected = read_hex(answer)
                check(got == expected, f"{name}: mosquitto's {len(got)} packets equal {answer}"
                      + ("" if got == expected else f" (got {[p.hex() for p in got]})"))
finally:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()
    shutil.rmtree(work, ignore_errors=True)
sys.exit(checks.finish())
