"""CASES: every documented key path → how its effect is checked through the real
`gaugepanel run` (a case function: key → [(ok, message)]), or vm(...) for a check the
kernel harness makes."""
from .base_boards import night_board, step, value_board
from .cases_display import (case_device, case_keys, case_output, case_refresh, case_snapshot_interval,
                            case_snapshot_path, case_wait)
from .cases_serial import (case_baud, case_device_serial, case_median, case_name, case_protocol, case_smoothing,
                           case_source, case_stale)
from .cases_mqtt import (case_broker, case_ca_file, case_tls, case_client_id, case_json, case_state_words, case_keepalive, case_password_file, case_qos,
                         case_topic, case_username)
from .cases_network import case_listen, case_server
from .cases_signalk import case_notifications, case_signalk_source, case_token_file
from .cases_ecu import case_ini, case_ini_settings
from .cases_sources import case_can_protocol, case_candump, case_file, case_kind, case_loop, case_speed, case_sysfs, fake_sysfs, sysfs_board
from .cases_waves import period_at, wave
from .cases_widgets import alarm_case, case_id, case_page_name
from .cases_alarms import case_alarm_delay, case_escalate_after, case_hysteresis
from . import cases_backlight as backlight
from . import cases_counters as counters
from . import cases_sound
from .cases_failover import case_sources
from . import cases_log as logcases
from .base_boards import computed_board
from .cases_triggers import case_acknowledge, case_cooldown, case_for, case_theme, page_case
from .cases_lamp import blink_case, case_alarm_level, lamp_board
from .cases_chart import case_also, case_history_file, case_window
from .cases_statistics import case_of, case_over, case_statistic
from .cases_sun import case_latitude, case_longitude, case_sun
from . import cases_controls as controls
from .kinds import DELETE, also_vm, diff, set_, vm

def together(*cases):
    """One key's checks from several case functions (a key that means something for
    several sensor kinds)."""
    def case(key):
        return [r for c in cases for r in c(key)]
    return case


# ───────────────────────────── 2. the table ─────────────────────────────
COLOUR = "#12AB34"   # a colour no default uses
THEME_KEYS = ["background", "track", "tick", "label", "value", "needle", "hub", "hold"]

CASES = {
    "display.width": diff(set_(["display", "width"], 336)),
    "display.height": diff(set_(["display", "height"], 256)),
    "display.format": diff(set_(["display", "format"], "rgb565")),
    "display.rotation": diff(set_(["display", "rotation"], 90)),
    "display.output": case_output,
    "display.device": case_device,
    "display.refresh": case_refresh,
    # a missing fbdev device waited for wait = 1.5 s (once said), at once without it; in the
    # kernel harness a board with wait = 60 started before bochs is loaded shows its values
    "display.wait": also_vm(case_wait, "display.wait: run --wait-for-display 0 overrides the board\\'s wait = 60"),
    # a board whose connector names virtio-gpu's second head shows its values on that head
    "display.connector": vm('board with connector = "{c}": "{desc}" on ttyS1, on {c}'),
    # scripts/vm/touch.toml (800x600) with mode = "800x600" on bochs, which prefers 1280x800:
    # the screendump is 800x600 and equals render of the board
    "display.mode": vm('display.mode: run (touch) board with mode = "800x600" (Virtual-1 prefers {pref}): "{desc}" on ttyS1'),
    "fonts.family": diff(set_(["fonts", "family"], "DejaVu Sans")),
    "fonts.weight": diff(set_(["fonts", "weight"], "bold"), base_mutate=set_(["fonts", "family"], "DejaVu Sans")),
    "theme.active": diff(set_(["theme", "active"], "night")),
    **{f"theme.day.{k}": diff(set_(["theme", "day", k], COLOUR)) for k in THEME_KEYS},
    **{f"theme.night.{k}": diff(set_(["theme", "night", k], COLOUR), base=night_board) for k in THEME_KEYS},
    # KEY_F1 = "next_page" (no default binding) pressed on a uinput keyboard in the guest
    "input.keys": also_vm(case_keys, 'input.keys: run (touch) KEY_F1 = "next_page" (F1 has no default binding) pressed on the uinput keyboard'),
    "input.rotary": vm('mouse wheel (QMP) with rotary = "QEMU Virtio Mouse" turned the page'),
    # a uinput touchscreen in the guest (QEMU 7.2 has no multitouch device): its swipe turns
    # the page with touch = "auto" and swipe = true, and not with touch = "none" or swipe = false
    "input.touch": vm('input.touch: run (notouch) touch = "none": the swipe to the left on the uinput touchscreen that turned the page with touch = "auto"'),
    "input.swipe": vm('input.swipe: run (noswipe) swipe = false: the swipe to the left that turned the page with swipe = true'),
    # touch calibration on copies of scripts/vm/touch.toml (three pages: previous ≠ next), the
    # uinput touchscreen's raw range 0…4095: a mirrored x turns the swipe to the left backwards
    "input.touch_invert_x": vm('input.touch_invert_x: run (invx) touch_invert_x = true: the swipe to the left that turned to the next page without it'),
    "input.touch_range": vm('input.touch_range: run (range) touch_range = [4095, 0, 0, 4095] (raw x 4095 at the left edge, 0 at the right)'),
    # swapped: the raw horizontal swipe turns nothing (checked too), a raw vertical one the page
    "input.touch_swap_xy": vm('input.touch_swap_xy: run (swap) touch_swap_xy = true: a raw vertical swipe ({SWIPE_UP_WHAT}), which turned nothing'),
    # invert_y mirrors the device's y (before any swap, as the kernel): it reverses a raw
    # vertical swipe on a board turned by rotation = 90, where that y runs along the picture's x
    "input.touch_invert_y": vm('input.touch_invert_y: run (rotinvy) touch_invert_y = true on the board turned by rotation = 90: the raw vertical swipe'),
    "snapshot.path": case_snapshot_path,
    "snapshot.interval": case_snapshot_interval,
    "sensor.kind": case_kind,
    "sensor.name": controls.case_sensor_name,
    "control.topic": controls.case_control_topic,
    "page.widget.action": controls.case_action,
    **{k: controls.case_trigger_publish for k in ("trigger.publish", "trigger.publish.topic", "trigger.publish.payload",
                                                  "trigger.publish.mqtt")},
    "control.mqtt": controls.case_control_mqtt,
    "sensor.ini": case_ini,
    "sensor.ini_settings": case_ini_settings,
    "sensor.root": case_sysfs([
        ("root A (temp1 42000)", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000})), {"a": 42}),
        ("root B (temp1 77000)", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 77000})), {"a": 77})]),
    "sensor.device": case_device_serial,
    "sensor.baud": case_baud,
    # serial lines (line, nmea) and CAN sources (dbc, obd2, nmea2000: candump replays)
    "sensor.protocol": together(case_protocol, case_can_protocol),
    "sensor.server": case_server,
    "sensor.listen": case_listen,
    # kind = "signalk" against signalk.py's test server holding a notification
    "sensor.notifications": case_notifications,
    "sensor.token_file": case_token_file,
    "sensor.channel.signalk_source": case_signalk_source,
    "sensor.file": case_file,
    "sensor.format": case_candump,
    # kind = "can" on the kernel harness's kvaser_pci controllers (test 'can', 'canobd'):
    # frames sent on can1 by canctl become the screen render --set shows for their values
    "sensor.interface": vm("every 100 ms) read from can0: "),
    "sensor.dbc": vm(" as DBC frames on can1 ("),
    # canobd's board polls at poll_hz = 20: the ECU's answers become the screen
    "sensor.poll_hz": vm('polled by protocol = "obd2" on can0: screen as render'),
    # canobd's copy with obd_ids = 29: the ECU answers from 0x18DAF110 to requests on 0x18DB33F1
    "sensor.obd_ids": vm('obd_ids = 29: ECU on can1 answering 0x18DB33F1 from 0x18DAF110'),
    "sensor.speed": case_speed,
    # kind = "mqtt" against a real mosquitto on loopback (keycases/cases_mqtt.py)
    "sensor.broker": case_broker,
    "sensor.client_id": case_client_id,
    "sensor.keepalive": case_keepalive,
    "sensor.username": case_username,
    "sensor.password_file": case_password_file,
    "sensor.tls": case_tls,
    "sensor.ca_file": case_ca_file,
    "sensor.qos": case_qos,
    "sensor.channel.topic": case_topic,
    "sensor.channel.json": case_json,
    "sensor.channel.state_on": case_state_words,
    "sensor.channel.state_off": case_state_words,
    "sensor.loop": case_loop,
    "sensor.channel.name": case_name,
    "sensor.channel.unit": case_sysfs([
        ('unit = "C"', lambda d: sysfs_board(fake_sysfs(d, {"temp1": 40000}), unit="C"), {"a": 40}),
        ('unit = "F"', lambda d: sysfs_board(fake_sysfs(d, {"temp1": 40000}), unit="F"), {"a": 104})]),
    "sensor.channel.path": case_sysfs([
        ("hwmon/gp/temp1", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000, "temp2": 55000})), {"a": 42}),
        ("hwmon/gp/temp2", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000, "temp2": 55000}), path="hwmon/gp/temp2"),
         {"a": 55})]),
    "sensor.channel.source": case_source,
    "sensor.channel.stale_after": case_stale,
    "sensor.channel.smoothing": case_smoothing,
    "sensor.channel.median": case_median,
    "sensor.channel.scale": case_sysfs([
        ("no scale", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21)]}), {"a": 21}),
        ("scale = 2", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21, scale=2)]}), {"a": 42})]),
    "sensor.channel.offset": case_sysfs([
        ("no offset", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21)]}), {"a": 21}),
        ("offset = 5", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21, offset=5)]}), {"a": 26})]),
    "sensor.channel.waveform": wave({"waveform": "step", "values": [60]},
                                    {"waveform": "sine", "centre": 30, "amplitude": 0, "period": 10}),
    "sensor.channel.centre": wave({"waveform": "sine", "centre": 30, "amplitude": 0},
                                  {"waveform": "sine", "centre": 70, "amplitude": 0}),
    "sensor.channel.amplitude": wave(lambda: {"waveform": "sine", "centre": 50, "amplitude": 0, "period": period_at(0.25)},
                                     lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.25)}),
    "sensor.channel.period": wave(lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.25)},
                                  lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.75)}),
    "sensor.channel.from": wave(lambda: {"waveform": "ramp", "from": 0, "to": 100, "period": period_at(0.5)},
                                lambda: {"waveform": "ramp", "from": 40, "to": 100, "period": period_at(0.5)}),
    "sensor.channel.to": wave(lambda: {"waveform": "ramp", "from": 0, "to": 100, "period": period_at(0.5)},
                              lambda: {"waveform": "ramp", "from": 0, "to": 60, "period": period_at(0.5)}),
    "sensor.channel.interval": wave({"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 1},
                                    {"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 600, "seed": 1},
                                    decimals=3),
    "sensor.channel.seed": wave({"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 1},
                                {"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 2},
                                decimals=3),
    "sensor.channel.values": wave({"waveform": "step", "values": [60]}, {"waveform": "step", "values": [20]}),
    "sensor.channel.hold": wave(lambda: {"waveform": "step", "values": [20, 80], "hold": period_at(0.25) / 2},
                                lambda: {"waveform": "step", "values": [20, 80], "hold": period_at(0.75) / 2}),
    "sensor.channel.warning": alarm_case({"warning": 50}, "#E0C030"),
    "sensor.channel.critical": alarm_case({"critical": 50}, "#E04030", blink=True),
    "sensor.channel.alarm": alarm_case({"warning": 70, "alarm": "below"}, "#E0C030", control={"warning": 70}),
    "sensor.channel.hysteresis": case_hysteresis,
    "sensor.channel.alarm_delay": case_alarm_delay,
    "sensor.channel.escalate_after": case_escalate_after,
    # the banner names the alarm by the channel's message (render draws the banner as the run does)
    "sensor.channel.message": diff(set_([("ch", "a"), "message"], "Engine hot"), base_mutate=set_([("ch", "a"), "warning"], 50)),
    "sensor.channel.zone.lower": alarm_case({"zone": [{"lower": 50, "state": "warn"}]}, "#E0C030",
                                            control={"zone": [{"lower": 70, "state": "warn"}]}),
    "sensor.channel.zone.upper": alarm_case({"zone": [{"lower": 50, "upper": 70, "state": "warn"}]}, "#E0C030",
                                            control={"zone": [{"lower": 50, "upper": 55, "state": "warn"}]}),
    "sensor.channel.zone.state": alarm_case({"zone": [{"lower": 50, "state": "alert"}]}, "#3C9BE0",
                                            control={"zone": [{"lower": 50, "state": "normal"}]}),
    "sensor.channel.zone.message": diff(set_([("ch", "a"), "zone"], [{"lower": 50, "state": "warn", "message": "Too hot"}]),
                                        base_mutate=set_([("ch", "a"), "zone"], [{"lower": 50, "state": "warn"}])),
    "trigger.channel": page_case({"channel": "a", "above": 50, "show_page": "second"}, "channel a (60) above 50",
                                 control={"channel": "a", "above": 70, "show_page": "second"}),
    "trigger.above": page_case({"channel": "a", "above": 60, "show_page": "second"}, "above = 60 (a = 60: inclusive)",
                               control={"channel": "a", "above": 61, "show_page": "second"}),
    "trigger.below": page_case({"channel": "a", "below": 60, "show_page": "second"}, "below = 60",
                               control={"channel": "a", "below": 59, "show_page": "second"}),
    "trigger.show_page": page_case({"channel": "a", "above": 50, "show_page": "second"}, 'show_page = "second"'),
    "trigger.alarm": page_case({"alarm": "a", "state": "warn", "show_page": "second"}, 'alarm = "a" (warning = 50)',
                               channel=step("a", 60, warning=50)),
    "trigger.state": page_case({"alarm": "a", "state": "warn", "show_page": "second"}, 'state = "warn" with a warning',
                               control={"alarm": "a", "state": "alarm", "show_page": "second"}, channel=step("a", 60, warning=50)),
    "trigger.on_page": page_case({"on_page": "main", "for": 1, "show_page": "second"}, 'on_page = "main", for = 1'),
    "trigger.for": case_for,
    "trigger.cooldown": case_cooldown,
    "trigger.theme": case_theme,
    "trigger.acknowledge": case_acknowledge,
    # a computed channel shown by a readout: "a * 2" and "a * 3 + c" (a = 60, c = 25) draw 120 and 205, as render does
    "sensor.channel.expression": diff(set_([("ch", "x"), "expression"], "a * 3 + c"), base_mutate=computed_board),
    "sensor.channel.sources": case_sources,
    "log.path": lambda k: logcases.case_path(k) + [logcases.case_full_disk()],
    "log.channels": logcases.case_channels,
    "log.interval": logcases.case_interval,
    "log.max_size": logcases.case_max_size,
    "log.keep": logcases.case_keep,
    "log.start": logcases.case_start,
    "trigger.logging": logcases.case_trigger_logging,
    "counter.name": counters.case_name,
    "counter.channel": counters.case_channel,
    "counter.per": counters.case_per,
    "counter.above": counters.case_above,
    "counter.file": counters.case_file,
    "counter.save_every": counters.case_save_every,
    "counter.resettable": counters.case_resettable,
    "trigger.reset_trip": counters.case_trigger_reset,
    "backlight.device": backlight.case_device,
    "backlight.channel": backlight.case_channel,
    "backlight.curve": backlight.case_curve,
    "backlight.hysteresis": backlight.case_hysteresis,
    "backlight.sleep_after": backlight.case_sleep_after,
    "backlight.wake_channel": backlight.wake_case,
    "backlight.wake_change": backlight.wake_case,
    "alarms.banner": diff(set_(["alarms", "banner"], "bottom"), base_mutate=set_([("ch", "a"), "warning"], 50)),
    # the alarms' sound: heard on snd-aloop in the kernel harness (scripts/vm/sound.py, test 'sound')
    "alarms.sound": also_vm(cases_sound.case_device, "the run opened hw:Loopback,0 as /dev/snd/pcmC0D0p"),
    "alarms.volume": also_vm(cases_sound.case_volume, "is volume 50's"),
    "alarms.sound_alert": cases_sound.case_state_sound,
    "alarms.sound_warn": cases_sound.case_state_sound,
    "alarms.sound_alarm": also_vm(cases_sound.case_state_sound, "(zero crossings) is"),
    "alarms.sound_emergency": cases_sound.case_state_sound,
    "trigger.sound": also_vm(cases_sound.case_trigger_sound, 'the trigger\\\'s sound = "beep@700"'),
    "page.name": case_page_name,
    "page.widget.id": case_id,
    "page.widget.type": diff(set_([("w", "d"), "type"], "ring")),
    "page.widget.frame": diff(set_([("w", "d"), "frame"], [0, 0, 110, 110])),
    "page.widget.channel": diff(set_([("w", "d"), "channel"], "c")),
    "page.widget.style": diff(set_([("w", "g"), "style"], "accessoryCircular")),
    "page.widget.range": diff(set_([("w", "d"), "range"], [0, 200])),
    "page.widget.title": diff(set_([("w", "b"), "title"], "FUEL")),
    "page.widget.min_label": diff(set_([("w", "b"), "min_label"], "E")),
    "page.widget.max_label": diff(set_([("w", "b"), "max_label"], "F")),
    "page.widget.tint": together(diff(set_([("w", "d"), "tint"], "#3A8EE0")),
                                 diff(set_([("w", "m"), "tint"], COLOUR), base=lamp_board, base_mutate=set_([("w", "m"), "on_above"], 50))),
    "page.widget.tint.at": diff(set_([("w", "d"), "tint"], [{"at": 0.0, "color": "#30C060"}, {"at": 0.4, "color": "#E04030"}])),
    "page.widget.tint.color": diff(set_([("w", "d"), "tint"], [{"at": 0.0, "color": COLOUR}, {"at": 1.0, "color": "#E04030"}])),
    "page.widget.tint.up_to": diff(set_([("w", "b"), "tint"], [{"up_to": 70, "color": "#30C060"}, {"up_to": 100, "color": "#E04030"}])),
    "page.widget.ticks": diff(set_([("w", "d"), "ticks"], DELETE)),
    "page.widget.ticks.major": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "major": 6})),
    "page.widget.ticks.minor": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "minor": 4})),
    "page.widget.ticks.divisor": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "divisor": 10})),
    "page.widget.ticks.labels": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "labels": False})),
    "page.widget.ticks.decimals": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "decimals": 1})),
    "page.widget.zones": diff(set_([("w", "d"), "zones"], DELETE)),
    "page.widget.zones.from": diff(set_([("w", "d"), "zones"], [{"from": 50, "to": 100, "color": "#C03028"}])),
    "page.widget.zones.to": diff(set_([("w", "d"), "zones"], [{"from": 80, "to": 90, "color": "#C03028"}])),
    "page.widget.zones.color": diff(set_([("w", "d"), "zones"], [{"from": 80, "to": 100, "color": COLOUR}])),
    "page.widget.format": diff(set_([("w", "d"), "format"], {"decimals": 1})),
    "page.widget.format.decimals": diff(set_([("w", "o"), "format"], {"decimals": 2})),
    "page.widget.format.unit": diff(set_([("w", "o"), "format"], {"decimals": 0, "unit": "rpm"})),
    "page.widget.format.thousands": diff(set_([("w", "o"), "format"], {"decimals": 0, "thousands": ","})),
    "page.widget.hold": diff(set_([("w", "d"), "hold"], 90)),
    "page.widget.readout": diff(set_([("w", "d"), "readout"], False)),
    "page.widget.needle": diff(set_([("w", "d"), "needle"], False)),
    "page.widget.value_arc": diff(set_([("w", "d"), "value_arc"], False)),
    "page.widget.thickness": diff(set_([("w", "b"), "thickness"], 30)),
    "page.widget.segments": diff(set_([("w", "l"), "segments"], 5)),
    "page.widget.gap": diff(set_([("w", "l"), "gap"], 6)),
    "page.widget.text": diff(set_([("w", "t"), "text"], "WORLD")),
    "page.widget.count": diff(set_([("w", "s"), "count"], 7)),
    "page.widget.symbol": together(diff(set_([("w", "s"), "symbol"], "dot")),
                                   diff(set_([("w", "m"), "symbol"], "battery"), base=lamp_board)),
    # the lamp on a = 60, unlit with on_above = 100: lit by on_above = 50 or on_below = 70
    "page.widget.on_above": diff(set_([("w", "m"), "on_above"], 50), base=lamp_board),
    "page.widget.on_below": diff(set_([("w", "m"), "on_below"], 70), base=lamp_board),
    "page.widget.unlit": diff(set_([("w", "m"), "unlit"], "hidden"), base=lamp_board),
    "page.widget.alarm_level": case_alarm_level,
    "page.widget.blink": blink_case({"blink": True}, 1000),
    "page.widget.blink_hz": blink_case({"blink_hz": 0.5}, 2000),
    "page.widget.step": diff(set_([("w", "s"), "step"], "whole")),
    "page.widget.spacing": diff(set_([("w", "s"), "spacing"], 12)),
    "page.widget.shade": diff(set_([("w", "v"), "shade"], 64)),
    "page.widget.rounded": diff(set_([("w", "v"), "rounded"], False)),
    "page.widget.shape": diff(set_([("w", "p"), "shape"], "ring")),
    "sensor.channel.statistic": case_statistic,
    "sensor.channel.of": case_of,
    "sensor.channel.over": case_over,
    "sensor.channel.sun": case_sun,
    "sensor.channel.latitude": case_latitude,
    "sensor.channel.longitude": case_longitude,
    "page.widget.window": case_window,
    "page.widget.history_file": case_history_file,
    "page.widget.also": case_also,
    "page.widget.line_width": diff(set_([("w", "p"), "line_width"], 3), base_mutate=set_([("w", "p"), "shape"], "ring")),
    "page.widget.command_topic": controls.case_command_topic,
    "page.widget.payload": controls.case_payload,
    "page.widget.payload_on": controls.case_payload_on,
    "page.widget.payload_off": controls.case_payload_off,
    "page.widget.qos": controls.case_qos,
    "page.widget.mqtt": controls.case_mqtt,
    "page.widget.alignment": diff(set_([("w", "o"), "alignment"], "left")),
    "page.widget.label_size": diff(set_([("w", "d"), "label_size"], 14)),
    "page.widget.value_size": diff(set_([("w", "d"), "value_size"], 24)),
    # [[output]]: GPIO lines, on gpio-sim in the kernel harness (scripts/vm/gpio.py, test 'gpio')
    "output.name": vm("a second panel while the first holds the lines: EBUSY names the holder gaugepanel:NAME"),
    "output.chip": vm('chip = "nosuch": named, with the chips there are'),
    "output.line": vm('line = "NOPE": named, with the chip\\\'s named lines'),
    "output.lines": vm("shift light: rpm={rpm} -> {want}"),
    "output.active_low": vm("pump: active_low = true: inactive is the line high before any fuel reading"),
    "output.channel": vm("threshold: coolant={v} -> fan {fan} (on_above 95, off_below 90)"),
    "output.on_above": vm("threshold: coolant={v} -> fan {fan} (on_above 95, off_below 90)"),
    "output.off_below": vm("hysteresis: coolant dithering {values[0]}/{values[1]} 40 times from {start}: one change"),
    "output.on_below": vm("pump: fuel={fuel} -> line {want} (on_below 10, off_above 15, active low: active is low)"),
    "output.off_above": vm("pump: fuel={fuel} -> line {want} (on_below 10, off_above 15, active low: active is low)"),
    "output.min_on": vm("relay: speed=0 right after: min_on = 2 holds it on 1.2 s later"),
    "output.min_off": vm("relay: speed=120 again within min_off = 1 of the change"),
    "output.blink_hz": vm('blinking at blink_hz 2, {n} changes in 2 s, 8 expected'),
    "output.from": vm("shift light: rpm={rpm} -> {want}"),
    "output.to": vm("shift light: rpm={rpm} -> {want}"),
    "output.flash_above": vm("shift light: rpm=7000 (flash_above 6800, flash_hz 4)"),
    "output.flash_hz": vm("shift light: rpm=7000 (flash_above 6800, flash_hz 4)"),
    "output.alarm": vm('lamp: coolant=116, alarm = "coolant" alarm_level = "critical"'),
    "output.alarm_level": vm('lamp: coolant=114, its alarm a warning: line 7 inactive'),
    "output.manual": vm("manual = true outputs inactive at start: LIGHTS 0, HORN 0"),
    "page.widget.output": vm('a tap on the switch (output = "lights")'),
    "trigger.output": vm('with output = { name = "horn", seconds = 1 }: line HORN active, then inactive'),
    "trigger.output.name": vm('with output = { name = "horn", seconds = 1 }: line HORN active, then inactive'),
    "trigger.output.seconds": vm('with output = { name = "horn", seconds = 1 }: line HORN active, then inactive'),
    "trigger.output.set": vm('"output horn: on for 1.0 s" once'),
    "output.until_acknowledged": vm("buzzer: the trigger acknowledged the alarm after 1 s: line 9 inactive, the lamp still blinking"),
}
