"""The parts of scripts/e2e/keys.py (the entry point, which runs them), a module per concept:
doc (the keys documented in docs/configuration.md), harness (running gaugepanel on
scripts/lib/panel.py: Panel, Line, render, same), base_boards (the boards the cases start
from), kinds (the generic case kinds: diff, set_, vm, also_vm), cases_* (the custom cases,
by what they test) and table (CASES: key path → its case). Here: the paths they share."""
import glob, os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
DOC = os.path.join(ROOT, "docs", "configuration.md")
VM_RUN = os.path.join(ROOT, "scripts", "vm", "run.py")
VM_GPIO = os.path.join(ROOT, "scripts", "vm", "gpio.py")   # the 'gpio' test's host side ([[output]])
VM_SOUND = os.path.join(ROOT, "scripts", "vm", "sound.py")   # the 'sound' test's host side ([alarms] sound)
VM_HOST = os.path.join(ROOT, "scripts", "vm", "vmhost")   # run.py's parts, where most of its checks are


def read_vm_text():
    """The kernel harness's source, where the vm cases' messages must occur: scripts/vm/run.py,
    gpio.py, sound.py and every module of scripts/vm/vmhost/ ("" for a file that is not there)."""
    files = [VM_RUN, VM_GPIO, VM_SOUND] + sorted(glob.glob(os.path.join(VM_HOST, "*.py")))
    return "\n".join(open(f, encoding="utf-8").read() for f in files if os.path.exists(f))
