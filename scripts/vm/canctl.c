/* canctl: CAN interfaces and frames for the kernel harness (scripts/vm-test.sh, test 'can').
 *
 * busybox `ip` cannot set a CAN bit rate (IFLA_CAN_BITTIMING in the IFLA_INFO_DATA of an
 * RTM_NEWLINK for link kind "can"), and the initramfs has no can-utils; this does both:
 *   canctl up IFACE BITRATE        set the bit rate (the kernel computes the timing), link up
 *                                  (a link that is up is taken down first: the rate is set
 *                                  only while it is down)
 *   canctl down IFACE              link down
 *   canctl send IFACE ID#DATA...   one frame per argument, candump's notation: ID of 3 hex
 *                                  digits is a standard (11-bit) id, of 8 an extended (29-bit)
 *                                  one; DATA 0-8 bytes in hex ("123#", "1ABCDEF0#DEADBEEF");
 *                                  a full queue (ENOBUFS) is waited out, not an error
 *   canctl replay IFACE FILE       the frames of a `candump -l` file, "(SECONDS.USEC) IF ID#DATA"
 *                                  a line, sent on IFACE at the pace of their time stamps
 *   canctl dump IFACE N [SECONDS]  prints the next N frames received on IFACE as ID#DATA,
 *                                  one a line, and exits 0; exits 1 when SECONDS (default 5)
 *                                  pass first
 *   canctl ecu IFACE PID=HEX...    an OBD-II ECU until killed: a single-frame mode 01 request
 *                                  (`02 01 PID`) on 0x7DF or 0x7E0 for a PID given is answered
 *                                  from 0x7E8 with `LEN 41 PID HEX…` (1-5 bytes, padded with
 *                                  0x55); PID=!CC refuses it (`03 7F 01 CC`, PID=! is CC 12:
 *                                  sub-function not supported); other PIDs get no answer.
 *                                  Each request is printed as `PID answered|refused|ignored`.
 *   canctl ecu IFACE --29 PID=HEX...   the same with ISO 15765-4's 29-bit ids: ECU 0x10
 *                                  takes requests on 0x18DB33F1 (functional) or 0x18DA10F1
 *                                  (its physical id) and answers from 0x18DAF110
 * Errors are one line on stderr, exit 1 (2 for bad usage).
 * Linux UAPI headers only. Build: gcc -static -O2 -o canctl canctl.c
 */
#include <errno.h>
#include <linux/can.h>
#include <linux/can/netlink.h>
#include <linux/can/raw.h>
#include <linux/if.h>
#include <linux/rtnetlink.h>
#include <linux/sockios.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void fail(const char *what, const char *arg) {
    fprintf(stderr, "canctl: %s%s%s: %s\n", what, arg ? " " : "", arg ? arg : "", strerror(errno));
    exit(1);
}

static int ifindex(const char *name) {
    struct ifreq ifr;
    int s = socket(AF_INET, SOCK_DGRAM, 0);
    if (s < 0) s = socket(PF_CAN, SOCK_RAW, CAN_RAW);
    if (s < 0) fail("socket", NULL);
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "%s", name);
    if (ioctl(s, SIOCGIFINDEX, &ifr) < 0) fail("no such interface", name);
    close(s);
    return ifr.ifr_ifindex;
}

/* ---- rtnetlink ---- */

struct req {
    struct nlmsghdr n;
    struct ifinfomsg i;
    char buf[512];
};

static struct rtattr *addattr(struct nlmsghdr *n, int type, const void *data, int len) {
    struct rtattr *rta = (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));
    rta->rta_type = type;
    rta->rta_len = RTA_LENGTH(len);
    if (len) memcpy(RTA_DATA(rta), data, len);
    n->nlmsg_len = NLMSG_ALIGN(n->nlmsg_len) + RTA_ALIGN(rta->rta_len);
    return rta;
}

static void endnest(struct nlmsghdr *n, struct rtattr *nest) {
    nest->rta_len = (char *)n + NLMSG_ALIGN(n->nlmsg_len) - (char *)nest;
}

/* Sends one RTM_NEWLINK and reads the kernel's acknowledgement: 0 or -errno. */
static int talk(struct req *r) {
    static unsigned seq;
    struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
    char reply[4096];
    int s = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
    if (s < 0) fail("netlink socket", NULL);
    r->n.nlmsg_seq = ++seq;
    if (sendto(s, r, r->n.nlmsg_len, 0, (struct sockaddr *)&sa, sizeof sa) < 0) fail("netlink send", NULL);
    for (;;) {
        int len = recv(s, reply, sizeof reply, 0);
        if (len < 0) { if (errno == EINTR) continue; fail("netlink receive", NULL); }
        for (struct nlmsghdr *h = (struct nlmsghdr *)reply; NLMSG_OK(h, (unsigned)len); h = NLMSG_NEXT(h, len)) {
            if (h->nlmsg_seq != r->n.nlmsg_seq) continue;
            if (h->nlmsg_type == NLMSG_ERROR) {
                struct nlmsgerr *e = NLMSG_DATA(h);
                close(s);
                return e->error;
            }
        }
    }
}

static void newlink(struct req *r, int index) {
    memset(r, 0, sizeof *r);
    r->n.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg));
    r->n.nlmsg_type = RTM_NEWLINK;
    r->n.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
    r->i.ifi_family = AF_UNSPEC;
    r->i.ifi_index = index;
}

static int set_up(int index, int up) {
    struct req r;
    newlink(&r, index);
    r.i.ifi_change = IFF_UP;
    r.i.ifi_flags = up ? IFF_UP : 0;
    return talk(&r);
}

static int set_bitrate(int index, unsigned bitrate) {
    struct req r;
    struct can_bittiming bt;
    newlink(&r, index);
    struct rtattr *info = addattr(&r.n, IFLA_LINKINFO, NULL, 0);
    addattr(&r.n, IFLA_INFO_KIND, "can", 3);
    struct rtattr *data = addattr(&r.n, IFLA_INFO_DATA, NULL, 0);
    memset(&bt, 0, sizeof bt);
    bt.bitrate = bitrate;
    addattr(&r.n, IFLA_CAN_BITTIMING, &bt, sizeof bt);
    endnest(&r.n, data);
    endnest(&r.n, info);
    return talk(&r);
}

/* ---- frames ---- */

static int can_socket(const char *name, int receive) {
    struct sockaddr_can addr;
    int s = socket(PF_CAN, SOCK_RAW, CAN_RAW);
    if (s < 0) fail("CAN socket (is can_raw loaded?)", NULL);
    if (!receive) setsockopt(s, SOL_CAN_RAW, CAN_RAW_FILTER, NULL, 0);   /* a sender reads nothing */
    memset(&addr, 0, sizeof addr);
    addr.can_family = AF_CAN;
    addr.can_ifindex = ifindex(name);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) < 0) fail("bind", name);
    return s;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* candump's ID#DATA: 0 on success. */
static int parse_frame(const char *s, struct can_frame *f) {
    const char *hash = strchr(s, '#');
    unsigned long id = 0;
    if (!hash || (hash - s != 3 && hash - s != 8)) return -1;
    for (const char *p = s; p < hash; p++) { int v = hexval(*p); if (v < 0) return -1; id = id * 16 + v; }
    memset(f, 0, sizeof *f);
    if (hash - s == 8) { if (id > CAN_EFF_MASK) return -1; f->can_id = id | CAN_EFF_FLAG; }
    else { if (id > CAN_SFF_MASK) return -1; f->can_id = id; }
    const char *d = hash + 1;
    int n = 0;
    while (*d && *d != '\n' && *d != '\r' && *d != ' ') {
        if (*d == '.') { d++; continue; }
        int hi = hexval(d[0]), lo = d[1] ? hexval(d[1]) : -1;
        if (hi < 0 || lo < 0 || n == 8) return -1;
        f->data[n++] = hi * 16 + lo;
        d += 2;
    }
    f->can_dlc = n;
    return 0;
}

static void send_frame(int s, const struct can_frame *f) {
    for (;;) {
        if (write(s, f, sizeof *f) == (ssize_t)sizeof *f) return;
        if (errno == ENOBUFS || errno == EAGAIN) {   /* the device's queue is full: wait it out */
            struct pollfd p = { .fd = s, .events = POLLOUT };
            poll(&p, 1, 10);
            struct timespec ts = { 0, 1000000 };
            nanosleep(&ts, NULL);
            continue;
        }
        if (errno == EINTR) continue;
        fail("send", NULL);
    }
}

static void print_frame(const struct can_frame *f) {
    if (f->can_id & CAN_EFF_FLAG) printf("%08X#", f->can_id & CAN_EFF_MASK);
    else printf("%03X#", f->can_id & CAN_SFF_MASK);
    if (f->can_id & CAN_RTR_FLAG) printf("R");
    else for (int i = 0; i < f->can_dlc && i < 8; i++) printf("%02X", f->data[i]);
    printf("\n");
    fflush(stdout);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_until(double t) {
    double d = t - now();
    if (d <= 0) return;
    struct timespec ts = { (time_t)d, (long)((d - (time_t)d) * 1e9) };
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {}
}

/* canctl ecu: the answers by PID; len 0 with refuse set is a negative response. */
struct pid_answer { int set, refuse, len; unsigned char code, data[5]; };

static int parse_pid(const char *s, struct pid_answer *answers) {
    int hi = hexval(s[0]), lo = s[0] ? hexval(s[1]) : -1;
    if (hi < 0 || lo < 0 || s[2] != '=') return -1;
    struct pid_answer *a = &answers[hi * 16 + lo];
    memset(a, 0, sizeof *a);
    a->set = 1;
    const char *d = s + 3;
    if (*d == '!') {
        a->refuse = 1; a->code = 0x12;
        if (d[1]) { int h = hexval(d[1]), l = d[2] ? hexval(d[2]) : -1; if (h < 0 || l < 0 || d[3]) return -1; a->code = h * 16 + l; }
        return 0;
    }
    while (*d) {
        int h = hexval(d[0]), l = d[1] ? hexval(d[1]) : -1;
        if (h < 0 || l < 0 || a->len == 5) return -1;
        a->data[a->len++] = h * 16 + l;
        d += 2;
    }
    return a->len ? 0 : -1;
}

static int ecu(const char *name, int argc, char **argv) {
    static struct pid_answer answers[256];
    int ext = argc > 0 && !strcmp(argv[0], "--29");
    if (ext) { argc--; argv++; }
    for (int i = 0; i < argc; i++)
        if (parse_pid(argv[i], answers)) { fprintf(stderr, "canctl: not PID=HEX (1-5 bytes), PID=! or PID=!CC: %s\n", argv[i]); return 2; }
    int s = can_socket(name, 1);
    struct can_filter filters[2] = { { 0x7DF, CAN_EFF_FLAG | CAN_RTR_FLAG | CAN_SFF_MASK },
                                     { 0x7E0, CAN_EFF_FLAG | CAN_RTR_FLAG | CAN_SFF_MASK } };
    if (ext) {   /* 29-bit: functional 0x18DB33F1 and ECU 0x10's physical 0x18DA10F1, data frames only */
        filters[0] = (struct can_filter){ 0x18DB33F1 | CAN_EFF_FLAG, CAN_EFF_FLAG | CAN_RTR_FLAG | CAN_EFF_MASK };
        filters[1] = (struct can_filter){ 0x18DA10F1 | CAN_EFF_FLAG, CAN_EFF_FLAG | CAN_RTR_FLAG | CAN_EFF_MASK };
    }
    if (setsockopt(s, SOL_CAN_RAW, CAN_RAW_FILTER, filters, sizeof filters) < 0) fail("filter on", name);
    for (;;) {
        struct can_frame f, r;
        ssize_t n = read(s, &f, sizeof f);
        if (n < 0) { if (errno == EINTR || errno == EAGAIN) continue; fail("receive on", name); }
        if (n != (ssize_t)sizeof f || f.can_dlc < 3 || f.data[0] != 2 || f.data[1] != 0x01) continue;
        const struct pid_answer *a = &answers[f.data[2]];
        if (!a->set) { printf("%02X ignored\n", f.data[2]); fflush(stdout); continue; }
        memset(&r, 0, sizeof r);
        r.can_id = ext ? 0x18DAF110 | CAN_EFF_FLAG : 0x7E8;
        r.can_dlc = 8;
        memset(r.data, 0x55, 8);
        if (a->refuse) { r.data[0] = 3; r.data[1] = 0x7F; r.data[2] = 0x01; r.data[3] = a->code; }
        else {
            r.data[0] = 2 + a->len; r.data[1] = 0x41; r.data[2] = f.data[2];
            memcpy(r.data + 3, a->data, a->len);
        }
        send_frame(s, &r);
        printf("%02X %s\n", f.data[2], a->refuse ? "refused" : "answered");
        fflush(stdout);
    }
}

static int usage(void) {
    fprintf(stderr, "usage: canctl up IFACE BITRATE | down IFACE | send IFACE ID#DATA... | replay IFACE FILE | dump IFACE N [SECONDS] | ecu IFACE [--29] PID=HEX...\n");
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 3) return usage();
    const char *cmd = argv[1], *name = argv[2];
    if (!strcmp(cmd, "up") && argc == 4) {
        int index = ifindex(name);
        unsigned rate = strtoul(argv[3], NULL, 10);
        int e = set_bitrate(index, rate);
        if (e == -EBUSY) { set_up(index, 0); e = set_bitrate(index, rate); }   /* set only while down */
        if (e) { errno = -e; fail("set bit rate of", name); }
        if ((e = set_up(index, 1))) { errno = -e; fail("link up", name); }
        return 0;
    }
    if (!strcmp(cmd, "down") && argc == 3) {
        int e = set_up(ifindex(name), 0);
        if (e) { errno = -e; fail("link down", name); }
        return 0;
    }
    if (!strcmp(cmd, "send") && argc >= 4) {
        struct can_frame f;
        for (int i = 3; i < argc; i++)
            if (parse_frame(argv[i], &f)) { fprintf(stderr, "canctl: not a frame (ID#DATA): %s\n", argv[i]); return 2; }
        int s = can_socket(name, 0);
        for (int i = 3; i < argc; i++) { parse_frame(argv[i], &f); send_frame(s, &f); }
        return 0;
    }
    if (!strcmp(cmd, "replay") && argc == 4) {
        FILE *in = fopen(argv[3], "r");
        if (!in) fail("open", argv[3]);
        int s = can_socket(name, 0);
        char line[256], iface[IFNAMSIZ + 1], frame[128];
        double t0 = 0, start = now();
        int first = 1, n = 0, lineno = 0;
        while (fgets(line, sizeof line, in)) {
            double t;
            struct can_frame f;
            lineno++;
            if (line[0] == '\n' || line[0] == '#') continue;
            if (sscanf(line, " (%lf) %16s %127s", &t, iface, frame) != 3 || parse_frame(frame, &f)) {
                fprintf(stderr, "canctl: %s:%d: not a candump -l line: %s", argv[3], lineno, line);
                return 2;
            }
            if (first) { t0 = t; first = 0; }
            sleep_until(start + (t - t0));
            send_frame(s, &f);
            n++;
        }
        fprintf(stderr, "canctl: replayed %d frames in %.3f s\n", n, now() - start);
        return 0;
    }
    if (!strcmp(cmd, "dump") && (argc == 4 || argc == 5)) {
        int want = atoi(argv[3]);
        double limit = argc == 5 ? atof(argv[4]) : 5, end = now() + limit;
        int s = can_socket(name, 1);
        for (int got = 0; got < want;) {
            int ms = (int)((end - now()) * 1000);
            struct pollfd p = { .fd = s, .events = POLLIN };
            if (ms <= 0 || poll(&p, 1, ms) == 0) {
                fprintf(stderr, "canctl: %d of %d frames on %s in %g s\n", got, want, name, limit);
                return 1;
            }
            struct can_frame f;
            ssize_t r = read(s, &f, sizeof f);
            if (r < 0) { if (errno == EINTR || errno == EAGAIN) continue; fail("receive on", name); }
            if (r != (ssize_t)sizeof f) continue;
            print_frame(&f);
            got++;
        }
        return 0;
    }
    if (!strcmp(cmd, "ecu") && argc >= 4) return ecu(name, argc - 3, argv + 3);
    return usage();
}
