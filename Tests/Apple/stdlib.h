/* The C standard's <stdlib.h> declarations the core's C kernels and the readers
 * (WaymarkIO, through Sources/CWaymarkText) use, standing in for
 * Apple's header in scripts/check-apple (no SDK here); see math.h beside it. */
#ifndef WAYMARK_APPLE_STDLIB_H
#define WAYMARK_APPLE_STDLIB_H
#include <stddef.h>
char *getenv(const char *name);
double strtod(const char *restrict text, char **restrict end);
#endif
