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

/* FUZZ_SKIP_KNOWN=1 lets a campaign go on past a finding already reported (each one's
 * check says which): the check is skipped instead of aborting. Never set in ctest. */
static inline int skip_known(void) {
    static int flag = -1;
    if (flag < 0) flag = getenv("FUZZ_SKIP_KNOWN") != NULL;
    return flag;
}

/* A byte pattern written into outputs before a call: on error they must still hold it. */
#define SENTINEL 0x5a
static inline int untouched(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) if (b[i] != SENTINEL) return 0;
    return 1;
}

/* The header's rule for wm_axes, written out independently of the library so the
 * harnesses can tell which status a call must give: ENU, EUS, EUN, or a WM_AXES_CUSTOM
 * descriptor (nothing outside its 20 bits) whose x, y, z name east-or-west,
 * north-or-south and up-or-down once each, whose forward axis is horizontal and whose
 * unit is one of the four. */
static inline int axes_valid(wm_axes axes) {
    uint32_t c = (uint32_t)axes, x, y, z, forward, unit, up;
    if (axes == WM_AXES_ENU || axes == WM_AXES_EUS || axes == WM_AXES_EUN) return 1;
    if ((c & ~0xFFFFFu) != 0x40000000u) return 0;
    x = c & 15; y = c >> 4 & 15; z = c >> 8 & 15; forward = c >> 12 & 15; unit = c >> 16 & 15;
    if (x > 5 || y > 5 || z > 5 || forward > 5 || unit > 3) return 0;
    if (((1u << x % 3) | (1u << y % 3) | (1u << z % 3)) != 7) return 0;
    up = z % 3 == 2 ? 2 : y % 3 == 2 ? 1 : 0;        /* which scene axis is vertical */
    return forward % 3 != up;
}

/* Scene units per metre of a valid descriptor (ENU, EUS, EUN: metres). */
static inline double axes_units_per_metre(wm_axes axes) {
    static const double units[] = {1, 10, 100, 1000};
    return axes <= WM_AXES_EUN ? 1 : units[((uint32_t)axes >> 16) & 3];
}

/* An axes value from 32 bits: two thirds valid descriptors (a permutation of
 * east/north/up onto x, y, z, a sign each, a horizontal forward axis with its sign, a
 * unit), a twelfth each the three named conventions, the whole 6x6x6x6x4 descriptor
 * space (15% valid), a valid descriptor with one stray bit, or any int32. */
static inline wm_axes axes_from_bits(uint32_t bits) {
    static const uint8_t perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint32_t kind = bits % 12, r = bits / 12;
    uint32_t d[3], horizontal[2], nh = 0, i, forward;
    const uint8_t *p = perms[r % 6];
    for (i = 0; i < 3; i++) {
        d[i] = p[i] + ((r >> (3 + i)) & 1) * 3;     /* east/north/up or west/south/down */
        if (p[i] != 2) horizontal[nh++] = i;
    }
    forward = horizontal[(r >> 6) & 1] + ((r >> 7) & 1) * 3;
    switch (kind) {
    case 8: return (wm_axes)(r % 3);
    case 9: return WM_AXES_CUSTOM(r % 6, r / 6 % 6, r / 36 % 6, r / 216 % 6, r / 1296 % 4);
    case 10: return (wm_axes)((uint32_t)WM_AXES_CUSTOM(d[0], d[1], d[2], forward, (r >> 8) & 3) ^ (1u << (r >> 10) % 32));
    case 11: return (wm_axes)bits;
    default: return WM_AXES_CUSTOM(d[0], d[1], d[2], forward, (r >> 8) & 3);
    }
}

/* wm_axes_describe must agree with axes_valid, and report the unit and handedness
 * (x cross y = z) of the directions. */
static inline void check_axes_describe(wm_axes axes) {
    int32_t right = 0x5a5a5a5a;
    double units = 4242;
    wm_status s = wm_axes_describe(axes, &right, &units);
    if (!axes_valid(axes)) {
        if (s != WM_ERROR_INVALID_VALUE || right != 0x5a5a5a5a || units != 4242) {
            fprintf(stderr, "contract broken: wm_axes_describe(0x%08x) = %d for an invalid value\n", (unsigned)axes, (int)s);
            abort();
        }
        return;
    }
    if (s != WM_OK || units != axes_units_per_metre(axes)) {
        fprintf(stderr, "contract broken: wm_axes_describe(0x%08x) = %d, %g units\n", (unsigned)axes, (int)s, units);
        abort();
    }
    {   /* Handedness from the directions' unit vectors (east, north, up; 3.. negated). */
        static const int named[3][3] = {{0, 1, 2}, {0, 2, 4}, {0, 2, 1}};  /* ENU, EUS, EUN */
        int dirs[3], v[3][3], i, cz;
        uint32_t c = (uint32_t)axes;
        for (i = 0; i < 3; i++) dirs[i] = axes <= WM_AXES_EUN ? named[axes][i] : (int)(c >> (4 * i) & 15);
        for (i = 0; i < 3; i++) {
            memset(v[i], 0, sizeof v[i]);
            v[i][dirs[i] % 3] = dirs[i] < 3 ? 1 : -1;
        }
        /* (x cross y) . z */
        cz = (v[0][1] * v[1][2] - v[0][2] * v[1][1]) * v[2][0] + (v[0][2] * v[1][0] - v[0][0] * v[1][2]) * v[2][1]
           + (v[0][0] * v[1][1] - v[0][1] * v[1][0]) * v[2][2];
        FUZZ_REQUIRE(right == (cz > 0 ? 1 : 0));
    }
}

/* A call that takes axes must refuse an invalid value: INVALID_VALUE, or an earlier
 * error (NULL_POINTER, BAD_STRIDE, BAD_COUNT) the header lists before it. Never OK. */
static inline void require_axes_status(wm_axes axes, wm_status s) {
    if (!axes_valid(axes) && s == WM_OK) {
        fprintf(stderr, "contract broken: axes 0x%08x accepted\n", (unsigned)axes);
        abort();
    }
}


/* The harnesses' control word is read with take_u64 and used as 32 bits; its high half
 * picks the axes: 0 (every hand-written regression) keeps the harness's old choice
 * `fallback`, anything else goes through axes_from_bits. */
static inline wm_axes pick_axes(uint32_t high, wm_axes fallback) {
    return high == 0 ? fallback : axes_from_bits(high);
}

/* The named convention a descriptor equals (it must behave exactly as that value), or -1. */
static inline int axes_named_equivalent(wm_axes axes) {
    if (axes == WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_NORTH, WM_DIR_UP, WM_FORWARD_POS_Y, WM_UNIT_METRE)) return WM_AXES_ENU;
    if (axes == WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_UP, WM_DIR_SOUTH, WM_FORWARD_NEG_Z, WM_UNIT_METRE)) return WM_AXES_EUS;
    if (axes == WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_UP, WM_DIR_NORTH, WM_FORWARD_POS_Z, WM_UNIT_METRE)) return WM_AXES_EUN;
    return -1;
}

/* Scene component i (0 x, 1 y, 2 z) of a valid axes value from east, north, up metres. */
static inline double axes_component(wm_axes axes, int i, const double enu[3]) {
    static const int named[3][3] = {{0, 1, 2}, {0, 2, 4}, {0, 2, 1}};
    int dir = axes <= WM_AXES_EUN ? named[axes][i] : (int)((uint32_t)axes >> (4 * i) & 15);
    return (dir < 3 ? 1 : -1) * enu[dir % 3] * axes_units_per_metre(axes);
}

#endif
