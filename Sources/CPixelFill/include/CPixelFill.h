// The one piece of the C library the renderer uses: a fill with a 32-bit pattern.
//
// memset only repeats a byte, and a Swift store loop ran about 1.4x memset's time on a full
// 800x480 surface (a row stored once and copied into the others, 1.25x). The C library's
// own wide stores do it at memset's speed:
// - x86_64: glibc's wmemset is its memset code with a 4-byte pattern (measured 1.01x memset).
// - ARM: glibc's wmemset is a plain C loop, a store per word (6x memset's instructions on
//   aarch64), and its memset and memcpy store at most a few words an instruction. The
//   pattern goes in registers and multi-register stores write 128 bytes a loop, then 32:
//   eight words an `stm` (32-bit ARM code), 64 bytes an `st1` of four NEON registers
//   (aarch64).
// - elsewhere (Thumb code): the pattern is stored into the first words and copied on by
//   memcpy from a block that stays in the L1 cache.
#ifndef GAUGEPANEL_CPIXELFILL_H
#define GAUGEPANEL_CPIXELFILL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit words");

#if defined(__arm__) && !defined(__thumb__)
/// Stores `value` into `blocks` × 32 words and then `eights` × 8 words from *p
/// (word-aligned), advancing *p. ARM code of its own, never inlined: the armv6 firmware
/// makes code that does not draw Thumb-1, whose stm cannot name r8-r10.
__attribute__((noinline, target("arm"))) static void cpf_store_blocks(uint32_t **p, uint32_t value, size_t blocks, size_t eights) {
    // An stm's registers are named in the instruction: the pattern in r3-r10.
    register uint32_t a __asm__("r3") = value, b __asm__("r4") = value, c __asm__("r5") = value,
        d __asm__("r6") = value, e __asm__("r7") = value, f __asm__("r8") = value,
        g __asm__("r9") = value, h __asm__("r10") = value;
    __asm__ volatile("   cmp %[n], #0\n"
                     "   beq 2f\n"
                     "1: stmia %[p]!, {r3-r10}\n"
                     "   stmia %[p]!, {r3-r10}\n"
                     "   stmia %[p]!, {r3-r10}\n"
                     "   stmia %[p]!, {r3-r10}\n"
                     "   subs %[n], %[n], #1\n"
                     "   bne 1b\n"
                     "2: cmp %[e], #0\n"
                     "   beq 4f\n"
                     "3: stmia %[p]!, {r3-r10}\n"
                     "   subs %[e], %[e], #1\n"
                     "   bne 3b\n"
                     "4:\n"
                     : [p] "+r"(*p), [n] "+r"(blocks), [e] "+r"(eights)
                     : "r"(a), "r"(b), "r"(c), "r"(d), "r"(e), "r"(f), "r"(g), "r"(h)
                     : "cc", "memory");
}
#elif defined(__aarch64__)
/// Stores `value` into `blocks` × 32 words and then `eights` × 8 words from *p
/// (word-aligned), advancing *p.
static inline void cpf_store_blocks(uint32_t **p, uint32_t value, size_t blocks, size_t eights) {
    __asm__ volatile("   dup v16.4s, %w[v]\n"
                     "   mov v17.16b, v16.16b\n"
                     "   mov v18.16b, v16.16b\n"
                     "   mov v19.16b, v16.16b\n"
                     "   cbz %[n], 2f\n"
                     "1: st1 {v16.4s, v17.4s, v18.4s, v19.4s}, [%[p]], #64\n"
                     "   st1 {v16.4s, v17.4s, v18.4s, v19.4s}, [%[p]], #64\n"
                     "   subs %[n], %[n], #1\n"
                     "   b.ne 1b\n"
                     "2: cbz %[e], 4f\n"
                     "3: st1 {v16.4s, v17.4s}, [%[p]], #32\n"
                     "   subs %[e], %[e], #1\n"
                     "   b.ne 3b\n"
                     "4:\n"
                     : [p] "+r"(*p), [n] "+r"(blocks), [e] "+r"(eights)
                     : [v] "r"(value)
                     : "v16", "v17", "v18", "v19", "cc", "memory");
}
#endif

/// Stores `value` into the `count` 32-bit words at `words` (4-byte aligned).
static inline void cpf_fill32(void *words, uint32_t value, size_t count) {
#if defined(__x86_64__)
    wmemset((wchar_t *)words, (wchar_t)value, count);
#elif (defined(__arm__) && !defined(__thumb__)) || defined(__aarch64__)
    uint32_t *p = (uint32_t *)words;
    if (count >= 8) cpf_store_blocks(&p, value, count / 32, count % 32 / 8);
    for (size_t i = 0; i < count % 8; i++) p[i] = value;
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
