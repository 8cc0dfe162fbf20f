// All of CLinuxLoop is in include/clinuxloop.h; this file gives the target a source.
#include "clinuxloop.h"
