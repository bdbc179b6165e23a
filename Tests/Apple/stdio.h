/* The C standard's <stdio.h> declaration WaymarkIO's number printer uses (through
 * Sources/CWaymarkText), standing in for Apple's header in scripts/check-apple (no SDK
 * here); see math.h beside it. */
#ifndef WAYMARK_APPLE_STDIO_H
#define WAYMARK_APPLE_STDIO_H
#include <stddef.h>
int snprintf(char *restrict buffer, size_t size, const char *restrict format, ...);
#endif
