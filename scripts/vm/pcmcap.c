/* pcmcap: the 'sound' test's listener (scripts/vm/sound.py). Captures S16_LE from a PCM
 * capture device through the kernel's interface — the ioctls gaugepanel plays with
 * (HW_PARAMS, SW_PARAMS, PREPARE, START, READI_FRAMES; no libasound) — for a number of
 * seconds, then prints what it heard, one '@@SOUND' line each:
 *   @@SOUND params RATE CHANNELS PERIOD BUFFER
 *   @@SOUND segment START_MS END_MS HZ PEAK   a stretch of sound (no 5 ms of silence within)
 *   @@SOUND done FRAMES
 * A segment's pitch is taken from its upward zero crossings (interpolated), its peak is the
 * largest |sample|; the first channel only. Usage: pcmcap DEVICE SECONDS */
#include <fcntl.h>
#include <sound/asound.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static struct snd_interval *iv(struct snd_pcm_hw_params *p, int n) { return &p->intervals[n - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL]; }
static void mask(struct snd_pcm_hw_params *p, int n, unsigned bit) {
    struct snd_mask *m = &p->masks[n - SNDRV_PCM_HW_PARAM_FIRST_MASK];
    memset(m->bits, 0, sizeof m->bits);
    m->bits[bit >> 5] |= 1u << (bit & 31);
}
static void range(struct snd_pcm_hw_params *p, int n, unsigned lo, unsigned hi) {
    iv(p, n)->min = lo; iv(p, n)->max = hi; iv(p, n)->integer = 1;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: pcmcap DEVICE SECONDS\n"); return 2; }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct snd_pcm_hw_params hw;
    memset(&hw, 0, sizeof hw);
    for (int n = 0; n <= SNDRV_PCM_HW_PARAM_LAST_MASK - SNDRV_PCM_HW_PARAM_FIRST_MASK; n++) memset(hw.masks[n].bits, 0xff, sizeof hw.masks[n].bits);
    for (int n = 0; n <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; n++) hw.intervals[n].max = ~0u;
    hw.rmask = ~0u; hw.info = ~0u;
    mask(&hw, SNDRV_PCM_HW_PARAM_ACCESS, SNDRV_PCM_ACCESS_RW_INTERLEAVED);
    mask(&hw, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
    mask(&hw, SNDRV_PCM_HW_PARAM_SUBFORMAT, SNDRV_PCM_SUBFORMAT_STD);
    range(&hw, SNDRV_PCM_HW_PARAM_RATE, 44100, 48000);
    range(&hw, SNDRV_PCM_HW_PARAM_CHANNELS, 1, 2);
    /* 100 ms periods, 8 of them: no overrun while the emulated machine is busy */
    range(&hw, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, 4410, 4800);
    range(&hw, SNDRV_PCM_HW_PARAM_PERIODS, 8, 8);
    if (ioctl(fd, SNDRV_PCM_IOCTL_HW_PARAMS, &hw) != 0) { perror("HW_PARAMS"); return 1; }
    unsigned rate = iv(&hw, SNDRV_PCM_HW_PARAM_RATE)->min, ch = iv(&hw, SNDRV_PCM_HW_PARAM_CHANNELS)->min;
    unsigned period = iv(&hw, SNDRV_PCM_HW_PARAM_PERIOD_SIZE)->min, buffer = iv(&hw, SNDRV_PCM_HW_PARAM_BUFFER_SIZE)->min;
    printf("@@SOUND params %u %u %u %u\n", rate, ch, period, buffer);
    struct snd_pcm_sw_params sw;
    memset(&sw, 0, sizeof sw);
    sw.period_step = 1; sw.avail_min = period; sw.start_threshold = 1; sw.stop_threshold = buffer;
    sw.boundary = buffer;
    while (sw.boundary * 2 <= 0x7fffffffUL - buffer) sw.boundary *= 2;
    if (ioctl(fd, SNDRV_PCM_IOCTL_SW_PARAMS, &sw) != 0) { perror("SW_PARAMS"); return 1; }
    if (ioctl(fd, SNDRV_PCM_IOCTL_PREPARE) != 0) { perror("PREPARE"); return 1; }
    if (ioctl(fd, SNDRV_PCM_IOCTL_START) != 0) { perror("START"); return 1; }
    long total = (long)rate * atoi(argv[2]);
    int16_t *all = calloc((size_t)total, sizeof *all), *buf = calloc((size_t)period * ch, sizeof *buf);
    long got = 0;
    while (got < total) {
        struct snd_xferi x = { .buf = buf, .frames = period };
        if (ioctl(fd, SNDRV_PCM_IOCTL_READI_FRAMES, &x) != 0) {   /* an overrun: start again, counted as silence */
            printf("@@SOUND overrun %ld\n", got);
            ioctl(fd, SNDRV_PCM_IOCTL_PREPARE); ioctl(fd, SNDRV_PCM_IOCTL_START);
            continue;
        }
        for (long i = 0; i < (long)x.result && got < total; i++) all[got++] = buf[i * ch];
    }
    close(fd);
    const int silent = 64;                  /* |sample| at or below: silence */
    const long gap = rate / 200;            /* 5 ms of it ends a segment */
    for (long i = 0; i < total;) {
        if (abs(all[i]) <= silent) { i++; continue; }
        long start = i, last = i, peak = 0, ups = 0;
        double first_up = -1, last_up = -1;
        for (; i < total && i - last <= gap; i++) {
            if (abs(all[i]) > silent) last = i;
            if (abs(all[i]) > peak) peak = abs(all[i]);
            if (i > start && all[i - 1] < 0 && all[i] >= 0) {
                double t = (i - 1) + (double)(-all[i - 1]) / (double)(all[i] - all[i - 1]);
                if (first_up < 0) first_up = t;
                last_up = t;
                ups++;
            }
        }
        double hz = ups > 1 && last_up > first_up ? (ups - 1) * (double)rate / (last_up - first_up) : 0;
        printf("@@SOUND segment %.1f %.1f %.2f %ld\n", start * 1000.0 / rate, (last + 1) * 1000.0 / rate, hz, peak);
    }
    printf("@@SOUND done %ld\n", got);
    return 0;
}
