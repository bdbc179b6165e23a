/* The C library's maths (sin, cos, atan2, log, ...) for WaymarkCore, which needs
 * nothing else from the platform: a module of its own, so the core compiles and links
 * wherever a C library with <math.h> exists (glibc, musl, wasi-libc, Apple's libSystem,
 * newlib) and never sees PROJ. */
#ifndef WAYMARK_CWAYMARKMATH_SHIM_H
#define WAYMARK_CWAYMARKMATH_SHIM_H
#include <math.h>
#endif
