// The one piece of the C library the renderer uses: a fill with a 32-bit pattern.
//
// memset only repeats a byte, and a Swift store loop ran about 1.4x memset's time on a full
// 800x480 surface (a row stored once and copied into the others, 1.25x). The C library's
// own wide stores do it at memset's speed:
// - x86_64: glibc's wmemset is its memset code with a 4-byte pattern (measured 1.01x memset).
// - elsewhere (ARM): glibc's wmemset is a plain C loop, a store per word (6x memset's
//   instructions on aarch64), so the pattern is stored into the first words and copied on
//   by memcpy (ldm/stm, NEON) from a block that stays in the L1 cache.
#ifndef GAUGEPANEL_CPIXELFILL_H
#define GAUGEPANEL_CPIXELFILL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit words");

/// Stores `value` into the `count` 32-bit words at `words` (4-byte aligned).
static inline void cpf_fill32(void *words, uint32_t value, size_t count) {
#if defined(__x86_64__)
    wmemset((wchar_t *)words, (wchar_t)value, count);
#else
    uint32_t *p = (uint32_t *)words;
    size_t done = count < 64 ? count : 64;
    for (size_t i = 0; i < done; i++) p[i] = value;
    // Doubling up to 4 KB, then 4 KB at a time, always from the first words (disjoint).
    while (done < count) {
        size_t n = count - done < done ? count - done : done;
        if (n > 1024) n = 1024;
        memcpy(p + done, p, n * sizeof(uint32_t));
        done += n;
    }
#endif
}
#endif
