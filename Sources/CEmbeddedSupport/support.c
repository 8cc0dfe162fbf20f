#define _GNU_SOURCE 1   // strtod_l, strtof_l
#include "CEmbeddedSupport.h"
#include <errno.h>
#include <locale.h>
#include <stdlib.h>

// The firmware never calls setlocale, but a newlocale'd C locale keeps the parse exact
// whatever the environment says. Weak: a native build links the real runtime's.
static locale_t c_locale(void) {
    static locale_t locale = (locale_t)0;
    if (locale == (locale_t)0) locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    return locale;
}

__attribute__((weak)) const char *_swift_stdlib_strtod_clocale(const char *nptr, double *outResult) {
    char *end = (char *)nptr;
    errno = 0;
    double d = strtod_l(nptr, &end, c_locale());
    *outResult = d;
    return end;
}

__attribute__((weak)) const char *_swift_stdlib_strtof_clocale(const char *nptr, float *outResult) {
    char *end = (char *)nptr;
    errno = 0;
    float f = strtof_l(nptr, &end, c_locale());
    *outResult = f;
    return end;
}
