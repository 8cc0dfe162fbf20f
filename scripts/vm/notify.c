/* notify: systemd's side of sd_notify for the kernel harness (scripts/vm-test.sh, test 'wait').
 *
 * The 'wait' test runs the panel as systemd runs the unit (the unprivileged user, the
 * console as its controlling terminal, NOTIFY_SOCKET set); this program stands in for
 * systemd's notification socket: it binds a datagram socket at the path it is given and
 * prints each message it receives, one line per assignment, as '@@NOTIFY <assignment>',
 * so the host can check what STATUS= said while the panel waited, and that READY=1 came.
 * It runs until killed.
 * Build: gcc -static -O2 -o notify notify.c   (scripts/vm-test.sh puts it in the initramfs)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2 || strlen(argv[1]) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        fprintf(stderr, "usage: notify SOCKET-PATH\n");
        return 2;
    }
    int fd = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    strcpy(addr.sun_path, argv[1]);
    unlink(argv[1]);
    if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        printf("@@NOTIFY error: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    chmod(argv[1], 0666);   /* systemd's socket is writable by the service's user */
    char buf[4097];
    for (;;) {
        ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
        if (n < 0) { if (errno == EINTR) continue; return 1; }
        buf[n] = 0;
        for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
            printf("@@NOTIFY %s\n", line);
        fflush(stdout);
    }
}
