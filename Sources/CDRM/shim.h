// libdrm (xf86drm.h, xf86drmMode.h) plus wrappers for the ioctl request macros Swift
// cannot import (DRM_IOCTL_MODE_*_DUMB are function-like macros).
#ifndef GAUGEPANEL_CDRM_SHIM_H
#define GAUGEPANEL_CDRM_SHIM_H
#include <stdint.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

static inline int cdrm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                                   uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb c;
    memset(&c, 0, sizeof c);
    c.width = width; c.height = height; c.bpp = bpp;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_CREATE_DUMB, &c);
    if (r == 0) { *handle = c.handle; *pitch = c.pitch; *size = c.size; }
    return r;
}

static inline int cdrm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb m;
    memset(&m, 0, sizeof m);
    m.handle = handle;
    int r = drmIoctl(fd, DRM_IOCTL_MODE_MAP_DUMB, &m);
    if (r == 0) *offset = m.offset;
    return r;
}

static inline int cdrm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb d;
    memset(&d, 0, sizeof d);
    d.handle = handle;
    return drmIoctl(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &d);
}

static inline uint32_t cdrm_fourcc_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t cdrm_fourcc_rgb565(void) { return DRM_FORMAT_RGB565; }
static inline uint32_t cdrm_page_flip_event(void) { return DRM_MODE_PAGE_FLIP_EVENT; }
static inline int cdrm_event_context_version(void) { return DRM_EVENT_CONTEXT_VERSION; }
#endif
