// CPreviewSocket: TCP listening sockets and inotify for `gaugepanel preview` (GaugePreview).
// Host only: the firmware has no web server, so this module is outside its closure.
// The header declares plain functions over stdint types and includes no system header, so
// its declarations never meet CPanelSystem's (the same glibc structs, seen by two modules
// with different feature macros, would clash); cpreviewsocket.c holds the calls. In C
// because SOCK_NONBLOCK/SOCK_CLOEXEC are enum constants in glibc (macros elsewhere),
// sockaddr_in's layout differs per ABI, and send(2) must say MSG_NOSIGNAL (a peer that went
// away must not raise SIGPIPE in the panel's process).
#ifndef GAUGEPANEL_CPREVIEWSOCKET_H
#define GAUGEPANEL_CPREVIEWSOCKET_H

#include <stdint.h>
#include <stddef.h>

// A non-blocking, close-on-exec IPv4 TCP socket listening on `address`:`port` (port 0: any
// free one). The descriptor, or -1 with errno (EINVAL for an address that is not IPv4).
int cpreview_listen(const char *address, uint16_t port, int backlog);

// The port a listening socket is bound to (after port 0), or -1 with errno.
int cpreview_local_port(int fd);

// 1 when `address` is an IPv4 address in 127.0.0.0/8, 0 when it is another one, -1 when
// it is not an IPv4 address.
int cpreview_is_loopback(const char *address);

// accept4(2), the new connection non-blocking and close-on-exec: its descriptor, or -1
// with errno (EAGAIN: none pending).
int cpreview_accept(int fd);

// send(2) without SIGPIPE: bytes sent, or -1 with errno.
long cpreview_send(int fd, const void *bytes, size_t count);

// A non-blocking inotify descriptor, or -1 with errno.
int cpreview_inotify_init(void);

// Watches a folder for files written, created, moved in or out and deleted (editors save
// by writing in place or by renaming a new file over the old one). The watch descriptor,
// or -1 with errno.
int cpreview_inotify_watch_folder(int fd, const char *folder);

int cpreview_inotify_unwatch(int fd, int watch);

#endif
