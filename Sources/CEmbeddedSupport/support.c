#define _GNU_SOURCE 1   // program_invocation_short_name
#include "CEmbeddedSupport.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

// Plain strtod/strtof: the firmware never calls setlocale, so they parse in the C locale —
// the same results as strtod_l with a newlocale'd C locale, without linking glibc's locale
// loading (newlocale, the locale archive, iconv) into the firmware. Weak: a native build
// links the real runtime's.

__attribute__((weak)) const char *_swift_stdlib_strtod_clocale(const char *nptr, double *outResult) {
    char *end = (char *)nptr;
    errno = 0;
    double d = strtod(nptr, &end);
    *outResult = d;
    return end;
}

__attribute__((weak)) const char *_swift_stdlib_strtof_clocale(const char *nptr, float *outResult) {
    char *end = (char *)nptr;
    errno = 0;
    float f = strtof(nptr, &end);
    *outResult = f;
    return end;
}

// assert() failures (toml++ checks its own invariants with assert): the message glibc's
// __assert_fail prints, then abort(). glibc's own prints it through the wide-character
// stream machinery and message translation (__fxprintf, dcgettext), about 30 KB of the
// static firmware for a message that only a bug inside toml++ would ever print.
__attribute__((weak, noreturn)) void __assert_fail(const char *assertion, const char *file, unsigned int line,
                                                   const char *function) {
    fprintf(stderr, "%s%s%s:%u: %s%sAssertion `%s' failed.\n", program_invocation_short_name,
            program_invocation_short_name[0] ? ": " : "", file, line, function ? function : "",
            function ? ": " : "", assertion);
    fflush(stderr);
    abort();
}

#if defined(GAUGEPANEL_EMBEDDED_RUNTIME)
// glibc's message translation, for the firmware only (defined here, so the linker takes
// none from glibc's archive): strerror and the dynamic loader's and host.conf's messages ask
// for their text in the program's locale, and the firmware never calls setlocale, so that is
// the C locale, in which glibc's __dcgettext returns the message it was given. So does this,
// without linking the catalogue loading (.mo files, plural expressions, locale aliases),
// about 25 KB.
const char *__dcgettext(const char *domain, const char *message, int category);
const char *__dcgettext(const char *domain, const char *message, int category) {
    (void)domain;
    (void)category;
    return message;
}
#endif
