/* Short-range geodesic kernels: one body (short_range_body.inc) compiled per code path,
 * portable and (x86-64 only) AVX2 + FMA and AVX-512 through function target attributes,
 * as scene_kernels.c does for the frame conversions. */
#include "waymark_kernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernel_vectors.h"

/* The portable path: the Swift method's bits on every architecture. */
WMK_PORTABLE_BEGIN

#define WMK_LANES 4
#define WMK_FN WMK_INLINE
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

WMK_PORTABLE_END

#if defined(__x86_64__)
#define WMK_TARGET WMK_AVX2_FMA
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmks_##name##_avx2
#define WMK_SQRT(v) WMK_SQRT_AVX2(v)
#include "short_range_body.inc"

#define WMK_ENTRY(name) wmk_##name##_avx2
#include "short_range_entries.inc"
#undef WMK_ENTRY
#undef WMK_TARGET
#undef WMK_FN
#undef WMK
#undef WMK_SQRT

/* Eight lanes: the AVX2 path's fused operations, so its bits (scene_kernels.c says why). */
#undef WMK_LANES
#define WMK_LANES 8
#define WMK_TARGET WMK_AVX512
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmks_##name##_avx512
#define WMK_SQRT(v) WMK_SQRT_AVX512(v)
#include "short_range_body.inc"

#define WMK_ENTRY(name) wmk_##name##_avx512
#include "short_range_entries.inc"
#undef WMK_ENTRY
#endif
