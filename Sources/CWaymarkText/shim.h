/* The C library's number text for WaymarkIO: parsing (strtod: correctly rounded decimal
 * and hexadecimal floating-point text) and printing (snprintf's %e and %f, exactly
 * rounded from the binary value), in the C locale Waymark's libraries never change.
 * A module of its own, as CWaymarkMath is for <math.h>, so the readers and writers
 * compile and link wherever a C library exists (glibc, musl, wasi-libc, Apple's
 * libSystem) with no Swift runtime and no Foundation. */
#ifndef WAYMARK_CWAYMARKTEXT_SHIM_H
#define WAYMARK_CWAYMARKTEXT_SHIM_H
#include <stdio.h>
#include <stdlib.h>

/* Swift cannot call a variadic C function (and Embedded Swift has no CVarArg), so the
 * two printf forms WaymarkIO's NumberText uses are wrapped with fixed arguments.
 * Both return snprintf's count (the length of the whole text, even when `size` cut it). */

/* `value` as d.ddd…e±XX with `decimals` digits after the point. */
static inline int wm_text_print_exponent(char *buffer, size_t size, int decimals, double value) {
    return snprintf(buffer, size, "%.*e", decimals, value);
}

/* `value` with exactly `decimals` digits after the point. */
static inline int wm_text_print_fixed(char *buffer, size_t size, int decimals, double value) {
    return snprintf(buffer, size, "%.*f", decimals, value);
}
#endif
