/* GCJ-02 kernels: one body (gcj_body.inc) compiled per code path — portable, and on
 * x86-64 two AVX2 builds (four lanes) and two AVX-512 builds (eight lanes) chosen by
 * function target attribute (as scene_kernels.c does): the forwards without FMA, the
 * inverses with it.
 *
 * Why the forward has no FMA: GCJ-02 is defined by its published formula, and the
 * library reproduces that formula's reference vectors to the last bit. Without fused
 * multiply-adds the AVX2 and AVX-512 forwards compute exactly the portable bits (four
 * or eight lanes per instruction instead of two); a fused one would move the last bit.
 * The inverse only has to land within its 1e-12 degree tolerance, so it fuses. */
#include "waymark_kernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernel_vectors.h"

/* The portable path never fuses multiply-adds: it computes the bits of the Swift methods
 * (which Swift never contracts) on every architecture. */
WMK_PORTABLE_BEGIN

#define WMK_LANES 4
#define WMK_FN WMK_INLINE
#define WMK(name) wmkg_##name##_baseline
#define WMK_SQRT(v) wmk_sqrt_baseline(v)
#include "gcj_body.inc"
#undef WMK_FN
#undef WMK
#undef WMK_SQRT

void wmk_gcj02_forward_baseline(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                int everywhere) {
    wmkg_gcj_forward_baseline(in, in_stride, out, out_stride, count, everywhere);
}

uint64_t wmk_gcj02_inverse_baseline(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                    int everywhere) {
    return wmkg_gcj_inverse_baseline(in, in_stride, out, out_stride, count, everywhere);
}

#if defined(__x86_64__)
/* AVX2 without FMA: no instruction can fuse, whatever the contraction setting. */
#define WMK_TARGET __attribute__((target("avx2")))
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmkg_##name##_avx2
#define WMK_SQRT(v) WMK_SQRT_AVX2(v)
#include "gcj_body.inc"

WMK_TARGET void wmk_gcj02_forward_avx2(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                                       size_t count, int everywhere) {
    wmkg_gcj_forward_avx2(in, in_stride, out, out_stride, count, everywhere);
}
#undef WMK_TARGET
#undef WMK_FN
#undef WMK
#undef WMK_SQRT

/* AVX-512 without an "fma" target: GCC then has no fused instruction at all; clang's
 * avx512f implies FMA, and this region's contraction off keeps it from fusing. */
#undef WMK_LANES
#define WMK_LANES 8
#define WMK_TARGET __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw")))
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmkg_##name##_avx512
#define WMK_SQRT(v) WMK_SQRT_AVX512(v)
#include "gcj_body.inc"

WMK_TARGET void wmk_gcj02_forward_avx512(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                                         size_t count, int everywhere) {
    wmkg_gcj_forward_avx512(in, in_stride, out, out_stride, count, everywhere);
}
#undef WMK_TARGET
#undef WMK_FN
#undef WMK
#undef WMK_SQRT
#undef WMK_LANES
#define WMK_LANES 4
#endif

WMK_PORTABLE_END

#if defined(__x86_64__)
#define WMK_TARGET WMK_AVX2_FMA
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmkg_##name##_fma
#define WMK_SQRT(v) WMK_SQRT_AVX2(v)
#include "gcj_body.inc"

WMK_TARGET uint64_t wmk_gcj02_inverse_avx2(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                                           size_t count, int everywhere) {
    return wmkg_gcj_inverse_fma(in, in_stride, out, out_stride, count, everywhere);
}
#undef WMK_TARGET
#undef WMK_FN
#undef WMK
#undef WMK_SQRT

/* Eight lanes with FMA: the AVX2 inverse's fused operations, so its bits. */
#undef WMK_LANES
#define WMK_LANES 8
#define WMK_TARGET WMK_AVX512
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK(name) wmkg_##name##_avx512_fma
#define WMK_SQRT(v) WMK_SQRT_AVX512(v)
#include "gcj_body.inc"

WMK_TARGET uint64_t wmk_gcj02_inverse_avx512(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                                             size_t count, int everywhere) {
    return wmkg_gcj_inverse_avx512_fma(in, in_stride, out, out_stride, count, everywhere);
}
#endif
