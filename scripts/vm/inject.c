/* inject: touch and key input for the kernel harness (scripts/vm-test.sh, tests 'touch' and
 * 'gpio').
 *
 * QEMU 7.2 offers no multitouch device, so the input is made inside the guest with the
 * kernel's uinput module: this program creates two evdev devices through /dev/uinput,
 *   "GP Test Touch"  a touchscreen: multitouch protocol B (ABS_MT_SLOT, ABS_MT_TRACKING_ID,
 *                    ABS_MT_POSITION_X/Y, 0…4095), the single-touch emulation (BTN_TOUCH,
 *                    ABS_X/Y) and INPUT_PROP_DIRECT, as a panel's touch controller has;
 *   "GP Test Keys"   a keyboard with F1…F4 (keys no default binding of GaugePanel uses),
 * then reads commands from stdin, one a line, and performs them:
 *   swipe X0 Y0 X1 Y1   one finger down at (X0, Y0), moved to (X1, Y1) in 12 steps
 *                       16 ms apart, lifted (raw axis units, 0…4095)
 *   tap X Y [FILE]      one finger down at (X, Y), held 50 ms without moving, lifted; with
 *                       FILE (a gpio-sim line's sysfs value, say) then polls FILE every
 *                       100 µs for up to 5 s and adds to the done line how long after the
 *                       lift it first differed from what it read just before the touch:
 *                       '… changed=MICROSECONDS' (-1: not within 5 s)
 *   key NAME            a press and release (NAME: KEY_F1 … KEY_F4)
 * Each done command is said on stdout as '@@INJECTED <command>'; at EOF the devices go.
 * Build: gcc -static -O2 -o inject inject.c   (scripts/vm-test.sh puts it in the initramfs)
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define AXIS_MAX 4095

static void die(const char *what) {
    fprintf(stdout, "@@INJECT error: %s: %s\n", what, strerror(errno));
    fflush(stdout);
    exit(1);
}

static void xioctl(int fd, unsigned long req, long arg, const char *what) {
    if (ioctl(fd, req, arg) < 0) die(what);
}

static void emit(int fd, int type, int code, int value) {
    struct input_event e;
    memset(&e, 0, sizeof e);
    e.type = type; e.code = code; e.value = value;
    if (write(fd, &e, sizeof e) != (ssize_t)sizeof e) die("write");
}

static void sync_report(int fd) { emit(fd, EV_SYN, SYN_REPORT, 0); }

static void sleep_ms(int ms) {
    struct timespec t = { ms / 1000, (long)(ms % 1000) * 1000000L };
    while (nanosleep(&t, &t) < 0 && errno == EINTR) {}
}

static void abs_setup(int fd, int code, int min, int max) {
    struct uinput_abs_setup s;
    memset(&s, 0, sizeof s);
    s.code = code; s.absinfo.minimum = min; s.absinfo.maximum = max;
    xioctl(fd, UI_SET_ABSBIT, code, "UI_SET_ABSBIT");
    if (ioctl(fd, UI_ABS_SETUP, &s) < 0) die("UI_ABS_SETUP");
}

static int open_uinput(void) {
    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) die("/dev/uinput");
    return fd;
}

static void create(int fd, const char *name, int product) {
    struct uinput_setup s;
    memset(&s, 0, sizeof s);
    s.id.bustype = BUS_VIRTUAL; s.id.vendor = 0x6770; s.id.product = product; s.id.version = 1;
    snprintf(s.name, sizeof s.name, "%s", name);
    if (ioctl(fd, UI_DEV_SETUP, &s) < 0) die("UI_DEV_SETUP");
    if (ioctl(fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
}

static int make_touch(void) {
    int fd = open_uinput();
    xioctl(fd, UI_SET_EVBIT, EV_SYN, "UI_SET_EVBIT");
    xioctl(fd, UI_SET_EVBIT, EV_KEY, "UI_SET_EVBIT");
    xioctl(fd, UI_SET_EVBIT, EV_ABS, "UI_SET_EVBIT");
    xioctl(fd, UI_SET_KEYBIT, BTN_TOUCH, "UI_SET_KEYBIT");
    xioctl(fd, UI_SET_KEYBIT, BTN_TOOL_FINGER, "UI_SET_KEYBIT");
    xioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT, "UI_SET_PROPBIT");
    abs_setup(fd, ABS_X, 0, AXIS_MAX);
    abs_setup(fd, ABS_Y, 0, AXIS_MAX);
    abs_setup(fd, ABS_MT_SLOT, 0, 9);
    abs_setup(fd, ABS_MT_TRACKING_ID, 0, 65535);
    abs_setup(fd, ABS_MT_POSITION_X, 0, AXIS_MAX);
    abs_setup(fd, ABS_MT_POSITION_Y, 0, AXIS_MAX);
    create(fd, "GP Test Touch", 1);
    return fd;
}

static const struct { const char *name; int code; } KEYS[] = {
    { "KEY_F1", KEY_F1 }, { "KEY_F2", KEY_F2 }, { "KEY_F3", KEY_F3 }, { "KEY_F4", KEY_F4 },
};
#define NKEYS (int)(sizeof KEYS / sizeof KEYS[0])

static int make_keys(void) {
    int fd = open_uinput();
    xioctl(fd, UI_SET_EVBIT, EV_SYN, "UI_SET_EVBIT");
    xioctl(fd, UI_SET_EVBIT, EV_KEY, "UI_SET_EVBIT");
    for (int i = 0; i < NKEYS; i++) xioctl(fd, UI_SET_KEYBIT, KEYS[i].code, "UI_SET_KEYBIT");
    create(fd, "GP Test Keys", 2);
    return fd;
}

static int clamp(int v) { return v < 0 ? 0 : v > AXIS_MAX ? AXIS_MAX : v; }

/* One finger: down, moved in steps, up. Protocol B with the single-touch emulation in
 * the same frames, as input_mt_report_pointer_emulation() gives a kernel driver's. */
static void swipe(int fd, int x0, int y0, int x1, int y1) {
    static int tracking = 100;
    const int steps = 12;
    emit(fd, EV_ABS, ABS_MT_SLOT, 0);
    emit(fd, EV_ABS, ABS_MT_TRACKING_ID, tracking++ & 0xffff);
    emit(fd, EV_ABS, ABS_MT_POSITION_X, clamp(x0));
    emit(fd, EV_ABS, ABS_MT_POSITION_Y, clamp(y0));
    emit(fd, EV_KEY, BTN_TOUCH, 1);
    emit(fd, EV_KEY, BTN_TOOL_FINGER, 1);
    emit(fd, EV_ABS, ABS_X, clamp(x0));
    emit(fd, EV_ABS, ABS_Y, clamp(y0));
    sync_report(fd);
    for (int i = 1; i <= steps; i++) {
        sleep_ms(16);
        int x = clamp(x0 + (x1 - x0) * i / steps), y = clamp(y0 + (y1 - y0) * i / steps);
        emit(fd, EV_ABS, ABS_MT_POSITION_X, x);
        emit(fd, EV_ABS, ABS_MT_POSITION_Y, y);
        emit(fd, EV_ABS, ABS_X, x);
        emit(fd, EV_ABS, ABS_Y, y);
        sync_report(fd);
    }
    sleep_ms(16);
    emit(fd, EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(fd, EV_KEY, BTN_TOUCH, 0);
    emit(fd, EV_KEY, BTN_TOOL_FINGER, 0);
    sync_report(fd);
}

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* A file's first byte (a sysfs value: '0' or '1'), or -1 when it cannot be read. */
static int first_byte(const char *path) {
    char c;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    int n = read(fd, &c, 1);
    close(fd);
    return n == 1 ? (unsigned char)c : -1;
}

/* One finger down and up at one place, 50 ms apart (a tap: short, no movement). With
 * `watch`, the microseconds from the lift until its first byte differs from what it was
 * before the touch (-1: not within 5 s), else 0. */
static long long tap(int fd, int x, int y, const char *watch) {
    static int tracking = 30000;
    int before = watch ? first_byte(watch) : -1;
    emit(fd, EV_ABS, ABS_MT_SLOT, 0);
    emit(fd, EV_ABS, ABS_MT_TRACKING_ID, tracking++ & 0xffff);
    emit(fd, EV_ABS, ABS_MT_POSITION_X, clamp(x));
    emit(fd, EV_ABS, ABS_MT_POSITION_Y, clamp(y));
    emit(fd, EV_KEY, BTN_TOUCH, 1);
    emit(fd, EV_KEY, BTN_TOOL_FINGER, 1);
    emit(fd, EV_ABS, ABS_X, clamp(x));
    emit(fd, EV_ABS, ABS_Y, clamp(y));
    sync_report(fd);
    sleep_ms(50);
    emit(fd, EV_ABS, ABS_MT_TRACKING_ID, -1);
    emit(fd, EV_KEY, BTN_TOUCH, 0);
    emit(fd, EV_KEY, BTN_TOOL_FINGER, 0);
    sync_report(fd);
    if (!watch) return 0;
    long long t0 = now_us();
    while (now_us() - t0 < 5000000) {
        if (first_byte(watch) != before) return now_us() - t0;
        struct timespec t = { 0, 100000 };
        nanosleep(&t, NULL);
    }
    return -1;
}

static int key(int fd, const char *name) {
    for (int i = 0; i < NKEYS; i++) {
        if (strcmp(name, KEYS[i].name) != 0) continue;
        emit(fd, EV_KEY, KEYS[i].code, 1); sync_report(fd);
        sleep_ms(30);
        emit(fd, EV_KEY, KEYS[i].code, 0); sync_report(fd);
        return 1;
    }
    return 0;
}

int main(void) {
    int touch = make_touch(), keys = make_keys();
    char sys1[64] = "?", sys2[64] = "?";
    ioctl(touch, UI_GET_SYSNAME(sizeof sys1), sys1);
    ioctl(keys, UI_GET_SYSNAME(sizeof sys2), sys2);
    printf("@@INJECT ready: \"GP Test Touch\" %s, \"GP Test Keys\" %s\n", sys1, sys2);
    fflush(stdout);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        int x0, y0, x1, y1;
        char name[32], file[200];
        int done = 1, n;
        if (sscanf(line, "swipe %d %d %d %d", &x0, &y0, &x1, &y1) == 4) swipe(touch, x0, y0, x1, y1);
        else if ((n = sscanf(line, "tap %d %d %199s", &x0, &y0, file)) >= 2) {
            long long changed = tap(touch, x0, y0, n == 3 ? file : NULL);
            if (n == 3) {
                printf("@@INJECTED %s changed=%lld\n", line, changed);
                fflush(stdout);
                continue;
            }
        } else if (sscanf(line, "key %31s", name) == 1) done = key(keys, name);
        else if (line[0] == 0) continue;
        else done = 0;
        printf(done ? "@@INJECTED %s\n" : "@@INJECT error: unknown command \"%s\"\n", line);
        fflush(stdout);
    }
    ioctl(touch, UI_DEV_DESTROY);
    ioctl(keys, UI_DEV_DESTROY);
    return 0;
}
