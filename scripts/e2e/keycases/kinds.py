"""The generic case kinds of the table: diff (a changed key changes the run's picture, and
it equals render), set_ (the change), vm / also_vm (checks made by the kernel harness,
scripts/vm/run.py and its parts in scripts/vm/vmhost/)."""
import copy

from . import read_vm_text
from .base_boards import CH, W, widgets_board
from .harness import base_snapshot, run_and_settle, same, toml

# ───────────────────────────── case kinds ─────────────────────────────
def diff(mutate, base=widgets_board, base_mutate=None):
    """The board with the key changed (mutate; base_mutate: both) draws something else
    than the board without, and exactly what `gaugepanel render` draws for its file."""
    def case(key):
        b = base()
        if base_mutate:
            base_mutate(b)
        v = copy.deepcopy(b)
        mutate(v)
        if toml(v) == toml(b):
            return [(False, "the case changes nothing (a bug in its case, scripts/e2e/keycases/)")]
        bs, bok, bhow = base_snapshot(key.split(".")[0], b)
        vs, vok, vhow = run_and_settle(key, v, expect="render")
        out = []
        if bs is None or vs is None:
            return [(False, f"no snapshot: base {bhow}; changed {vhow}")]
        identical, how = same(bs, vs)
        out.append((not identical, "changing it changes the run's picture" + ("" if not identical else f" (NOT: {how})")))
        out.append((vok, "the run's picture equals `gaugepanel render` of the changed board" + ("" if vok else f" ({vhow})")))
        return out
    case.kind = "diff"
    return case


def set_(path, value):
    """mutate: set a value at ('widget id' or section, key, …)."""
    def m(b):
        obj = b
        *head, last = path
        for p in head:
            if isinstance(p, tuple):                          # ("w", id) / ("ch", name)
                obj = W(b, p[1]) if p[0] == "w" else CH(b, p[1])
            else:
                obj = obj.setdefault(p, {})
        if value is DELETE:
            obj.pop(last, None)
        else:
            obj[last] = value(obj.get(last)) if callable(value) else value
    return m


DELETE = object()


def vm(text):
    return ("vm", text)


def also_vm(case, text):
    """A run-time case here plus a kernel-harness check (as vm(text), verified to occur in
    scripts/vm/run.py or scripts/vm/vmhost/): for keys whose host test cannot show
    everything (keys pressed need evdev devices)."""
    def both(key):
        vm_text = read_vm_text()
        found = text in vm_text
        return case(key) + [(found, f'checked in the kernel harness: "{text}"' + ("" if found else " — NOT found in scripts/vm/run.py or scripts/vm/vmhost/"))]
    both.kind = getattr(case, "kind", "")
    return both
