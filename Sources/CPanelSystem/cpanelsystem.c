// All of CPanelSystem is static inline in include/CPanelSystem.h; this file gives the target a source.
#include "CPanelSystem.h"
