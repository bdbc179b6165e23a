/* The vector types, constants, portable square root and code-path macros shared by the
 * kernel files (scene_kernels.c, short_range_kernels.c, gcj_kernels.c). Private to
 * CWaymarkKernels. */
#ifndef WMK_KERNEL_VECTORS_H
#define WMK_KERNEL_VECTORS_H

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* The portable path's 32-byte vectors (and the AVX-512 path's 64-byte ones) are passed between inlined helpers only; GCC's
 * note that their ABI would differ without AVX is moot. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* Code paths. Each kernel file compiles its body (a .inc under WMK_FN, WMK(name) and
 * WMK_SQRT) once between WMK_PORTABLE_BEGIN and WMK_PORTABLE_END, where nothing fuses
 * multiply-adds (GCC contracts across statements by default, and arm64 has FMA), so
 * the portable path computes the Swift methods' bits on every architecture, as Swift,
 * which never contracts, does; and on x86-64 again under WMK_AVX2_FMA and, eight lanes
 * wide, under WMK_AVX512: function target attributes, so the library needs no global
 * -mavx2 or -mavx512f and runs on any x86-64. */
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
/* Rare branches (WMK_COLD in the bodies: WMK_OUTLINE and the path's target) out of
 * line, so the common path saves no registers for their calls. */
#define WMK_OUTLINE static __attribute__((noinline, cold))
#ifndef WMK_PAIRED
#define WMK_PAIRED 0
#endif
#if defined(__x86_64__)
#define WMK_AVX2_FMA __attribute__((target("avx2,fma")))
#define WMK_SQRT_AVX2(v) ((v4d)_mm256_sqrt_pd((__m256d)(v)))
/* x86-64-v4's subset the eight-lane bodies need: 512-bit doubles (f), 64-bit masks to
 * and from vectors (dq), the 256-bit forms of the opmask instructions (vl, bw), and
 * FMA, which avx512f implies in clang but not in every GCC. */
#define WMK_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw,fma")))
#define WMK_SQRT_AVX512(v) ((v8d)_mm512_sqrt_pd((__m512d)(v)))
#endif

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));
/* One lane: the single points' bodies (scalar instructions; the same operations as
 * every lane of the wide bodies). */
typedef double v1d __attribute__((vector_size(8)));
typedef long long v1l __attribute__((vector_size(8)));
/* Eight lanes: the AVX-512 bodies, and scene -> geo's AVX2 + FMA batches as pairs of
 * four-lane vectors (WMK_PAIRED; x86-64 only). */
typedef double v8d __attribute__((vector_size(64)));
typedef long long v8l __attribute__((vector_size(64)));

#if defined(__x86_64__)
/* Square roots of a pair of AVX2 vectors (eight lanes, WMK_PAIRED). */
static inline __attribute__((always_inline)) WMK_AVX2_FMA v8d wmk_sqrt_avx2_pair(v8d v) {
    v4d lo = __builtin_shufflevector(v, v, 0, 1, 2, 3), hi = __builtin_shufflevector(v, v, 4, 5, 6, 7);
    return __builtin_shufflevector(WMK_SQRT_AVX2(lo), WMK_SQRT_AVX2(hi), 0, 1, 2, 3, 4, 5, 6, 7);
}
#endif

/* The bodies are written once for any lane width: each kernel file defines WMK_LANES
 * (1, 4 or 8) before including a body, and the body's vnd (doubles), vnl (64-bit lane
 * masks and integers), WMK_SPLAT and WMK_SPLATL resolve to that width's types, so one
 * formula has one home whatever the width. */
#define WMK_PASTE_(a, b, c) a##b##c
#define WMK_PASTE(a, b, c) WMK_PASTE_(a, b, c)
#define vnd WMK_PASTE(v, WMK_LANES, d)
#define vnl WMK_PASTE(v, WMK_LANES, l)
#define WMK_SPLAT(v) WMK_PASTE(WMK_SPLAT, WMK_LANES, )(v)
#define WMK_SPLATL(v) WMK_PASTE(WMK_SPLATL, WMK_LANES, )(v)
#define WMK_SPLAT4(v) ((v4d){(v), (v), (v), (v)})
#define WMK_SPLATL4(v) ((v4l){(v), (v), (v), (v)})
#define WMK_SPLAT1(v) ((v1d){(v)})
#define WMK_SPLATL1(v) ((v1l){(v)})
#define WMK_SPLAT8(v) ((v8d){(v), (v), (v), (v), (v), (v), (v), (v)})
#define WMK_SPLATL8(v) ((v8l){(v), (v), (v), (v), (v), (v), (v), (v)})
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
/* One lane's square root (sqrtsd; no errno branch as sqrt() may carry). */
static inline __attribute__((always_inline)) v1d wmk_sqrt1(v1d v) {
    v1d r = {_mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(v[0])))};
    return r;
}
#else
static inline __attribute__((always_inline)) v1d wmk_sqrt1(v1d v) {
    v1d r = {__builtin_sqrt(v[0])};
    return r;
}
static inline __attribute__((always_inline)) v4d wmk_sqrt_baseline(v4d v) {
    v4d r;
    int k;
    for (k = 0; k < 4; k++) r[k] = __builtin_sqrt(v[k]);
    return r;
}
#endif

#endif
