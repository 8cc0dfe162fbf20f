// All of CLinuxFB is static inline in include/clinuxfb.h; this file gives the target a source.
#include "clinuxfb.h"
