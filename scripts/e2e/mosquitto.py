"""A mosquitto broker for the end-to-end tests: started on 127.0.0.1 on a free port with
its own config file (anonymous, or a password file made by mosquitto_passwd), every
packet logged, stopped (and restarted on the same port) by the test; mosquitto_pub to
publish (on the plain port). Optionally a TLS listener too, with a CA and a certificate for
localhost/127.0.0.1 made by `openssl` in the test's folder (`make_certificates`). Every
start, publish and openssl run is bounded in time, and each broker is killed at exit."""
import atexit, os, pwd, shutil, signal, socket, subprocess, time

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
_brokers = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def _openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, timeout=30, capture_output=True)


def make_certificates(d):
    """In `d`: ca.crt (a CA), server.crt/server.key (signed by it, for localhost and
    127.0.0.1) and other-ca.crt (a CA that signed nothing here). Returns their paths."""
    os.makedirs(d, exist_ok=True)
    for name in ("ca", "other-ca"):
        _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN=gaugepanel e2e {name}",
                 "-keyout", f"{name}.key", "-out", f"{name}.crt", cwd=d)
    with open(os.path.join(d, "san.ext"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr", cwd=d)
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
             "-extfile", "san.ext", "-out", "server.crt", cwd=d)
    return {k: os.path.join(d, v) for k, v in
            (("ca", "ca.crt"), ("other_ca", "other-ca.crt"), ("cert", "server.crt"), ("key", "server.key"))}


class Broker:
    """mosquitto in `d` (config, log, persistence). users: {name: password} → a password
    file and no anonymous clients. tls: make_certificates' paths → a TLS listener on
    `tls_port` (127.0.0.1) beside the plain one."""

    def __init__(self, d, users=None, port=None, tls=None):
        self.dir, self.port = d, port or free_port()
        self.tls_port = free_port() if tls else None
        os.makedirs(d, exist_ok=True)
        self.conf = os.path.join(d, "mosquitto.conf")
        self.log = os.path.join(d, "mosquitto.log")
        lines = [f"listener {self.port} 127.0.0.1", "persistence true", f"persistence_location {d}/",
                 "autosave_interval 1",
                 # as root it would switch to the user mosquitto, who cannot write here
                 f"user {pwd.getpwuid(os.getuid()).pw_name}", f"log_dest file {self.log}", "log_type all", "connection_messages true"]
        self.users = users or {}
        if self.users:
            pw = os.path.join(d, "passwords")
            open(pw, "w").close()
            for u, p in self.users.items():
                subprocess.run(["mosquitto_passwd", "-b", pw, u, p], check=True, timeout=10, capture_output=True)
            os.chmod(pw, 0o600)
            lines += [f"password_file {pw}", "allow_anonymous false"]
        else:
            lines += ["allow_anonymous true"]
        if tls:   # per-listener settings: they follow their listener line
            lines += [f"listener {self.tls_port} 127.0.0.1", f"cafile {tls['ca']}", f"certfile {tls['cert']}", f"keyfile {tls['key']}"]
        with open(self.conf, "w") as f:
            f.write("\n".join(lines) + "\n")
        self.proc = None
        self.start()
        _brokers.append(self)

    def start(self, timeout=10):
        self.proc = subprocess.Popen([MOSQUITTO, "-c", self.conf], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if listening(self.port) and (self.tls_port is None or listening(self.tls_port)):
                return time.monotonic()
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited {self.proc.returncode}: {self.proc.stderr.read().decode()[-300:]}")
            time.sleep(0.02)
        raise RuntimeError(f"mosquitto did not listen on 127.0.0.1:{self.port} within {timeout} s")

    def stop(self):
        """SIGTERM (it saves retained messages to its persistence file first)."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill(); self.proc.wait()

    def text(self):
        try:
            return open(self.log, errors="replace").read()
        except FileNotFoundError:
            return ""

    def pub(self, topic, message, retain=False, qos=0, user=None, password=None):
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "-m", message, "-q", str(qos)]
        if retain:
            args.append("-r")
        user = user or next(iter(self.users), None)
        if user:
            args += ["-u", user, "-P", password or self.users[user]]
        r = subprocess.run(args, timeout=10, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"mosquitto_pub {topic}: {r.stderr.strip()}")

    def pub_large(self, topic, payload, retain=False, qos=0):
        """One message whose payload (bytes) is read from mosquitto_pub's stdin (-s): no
        limit on its size from the command line."""
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "-s", "-q", str(qos)]
        if retain:
            args.append("-r")
        user = next(iter(self.users), None)
        if user:
            args += ["-u", user, "-P", self.users[user]]
        r = subprocess.run(args, input=payload, timeout=20, capture_output=True)
        if r.returncode != 0:
            raise RuntimeError(f"mosquitto_pub -s {topic}: {r.stderr.decode(errors='replace').strip()}")

    def publisher(self, topic):
        """mosquitto_pub -l: each line written to its stdin is one message on `topic`."""
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "-l"]
        user = next(iter(self.users), None)
        if user:
            args += ["-u", user, "-P", self.users[user]]
        return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@atexit.register
def _stop_all():
    for b in _brokers:
        if b.proc and b.proc.poll() is None:
            b.proc.kill()
