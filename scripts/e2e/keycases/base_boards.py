"""The boards the cases start from (every widget type; one value shown large) and the
helpers that find a widget or a channel in one."""

# ───────────────────────────── boards ─────────────────────────────
def display():
    return {"width": 320, "height": 240, "format": "xrgb8888", "output": "offscreen"}


def step(name, value, **kw):
    return {"name": name, "waveform": "step", "values": [value], **kw}


def widgets_board():
    """Every widget type at 320×240, fed constant simulated values."""
    return {
        "display": display(),
        "fonts": {"family": "builtin"},
        "theme": {"active": "day"},
        "sensor": [{"kind": "simulated", "channel": [
            step("a", 60), step("c", 25), step("r", 3.5), step("k", 12345.678), step("p", 0.4)]}],
        "page": [{"name": "main", "widget": [
            {"id": "d", "type": "dial", "channel": "a", "frame": [0, 0, 120, 120], "range": [0, 100], "title": "RPM",
             "tint": [{"at": 0.0, "color": "#30C060"}, {"at": 1.0, "color": "#E04030"}],
             "ticks": {"major": 5, "minor": 1, "divisor": 1}, "zones": [{"from": 80, "to": 100, "color": "#C03028"}],
             "hold": 70, "label_size": 10, "value_size": 16},
            {"id": "g", "type": "ring", "channel": "a", "frame": [124, 0, 76, 76], "range": [0, 100]},
            {"id": "b", "type": "bar", "channel": "a", "frame": [204, 0, 116, 56], "range": [0, 100],
             "tint": [{"up_to": 50, "color": "#30C060"}, {"up_to": 100, "color": "#E04030"}]},
            {"id": "l", "type": "level", "channel": "a", "frame": [204, 60, 116, 20], "range": [0, 100],
             "segments": 10, "gap": 2},
            {"id": "o", "type": "readout", "channel": "k", "frame": [124, 80, 196, 40], "format": {"decimals": 0},
             "value_size": 20},
            {"id": "t", "type": "label", "text": "HELLO", "frame": [0, 124, 120, 24], "label_size": 12},
            {"id": "s", "type": "rating", "channel": "r", "frame": [0, 150, 120, 24]},
            {"id": "v", "type": "relevance", "channel": "p", "frame": [0, 178, 120, 16]},
            {"id": "p", "type": "progress", "channel": "p", "frame": [124, 124, 80, 80]},
        ]}],
    }


def night_board():
    b = widgets_board(); b["theme"]["active"] = "night"; return b


def value_board(sensor, decimals=1, dial=True):
    """One channel `a` shown by a readout (and a dial 0…100)."""
    widgets = [{"id": "o", "type": "readout", "channel": "a", "frame": [0, 0, 320, 100],
                "format": {"decimals": decimals}, "value_size": 48}]
    if dial:
        widgets.append({"id": "d", "type": "dial", "channel": "a", "frame": [80, 100, 140, 140], "range": [0, 100]})
    return {"display": display(), "fonts": {"family": "builtin"}, "sensor": [sensor],
            "page": [{"name": "main", "widget": widgets}]}


def W(board, wid):
    return next(w for p in board["page"] for w in p["widget"] if w["id"] == wid)


def CH(board, name):
    return next(c for s in board["sensor"] for c in s["channel"] if c["name"] == name)


def computed_board(b):
    """base_mutate: a computed channel x = a * 2 on widgets_board, shown by a readout."""
    b["sensor"].append({"kind": "computed", "channel": [{"name": "x", "expression": "a * 2"}]})
    b["page"][0]["widget"].append({"id": "x", "type": "readout", "channel": "x", "frame": [210, 130, 110, 40],
                                   "value_size": 24})
