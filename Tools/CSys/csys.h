#pragma once
// glibc, for Tools/GoldenRender and Tools/FrameCount: file output, exit status, memset, sin.
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <sys/stat.h>
#include <math.h>

// Swift cannot call C variadic functions such as open(2): wrap them.
static inline int csys_open(const char *path, int flags, int mode) {
  return open(path, flags, mode);
}
// errno is a macro over a function call in glibc; read it through a function.
static inline int csys_errno(void) { return errno; }
