// CPixelFill is header-only (static inline); SwiftPM needs one source file per C target.
#include "CPixelFill.h"
