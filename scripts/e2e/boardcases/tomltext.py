"""TOML text rewriting of the board copies: serial devices, sysfs roots, simulated
sensors turned serial, extra channel keys; and a page moved first. The example files use
one header per line and no multi-line arrays, so sections are found by their header lines."""
import os, re

HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")

def sections(text):
    """[(header name or None for the preamble, [lines])], comments kept in place."""
    out = [(None, [])]
    for line in text.splitlines():
        m = HEADER.match(line)
        if m: out.append((m.group(1), [line]))
        else: out[-1][1].append(line)
    return out

def join(secs):
    return "\n".join(l for _, lines in secs for l in lines) + "\n"

def key_of(line):
    m = re.match(r"^\s*([A-Za-z0-9_\-]+)\s*=", line)
    return m.group(1) if m else None

def value_of(lines, key):
    for l in lines:
        if key_of(l) == key:
            v = l.split("=", 1)[1].split("#", 1)[0].strip()
            return v.strip('"')
    return None

def sensor_groups(secs):
    """Indices: [(sensor section index, [its channel section indices])]."""
    groups = []
    for i, (name, _) in enumerate(secs):
        if name == "sensor": groups.append((i, []))
        elif name == "sensor.channel" and groups: groups[-1][1].append(i)
    return groups

WAVEFORM_KEYS = {"waveform", "centre", "amplitude", "period", "from", "to", "interval", "seed", "values", "hold"}

def rewrite_sensors(text, devices=None, sysfs_root=None, simulated_to=None, channel_extra=None, can_replay=None,
                    listens=None, brokers=None):
    """devices: {original device (or "*": any): new path} for serial sensors; listens:
    {original address: new address} for udp sensors; brokers: the same for mqtt sensors; sysfs_root:
    root of every sysfs sensor; simulated_to: (comment, [sensor key lines]) that replace
    each simulated sensor's kind (its channels lose their waveform keys); channel_extra:
    {channel: [lines]} appended to that channel."""
    secs = sections(text)
    for si, chans in sensor_groups(secs):
        name, lines = secs[si]
        kind = value_of(lines, "kind")
        if kind == "serial" and devices:
            dev = value_of(lines, "device")
            new = devices.get(dev, devices.get("*"))
            if new:
                lines[:] = [f'device = "{new}"  # e2e: was "{dev}"' if key_of(l) == "device" else l
                            for l in lines]
        elif kind == "udp" and listens:
            old = value_of(lines, "listen")
            if old in listens:
                lines[:] = [f'listen = "{listens[old]}"  # e2e: was "{old}"' if key_of(l) == "listen" else l
                            for l in lines]
        elif kind == "mqtt" and brokers:
            old = value_of(lines, "broker")
            if old in brokers:
                lines[:] = [f'broker = "{brokers[old]}"  # e2e: was "{old}"' if key_of(l) == "broker" else l
                            for l in lines]
        elif kind == "sysfs" and sysfs_root:
            lines[:] = [l for l in lines if key_of(l) != "root"]
            at = next(i for i, l in enumerate(lines) if key_of(l) == "kind") + 1
            lines.insert(at, f'root = "{sysfs_root}"  # e2e: a fake sysfs tree')
        elif kind == "can" and can_replay:
            # A CAN bus recorded as `candump -l` and played back with the same protocol and
            # DBC (docs/configuration.md): the host has no SocketCAN; the kernel harness
            # runs the real interface.
            log, source_dir = can_replay
            out = []
            for l in lines:
                k = key_of(l)
                if k == "kind":
                    out += ['kind = "replay"  # e2e: was "can", the bus recorded by candump -l',
                            'format = "candump"', f'file = "{log}"', "loop = true"]
                elif k in ("interface", "poll_hz"):
                    continue
                elif k == "dbc":
                    out.append(f'dbc = "{os.path.normpath(os.path.join(source_dir, value_of([l], "dbc")))}"')
                else:
                    out.append(l)
            lines[:] = out
        elif kind == "simulated" and simulated_to:
            comment, keys = simulated_to
            at = next(i for i, l in enumerate(lines) if key_of(l) == "kind")
            lines[at:at + 1] = [f"# e2e: {comment}"] + keys
            for ci in chans:
                secs[ci] = (secs[ci][0], [l for l in secs[ci][1] if key_of(l) not in WAVEFORM_KEYS])
    if channel_extra:
        for _, chans in sensor_groups(secs):
            for ci in chans:
                ch = value_of(secs[ci][1], "name")
                if ch in channel_extra:
                    lines = secs[ci][1]
                    while lines and not lines[-1].strip(): lines.pop()   # before the blank line
                    lines.extend(channel_extra[ch] + [""])
    return join(secs)

def page_count(text):
    return sum(1 for n, _ in sections(text) if n == "page")

def with_page_first(text, k):
    """The same board with page k moved to the front (the panel starts on page 0)."""
    secs = sections(text)
    first = next(i for i, (n, _) in enumerate(secs) if n == "page")
    pages = []
    for s in secs[first:]:
        if s[0] == "page": pages.append([])
        pages[-1].append(s)
    pages = [pages[k]] + pages[:k] + pages[k + 1:]
    return join(secs[:first] + [s for p in pages for s in p])

def page_name(text, k):
    secs = [s for s in sections(text) if s[0] == "page"]
    return value_of(secs[k][1], "name")

def charts_as_labels(text):
    """Each chart, and each widget showing a counter, becomes a label of the same id and
    frame: they show the history of the run so far — readings over time, the distance
    covered — which `render --set` cannot know (scripts/e2e/charts.py compares charts with
    `render --time` of a recording; scripts/e2e/counters.py and the key cases check counters)."""
    secs = sections(text)
    counters = {value_of(lines, "name") for name, lines in secs if name == "counter"}
    for i, (name, lines) in enumerate(secs):
        if name == "page.widget" and (value_of(lines, "type") == "chart" or value_of(lines, "channel") in counters):
            keep = [l for l in lines[1:] if key_of(l) in ("id", "frame")]
            secs[i] = (name, [lines[0]] + keep + ['  type = "label"  # e2e: was a chart', '  text = "chart"'])
    return join(secs)

def local_state(text, folder):
    """The service's state folder (/var/lib/gaugepanel: counters, chart histories) moved
    into `folder`, where the test may write."""
    return text.replace('"/var/lib/gaugepanel/', f'"{folder}/')
