// Part of CPanelSystem (included by CPanelSystem.h, after the headers it names): the
// kernel's PCM interface for the alarm sounds, as tinyalsa drives it — no libasound, the
// ioctls on /dev/snd/pcmCxDyp themselves.
#ifndef GAUGEPANEL_CSYSTEM_PCM_H
#define GAUGEPANEL_CSYSTEM_PCM_H

#include <sound/asound.h>  // SNDRV_PCM_IOCTL_*, struct snd_pcm_hw_params, snd_xferi

static inline struct snd_interval *csystem_pcm_interval(struct snd_pcm_hw_params *p, int n) {
    return &p->intervals[n - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL];
}

static inline void csystem_pcm_mask(struct snd_pcm_hw_params *p, int n, unsigned int bit) {
    struct snd_mask *m = &p->masks[n - SNDRV_PCM_HW_PARAM_FIRST_MASK];
    memset(m->bits, 0, sizeof m->bits);
    m->bits[bit >> 5] |= 1u << (bit & 31);
}

static inline void csystem_pcm_range(struct snd_pcm_hw_params *p, int n, unsigned int min, unsigned int max) {
    struct snd_interval *i = csystem_pcm_interval(p, n);
    i->min = min;
    i->max = max;
    i->integer = 1;
}

// SNDRV_PCM_IOCTL_HW_PARAMS: S16_LE, interleaved read/write access, `rate` exactly,
// `min_channels`…`max_channels`, a period of `min_period`…`max_period` frames, `periods`
// periods; every other parameter left to the driver, which chooses within the ranges. What
// it chose comes back in `out` (rate, channels, period frames, buffer frames). 0 or -1 with errno.
static inline int csystem_pcm_hw_params(int fd, unsigned int rate, unsigned int min_channels, unsigned int max_channels,
                                        unsigned int min_period, unsigned int max_period, unsigned int periods, unsigned int out[4]) {
    struct snd_pcm_hw_params p;
    memset(&p, 0, sizeof p);
    for (int n = 0; n <= SNDRV_PCM_HW_PARAM_LAST_MASK - SNDRV_PCM_HW_PARAM_FIRST_MASK; n++) memset(p.masks[n].bits, 0xff, sizeof p.masks[n].bits);
    for (int n = 0; n <= SNDRV_PCM_HW_PARAM_LAST_INTERVAL - SNDRV_PCM_HW_PARAM_FIRST_INTERVAL; n++) p.intervals[n].max = ~0u;
    p.rmask = ~0u;
    p.info = ~0u;
    csystem_pcm_mask(&p, SNDRV_PCM_HW_PARAM_ACCESS, SNDRV_PCM_ACCESS_RW_INTERLEAVED);
    csystem_pcm_mask(&p, SNDRV_PCM_HW_PARAM_FORMAT, SNDRV_PCM_FORMAT_S16_LE);
    csystem_pcm_mask(&p, SNDRV_PCM_HW_PARAM_SUBFORMAT, SNDRV_PCM_SUBFORMAT_STD);
    csystem_pcm_range(&p, SNDRV_PCM_HW_PARAM_SAMPLE_BITS, 16, 16);
    csystem_pcm_range(&p, SNDRV_PCM_HW_PARAM_RATE, rate, rate);
    csystem_pcm_range(&p, SNDRV_PCM_HW_PARAM_CHANNELS, min_channels, max_channels);
    csystem_pcm_range(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE, min_period, max_period);
    csystem_pcm_range(&p, SNDRV_PCM_HW_PARAM_PERIODS, periods, periods);
    if (ioctl(fd, SNDRV_PCM_IOCTL_HW_PARAMS, &p) != 0) return -1;
    out[0] = csystem_pcm_interval(&p, SNDRV_PCM_HW_PARAM_RATE)->min;
    out[1] = csystem_pcm_interval(&p, SNDRV_PCM_HW_PARAM_CHANNELS)->min;
    out[2] = csystem_pcm_interval(&p, SNDRV_PCM_HW_PARAM_PERIOD_SIZE)->min;
    out[3] = csystem_pcm_interval(&p, SNDRV_PCM_HW_PARAM_BUFFER_SIZE)->min;
    return 0;
}

// SNDRV_PCM_IOCTL_SW_PARAMS: started once `start` frames are written, stopped on an
// underrun (the whole buffer played: the next write fails with EPIPE), woken when a period
// is free; the boundary as tinyalsa sets it. 0 or -1 with errno.
static inline int csystem_pcm_sw_params(int fd, unsigned int period, unsigned int buffer, unsigned int start) {
    struct snd_pcm_sw_params p;
    memset(&p, 0, sizeof p);
    p.tstamp_mode = SNDRV_PCM_TSTAMP_NONE;
    p.period_step = 1;
    p.avail_min = period;
    p.start_threshold = start;
    p.stop_threshold = buffer;
    p.boundary = buffer;
    while (buffer > 0 && p.boundary * 2 <= 0x7fffffffUL - buffer) p.boundary *= 2;
    return ioctl(fd, SNDRV_PCM_IOCTL_SW_PARAMS, &p);
}

// SNDRV_PCM_IOCTL_PREPARE (ready to start; after an underrun too) and SNDRV_PCM_IOCTL_DROP
// (stopped at once, what is queued discarded). 0 or -1 with errno.
static inline int csystem_pcm_prepare(int fd) { return ioctl(fd, SNDRV_PCM_IOCTL_PREPARE); }
static inline int csystem_pcm_drop(int fd) { return ioctl(fd, SNDRV_PCM_IOCTL_DROP); }

// SNDRV_PCM_IOCTL_WRITEI_FRAMES: up to `frames` interleaved frames of `samples`. The frames
// taken (fewer when the buffer fills), or -1 with errno (EAGAIN: full, EPIPE: underrun).
static inline long csystem_pcm_write(int fd, const int16_t *samples, unsigned long frames) {
    struct snd_xferi x;
    memset(&x, 0, sizeof x);
    x.buf = (void *)samples;
    x.frames = frames;
    if (ioctl(fd, SNDRV_PCM_IOCTL_WRITEI_FRAMES, &x) != 0) return -1;
    return (long)x.result;
}

#endif
