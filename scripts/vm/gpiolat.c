// The guest's side of the 'gpio' kernel test's latency figure (scripts/vm/gpio.py):
//   gpiolat cross VALUEFILE N   N times: print "@@CROSS i WANT" (the host then writes a
//                               reading across the threshold on /dev/ttyS1), and time from
//                               that line to gpio-sim's VALUEFILE reading WANT (polled every
//                               20 µs): "@@EDGE i MICROSECONDS" (-1: not within 5 s)
//   gpiolat watch VALUEFILE MS  VALUEFILE polled every 20 µs for MS milliseconds: "@@WATCH
//                               changes=N first=V final=V" (chatter shows as changes)
//   gpiolat ping TTY N          the same round trip without the panel: "@@PING i", then the
//                               time until a line arrives on TTY (read raw): "@@PONG i µs"
// The difference of the two medians is the panel's part: a reading read, decided, and the
// line set by GPIO_V2_LINE_SET_VALUES_IOCTL.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static int value(const char *path) {
    char c = '?';
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    if (read(fd, &c, 1) != 1) c = '?';
    close(fd);
    return c == '1' ? 1 : c == '0' ? 0 : -1;
}

static void sleep_us(long us) {
    struct timespec t = { 0, us * 1000 };
    nanosleep(&t, NULL);
}

static int cross(const char *path, int n) {
    for (int i = 0; i < n; i++) {
        int want = value(path) == 1 ? 0 : 1;
        long long t0 = now_us(), took = -1;
        printf("@@CROSS %d %d\n", i, want);
        fflush(stdout);
        while (now_us() - t0 < 5000000) {
            if (value(path) == want) { took = now_us() - t0; break; }
            sleep_us(20);
        }
        printf("@@EDGE %d %lld\n", i, took);
        fflush(stdout);
        sleep_us(100000);
    }
    return 0;
}

static int watch(const char *path, long ms) {
    int first = value(path), last = first, changes = 0;
    long long t0 = now_us();
    while (now_us() - t0 < ms * 1000) {
        int v = value(path);
        if (v != last) { changes++; last = v; }
        sleep_us(20);
    }
    printf("@@WATCH changes=%d first=%d final=%d\n", changes, first, last);
    fflush(stdout);
    return 0;
}

static int ping(const char *tty, int n) {
    int fd = open(tty, O_RDWR | O_NOCTTY);
    if (fd < 0) { perror(tty); return 1; }
    struct termios t;
    tcgetattr(fd, &t);
    cfmakeraw(&t);
    cfsetspeed(&t, B115200);
    tcsetattr(fd, TCSANOW, &t);
    for (int i = 0; i < n; i++) {
        tcflush(fd, TCIFLUSH);
        long long t0 = now_us(), took = -1;
        printf("@@PING %d\n", i);
        fflush(stdout);
        char c;
        while (now_us() - t0 < 5000000) {
            ssize_t r = read(fd, &c, 1);   // raw, VMIN 1: blocks until a byte comes
            if (r == 1 && c == '\n') { took = now_us() - t0; break; }
        }
        printf("@@PONG %d %lld\n", i, took);
        fflush(stdout);
        sleep_us(100000);
    }
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "cross") == 0) return cross(argv[2], atoi(argv[3]));
    if (argc == 4 && strcmp(argv[1], "watch") == 0) return watch(argv[2], atol(argv[3]));
    if (argc == 4 && strcmp(argv[1], "ping") == 0) return ping(argv[2], atoi(argv[3]));
    fprintf(stderr, "usage: gpiolat cross VALUEFILE N | watch VALUEFILE MS | ping TTY N\n");
    return 2;
}
