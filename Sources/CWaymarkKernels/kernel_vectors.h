/* The vector types, constants, portable square root and code-path macros shared by the
 * kernel files (scene_kernels.c, short_range_kernels.c, gcj_kernels.c). Private to
 * CWaymarkKernels. */
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

/* Code paths. Each kernel file compiles its body (a .inc under WMK_FN, WMK(name) and
 * WMK_SQRT) once between WMK_PORTABLE_BEGIN and WMK_PORTABLE_END, where nothing fuses
 * multiply-adds (GCC contracts across statements by default, and arm64 has FMA), so
 * the portable path computes the Swift methods' bits on every architecture, as Swift,
 * which never contracts, does; and on x86-64 again under WMK_AVX2_FMA, a function
 * target attribute, so the library needs no global -mavx2 and runs on any x86-64. */
#if defined(__clang__)
#define WMK_PORTABLE_BEGIN _Pragma("clang fp contract(off)")
#define WMK_PORTABLE_END _Pragma("clang fp contract(on)")
#elif defined(__GNUC__)
#define WMK_PORTABLE_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define WMK_PORTABLE_END _Pragma("GCC pop_options")
#else
#define WMK_PORTABLE_BEGIN
#define WMK_PORTABLE_END
#endif
#define WMK_INLINE static inline __attribute__((always_inline))
#if defined(__x86_64__)
#define WMK_AVX2_FMA __attribute__((target("avx2,fma")))
#define WMK_SQRT_AVX2(v) ((v4d)_mm256_sqrt_pd((__m256d)(v)))
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
