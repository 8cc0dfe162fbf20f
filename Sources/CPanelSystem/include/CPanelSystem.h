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
#include <unistd.h>        // close, read, write, access, getpid, sysconf, fsync
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
#include <net/if.h>        // if_nametoindex, IFNAMSIZ (SocketCAN interfaces)
#include <linux/can.h>     // struct sockaddr_can, can_frame, canfd_frame, CAN_*_FLAG
#include <linux/can/raw.h> // CAN_RAW_FILTER, CAN_RAW_FD_FRAMES, CAN_RAW_ERR_FILTER
#include <linux/can/error.h> // CAN_ERR_* classes of error frames
#include <netinet/in.h>    // sockaddr_in/in6 (tcp and udp sources)
#include <netinet/tcp.h>   // TCP_KEEPIDLE… (a silent peer is noticed)
#include <arpa/inet.h>     // inet_pton (IP literals without a resolver)
#include <sys/ioctl.h>     // ioctl (the GPIO character device)
#include <linux/gpio.h>    // GPIO uAPI v2: chip and line info, line requests ([[output]])
#include <netdb.h>         // getaddrinfo (host names; blocking)
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

// CLOCK_REALTIME in nanoseconds since 1970 (a log's time column).
static inline uint64_t csystem_realtime_nanoseconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

// The size of the file at `path` in bytes, or -1 (stat(2) failed).
static inline int64_t csystem_file_size(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 ? (int64_t)info.st_size : -1;
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

// SocketCAN (GaugeSensors' openCAN, readCAN, writeCAN). In C because sockaddr_can's
// union, the frames' layout and SOCK_RAW|SOCK_NONBLOCK|SOCK_CLOEXEC (enum constants in
// glibc, macros elsewhere) are easier to get right here for every ABI.

// A non-blocking raw CAN socket: the descriptor, or -1 with errno.
static inline int csystem_can_socket(void) {
    return socket(PF_CAN, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, CAN_RAW);
}

// bind(2) to the interface with this index (if_nametoindex); 0 or -1 with errno.
static inline int csystem_can_bind(int fd, unsigned int ifindex) {
    struct sockaddr_can address;
    memset(&address, 0, sizeof address);
    address.can_family = AF_CAN;
    address.can_ifindex = (int)ifindex;
    return bind(fd, (struct sockaddr *)&address, sizeof address);
}

// CAN_RAW_FILTER: `count` (at most 64) pairs of (can_id, can_mask) as the kernel takes
// them, flags included; count 0 receives no data frames. 0 or -1 with errno.
static inline int csystem_can_set_filters(int fd, const uint32_t *ids, const uint32_t *masks, unsigned int count) {
    struct can_filter filters[64];
    if (count > 64) { errno = EINVAL; return -1; }
    for (unsigned int i = 0; i < count; i++) { filters[i].can_id = ids[i]; filters[i].can_mask = masks[i]; }
    return setsockopt(fd, SOL_CAN_RAW, CAN_RAW_FILTER, count ? filters : NULL, (socklen_t)(count * sizeof filters[0]));
}

// CAN_RAW_FD_FRAMES on (an interface without FD still sends classic frames).
static inline int csystem_can_enable_fd_frames(int fd) {
    int on = 1;
    return setsockopt(fd, SOL_CAN_RAW, CAN_RAW_FD_FRAMES, &on, sizeof on);
}

// CAN_RAW_ERR_FILTER: which error frame classes to receive (CAN_ERR_MASK: all).
static inline int csystem_can_set_error_filter(int fd, uint32_t mask) {
    can_err_mask_t m = mask;
    return setsockopt(fd, SOL_CAN_RAW, CAN_RAW_ERR_FILTER, &m, sizeof m);
}

// One frame, non-blocking: its size (CAN_MTU or CANFD_MTU) with the id (flags included),
// FD flags and up to 64 data bytes filled in; -1 with errno (EAGAIN: none pending).
static inline int csystem_can_read(int fd, uint32_t *can_id, uint8_t *fd_flags, uint8_t *data, uint8_t *length) {
    struct canfd_frame frame;
    ssize_t n = read(fd, &frame, sizeof frame);
    if (n < 0) return -1;
    if (n != (ssize_t)CAN_MTU && n != (ssize_t)CANFD_MTU) { errno = EMSGSIZE; return -1; }
    uint8_t limit = n == (ssize_t)CANFD_MTU ? CANFD_MAX_DLEN : CAN_MAX_DLEN;
    uint8_t len = frame.len > limit ? limit : frame.len;
    *can_id = frame.can_id;
    *fd_flags = n == (ssize_t)CANFD_MTU ? frame.flags : 0;
    memcpy(data, frame.data, len);
    *length = len;
    return (int)n;
}

// One frame out: classic when `is_fd` is 0 (length ≤ 8), else CAN FD. 0 or -1 with errno.
static inline int csystem_can_write(int fd, uint32_t can_id, int is_fd, uint8_t fd_flags, const uint8_t *data, uint8_t length) {
    struct canfd_frame frame;
    memset(&frame, 0, sizeof frame);
    if (length > (is_fd ? CANFD_MAX_DLEN : CAN_MAX_DLEN)) { errno = EINVAL; return -1; }
    frame.can_id = can_id;
    frame.len = length;
    frame.flags = is_fd ? fd_flags : 0;
    memcpy(frame.data, data, length);
    size_t size = is_fd ? CANFD_MTU : CAN_MTU;
    ssize_t n = write(fd, &frame, size);
    if (n < 0) return -1;
    if ((size_t)n != size) { errno = EIO; return -1; }
    return 0;
}

// TCP and UDP sources (GaugeSensors' connectTCP, connectResult, bindUDP). An address is
// its IP version (4 or 6), 16 bytes (4 used for IPv4) and a port, so that Swift never
// touches the sockaddr unions.

// An IP literal: 4 or 6 with `bytes` filled, 0 when `text` is not one.
static inline int csystem_ip_parse(const char *text, uint8_t *bytes) {
    if (inet_pton(AF_INET, text, bytes) == 1) return 4;
    if (inet_pton(AF_INET6, text, bytes) == 1) return 6;
    return 0;
}

// A host name through the resolver (getaddrinfo: /etc/hosts, DNS; blocks until it
// answers): 4 or 6 with `bytes` filled (the first address), or 0 with errno ENXIO
// (unknown name) or EAGAIN (no answer now).
static inline int csystem_resolve(const char *name, uint8_t *bytes) {
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_ADDRCONFIG;
    int r = getaddrinfo(name, NULL, &hints, &found);
    if (r != 0 || found == NULL) {
        errno = (r == EAI_AGAIN || r == EAI_MEMORY || (r == EAI_SYSTEM && errno == EAGAIN)) ? EAGAIN : ENXIO;
        return 0;
    }
    int version = 0;
    if (found->ai_family == AF_INET) {
        memcpy(bytes, &((struct sockaddr_in *)found->ai_addr)->sin_addr, 4);
        version = 4;
    } else if (found->ai_family == AF_INET6) {
        memcpy(bytes, &((struct sockaddr_in6 *)found->ai_addr)->sin6_addr, 16);
        version = 6;
    } else {
        errno = ENXIO;
    }
    freeaddrinfo(found);
    return version;
}

static inline socklen_t csystem_ip_address(struct sockaddr_storage *sa, int version, const uint8_t *bytes, uint16_t port) {
    memset(sa, 0, sizeof *sa);
    if (version == 6) {
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)sa;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(port);
        memcpy(&a->sin6_addr, bytes, 16);
        return sizeof *a;
    }
    struct sockaddr_in *a = (struct sockaddr_in *)sa;
    a->sin_family = AF_INET;
    a->sin_port = htons(port);
    memcpy(&a->sin_addr, bytes, 4);
    return sizeof *a;
}

// A non-blocking TCP socket whose connect is started (it may still be in progress: the
// socket turns writable when it ends); keep-alive probes after 10 s of silence, every 5 s,
// 3 of them, so that a peer that vanished without a FIN is noticed. -1 with errno.
static inline int csystem_tcp_connect(int version, const uint8_t *bytes, uint16_t port) {
    struct sockaddr_storage sa;
    socklen_t length = csystem_ip_address(&sa, version, bytes, port);
    int fd = socket(version == 6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int on = 1, idle = 10, interval = 5, count = 3;
    setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
    setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
    if (connect(fd, (struct sockaddr *)&sa, length) == 0 || errno == EINPROGRESS) return fd;
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

// Where a started connect stands: 1 connected, 0 still in progress, -1 failed with errno
// (the socket's SO_ERROR: ECONNREFUSED, EHOSTUNREACH, ...).
static inline int csystem_connect_result(int fd) {
    struct pollfd p = { fd, POLLOUT, 0 };
    int n = poll(&p, 1, 0);
    if (n < 0) return -1;
    if (n == 0) return 0;
    int e = 0;
    socklen_t length = sizeof e;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &length) != 0) return -1;
    if (e != 0) { errno = e; return -1; }
    return 1;
}

// A non-blocking UDP socket bound to the address; -1 with errno. No SO_REUSEADDR: on
// UDP it lets a second program bind the same port and take the datagrams unnoticed;
// without it that is EADDRINUSE, which the panel reports.
static inline int csystem_udp_bind(int version, const uint8_t *bytes, uint16_t port) {
    struct sockaddr_storage sa;
    socklen_t length = csystem_ip_address(&sa, version, bytes, port);
    int fd = socket(version == 6 ? AF_INET6 : AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&sa, length) == 0) return fd;
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

// The GPIO character device, uAPI v2 ([[output]]): no libgpiod, the ioctls themselves, in
// C because the request structures hold fixed arrays and unions Swift imports awkwardly.

// GPIO_GET_CHIPINFO_IOCTL: the chip's name (gpiochip0), label (pinctrl-bcm2835) and line
// count; `name` and `label` take GPIO_MAX_NAME_SIZE bytes. 0 or -1 with errno.
static inline int csystem_gpio_chip_info(int fd, char *name, char *label, uint32_t *lines) {
    struct gpiochip_info info;
    memset(&info, 0, sizeof info);
    if (ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &info) != 0) return -1;
    memcpy(name, info.name, GPIO_MAX_NAME_SIZE);
    memcpy(label, info.label, GPIO_MAX_NAME_SIZE);
    name[GPIO_MAX_NAME_SIZE - 1] = 0;
    label[GPIO_MAX_NAME_SIZE - 1] = 0;
    *lines = info.lines;
    return 0;
}

// GPIO_V2_GET_LINEINFO_IOCTL: line `offset`'s name, its consumer (who holds it, when the
// kernel says) and whether it is requested (GPIO_V2_LINE_FLAG_USED). 0 or -1 with errno.
static inline int csystem_gpio_line_info(int fd, uint32_t offset, char *name, char *consumer, int *used) {
    struct gpio_v2_line_info info;
    memset(&info, 0, sizeof info);
    info.offset = offset;
    if (ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &info) != 0) return -1;
    memcpy(name, info.name, GPIO_MAX_NAME_SIZE);
    memcpy(consumer, info.consumer, GPIO_MAX_NAME_SIZE);
    name[GPIO_MAX_NAME_SIZE - 1] = 0;
    consumer[GPIO_MAX_NAME_SIZE - 1] = 0;
    *used = (info.flags & GPIO_V2_LINE_FLAG_USED) ? 1 : 0;
    return 0;
}

// GPIO_V2_GET_LINE_IOCTL: `count` (≤ GPIO_V2_LINES_MAX) lines as outputs, all inactive from
// the request on (the output-values attribute: no glitch to active), active-low when asked,
// under `consumer`'s name; with `pull_inactive`, biased towards the inactive level (pull-up
// when active-low, else pull-down), which a line released (even by a killed process) keeps
// on chips that make it an input then. The request's descriptor, or -1 with errno (EBUSY: held).
static inline int csystem_gpio_request_outputs(int fd, const uint32_t *offsets, uint32_t count, int active_low, int pull_inactive, const char *consumer) {
    struct gpio_v2_line_request request;
    memset(&request, 0, sizeof request);
    if (count == 0 || count > GPIO_V2_LINES_MAX) { errno = EINVAL; return -1; }
    for (uint32_t i = 0; i < count; i++) request.offsets[i] = offsets[i];
    request.num_lines = count;
    strncpy(request.consumer, consumer, GPIO_MAX_NAME_SIZE - 1);
    request.config.flags = GPIO_V2_LINE_FLAG_OUTPUT | (active_low ? GPIO_V2_LINE_FLAG_ACTIVE_LOW : 0);
    if (pull_inactive) request.config.flags |= active_low ? GPIO_V2_LINE_FLAG_BIAS_PULL_UP : GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN;
    request.config.num_attrs = 1;
    request.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
    request.config.attrs[0].attr.values = 0;
    request.config.attrs[0].mask = count == 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
    if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &request) != 0) return -1;
    return request.fd;
}

// GPIO_V2_LINE_SET_VALUES_IOCTL: the lines in `mask` (bit i: the request's line i) set to
// `bits`, logically (active-low inverted by the kernel). 0 or -1 with errno.
static inline int csystem_gpio_set_values(int fd, uint64_t bits, uint64_t mask) {
    struct gpio_v2_line_values values;
    values.bits = bits;
    values.mask = mask;
    return ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values);
}

#include "CPanelSystemPCM.h"  // the kernel's PCM interface (alarm sounds)

#endif
