/* geo <-> scene kernels, one body (vector_body.inc) compiled per code path: portable
 * (SSE2 on x86-64, NEON on aarch64, whatever the target has elsewhere) and, on x86-64
 * only, AVX2 + FMA (four lanes) and AVX-512 (eight lanes) through function target
 * attributes, so the library needs no global -mavx2 or -mavx512f and still runs on any
 * x86-64. */
#include "waymark_kernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kernel_vectors.h"

/* The portable path: nothing fuses multiply-adds, so the same bits on every
 * architecture (the reference the AVX2 + FMA path is tested against). */
WMK_PORTABLE_BEGIN

/* ECEF -> geodetic, scalar and general (see the header). */
void wmk_geocentric_reverse(const wmk_ellipsoid *e, double x, double y, double z, double g[3]) {
    double R = sqrt(x * x + y * y), h, phi, lon, lat;
    /* Within 2^-300 a of the axis or of the equatorial plane a point is taken as on it
     * (a shift under 1e-80 m): the squares below would be subnormal, and their products
     * with e^4 would keep no digit. */
    if (R < 0x1p-300 * e->a) R = 0;
    if (fabs(z) < 0x1p-300 * e->a) z = copysign(0, z);
    if (e->e4a < 0x1p-140) {
        /* A sphere, or within 2^-70 of one (|f| < 4e-22, at most 1e-11 m from it at
         * a = 1e10 m), where Vermeille's products of e^4 with squared distances from the
         * centre would underflow. The centre maps to the north pole, as on an ellipsoid. */
        h = sqrt(R * R + z * z);
        phi = atan2(h != 0 ? z : 1, R);
        h -= e->a;
    } else {
        double p = (R / e->a) * (R / e->a);
        double q = e->e2m * (z / e->a) * (z / e->a);
        double r = (p + q - e->e4a) / 6;
        if (e->f < 0) { double t = p; p = q; q = t; }   /* prolate: R and z swap roles */
        if (!(e->e4a * q == 0 && r <= 0)) {
            /* S = r^3 s and T = r t, so r = 0 never divides. */
            double S = e->e4a * p * q / 4, r2 = r * r, r3 = r * r2, disc = S * (2 * r3 + S), u = r;
            double v, uv, w, k, k1, k2, d;
            if (disc >= 0) {
                double T3 = r3 + S, T;
                T3 += T3 < 0 ? -sqrt(disc) : sqrt(disc);   /* the sign maximising |T3|: no cancellation */
                T = cbrt(T3);
                u += T + (T != 0 ? r2 / T : 0);
            } else {
                /* Three real roots; this one avoids cancellation (disc < 0 implies r < 0). */
                double angle = atan2(sqrt(-disc), -(S + r3));
                u += 2 * r * cos(angle / 3);
            }
            v = sqrt(u * u + e->e4a * q);
            uv = u < 0 ? e->e4a * q / (v - u) : u + v;   /* u + v without cancellation */
            w = e->e2a * (uv - q) / (2 * v);
            if (w < 0) w = 0;
            k = uv / (sqrt(uv + w * w) + w);
            k1 = e->f >= 0 ? k : k - e->e2;
            k2 = e->f >= 0 ? k + e->e2 : k;
            d = k1 * R / k2;
            phi = atan2(z / k1, R / k2);
            h = (1 - e->e2m / k1) * sqrt(d * d + z * z);
        } else {
            /* On the equatorial plane inside the evolute (oblate) or on the axis inside it
             * (prolate): the limits of the general formulas. */
            double zz = sqrt((e->f >= 0 ? e->e4a - p : p) / e->e2m);
            double xx = sqrt(e->f < 0 ? e->e4a - p : p);
            double angle = atan2(zz, xx);
            phi = z < 0 ? -angle : angle;
            h = -e->a * (e->f >= 0 ? e->e2m : 1) * sqrt(xx * xx + zz * zz) / e->e2a;
        }
    }
    lon = -atan2(-y, x) * WMK_DEG;   /* lands in [-180, 180) but for rounding */
    if (!(lon >= -180 && lon < 180)) {
        lon = remainder(lon, 360);
        if (lon == 180) lon = -180;
    }
    lat = phi * WMK_DEG;
    lat = lat > 90 ? 90 : lat < -90 ? -90 : lat;
    g[0] = lat; g[1] = lon; g[2] = h;
}

/* The portable path: the closed forms everywhere (their bits are the CLI's golden text). */
#define WMK_LANES 4
#define WMK_NEAR_DIFFERENCES 0
#define WMK_FN WMK_INLINE
#define WMK_COLD WMK_OUTLINE
#define WMK(name) wmkv_##name##_baseline
#define WMK_SQRT(v) wmk_sqrt_baseline(v)
#define WMK_ROUNDED(v) ((void)0)
#define WMK_INVSQRT(v) (1.0 / wmk_sqrt_baseline(v))
#include "vector_body.inc"
#undef WMK
#undef WMK_SQRT
#undef WMK_INVSQRT

/* One lane: a single point in scalar instructions. The four-lane body spends a whole
 * group's work (and its shuffles) on one point, which an engine converting anchors one
 * by one pays per call. */
#undef WMK_LANES
#define WMK_LANES 1
#define WMK(name) wmkv_##name##_baseline1
#define WMK_SQRT(v) wmk_sqrt1(v)
#define WMK_INVSQRT(v) (1.0 / wmk_sqrt1(v))
#include "vector_body.inc"
#undef WMK_LANES
#define WMK_LANES 4
#undef WMK_FN
#undef WMK_COLD
#undef WMK
#undef WMK_SQRT
#undef WMK_ROUNDED
#undef WMK_INVSQRT

#if defined(__x86_64__)
int wmk_geodetic_all_valid_avx2(const void *in, ptrdiff_t in_stride, size_t count, double max_h);
int wmk_scene_all_valid_avx2(const void *in, ptrdiff_t in_stride, size_t count, double limit);
int wmk_geodetic_all_valid_avx512(const void *in, ptrdiff_t in_stride, size_t count, double max_h);
int wmk_scene_all_valid_avx512(const void *in, ptrdiff_t in_stride, size_t count, double limit);
#endif

/* The batches' pre-checks on the process's path: scene (limit) or geodetic (max_h). */
static int wmk_all_valid(int scene, const void *in, ptrdiff_t in_stride, size_t count, double bound) {
#if defined(__x86_64__)
    int path = wmk_cpu_path();
    if (path == WMK_PATH_AVX512)
        return (scene ? wmk_scene_all_valid_avx512 : wmk_geodetic_all_valid_avx512)(in, in_stride, count, bound);
    if (path == WMK_PATH_AVX2_FMA)
        return (scene ? wmk_scene_all_valid_avx2 : wmk_geodetic_all_valid_avx2)(in, in_stride, count, bound);
#endif
    return (scene ? wmkv_scene_all_valid_baseline : wmkv_geodetic_all_valid_baseline)(in, in_stride, count, bound);
}

int wmk_scene_all_valid(const void *in, ptrdiff_t in_stride, size_t count, double limit) {
    return wmk_all_valid(1, in, in_stride, count, limit);
}

int wmk_geodetic_all_valid(const void *in, ptrdiff_t in_stride, size_t count, double max_h) {
    return wmk_all_valid(0, in, in_stride, count, max_h);
}

void wmk_geo_to_scene_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count) {
    wmkv_geo_to_scene_batch_baseline(frame, in, in_stride, out, out_stride, count);
}

void wmk_geo_to_scene4_baseline(const wmk_scene_frame *frame, const double lat[4], const double lon[4],
                                const double h[4], double x[4], double y[4], double z[4]) {
    wmkv_geo_to_scene4_arrays_baseline(frame, lat, lon, h, x, y, z);
}

void wmk_anchor_transforms_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                                    void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes) {
    wmkv_anchor_batch_baseline(frame, in, in_stride, out, out_stride, count, axes);
}

void wmk_scene_to_geo_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count) {
    wmkv_scene_to_geo_batch_baseline(frame, in, in_stride, out, out_stride, count);
}

/* The portable path's checked frame entries (defined here, where nothing fuses). */
int wmk_frame_forward_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count);
int wmk_frame_reverse_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count);
int wmk_frame_anchors_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes);

int wmk_frame_forward_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count) {
    return wmkv_frame_forward_baseline(frame, in, in_stride, out, out_stride, count);
}

int wmk_frame_reverse_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count) {
    return wmkv_frame_reverse_baseline(frame, in, in_stride, out, out_stride, count);
}

int wmk_frame_anchors_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes) {
    return wmkv_frame_anchors_baseline(frame, in, in_stride, out, out_stride, count, axes);
}

static int wmk_frame_forward1_baseline(const wmk_scene_frame *frame, const void *in, void *out) {
    return wmkv_frame_forward_baseline1(frame, in, 24, out, 24, 1);
}

WMK_PORTABLE_END

#if defined(__x86_64__)
/* The x86-64-v3 path: the same body with AVX2 + FMA code generation, and the near
 * forms from differences (vector_body.inc, reverse_body.inc). */
#undef WMK_NEAR_DIFFERENCES
#define WMK_NEAR_DIFFERENCES 1
#define WMK_TARGET WMK_AVX2_FMA
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK_COLD WMK_OUTLINE WMK_TARGET
#define WMK(name) wmkv_##name##_avx2
#define WMK_SQRT(v) WMK_SQRT_AVX2(v)
/* An empty asm the compiler cannot see through: v is materialised, rounded, so no
 * later operation fuses with the multiplication that made it. */
#define WMK_ROUNDED(v) __asm__("" : "+x"(v))
#define WMK_INVSQRT(v) (1.0 / WMK_SQRT(v))
#define WMK_PINNED_CONSTANTS 1
#include "vector_body.inc"
#undef WMK_PINNED_CONSTANTS
#undef WMK
#undef WMK_SQRT
#undef WMK_ROUNDED
#undef WMK_INVSQRT

/* scene -> geo's batches as pairs of AVX2 vectors (reverse_body.inc says why); the
 * same operations lane for lane, so the four-lane bits. */
#undef WMK_LANES
#define WMK_LANES 8
#undef WMK_PAIRED
#define WMK_PAIRED 1
#define WMK(name) wmkv_##name##_avx2x2
#define WMK_SQRT(v) wmk_sqrt_avx2_pair(v)
#include "vector_math.inc"
#include "reverse_body.inc"
#undef WMK
#undef WMK_SQRT
#undef WMK_PAIRED
#define WMK_PAIRED 0

/* One lane, the same fused operations (clang fuses per expression, whatever the
 * width), so a single point has the four- and eight-lane bodies' bits. <1 x double>
 * has no register constraint: the rounding barrier takes its element. */
#undef WMK_LANES
#define WMK_LANES 1
#define WMK(name) wmkv_##name##_avx2_1
#define WMK_SQRT(v) wmk_sqrt1(v)
#define WMK_ROUNDED(v) do { double wmk_lane_ = (v)[0]; __asm__("" : "+x"(wmk_lane_)); (v)[0] = wmk_lane_; } while (0)
#define WMK_INVSQRT(v) (1.0 / wmk_sqrt1(v))
#include "vector_body.inc"
#undef WMK
#undef WMK_SQRT
#undef WMK_ROUNDED
#undef WMK_INVSQRT
#undef WMK_LANES
#define WMK_LANES 4

static WMK_TARGET int wmk_frame_forward1_avx2(const wmk_scene_frame *frame, const void *in, void *out) {
    return wmkv_frame_forward_avx2_1(frame, in, 24, out, 24, 1);
}

static WMK_TARGET int wmk_frame_reverse4_avx2(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                                              void *out, ptrdiff_t out_stride, size_t count) {
    return wmkv_frame_reverse_avx2(frame, in, in_stride, out, out_stride, count);
}

#define WMK(name) wmkv_##name##_avx2
#define WMK_REVERSE(name) wmkv_##name##_avx2x2
#define WMK_ENTRY(name) wmk_##name##_avx2
#include "scene_entries.inc"
#undef WMK_ENTRY
#undef WMK_REVERSE
#undef WMK_TARGET
#undef WMK_FN
#undef WMK_COLD
#undef WMK

/* The x86-64-v4 path: the same body, eight lanes, AVX-512 + FMA code generation. The
 * fused operations are the ones the AVX2 path fuses (clang decides contraction per
 * expression, before the lane width matters), so the two paths give the same bits. */
#undef WMK_LANES
#define WMK_LANES 8
#define WMK_TARGET WMK_AVX512
#define WMK_FN WMK_INLINE WMK_TARGET
#define WMK_COLD WMK_OUTLINE WMK_TARGET
#define WMK(name) wmkv_##name##_avx512
#define WMK_SQRT(v) WMK_SQRT_AVX512(v)
/* "v": any of the 32 vector registers, which a 64-byte vector may occupy. */
#define WMK_ROUNDED(v) __asm__("" : "+v"(v))
#define WMK_INVSQRT(v) (1.0 / WMK_SQRT(v))
/* The near forms' constants made once per batch (vector_body.inc's near_frame). */
#define WMK_PINNED_CONSTANTS 1
#include "vector_body.inc"
#undef WMK_PINNED_CONSTANTS

#define WMK_REVERSE(name) WMK(name)
#define WMK_ENTRY(name) wmk_##name##_avx512
#include "scene_entries.inc"
#undef WMK_ENTRY
#undef WMK_REVERSE
#endif

#if defined(__x86_64__)
int wmk_frame_forward_avx2(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t);
int wmk_frame_reverse_avx2(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t);
int wmk_frame_anchors_avx2(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t,
                           const wmk_anchor_axes *);
int wmk_frame_forward_avx512(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t);
int wmk_frame_reverse_avx512(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t);
int wmk_frame_anchors_avx512(const wmk_scene_frame *, const void *, ptrdiff_t, void *, ptrdiff_t, size_t,
                             const wmk_anchor_axes *);
#endif

#if defined(__x86_64__)
/* dn: N(lat0 + x) = a w(x)^(-1/2), w = 1 - e^2 sin^2(lat0 + x), as power series in x in
 * 80-bit arithmetic: the sine's by angle addition, its square by convolution, and the
 * power by the recurrence for g = w^p, n w_0 g_n = sum_{k=1..n} ((p + 1) k - n) w_k g_{n-k}
 * (from g' w = p w' g). One polynomial in x, where N - N0 from the sine's difference
 * waited on that difference: the chain a single point's conversion waits on. */
static void wmk_frame_n_series(wmk_scene_frame *frame) {
    enum { K = 8 };
    /* 1/n! and 1/n as constants: one division in all (a frame is prepared whenever its
     * estimate is set). */
    static const long double inv_fact[K] = {1, 1, 1 / 2.0L, 1 / 6.0L, 1 / 24.0L, 1 / 120.0L, 1 / 720.0L, 1 / 5040.0L};
    static const long double inv_n[K] = {0, 1, 1 / 2.0L, 1 / 3.0L, 1 / 4.0L, 1 / 5.0L, 1 / 6.0L, 1 / 7.0L};
    const long double s0 = frame->slat0, c0 = frame->clat0, e2 = frame->ell.e2;
    long double s[K], w[K], g[K], inv_w0;
    int n, k;
    /* sin(lat0 + x) = s0 cos x + c0 sin x: the x^n term */
    for (n = 0; n < K; n++) s[n] = (n % 2 == 0 ? s0 : c0) * ((n / 2) % 2 ? -inv_fact[n] : inv_fact[n]);
    for (n = 0; n < K; n++) {
        long double s2 = 0;
        for (k = 0; k <= n; k++) s2 += s[k] * s[n - k];
        w[n] = (n == 0 ? 1 : 0) - e2 * s2;
    }
    inv_w0 = 1 / w[0];
    g[0] = sqrtl(inv_w0);
    for (n = 1; n < K; n++) {
        long double t = 0;
        for (k = 1; k <= n; k++) t += (0.5L * k - n) * w[k] * g[n - k];
        g[n] = t * inv_n[n] * inv_w0;
    }
    for (n = 1; n < K; n++) frame->dn[n - 1] = (double)((long double)frame->ell.a * g[n]);
}
#endif

void wmk_frame_prepare(wmk_scene_frame *frame, int32_t path) {
    double w0 = 1 - frame->ell.e2 * frame->slat0 * frame->slat0;
    frame->reserved_ = 0;
    frame->path = WMK_PATH_BASELINE;
#if defined(__x86_64__)
    if (path == WMK_PATH_AVX512 || path == WMK_PATH_AVX2_FMA) frame->path = path;
#endif
    (void)path;
    frame->n0 = frame->ell.a / sqrt(w0);
    frame->inv_w0 = 1 / w0;
    frame->nh0 = frame->n0 + frame->h0;
    frame->en0h0 = frame->ell.e2m * frame->n0 + frame->h0;
    frame->p0 = frame->nh0 * frame->clat0;
    frame->inv_k = 1 / (frame->clon0 * frame->clon0 + frame->slon0 * frame->slon0);
    frame->rho0 = frame->ell.a * frame->ell.e2m / (w0 * sqrt(w0)) + frame->h0;
    frame->r0[0] = frame->r0[1] = frame->r0[2] = 0;
    memset(frame->dn, 0, sizeof frame->dn);
#if defined(__x86_64__)
    if (frame->path != WMK_PATH_BASELINE) {
        wmk_frame_n_series(frame);
        /* The origin's ECEF from the near forms' constants in 80-bit arithmetic (within
         * about 5e-10 m: nh0 and en0h0 are rounded): x0, y0, z0 become its rounding and r0
         * what that rounding left. The near forms never read them (their differences
         * are about the origin itself); the far lanes' closed forms, less x0 and then
         * r0 (geo -> scene) or from x0 + r0 (scene -> geo), keep within the closed
         * form's own error of them. */
        long double p0 = (long double)frame->nh0 * frame->clat0;
        long double e[3];
        int k;
        e[0] = p0 * frame->clon0;
        e[1] = p0 * frame->slon0;
        e[2] = (long double)frame->en0h0 * frame->slat0;
        frame->x0 = (double)e[0]; frame->y0 = (double)e[1]; frame->z0 = (double)e[2];
        for (k = 0; k < 3; k++) frame->r0[k] = (double)(e[k] - (long double)(k == 0 ? frame->x0 : k == 1 ? frame->y0 : frame->z0));
    }
#endif
    /* The bounds the one-step method was measured in (reverse_body.inc). */
    frame->near_up = frame->ell.f > 0 && frame->ell.f <= 0.01 && fabs(frame->h0) <= 0.01 * frame->ell.a
                         ? 0.003 * frame->ell.a : -1;
}

/* The one dispatch of each frame call: the path stored in the frame (a path this
 * process may run: the callers refuse a frame naming one the machine lacks). */
int wmk_frame_forward(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count) {
    /* One point: the one-lane body (its strides are never read). A call is then about
     * one point's chain of latencies; successive calls overlap in the core the more,
     * the fewer instructions each carries. */
#if defined(__x86_64__)
    if (count == 1)
        return frame->path == WMK_PATH_BASELINE ? wmk_frame_forward1_baseline(frame, in, out)
                                                : wmk_frame_forward1_avx2(frame, in, out);
    /* Up to four points on the AVX-512 path: the four-lane body, whose bits are the
     * eight-lane one's, in half the micro-operations (Zen 4 splits a 512-bit operation
     * in two), so successive short calls overlap more. */
    if (frame->path == WMK_PATH_AVX512 && count > 4)
        return wmk_frame_forward_avx512(frame, in, in_stride, out, out_stride, count);
    if (frame->path >= WMK_PATH_AVX2_FMA && frame->path <= WMK_PATH_AVX512)
        return wmk_frame_forward_avx2(frame, in, in_stride, out, out_stride, count);
#else
    if (count == 1) return wmk_frame_forward1_baseline(frame, in, out);
#endif
    return wmk_frame_forward_baseline(frame, in, in_stride, out, out_stride, count);
}

int wmk_frame_reverse(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count) {
#if defined(__x86_64__)
    /* Up to four points on either fused path: one four-lane vector (the wider forms
     * would carry idle lanes through the whole chain). */
    if (frame->path >= WMK_PATH_AVX2_FMA && frame->path <= WMK_PATH_AVX512 && count <= 4)
        return wmk_frame_reverse4_avx2(frame, in, in_stride, out, out_stride, count);
    if (frame->path == WMK_PATH_AVX512) return wmk_frame_reverse_avx512(frame, in, in_stride, out, out_stride, count);
    if (frame->path == WMK_PATH_AVX2_FMA) return wmk_frame_reverse_avx2(frame, in, in_stride, out, out_stride, count);
#endif
    return wmk_frame_reverse_baseline(frame, in, in_stride, out, out_stride, count);
}

int wmk_frame_anchors(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes) {
#if defined(__x86_64__)
    if (frame->path == WMK_PATH_AVX512)
        return wmk_frame_anchors_avx512(frame, in, in_stride, out, out_stride, count, axes);
    if (frame->path == WMK_PATH_AVX2_FMA)
        return wmk_frame_anchors_avx2(frame, in, in_stride, out, out_stride, count, axes);
#endif
    return wmk_frame_anchors_baseline(frame, in, in_stride, out, out_stride, count, axes);
}

/* The C ABI's calls of a few points: the whole check in a handful of instructions and
 * no call, so a call of one point costs little more than its conversion. Bounds that make every
 * extent plainly fit in memory on any target (16 x 2^24 bytes), a frame for a path this
 * process runs; the rest is the general path's to judge. */
static int wmk_abi_usual(const void *frame, const void *in, ptrdiff_t in_stride, const void *out,
                         ptrdiff_t out_stride, size_t count) {
    uint64_t tag;
    int32_t path;
    /* Each range as one unsigned comparison. */
    if (__builtin_expect(frame == NULL || in == NULL || out == NULL, 0)) return 0;
    if (__builtin_expect(count - 1 >= WMK_ABI_FEW, 0)) return 0;
    if (__builtin_expect((size_t)in_stride - 24 > (1u << 24) - 24, 0)) return 0;
    if (__builtin_expect((size_t)out_stride - 24 > (1u << 24) - 24, 0)) return 0;
    memcpy(&tag, frame, sizeof tag);
    if (__builtin_expect(tag != WMK_ABI_FRAME_TAG, 0)) return 0;
    memcpy(&path, (const char *)frame + WMK_ABI_FRAME_KERNEL + offsetof(wmk_scene_frame, path), sizeof path);
    /* A frame's bytes may come from another process (a file, a copy): a path this one has
     * not chosen yet (the cache still -1) goes to the general path, which chooses it. */
    return path >= 0 && path <= __atomic_load_n(&wmk_cpu_path_cache, __ATOMIC_RELAXED);
}

#define WMK_ABI_KERNEL(frame) ((const wmk_scene_frame *)((const char *)(frame) + WMK_ABI_FRAME_KERNEL))

/* The entries below pass the caller's arguments on as they came, by tail calls where
 * the compiler can (one point on the fused paths reaches the one-lane body so); the
 * helpers are external, so the compiler keeps their signatures. */
int32_t wmk_abi_forward_few(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                            size_t count, size_t *first_bad, wmk_abi_general general);
int32_t wmk_abi_reverse_few(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                            size_t count, size_t *first_bad, wmk_abi_general general);

__attribute__((noinline)) int32_t wmk_abi_forward_few(const void *frame, const void *in, ptrdiff_t in_stride,
                                                      void *out, ptrdiff_t out_stride, size_t count,
                                                      size_t *first_bad, wmk_abi_general general) {
    if (wmk_frame_forward(WMK_ABI_KERNEL(frame), in, in_stride, out, out_stride, count)) return 0;
    return general(frame, in, in_stride, out, out_stride, count, first_bad);
}

__attribute__((noinline)) int32_t wmk_abi_reverse_few(const void *frame, const void *in, ptrdiff_t in_stride,
                                                      void *out, ptrdiff_t out_stride, size_t count,
                                                      size_t *first_bad, wmk_abi_general general) {
    if (wmk_frame_reverse(WMK_ABI_KERNEL(frame), in, in_stride, out, out_stride, count)) return 0;
    return general(frame, in, in_stride, out, out_stride, count, first_bad);
}

#if defined(__x86_64__)
/* One point on the fused paths: the one-lane body inline, whose check comes first, so a
 * refused point reaches the general path with the arguments untouched. */
int32_t wmk_abi_forward1_avx2(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                              size_t count, size_t *first_bad, wmk_abi_general general);
__attribute__((noinline)) WMK_AVX2_FMA int32_t wmk_abi_forward1_avx2(const void *frame, const void *in,
                                                                     ptrdiff_t in_stride, void *out,
                                                                     ptrdiff_t out_stride, size_t count,
                                                                     size_t *first_bad, wmk_abi_general general) {
    if (wmkv_frame_forward_avx2_1(WMK_ABI_KERNEL(frame), in, 24, out, 24, 1)) return 0;
    return general(frame, in, in_stride, out, out_stride, count, first_bad);
}
#endif

int32_t wmk_abi_frame_forward(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                              size_t count, size_t *first_bad, wmk_abi_general general) {
    if (!wmk_abi_usual(frame, in, in_stride, out, out_stride, count))
        return general(frame, in, in_stride, out, out_stride, count, first_bad);
#if defined(__x86_64__)
    if (count == 1 && WMK_ABI_KERNEL(frame)->path != WMK_PATH_BASELINE)
        return wmk_abi_forward1_avx2(frame, in, in_stride, out, out_stride, count, first_bad, general);
#endif
    return wmk_abi_forward_few(frame, in, in_stride, out, out_stride, count, first_bad, general);
}

int32_t wmk_abi_frame_reverse(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                              size_t count, size_t *first_bad, wmk_abi_general general) {
    if (!wmk_abi_usual(frame, in, in_stride, out, out_stride, count))
        return general(frame, in, in_stride, out, out_stride, count, first_bad);
    return wmk_abi_reverse_few(frame, in, in_stride, out, out_stride, count, first_bad, general);
}
