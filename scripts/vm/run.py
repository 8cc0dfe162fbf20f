#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh: boots one QEMU machine, answers each '@@FRAME n'
from `gaugepanel show --step` (and each '@@SHOT name' from /init) with a QMP screendump,
and checks every frame's screendump against the host's offscreen render of the same
frame (`gaugepanel show --display offscreen` and, for frame 0, `gaugepanel testcard`),
and every shot against the text console's ('@@SHOT console'), with `gaugepanel compare`.
For '@@PANEL run' (`gaugepanel run` in the guest, tests panel, panel-board, connector,
boat, fbconv, can, canobd and can2k) it drives the panel: line-protocol readings or NMEA 0183 sentences into the guest's
/dev/ttyS1 (a chardev socket), keys and a mouse wheel by QMP input-send-event, and
screendumps until they equal `gaugepanel render` of the board with the same values and page
(the VM's timing is loose).
For test 'kill9' the guest kills a running panel with SIGKILL and runs it again; after its
SIGTERM the host checks text mode, the keyboard mode, and that keys it presses ('@@KEYS')
reach tty1 as typed text ('@@TYPED').
--extra-head CONNECTOR=DEVICE,HEAD turns a second head of a multi-head device (virtio-gpu
max_outputs=2) on, as plugging in a monitor would: QEMU enables a head only when a UI
asks for a size on it, so a VNC server is put on that head and a minimal RFB client sends
it SetDesktopSize before the guest's driver loads; the guest then sees CONNECTOR connected
and screendumps of its frames and shots are taken from that head (QMP device, head).
For test 'touch' (--touch-dir: scripts/vm/touch.toml and vm-test.sh's copies of it) the
guest's /bin/inject (scripts/vm/inject.c) has made a uinput touchscreen and keyboard; the
host sends it 'inject swipe …' and 'inject key …' over the console while a run is driven,
and checks [display] mode (the run in 800x600, a mode bochs does not prefer; a mode it
lacks is one line, exit 2) and [input] touch, swipe and keys by screendumps against
`gaugepanel render --page N --theme night` (each such line starts with the key's name), and
the touch calibration keys (touch_invert_x, touch_swap_xy, touch_invert_y, touch_range) on
copies of the board by the page a swipe turns to (its three pages: previous differs from next).
For test 'wait' /init unloads the display driver and checks that runs without a wait fail at
once (boards/qemu.toml; --wait-board, a copy with wait = 60, given --wait-for-display 0);
then it starts boards/qemu.toml as systemd starts the unit — user gaugepanel, tty1 its
controlling terminal, NOTIFY_SOCKET (scripts/vm/notify.c), udev's group changes up to a second
late — and loads the driver 20 s later; the host checks the run said once that it waits
(in its log and in STATUS=), became READY=1, ran as gaugepanel with the console in graphics
mode, and shows the values.
For test 'cansmoke' it checks what /init said of the two kvaser_pci CAN controllers (the driver,
links up by scripts/vm/canctl.c) and that the frames sent on can1 were received on can0 as sent;
for test 'can' it is the car: the values of boards/qemu.toml's channels encoded as
scripts/vm/qemu-car.dbc's frames (vmhost/canbus.py), sent on can1 by /init at 10 Hz, can0 taken
down and up, a flood of frames the DBC does not describe, and screendumps against `gaugepanel render`;
for 'canobd' it starts an OBD-II ECU on can1 (/init's `canctl ecu`) answering the PIDs of the
copy's channels with values (vmhost/canbus.py's PID formulas) and checks the screen and that a
refused and an unanswered PID are each logged once, then again with the copy whose
obd_ids = 29 and the ECU on 29-bit ids (`canctl ecu --29`); for 'can2k' it sends dashboards/boat.toml's
values as NMEA 2000 frames on can1 (vmhost/canbus.py) and checks the screen against its render.
Prints one 'ok: NAME: …' or 'FAIL: NAME: …' line per check (scripts/lib/checks.py's convention)."""
import os, sys
sys.dont_write_bytecode = True   # no __pycache__ in scripts/vm from importing vmhost/ (the parts, below)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
# the parts, a module per concept (scripts/vm/vmhost/__init__.py lists them); their names
# stay importable from here: scripts/vm/arm.py takes QMP, dump, compare, render, key and
# screen_becomes from run
from vmhost.main import main
from vmhost.nmea import nmea, nmea_burst
from vmhost.panel import (SWIPE_LEFT, SWIPE_RIGHT, SWIPE_UP, SWIPE_UP_WHAT, SWIPE_WHAT, TOUCH_RUNS,
                          drive_panel, preferred_mode)
from vmhost.qemu import QMP, dump, key, vnc_ask_size
from vmhost.screens import compare, crop_ppm, read_ppm, render, screen_becomes

__all__ = ['QMP', 'SWIPE_LEFT', 'SWIPE_RIGHT', 'SWIPE_UP', 'SWIPE_UP_WHAT', 'SWIPE_WHAT', 'TOUCH_RUNS',
           'compare', 'crop_ppm', 'drive_panel', 'dump', 'key', 'main', 'nmea', 'nmea_burst',
           'preferred_mode', 'read_ppm', 'render', 'screen_becomes', 'vnc_ask_size']

if __name__ == '__main__':
    main()
