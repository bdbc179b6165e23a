/* The C standard's <string.h> declarations the core's C kernels use, standing in for
 * Apple's header in scripts/check-apple (no SDK here); see math.h beside it. */
#ifndef WAYMARK_APPLE_STRING_H
#define WAYMARK_APPLE_STRING_H
#include <stddef.h>
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
int strcmp(const char *a, const char *b);
#endif
