/* ttymode: prints a console's display mode and keyboard mode, e.g. "text unicode", for the
 * kernel harness under systemd (scripts/vm-systemd-test.sh): after `systemctl stop` the
 * console must be back in text mode with a working keyboard (not "graphics" or "off").
 * Usage: ttymode /dev/tty1 */
#include <fcntl.h>
#include <linux/kd.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "/dev/tty1";
    int fd = open(path, O_RDONLY | O_NOCTTY);
    if (fd < 0) { perror(path); return 1; }
    int mode = -1;
    int kb = -1;
    if (ioctl(fd, KDGETMODE, &mode) != 0) { perror("KDGETMODE"); return 1; }
    if (ioctl(fd, KDGKBMODE, &kb) != 0) { perror("KDGKBMODE"); return 1; }
    const char *m = mode == KD_TEXT ? "text" : mode == KD_GRAPHICS ? "graphics" : "other";
    const char *k = kb == K_UNICODE ? "unicode" : kb == K_XLATE ? "xlate" : kb == K_OFF ? "off"
                  : kb == K_RAW ? "raw" : kb == K_MEDIUMRAW ? "mediumraw" : "other";
    printf("%s %s\n", m, k);
    close(fd);
    return 0;
}
