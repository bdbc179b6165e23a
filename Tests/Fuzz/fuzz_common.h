/* Shared pieces of the libFuzzer harnesses: reading typed values from the fuzzer's
 * bytes, and the contract every call is checked against (status in range, outputs
 * untouched on error, finite outputs for finite inputs on success). A broken contract
 * aborts, which libFuzzer reports as a crash with the input saved. */
#ifndef WAYMARK_FUZZ_COMMON_H
#define WAYMARK_FUZZ_COMMON_H

#include <waymark.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
} fuzz_input;

static inline uint64_t take_u64(fuzz_input *in) {
    uint64_t v = 0;
    size_t n = in->size < 8 ? in->size : 8;
    memcpy(&v, in->data, n);
    in->data += n;
    in->size -= n;
    return v;
}

static inline uint32_t take_u32(fuzz_input *in) { return (uint32_t)take_u64(in); }

/* Any double, NaN and infinities included, with some bias towards the interesting
 * ones: the first byte picks raw bits, a small value, a huge value or a special. */
static inline double take_double(fuzz_input *in) {
    static const double specials[] = {0.0, -0.0, 90.0, -90.0, 180.0, -180.0, 360.0, 1e-300, -1e-300,
                                      1e18, -1e18, 1.7e308, -1.7e308, NAN, INFINITY, -INFINITY, 1e12, 1e-160};
    uint8_t kind = in->size ? in->data[0] : 0;
    uint64_t bits;
    double v;
    if (in->size) { in->data++; in->size--; }
    bits = take_u64(in);
    switch (kind & 3) {
    case 0: memcpy(&v, &bits, 8); return v;
    case 1: return (double)(int64_t)bits / 9.2e15;             /* within about +-1000 */
    case 2: return specials[bits % (sizeof specials / sizeof specials[0])];
    default: return (double)(int32_t)bits * 1e-7;               /* degrees-sized */
    }
}

static inline wm_geodetic take_geodetic(fuzz_input *in) {
    wm_geodetic g;
    g.lat_deg = take_double(in);
    g.lon_deg = take_double(in);
    g.height_m = take_double(in);
    return g;
}

static inline wm_vec3 take_vec3(fuzz_input *in) {
    wm_vec3 v;
    v.x = take_double(in);
    v.y = take_double(in);
    v.z = take_double(in);
    return v;
}

/* A count whose buffer cannot exist (over 2^56 bytes at any stride >= 4): the call
 * must refuse it before reading. Smaller lies about a buffer's size cannot be told
 * from real buffers, in C or here. */
static inline size_t impossible_count(uint32_t pick) {
    return pick % 11 == 10 ? (size_t)-1 : (size_t)1 << (55 + pick % 9);
}

static inline int finite3(double a, double b, double c) { return isfinite(a) && isfinite(b) && isfinite(c); }

#define FUZZ_REQUIRE(cond) do { if (!(cond)) { \
    fprintf(stderr, "contract broken at %s:%d: %s\n", __FILE__, __LINE__, #cond); abort(); } } while (0)

static inline void require_status(wm_status s) { FUZZ_REQUIRE(s >= WM_OK && s <= WM_ERROR_NOT_AVAILABLE); }

/* A byte pattern written into outputs before a call: on error they must still hold it. */
#define SENTINEL 0x5a
static inline int untouched(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) if (b[i] != SENTINEL) return 0;
    return 1;
}

#endif
