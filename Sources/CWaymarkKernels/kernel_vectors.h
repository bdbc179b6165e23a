/* The vector types, constants and portable square root shared by the kernel files
 * (scene_kernels.c, short_range_kernels.c). Private to CWaymarkKernels. */
#ifndef WMK_KERNEL_VECTORS_H
#define WMK_KERNEL_VECTORS_H

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* The portable path's 32-byte vectors are passed between inlined helpers only; GCC's
 * note that their ABI would differ without AVX is moot. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));

#define WMK_SPLAT(v) ((v4d){(v), (v), (v), (v)})
#define WMK_SPLATL(v) ((v4l){(v), (v), (v), (v)})
#define WMK_SIGN WMK_SPLATL((long long)0x8000000000000000ULL)
#define WMK_RAD (3.14159265358979323846 / 180)
#define WMK_DEG (180 / 3.14159265358979323846)

/* Square roots of four lanes on the portable path: two SSE2 instructions on x86-64,
 * lane by lane elsewhere (correctly rounded everywhere, so the same bits). */
#if defined(__x86_64__)
static inline __attribute__((always_inline)) v4d wmk_sqrt_baseline(v4d v) {
    __m128d lo = _mm_sqrt_pd(_mm_set_pd(v[1], v[0])), hi = _mm_sqrt_pd(_mm_set_pd(v[3], v[2]));
    v4d r = {lo[0], lo[1], hi[0], hi[1]};
    return r;
}
#else
static inline __attribute__((always_inline)) v4d wmk_sqrt_baseline(v4d v) {
    v4d r;
    int k;
    for (k = 0; k < 4; k++) r[k] = __builtin_sqrt(v[k]);
    return r;
}
#endif

#endif
