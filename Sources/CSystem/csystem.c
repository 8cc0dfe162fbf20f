// All of CSystem is static inline in include/CSystem.h; this file gives the target a source.
#include "CSystem.h"
