// Linux fbdev and VT interfaces for Swift: <linux/fb.h>, <linux/kd.h>, and non-variadic
// wrappers around ioctl (Swift cannot call C variadic functions directly). No <fcntl.h>:
// open and its O_* flags come from CPanelSystem, so that they have one owner in a build
// that compiles every module as one (scripts/build-firmware.sh).
#ifndef GAUGEPANEL_CLINUXFB_H
#define GAUGEPANEL_CLINUXFB_H
#include <sys/ioctl.h>
#include <linux/fb.h>
#include <linux/kd.h>

static inline int clfb_get_vscreeninfo(int fd, struct fb_var_screeninfo *v) { return ioctl(fd, FBIOGET_VSCREENINFO, v); }
static inline int clfb_get_fscreeninfo(int fd, struct fb_fix_screeninfo *f) { return ioctl(fd, FBIOGET_FSCREENINFO, f); }
// FBIOBLANK: FB_BLANK_POWERDOWN (the panel off, as DPMS off) or FB_BLANK_UNBLANK.
static inline int clfb_blank(int fd, int blank) { return ioctl(fd, FBIOBLANK, blank ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK); }
static inline int clfb_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, mode); }
static inline int clfb_kd_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int clfb_kd_graphics(void) { return KD_GRAPHICS; }
static inline int clfb_kd_text(void) { return KD_TEXT; }
static inline int clfb_kd_get_kbmode(int fd, int *mode) { return ioctl(fd, KDGKBMODE, mode); }
static inline int clfb_kd_set_kbmode(int fd, int mode) { return ioctl(fd, KDSKBMODE, mode); }
static inline int clfb_k_off(void) { return K_OFF; }
static inline int clfb_k_xlate(void) { return K_XLATE; }
static inline int clfb_k_unicode(void) { return K_UNICODE; }
static inline int clfb_k_raw(void) { return K_RAW; }
static inline int clfb_k_mediumraw(void) { return K_MEDIUMRAW; }
#endif
