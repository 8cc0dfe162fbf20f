// The calls behind CPreviewSocket.h (see there).
#define _GNU_SOURCE         // accept4
#include "CPreviewSocket.h"
#include <errno.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>     // socket, bind, listen, accept4, send, getsockname
#include <netinet/in.h>     // sockaddr_in
#include <arpa/inet.h>      // inet_pton
#include <sys/inotify.h>    // the board file's folder watched
#include <unistd.h>

// A non-blocking, close-on-exec IPv4 TCP socket listening on `address`:`port` (port 0: any
// free one). The descriptor, or -1 with errno (EINVAL for an address that is not IPv4).
int cpreview_listen(const char *address, uint16_t port, int backlog) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    if (inet_pton(AF_INET, address, &a.sin_addr) != 1) { errno = EINVAL; return -1; }
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

// The port a listening socket is bound to (after port 0), or -1 with errno.
int cpreview_local_port(int fd) {
    struct sockaddr_in a;
    socklen_t length = sizeof a;
    if (getsockname(fd, (struct sockaddr *)&a, &length) != 0) return -1;
    return ntohs(a.sin_port);
}

// 1 when `address` is an IPv4 address in 127.0.0.0/8, 0 when it is another one, -1 when
// it is not an IPv4 address.
int cpreview_is_loopback(const char *address) {
    struct in_addr a;
    if (inet_pton(AF_INET, address, &a) != 1) return -1;
    return (ntohl(a.s_addr) >> 24) == 127 ? 1 : 0;
}

// accept4(2), the new connection non-blocking and close-on-exec: its descriptor, or -1
// with errno (EAGAIN: none pending).
int cpreview_accept(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

// send(2) without SIGPIPE: bytes sent, or -1 with errno.
long cpreview_send(int fd, const void *bytes, size_t count) {
    return (long)send(fd, bytes, count, MSG_NOSIGNAL);
}

// A non-blocking inotify descriptor, or -1 with errno.
int cpreview_inotify_init(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }

// Watches a folder for files written, created, moved in or out and deleted (editors save
// by writing in place or by renaming a new file over the old one). The watch descriptor,
// or -1 with errno.
int cpreview_inotify_watch_folder(int fd, const char *folder) {
    return inotify_add_watch(fd, folder, IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB);
}

int cpreview_inotify_unwatch(int fd, int watch) { return inotify_rm_watch(fd, watch); }

