"""run.py's command line (vm-test.sh's run()), and the state a run keeps on the parsed
options: the extra head, the boat's bursts, the touch runs' results, the wait timings."""
import argparse


def parse_args():
    """The options, with the run's state set up on them (main adds the rest)."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--name', required=True)
    ap.add_argument('--qemu', required=True, help='display arguments, space separated')
    ap.add_argument('--mods', required=True)
    ap.add_argument('--tests', default='devices,drm,fbdev')
    ap.add_argument('--format', default='xrgb8888')
    ap.add_argument('--fb-format', default='xrgb8888', help='what the fbdev device is expected to be')
    ap.add_argument('--driver', default='', help='expected DRM driver name')
    ap.add_argument('--frames', type=int, default=3)
    ap.add_argument('--show-flags', default='', help='one extra flag for gaugepanel show in the guest')
    ap.add_argument('--kernel', required=True); ap.add_argument('--initrd', required=True)
    ap.add_argument('--gp', required=True, help='host gaugepanel')
    ap.add_argument('--out', required=True)
    ap.add_argument('--timeout', type=float, default=200)
    ap.add_argument('--board', help="host path of the board file the 'panel' test runs (/etc/gaugepanel/board.toml)")
    ap.add_argument('--stale-board', help='the same with stale_after on its channels (/etc/gaugepanel/stale.toml)')
    ap.add_argument('--connector-board', help="the 'connector' test's board, naming the extra head's connector (/etc/gaugepanel/connector.toml)")
    ap.add_argument('--wait-board', help="the 'wait' test's board: boards/qemu.toml with [display] wait = 60 (/etc/gaugepanel/wait.toml)")
    ap.add_argument('--fbconv-board', help="the 'fbconv' test's board: boards/qemu.toml with output = \"fbdev\" (/etc/gaugepanel/fbconv.toml)")
    ap.add_argument('--boat-board', help="the 'boat' test's board: dashboards/boat.toml on ttyS1 (/etc/gaugepanel/boat.toml)")
    ap.add_argument('--touch-dir', help="the 'touch' test's boards: scripts/vm/touch.toml as touch.toml and vm-test.sh's copies "
                                        "touchname, noswipe, notouch, badmode, invx, swap, swapinvy, range, rot, rotinvy (/etc/gaugepanel/touch/)")
    ap.add_argument('--can-board', help="the 'can' test's board: boards/qemu.toml with a CAN sensor on can0 decoding "
                                        "qemu-car.dbc next to it (/etc/gaugepanel/can/canpanel.toml)")
    ap.add_argument('--extra-head', help='CONNECTOR=DEVICE,HEAD[,WxH]: a second head to turn on (default size 1024x768), '
                                         "screendumped for frames and shots on CONNECTOR (the 'connector' test)")
    a = ap.parse_args()
    a.heads, a.connector, a.head_size = {}, None, (1024, 768)
    if a.extra_head:
        a.connector, rest = a.extra_head.split('=', 1)
        dev, head, *size = rest.split(',')
        a.heads[a.connector] = (dev, int(head))
        if size: a.head_size = tuple(int(x) for x in size[0].split('x'))
    a.boat_sent = None
    a.touch_seen = {}   # the 'touch' run's positive results, which its negative copies lean on
    a.waited = {}       # test 'wait': /init's @@WAITED timings by run, @@WAITGONE
    return a
