// What Embedded Swift's standard library calls into and a Linux C library does not have
// under that name (the full Swift runtime provides these; the firmware has no runtime).
#pragma once

/// Double(String) and Float(String): parse in the C locale; returns where parsing stopped.
const char *_swift_stdlib_strtod_clocale(const char *nptr, double *outResult);
const char *_swift_stdlib_strtof_clocale(const char *nptr, float *outResult);
