// The kernel's evdev event codes (EV_*, KEY_*, ABS_*, INPUT_PROP_*): constants only, so
// this module links nothing — GaugeInput's pure logic reads them without libevdev.
#include <linux/input-event-codes.h>
