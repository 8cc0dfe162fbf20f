"""Custom cases for the alarms' sound keys ([alarms] sound, volume, sound_<state>). This
host has no sound device the harness may play on, so a run here shows what a run can
without one: a device that is not there is one line naming it, and the panel runs on (its
picture as `gaugepanel render` draws it); `gaugepanel check` reads the per-state sounds as
the board loads (tones with a pitch, "none", a WAV file; a broken WAV file an error naming
it). What plays, its pitch, its volume and the silence at the acknowledgement are heard in
the kernel harness on snd-aloop (scripts/vm/sound.py)."""
import os
import struct

from .base_boards import widgets_board
from .harness import Panel, gaugepanel, new_dir, render, write_board


def _wav(path, rate=8000, bits=16, samples=(0, 1000, -1000)):
    data = struct.pack(f"<{len(samples)}h", *samples)
    fmt = struct.pack("<HHIIHH", 1, 1, rate, rate * 2, 2, bits)
    body = b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt + b"data" + struct.pack("<I", len(data)) + data
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def _board(**alarms):
    b = widgets_board()
    b["alarms"] = dict(alarms)
    return b


def case_device(key):
    """sound = a card that is not there: one line naming its node and the fix; the run goes on."""
    p = Panel("sound-missing", _board(sound="hw:7,0", volume=60))
    out = []
    try:
        said = p.wait_for("/dev/snd/pcmC7D0p", timeout=15)
        out.append((said, "sound = \"hw:7,0\" with no such card: one line names /dev/snd/pcmC7D0p and the fix"))
        # The sound device is opened before the display: snapshots (SIGUSR1) once the run has started.
        p.started()
        s, ok, how = p.settle(lambda: render(p.board), timeout=8, feed=None)
        out.append((ok, f"and the panel runs on: its picture is render's ({how})"))
    finally:
        p.stop()
    lines = [l for l in p.log().splitlines() if "pcmC7D0p" in l]
    out.append((len(lines) == 1, f"said once: {lines}"))
    return out


def _check(name, alarms, files=()):
    d = new_dir(name)
    for f, kw in files:
        _wav(os.path.join(d, f), **kw)
    r = gaugepanel("check", write_board(d, _board(**alarms)))
    return r.returncode, (r.stdout + r.stderr).strip()


def case_state_sound(key):
    k = key.split(".")[-1]
    rc, said = _check(f"{k}-ok", {"sound": "default", k: "beep@1200"})
    out = [(rc == 0, f'{k} = "beep@1200": check passes ({said})')]
    rc, said = _check(f"{k}-wav", {"sound": "default", k: "horn.wav"}, [("horn.wav", {})])
    out.append((rc == 0, f'{k} = "horn.wav" (16-bit PCM beside the board): check passes ({said})'))
    rc, said = _check(f"{k}-8bit", {"sound": "default", k: "horn.wav"}, [("horn.wav", {"bits": 8})])
    out.append((rc == 2 and "horn.wav: encoding 1, 8-bit" in said and f"alarms.{k}" in said,
                f"an 8-bit WAV file is an error naming the file and the key: {said}"))
    rc, said = _check(f"{k}-bad", {"sound": "default", k: "bleep"})
    out.append((rc == 2 and '"bleep"' in said, f'an unknown tone is an error: {said}'))
    return out


def case_volume(key):
    rc, said = _check("volume-range", {"sound": "default", "volume": 101})
    out = [(rc == 2 and "alarms.volume" in said, f"volume = 101 is an error: {said}")]
    rc, said = _check("volume-alone", {"volume": 50})
    out.append((rc == 2 and "alarms.sound: missing" in said, f"volume without sound is an error naming sound: {said}"))
    return out


def case_trigger_sound(key):
    """A trigger's sound: check reads its tone and refuses it on a board without [alarms]
    sound (no device to play on); what plays (one beep at its pitch, before the alarm's
    sound) is heard in the kernel harness on snd-aloop."""
    b = _board(sound="default")
    b["trigger"] = [{"channel": "a", "above": 50, "sound": "beep@700"}]
    d = new_dir("trigger-sound")
    r = gaugepanel("check", write_board(d, b))
    out = [(r.returncode == 0, f'sound = "beep@700" with [alarms] sound: check passes ({(r.stdout + r.stderr).strip()[:80]})')]
    del b["alarms"]
    r = gaugepanel("check", write_board(d, b, "nodevice.toml"))
    said = (r.stdout + r.stderr).strip()
    out.append((r.returncode != 0 and "needs [alarms] sound" in said, f"without [alarms] sound: refused, {said[-90:]}"))
    return out
