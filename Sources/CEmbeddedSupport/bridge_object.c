// swift_bridgeObjectRetain(_n) for the 64-bit firmware (aarch64). The compiler treats these as
// returning their argument (IRGen marks them FirstParamReturned) and may use the result in
// its place, but the Embedded runtime's own (weak) definitions in Swift 6.3 return the object
// with its tag bits masked off (swiftlang/swift#91151). A small String's second word
// (0xE8 in its top byte: small, ASCII, 8 bytes) then came back as 0x88, a "large" string
// with a null pointer, and the firmware crashed reading a board's `mode = "1024x768"` on
// its way to the DRM opener. These strong definitions retain the same object and return
// the argument as it was. Only the firmware build defines GAUGEPANEL_EMBEDDED_RUNTIME: the
// host links the real runtime, whose definitions are right. On 32-bit ARM a String keeps
// no flags in its object pointer's spare bits, and these bits are 64-bit ones.
#if defined(GAUGEPANEL_EMBEDDED_RUNTIME) && defined(__LP64__)
#include <stdint.h>

// The Embedded runtime's: null, unaligned and immortal objects are left alone.
void *swift_retain_n(void *object, uint32_t n);

// What the runtime masks off a bridge object to reach its heap object: the low three tag
// bits and bits 60-62 (the native/non-native and spare flags).
static const uintptr_t plainObjectMask = 0x8ffffffffffffff8ull;

void *swift_bridgeObjectRetain_n(void *object, uint32_t n) {
    uintptr_t bits = (uintptr_t)object;
    // Bit 63: no heap object behind it (a small string's or an immortal literal's bits).
    if (bits >> 63) return object;
    void *plain = (void *)(bits & plainObjectMask);
    if (plain) (void)swift_retain_n(plain, n);
    return object;
}

void *swift_bridgeObjectRetain(void *object) { return swift_bridgeObjectRetain_n(object, 1); }
#endif
