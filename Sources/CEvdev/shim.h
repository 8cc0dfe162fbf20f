// libevdev (Debian libevdev-dev): reads evdev devices, resynchronises after SYN_DROPPED.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>

// struct input_event's time fields are macros (input_event_sec/usec) whose expansion
// depends on the ABI (struct timeval, or __sec/__usec with 64-bit time on 32-bit ARM);
// Swift cannot see macros that expand to member names, so C reads them.
static inline long long gaugepanel_input_event_usec(const struct input_event *ev) {
    return (long long)ev->input_event_sec * 1000000LL + (long long)ev->input_event_usec;
}
