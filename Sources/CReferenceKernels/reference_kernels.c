#include "reference_kernels.h"

#include <math.h>
#include <string.h>

/* The degree sine and cosine polynomials, from their one home in the library's kernels. */
#include "waymark_sincosd.h"

static const double deg = 3.14159265358979323846 / 180.0;

void wmref_frame_init(wmref_frame *fr, double lat0, double lon0, double h0, double a, double f) {
    double sphi = sin(lat0 * deg), cphi = cos(lat0 * deg), slam = sin(lon0 * deg), clam = cos(lon0 * deg), n;
    fr->a = a;
    fr->e2 = f * (2 - f);
    fr->e2m = (1 - f) * (1 - f);
    n = a / sqrt(1 - fr->e2 * sphi * sphi);
    fr->x0 = (n + h0) * cphi * clam;
    fr->y0 = (n + h0) * cphi * slam;
    fr->z0 = (fr->e2m * n + h0) * sphi;
    fr->slat0 = sphi; fr->clat0 = cphi; fr->slon0 = slam; fr->clon0 = clam;
}

void wmref_forward_scalar(const wmref_frame *fr, const double *in, double *out, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        double lat = in[3 * i] * deg, lon = in[3 * i + 1] * deg, h = in[3 * i + 2];
        double sphi = sin(lat), cphi = cos(lat), slam = sin(lon), clam = cos(lon);
        double n = fr->a / sqrt(1 - fr->e2 * sphi * sphi);
        double r = (n + h) * cphi;
        double dx = r * clam - fr->x0, dy = r * slam - fr->y0, dz = (fr->e2m * n + h) * sphi - fr->z0;
        double t = fr->clon0 * dx + fr->slon0 * dy;
        out[3 * i] = -fr->slon0 * dx + fr->clon0 * dy;
        out[3 * i + 1] = -fr->slat0 * t + fr->clat0 * dz;
        out[3 * i + 2] = fr->clat0 * t + fr->slat0 * dz;
    }
}

/* The vector floor's 32-byte vectors pass only between inlined helpers. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));
typedef double v8d __attribute__((vector_size(64)));
typedef long long v8l __attribute__((vector_size(64)));

/* The baseline build (SSE2 on x86-64), four lanes. */
#define WMREF_LANES 4
#define vd v4d
#define vl v4l
#define WMREF_FN static inline __attribute__((always_inline))
#define WMREF_ENTRY
#define WMREF(name) name
#include "vector_body.inc"
#undef WMREF_FN
#undef WMREF_ENTRY
#undef WMREF

/* The same source compiled for AVX2 + FMA (x86-64-v3) by a function target attribute,
 * and eight lanes wide for AVX-512 (x86-64-v4's F, DQ, BW, VL); elsewhere the names run
 * the baseline build, so callers need no #if. */
#if defined(__x86_64__)
#define WMREF_FN static inline __attribute__((always_inline, target("avx2,fma")))
#define WMREF_ENTRY __attribute__((target("avx2,fma")))
#define WMREF(name) name##_avx2
#include "vector_body.inc"
#undef WMREF_FN
#undef WMREF_ENTRY
#undef WMREF
#undef WMREF_LANES
#undef vd
#undef vl

#define WMREF_LANES 8
#define vd v8d
#define vl v8l
#define WMREF_FN static inline __attribute__((always_inline, target("avx512f,avx512dq,avx512vl,avx512bw,fma")))
#define WMREF_ENTRY __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw,fma")))
#define WMREF(name) name##_avx512
#include "vector_body.inc"
#else
void wmref_forward_vector_avx2(const wmref_frame *frame, const double *in, double *out, size_t count) {
    wmref_forward_vector(frame, in, out, count);
}

void wmref_forward_vector_avx512(const wmref_frame *frame, const double *in, double *out, size_t count) {
    wmref_forward_vector(frame, in, out, count);
}
#endif
