// CPanelSystem: the panel's one door to libc below the command line.
//
// Embedded Swift cannot `import Glibc` (there is no Glibc overlay for it), but it can
// import a C module over the glibc headers. Every module under `gaugepanel` (GaugeSystem,
// GaugeSensors, GaugeInput, GaugeDisplayDevices, GaugeText, GaugePanel) imports this
// one instead of Glibc, so the firmware build and the host build see the same calls.
//
// It includes only the headers the seam uses, each for the reason noted, and adds
// `static inline` wrappers for what Swift cannot import from C: variadic functions
// (open), macros that are not plain constants (errno, MAP_FAILED), and the
// time/timespec arithmetic whose field widths differ between 64- and 32-bit ARM.
#ifndef GAUGEPANEL_CSYSTEM_H
#define GAUGEPANEL_CSYSTEM_H

#include <stddef.h>        // offsetof
#include <stdint.h>
#include <errno.h>         // E* values (GaugeSystem's Errno)
#include <string.h>        // strerror
#include <stdlib.h>        // getenv
#include <stdio.h>         // rename (snapshots are written to a temporary name first)
#include <fcntl.h>         // open and its O_* flags
#include <unistd.h>        // close, read, write, access, getpid, sysconf
#include <poll.h>          // poll, struct pollfd, POLL*
#include <dirent.h>        // opendir, readdir, closedir (the one directory listing)
#include <sys/stat.h>      // stat, fstat, S_IF*
#include <time.h>          // clock_gettime, nanosleep
#include <math.h>          // exp, sin, cos (the needle spring's exact step)
#include <termios.h>       // serial lines (GaugeSensors)
#include <sys/mman.h>      // mmap, munmap (fbdev, DRM dumb buffers)
#include <sys/inotify.h>   // input hot-plug (GaugeInput)
#include <signal.h>        // SIG*, sigset_t, pthread_sigmask (the run loop)
#include <sys/signalfd.h>  // signalfd (the run loop's signals as a descriptor)
#include <sys/timerfd.h>   // timerfd (the run loop's timers)
#include <sys/socket.h>    // socket, sendto (sd_notify)
#include <sys/un.h>        // struct sockaddr_un
#include <sys/resource.h>  // getrusage (the statistics line)
#if defined(__GLIBC__)
#include <malloc.h>        // malloc_trim (free heap pages handed back after start-up and snapshots)
#endif

// errno is a macro over a function call in glibc (and musl): Swift cannot import it.
static inline int csystem_errno(void) { return errno; }

// open(2) is variadic, which Swift cannot call; `mode` is used when O_CREAT creates.
static inline int csystem_open(const char *path, int flags, unsigned int mode) {
    return open(path, flags, (mode_t)mode);
}

// CLOCK_MONOTONIC in nanoseconds. timespec's fields are 32-bit on 32-bit ARM (64-bit
// with _TIME_BITS=64): C does the arithmetic so Swift sees one width everywhere.
static inline uint64_t csystem_monotonic_nanoseconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// nanosleep(2) for `nanoseconds` (returns early, with -1 and EINTR, when a signal arrives).
static inline int csystem_sleep_nanoseconds(uint64_t nanoseconds) {
    struct timespec t = { (time_t)(nanoseconds / 1000000000u), (long)(nanoseconds % 1000000000u) };
    return nanosleep(&t, NULL);
}

// Arms a timerfd to fire once at `deadline` nanoseconds of its clock (absolute,
// TFD_TIMER_ABSTIME); 0 disarms it.
static inline int csystem_timerfd_set_absolute(int fd, uint64_t deadline) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = (time_t)(deadline / 1000000000u);
    spec.it_value.tv_nsec = (long)(deadline % 1000000000u);
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

// mmap(2) of `length` bytes of `fd`, shared, read-write: NULL when it fails (MAP_FAILED
// is a cast macro Swift cannot import), errno says why.
static inline void *csystem_map_shared(int fd, size_t length, int64_t offset) {
    void *p = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)offset);
    return p == MAP_FAILED ? NULL : p;
}

// Where sun_path starts in struct sockaddr_un (the address length of a datagram to
// systemd's notify socket); Embedded Swift has no key paths for MemoryLayout.offset(of:).
static inline size_t csystem_sockaddr_un_path_offset(void) { return offsetof(struct sockaddr_un, sun_path); }

// A datagram socket for sd_notify: SOCK_DGRAM and SOCK_CLOEXEC are enum constants in
// glibc (imported as a Swift enum) but macros elsewhere: C combines them.
static inline int csystem_unix_datagram_socket(void) { return socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0); }

// The process's user plus system CPU time in microseconds, from getrusage(RUSAGE_SELF)
// (an enum in glibc, a macro elsewhere); -1 on failure. In C, so that Swift never touches
// struct timeval, which libevdev's headers declare as well.
static inline long long csystem_cpu_microseconds_self(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
        + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

// The page size (_SC_PAGESIZE is an enum in glibc, a macro elsewhere).
static inline long csystem_page_size(void) { return sysconf(_SC_PAGESIZE); }

// Hands the free pages inside the heap back to the kernel: glibc's free() only trims the
// heap's top, so what start-up and a snapshot's zlib state free below live objects stays
// resident until reused. malloc_trim(0) madvises those pages away; 1 when it released any.
// Not glibc: nothing to do.
static inline int csystem_release_free_heap(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

#endif
