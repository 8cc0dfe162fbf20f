// timerfd and signalfd for Swift: Swift's Glibc module map leaves out <sys/timerfd.h>
// and <sys/signalfd.h>; the run loop imports them from here.
#ifndef GAUGEPANEL_CLINUXLOOP_H
#define GAUGEPANEL_CLINUXLOOP_H
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#endif
