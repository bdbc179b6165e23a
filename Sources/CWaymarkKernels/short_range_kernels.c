/* Short-range geodesic kernels: one body (short_range_body.inc) compiled per code path,
 * portable and (x86-64 only) AVX2 + FMA through a function target attribute, as
 * scene_kernels.c does for the frame conversions. */
#include "waymark_kernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernel_vectors.h"

/* The portable path never fuses multiply-adds, so it computes the bits of the Swift
 * method (which Swift never contracts) on every architecture; the AVX2 + FMA path
 * below turns contraction back on. */
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

#define WMK_FN static inline __attribute__((always_inline))
#define WMK(name) wmks_##name##_baseline
#define WMK_SQRT(v) wmk_sqrt_baseline(v)
#include "short_range_body.inc"
#undef WMK_FN
#undef WMK
#undef WMK_SQRT

uint64_t wmk_short_range_inverse_baseline(const wmk_short_range *geodesic, const wmk_short_range_start *start,
                                          const void *in, ptrdiff_t in_stride, size_t count,
                                          double *distance, double *azimuth1, double *azimuth2) {
    return wmks_inverse_chunk_baseline(geodesic, start, in, in_stride, count, distance, azimuth1, azimuth2);
}

uint64_t wmk_short_range_legs_baseline(const wmk_short_range *geodesic, const void *in, ptrdiff_t in_stride,
                                       size_t legs, double *distance) {
    return wmks_legs_chunk_baseline(geodesic, in, in_stride, legs, distance);
}

#if defined(__clang__)
#pragma clang fp contract(on)
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif

#if defined(__x86_64__)
#define WMK_TARGET __attribute__((target("avx2,fma")))
#define WMK_FN static inline __attribute__((always_inline)) WMK_TARGET
#define WMK(name) wmks_##name##_avx2
#define WMK_SQRT(v) ((v4d)_mm256_sqrt_pd((__m256d)(v)))
#include "short_range_body.inc"

WMK_TARGET uint64_t wmk_short_range_inverse_avx2(const wmk_short_range *geodesic, const wmk_short_range_start *start,
                                                 const void *in, ptrdiff_t in_stride, size_t count,
                                                 double *distance, double *azimuth1, double *azimuth2) {
    return wmks_inverse_chunk_avx2(geodesic, start, in, in_stride, count, distance, azimuth1, azimuth2);
}

WMK_TARGET uint64_t wmk_short_range_legs_avx2(const wmk_short_range *geodesic, const void *in, ptrdiff_t in_stride,
                                              size_t legs, double *distance) {
    return wmks_legs_chunk_avx2(geodesic, in, in_stride, legs, distance);
}
#endif
