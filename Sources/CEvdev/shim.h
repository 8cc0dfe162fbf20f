// libevdev (Debian libevdev-dev): reads evdev devices, resynchronises after SYN_DROPPED.
#include <libevdev/libevdev.h>
#include <linux/input.h>
