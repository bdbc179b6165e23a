/* The C library's number parsing (strtod) for WaymarkIO: correctly rounded decimal and
 * hexadecimal floating-point text, in the C locale Waymark's libraries never change.
 * A module of its own, as CWaymarkMath is for <math.h>, so the readers compile and link
 * wherever a C library exists (glibc, musl, wasi-libc, Apple's libSystem) with no Swift
 * runtime and no Foundation. */
#ifndef WAYMARK_CWAYMARKTEXT_SHIM_H
#define WAYMARK_CWAYMARKTEXT_SHIM_H
#include <stdlib.h>
#endif
