// __fxprintf for the firmware, narrow only. glibc calls its internal __fxprintf to print a
// few warnings to stderr — in the firmware only through getaddrinfo → gethostbyname2_r →
// res_hconf (a malformed /etc/host.conf line) — and __fxprintf prints through the *wide*
// printf engine when the stream is wide-oriented, which links vfwprintf and glibc's wide
// stdio (about 30 KB of each firmware) for messages the panel's stderr (never
// wide-oriented: nothing in the firmware calls fwide or a w-printf) always takes narrow.
// This __fxprintf takes those calls (the linker takes none from glibc's archive when the
// firmware defines the name): the same text through the narrow vfprintf, which the
// firmware links anyway; a NULL stream is stderr, as in glibc. Only the firmware's build
// (GAUGEPANEL_EMBEDDED_RUNTIME) defines it; a native build keeps glibc's.
#if defined(GAUGEPANEL_EMBEDDED_RUNTIME)
#include <stdarg.h>
#include <stdio.h>

int __fxprintf(FILE *fp, const char *fmt, ...);

int __fxprintf(FILE *fp, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(fp ? fp : stderr, fmt, ap);
    va_end(ap);
    return n;
}
#endif
