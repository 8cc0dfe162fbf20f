"""QEMU on the host: its console read as lines, the QMP client, screendumps of a head, keys
by input-send-event, and a minimal RFB client that asks QEMU's VNC server for a head's size."""
import json, os, select, socket, struct, time

class ConsoleLines:
    """QEMU's console (its stdout), line by line, for both harnesses (x86 and ARM): each line
    decoded (a CR dropped) and written to `log` with its time since `t0`. Iteration ends at
    end of file, when QEMU exits, or `timeout` seconds after `t0` — then `timed_out` is set."""
    def __init__(self, p, log, t0, timeout):
        self.p, self.log, self.t0, self.timeout = p, log, t0, timeout
        self.timed_out = False
    def __iter__(self):
        buf = b''
        while True:
            if time.time() - self.t0 >= self.timeout: self.timed_out = True; return
            r, _, _ = select.select([self.p.stdout], [], [], 1.0)
            if not r:
                if self.p.poll() is not None: return
                continue
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk: return
            buf += chunk
            while b'\n' in buf:
                raw, buf = buf.split(b'\n', 1)
                s = raw.decode('utf-8', 'replace').rstrip('\r')
                self.log.write(f'{time.time() - self.t0:8.3f} {s}\n'); self.log.flush()
                yield s
            if self.p.poll() is not None: return

class QMP:
    def __init__(self, path):
        for _ in range(200):
            try:
                self.s = socket.socket(socket.AF_UNIX); self.s.connect(path); break
            except OSError:
                time.sleep(0.05)
        self.f = self.s.makefile('rw'); self.f.readline(); self.cmd('qmp_capabilities')
    def cmd(self, name, **args):
        self.f.write(json.dumps({'execute': name, 'arguments': args} if args else {'execute': name}) + '\n'); self.f.flush()
        while True:
            r = json.loads(self.f.readline())
            if 'return' in r or 'error' in r: return r

def dump(a, q, f, connector=None):
    """QMP screendump of the first head, or of the head CONNECTOR is on (--extra-head)."""
    where = {'device': a.heads[connector][0], 'head': a.heads[connector][1]} if connector in a.heads else {}
    r = q.cmd('screendump', filename=f, **where)
    if 'error' in r: print(f'# {a.name} screendump {where}: {r["error"]}', flush=True)

def vnc_ask_size(path, width, height):
    """A minimal RFB 3.8 client (security None) on QEMU's VNC server for one head: asks
    for a desktop size (SetDesktopSize, one screen), which QEMU passes on as the head's UI
    info; virtio-gpu enables the head and tells the guest. Returns the open socket (kept
    open for the run) and the server's first size and name."""
    s = socket.socket(socket.AF_UNIX)
    for _ in range(200):
        try: s.connect(path); break
        except OSError: time.sleep(0.05)
    s.settimeout(10)
    def recv(n):
        b = b''
        while len(b) < n:
            c = s.recv(n - len(b))
            if not c: raise OSError(f'VNC {path}: closed during the handshake')
            b += c
        return b
    if not recv(12).startswith(b'RFB '): raise OSError(f'VNC {path}: not an RFB server')
    s.sendall(b'RFB 003.008\n')
    types = recv(recv(1)[0])
    if 1 not in types: raise OSError(f'VNC {path}: no security type None ({list(types)})')
    s.sendall(b'\x01')
    if struct.unpack('>I', recv(4))[0] != 0: raise OSError(f'VNC {path}: security handshake failed')
    s.sendall(b'\x01')   # ClientInit: shared
    w, h = struct.unpack('>HH', recv(4)); recv(16); name = recv(struct.unpack('>I', recv(4))[0])
    s.sendall(struct.pack('>BxHi', 2, 1, -308))   # SetEncodings: ExtendedDesktopSize
    s.sendall(struct.pack('>BxHHBx', 251, width, height, 1) + struct.pack('>IHHHHI', 0, 0, 0, width, height, 0))
    return s, (w, h, name.decode('utf-8', 'replace'))

def key(q, qcode):
    for down in (True, False):
        q.cmd('input-send-event', events=[{'type': 'key', 'data': {'down': down, 'key': {'type': 'qcode', 'data': qcode}}}])
