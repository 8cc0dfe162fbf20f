// The one piece of the C library the renderer uses: a fill with a 32-bit pattern.
//
// memset only repeats a byte, and a Swift store loop (or a row stored once and copied
// into the others) ran 1.25-1.45x memset's time on a full 800x480 surface. glibc's
// wmemset is its memset code with a 4-byte pattern: the same wide stores, the same speed
// (measured: 1.01x memset). wchar_t is 32 bits on every Linux target the panel builds for.
#ifndef GAUGEPANEL_CPIXELFILL_H
#define GAUGEPANEL_CPIXELFILL_H
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit words");

/// Stores `value` into the `count` 32-bit words at `words` (4-byte aligned).
static inline void cpf_fill32(void *words, uint32_t value, size_t count) {
    wmemset((wchar_t *)words, (wchar_t)value, count);
}
#endif
