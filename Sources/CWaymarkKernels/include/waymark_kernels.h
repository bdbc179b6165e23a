/* Waymark's C kernels: the run-time CPU dispatch and the hot conversions that need a
 * code generation Swift cannot choose per function (AVX2 + FMA and AVX-512 on x86-64).
 *
 * Why C: Swift has no per-function target attribute, and SwiftPM refuses unsafeFlags
 * (e.g. -Xcc -mavx2) in a package used as a dependency. A C function marked
 * __attribute__((target("avx2,fma"))) is compiled for x86-64-v3 (or, with
 * target("avx512f,..."), for x86-64-v4) inside an otherwise baseline build, so one
 * library binary carries every path and picks one at run time.
 *
 * Internal to the library (the wmk_ prefix is not exported from libwaymark; the C ABI
 * exposes only wm_cpu_path). Callers validate inputs first: these kernels compute only,
 * never fail, never allocate, and treat every lane alike (a point's result does not
 * depend on its neighbours or its position in the batch). */
#ifndef WAYMARK_KERNELS_H
#define WAYMARK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "waymark_sincosd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The code path the hot kernels take in this process, in order: each path's CPU
 * features contain the previous one's. */
enum {
    WMK_PATH_BASELINE = 0,   /* x86-64 SSE2, aarch64 NEON, wasm32: the portable code */
    WMK_PATH_AVX2_FMA = 1,   /* x86-64-v3: AVX2 + FMA (cpuid and the OS's saved YMM state) */
    WMK_PATH_AVX512 = 2      /* AVX-512 F/DQ/BW/VL + FMA, eight lanes (cpuid; the OS saves
                                the opmask and ZMM state) */
};

/* The path chosen for this process: the best the CPU and OS support, unless the
 * environment variable WAYMARK_CPU names a lesser one ("baseline", "avx2", "avx512";
 * a path the machine lacks falls back to the best it has, other values are ignored);
 * decided at the first call and cached (a relaxed atomic; concurrent first calls
 * compute the same value). */
int wmk_cpu_path(void);

/* wmk_cpu_path's cache: -1 until its first call, then the path (a relaxed atomic). The
 * C ABI's per-call checks read it in place: a call there would make them save registers,
 * and a frame exists only after a first call. */
extern int wmk_cpu_path_cache;

/* The best path the CPU and OS support, ignoring WAYMARK_CPU (tests use it to know
 * which paths can be exercised at all). */
int wmk_cpu_supported_path(void);

/* An ellipsoid's constants as the geocentric conversions use them (Swift's Geocentric). */
typedef struct wmk_ellipsoid {
    double a, f, e2, e2m, e2a, e4a;    /* equatorial radius m, flattening, e^2, (1-f)^2, |e^2|, e^4 */
} wmk_ellipsoid;

/* ECEF (metres) -> geodetic g = (lat deg, lon deg in [-180, 180), h m) for any finite
 * point and any ellipsoid, oblate, prolate or a sphere: Vermeille's closed form ("Computing
 * geodetic coordinates from geocentric coordinates", J. Geodesy 2004) in the
 * cancellation-free arrangement of GeographicLib's Geocentric. The scalar reference:
 * Swift's Geocentric.reverse calls it, and the four-lane scene -> geo kernels finish
 * their rare lanes (near the Earth's centre, spheres, prolate shapes) with it. Portable
 * code without fused multiply-adds, so the same bits on every architecture. */
void wmk_geocentric_reverse(const wmk_ellipsoid *ellipsoid, double x, double y, double z, double g[3]);

/* A frame flattened for C and prepared for one code path: ellipsoid, origin, ECEF ->
 * output rotation (rows) and its inverse, the output position of the geographic origin,
 * the checks' limits. Filled from Swift (LocalTangentFrame's kernelFrame: ENU rows for
 * the tangent frame, the folded scene rows for SceneFrame) and finished by
 * wmk_frame_prepare; SceneFrame keeps one prepared for the process's path, and the C
 * ABI's wm_frame carries a copy, so a conversion prepares nothing. */
typedef struct wmk_scene_frame {
    wmk_ellipsoid ell;
    double lat0, lon0, h0;             /* origin, degrees and metres */
    double slat0, clat0, slon0, clon0; /* sines and cosines of the origin's latitude, longitude */
    double x0, y0, z0;                 /* origin, ECEF metres: the closed form's on the baseline
                                          path, the exact origin's rounding on the fused ones */
    double m[9];                       /* ECEF -> scene rows, row-major */
    double mr[9];                      /* m / s^2 (s: scene units per metre), read transposed by
                                          scene -> geo: (s M)^T / s^2 = (s M)^-1 */
    double o[3];                       /* scene position of the geographic origin, metres */
    /* The near forms of the fused paths (geo -> scene within 1 degree, scene -> geo's
     * one-step method), from the origin's constants above (wmk_frame_prepare): */
    double n0;                         /* N(lat0) = a / sqrt(w0), metres, w0 = 1 - e^2 slat0^2 */
    double inv_w0;                     /* 1 / w0 */
    double nh0;                        /* n0 + h0 */
    double en0h0;                      /* (1 - e^2) n0 + h0 */
    double dn[7];                      /* N(lat0 + x) - n0 = x (dn[0] + dn[1] x + ... + dn[6] x^6),
                                          x the latitude's difference in radians: N's Taylor
                                          coefficients at lat0, degrees 1 to 7 (within 2e-12 m
                                          of N's difference for |x| <= 1 degree, NearSeriesTests);
                                          0 on the baseline path */
    double p0;                         /* the origin's distance from the axis, nh0 clat0, metres */
    double inv_k;                      /* 1 / (clon0^2 + slon0^2) */
    double r0[3];                      /* the origin's ECEF, nh0 clat0 (clon0, slon0) and en0h0
                                          slat0 in 80-bit arithmetic, less x0, y0, z0 (what their
                                          rounding left), metres; 0 on the baseline path */
    double rho0;                       /* M(lat0) + h0: the meridian's radius of curvature at the
                                          origin plus its height, metres (the first guess) */
    double near_up;                    /* the largest rise or fall from the origin the one-step
                                          method takes, metres (0.003 a; -1: none, on a frame
                                          outside the bounds it was measured in) */
    double max_height;                 /* the largest |height| geo -> scene takes, metres */
    double scene_limit;                /* the largest |component| scene -> geo takes */
    int32_t path;                      /* the WMK_PATH_ the frame is prepared for */
    int32_t reserved_;                 /* zero */
} wmk_scene_frame;

/* Prepares *frame for `path` (a WMK_PATH_ value the machine runs; others mean the
 * baseline): sets frame->path and the near forms' constants (n0 ... near_up, dn on the
 * fused paths) and, on the
 * fused paths, replaces x0, y0, z0 by the rounding of the origin's ECEF computed in
 * 80-bit arithmetic from the same constants, with r0 what that rounding left (the near
 * forms work from differences, so the origin maps to exactly o; the far lanes subtract
 * x0 and then r0). Call it once, on a frame whose x0, y0, z0 are Swift's
 * Geocentric.forward of the origin (the baseline path keeps them). */
void wmk_frame_prepare(wmk_scene_frame *frame, int32_t path);

/* The frame conversions, each one entry that checks every element and runs the body of
 * the path the frame was prepared for (one dispatch per call; up to four points on the
 * AVX-512 path take the AVX2 + FMA body, which gives the same bits in fewer
 * micro-operations). They return 1 when every
 * element was valid and the outputs are written, 0 when some element is not (nothing is
 * written; the caller finds the first fault). Strides and counts are the caller's to
 * check (>= 24 bytes, extents that fit in memory); count > 0.
 * Forward: geodetic triples (lat deg, lon deg, h m; finite, |lat| <= 90,
 * |h| <= frame->max_height) to scene triples. Reverse: scene triples (each component
 * within +-frame->scene_limit) to geodetic ones, longitudes in [-180, 180). Anchors:
 * geodetic triples to Float 4x4 matrices, as wmk_anchor_transforms_baseline. */
int wmk_frame_forward(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count);
int wmk_frame_reverse(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count);
struct wmk_anchor_axes;
int wmk_frame_anchors(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                      void *out, ptrdiff_t out_stride, size_t count, const struct wmk_anchor_axes *axes);

/* How the C ABI's wm_frame (waymark.h: 512 opaque bytes, 8-byte aligned) holds a frame:
 * this tag in its first 8 bytes once initialised, the kernels' frame (wmk_scene_frame)
 * from byte WMK_ABI_FRAME_KERNEL. Swift's FrameStorage writes it and documents the rest.
 * The tag's digit changes with the layout, so bytes a library with another layout wrote
 * are refused (INVALID_FRAME), not read as numbers they are not. */
#define WMK_ABI_FRAME_TAG 0x574D4652414D4533ULL   /* "WMFRAME3" */
#define WMK_ABI_FRAME_KERNEL 16

/* The most points the C ABI's usual-path entries below take. */
#define WMK_ABI_FEW 16

/* The C ABI's general path of a frame conversion: wm_frame_forward's or wm_frame_reverse's
 * status for these arguments (waymark.h), after checking everything, the conversion done
 * when they are valid. */
typedef int32_t (*wmk_abi_general)(const void *frame, const void *in, ptrdiff_t in_stride, void *out,
                                   ptrdiff_t out_stride, size_t count, size_t *first_bad);

/* wm_frame_forward and wm_frame_reverse, given their general path (the Swift adapters).
 * A call of 1 to WMK_ABI_FEW points (an engine's anchors, a frame's few marks) whose
 * `frame` is an initialised wm_frame prepared for a path this process runs, whose in and
 * out are not NULL, whose strides are within [24, 2^24] bytes and whose every element is
 * valid is converted here, in a few instructions more than the conversion, returning 0
 * (WM_OK); any other call is `general`'s, reached by a tail call. */
int32_t wmk_abi_frame_forward(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                              size_t count, size_t *first_bad, wmk_abi_general general);
int32_t wmk_abi_frame_reverse(const void *frame, const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride,
                              size_t count, size_t *first_bad, wmk_abi_general general);

/* geo -> scene, the portable body (the reference bits; the baseline path on every
 * architecture): count triples (lat deg, lon deg, h m) at in + i * in_stride bytes to
 * scene triples at out + i * out_stride. Validated, finite input, |lat| <= 90. */
void wmk_geo_to_scene_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count);

/* Four points, structure of arrays, the portable body's arithmetic (a single
 * conversion then has the bits of the same point in any batch). */
void wmk_geo_to_scene4_baseline(const wmk_scene_frame *frame, const double lat[4], const double lon[4],
                                const double h[4], double x[4], double y[4], double z[4]);

/* geo -> scene, AVX2 + FMA: count triples (lat deg, lon deg, h m) at in + i * in_stride
 * bytes to scene triples at out + i * out_stride. Validated, finite input, |lat| <= 90.
 * Only on x86-64 (elsewhere it is absent; wmk_cpu_path never chooses it). */
void wmk_geo_to_scene_avx2(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                           void *out, ptrdiff_t out_stride, size_t count);

/* Four points, structure of arrays, the same arithmetic as the batch (AVX2 + FMA). */
void wmk_geo_to_scene4_avx2(const wmk_scene_frame *frame, const double lat[4], const double lon[4],
                            const double h[4], double x[4], double y[4], double z[4]);

/* The AVX-512 path's geo -> scene and four-point form: eight
 * lanes, the AVX2 + FMA path's arithmetic (the same fused operations, so its bits).
 * x86-64 only; call only where wmk_cpu_supported_path() is WMK_PATH_AVX512. */
void wmk_geo_to_scene_avx512(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                             void *out, ptrdiff_t out_stride, size_t count);
void wmk_geo_to_scene4_avx512(const wmk_scene_frame *frame, const double lat[4], const double lon[4],
                              const double h[4], double x[4], double y[4], double z[4]);

/* How an anchor's yaw reads a scene direction d (Swift's SceneAxes.YawAxes): with f the
 * forward axis (component `forward`), `side` the other horizontal component and `up` the
 * vertical one, the right-handed rotation about axis `up` with cos = cos_sign * d[forward]
 * / |d| and sin = sin_sign * d[side] / |d| turns the model's forward axis onto d. */
typedef struct wmk_anchor_axes {
    int forward, side, up;     /* scene component indices 0, 1, 2, all different */
    double cos_sign, sin_sign; /* +1 or -1 */
} wmk_anchor_axes;

/* Anchor transforms: count validated geodetic triples to count Float 4x4 matrices (64
 * bytes each, column-major, any alignment, every out_stride >= 64 bytes) whose
 * translation is the scene position and whose rotation about the scene's up axis faces
 * the next point (the rules of Swift's SceneFrame.anchorTransforms). Positions go
 * through a 64-point buffer on the stack (no allocation). _avx2 and _avx512 exist only
 * on x86-64. */
void wmk_anchor_transforms_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                                    void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes);
void wmk_anchor_transforms_avx2(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                                void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes);
void wmk_anchor_transforms_avx512(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                                  void *out, ptrdiff_t out_stride, size_t count, const wmk_anchor_axes *axes);

/* 1 when every one of count triples (lat, lon, h) is a valid geodetic point (finite,
 * |lat| <= 90, |h| <= max_h), else 0: a branch-free pre-check on the dispatched path,
 * so valid batches (nearly all) skip the element-by-element search for a fault. */
int wmk_geodetic_all_valid(const void *in, ptrdiff_t in_stride, size_t count, double max_h);

/* 1 when every component of count triples is within +-limit (NaN and infinities are
 * not), else 0: the scene-side pre-check. */
int wmk_scene_all_valid(const void *in, ptrdiff_t in_stride, size_t count, double limit);

/* scene -> geo, four (eight on AVX-512) lanes at a time, no per-point branches on the usual path (any
 * point farther than ~46 km from the Earth's centre; the rare others are finished one
 * by one, lane by lane, so results never depend on neighbours). Output triples are
 * (lat deg, lon deg in [-180, 180), h m). Input finite and within the scene limit.
 * _baseline is portable code; _avx2 and _avx512 exist only on x86-64. */
void wmk_scene_to_geo_baseline(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                               void *out, ptrdiff_t out_stride, size_t count);
void wmk_scene_to_geo_avx2(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                           void *out, ptrdiff_t out_stride, size_t count);
void wmk_scene_to_geo_avx512(const wmk_scene_frame *frame, const void *in, ptrdiff_t in_stride,
                             void *out, ptrdiff_t out_stride, size_t count);

/* The short-range geodesic (Swift's ShortRangeGeodesic), four lines per step, branch-
 * free: the batch forms' kernels. The Swift method's constants, read from Swift so both
 * compute with the same bits. */
typedef struct wmk_short_range {
    double a, e2;              /* equatorial radius m, e^2 */
    double inv_a, inv_1me2;    /* 1/a, 1/(1 - e^2) */
    double ep2_12a2;           /* e'^2 / (12 a^2) */
    double max_distance;       /* the longest line accepted, m (10 km) */
} wmk_short_range;

/* A line's prepared first point (ShortRangeGeodesic.Start): degrees, and sin, cos and
 * sqrt(1 - e^2 sin^2) of the latitude. */
typedef struct wmk_short_range_start {
    double lat, lon;
    double sin_lat, cos_lat, radius_factor;
} wmk_short_range_start;

/* Lines per call: the refused lanes come back as one 64-bit mask. */
#define WMK_SHORT_RANGE_CHUNK 64

/* Inverse problems from *start to min(count, 64) validated geodetic triples (lat deg,
 * lon deg, h ignored) at in + i * in_stride bytes: distance[i] m, azimuth1[i] and
 * azimuth2[i] degrees in (-180, 180] (any pointer may be NULL: not written, and
 * unrequested azimuths are not computed). Returns bit i set for each line the method
 * refuses (longer than max_distance, |dlat| > 0.1 deg, within 0.01 deg of a pole: where
 * the Swift method returns nil); those lines' outputs are unspecified and the caller
 * solves them otherwise. The portable path gives the Swift method's bits. */
uint64_t wmk_short_range_inverse_baseline(const wmk_short_range *geodesic, const wmk_short_range_start *start,
                                          const void *in, ptrdiff_t in_stride, size_t count,
                                          double *distance, double *azimuth1, double *azimuth2);
uint64_t wmk_short_range_inverse_avx2(const wmk_short_range *geodesic, const wmk_short_range_start *start,
                                      const void *in, ptrdiff_t in_stride, size_t count,
                                      double *distance, double *azimuth1, double *azimuth2);
/* Eight lines per step, the AVX2 + FMA path's arithmetic. x86-64 only. */
uint64_t wmk_short_range_inverse_avx512(const wmk_short_range *geodesic, const wmk_short_range_start *start,
                                        const void *in, ptrdiff_t in_stride, size_t count,
                                        double *distance, double *azimuth1, double *azimuth2);

/* The lengths of min(legs, 64) legs of a polyline: leg i from the triple at
 * in + i * in_stride to the next (legs + 1 triples are read), distance[i] m (not
 * NULL). Each leg prepares its own first point. Returns the refused legs' bits, as
 * above. _avx2 and _avx512 exist only on x86-64. */
uint64_t wmk_short_range_legs_baseline(const wmk_short_range *geodesic, const void *in, ptrdiff_t in_stride,
                                       size_t legs, double *distance);
uint64_t wmk_short_range_legs_avx2(const wmk_short_range *geodesic, const void *in, ptrdiff_t in_stride,
                                   size_t legs, double *distance);
uint64_t wmk_short_range_legs_avx512(const wmk_short_range *geodesic, const void *in, ptrdiff_t in_stride,
                                     size_t legs, double *distance);

/* GCJ-02 (Swift's ChinaDatum, GCJ02.swift), four points per step (eight on AVX-512). Input: validated
 * geodetic triples (lat deg, lon deg, h m) at in + i * in_stride bytes; output triples
 * (lat, lon in [-180, 180), h) at out + i * out_stride. Region: everywhere = 0 applies
 * the offset inside the China rectangle only (ChinaRegion.chinaRectangle), 1 to every
 * point; points outside keep their latitude and height, longitude normalised. Each
 * group of four is read in full before it is written, so out may equal in (same
 * stride). _avx2 and _avx512 exist only on x86-64. */

/* WGS-84 -> GCJ-02 of count points: ChinaDatum.gcj02(fromWGS84:). Every path computes
 * the Swift method's bits (the x86 ones fuse nothing, see gcj_kernels.c). */
void wmk_gcj02_forward_baseline(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                int everywhere);
void wmk_gcj02_forward_avx2(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                            int everywhere);
void wmk_gcj02_forward_avx512(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                              int everywhere);

/* Points per inverse call: the unsolved ones come back as one 64-bit mask. */
#define WMK_GCJ02_CHUNK 64

/* GCJ-02 -> WGS-84 of min(count, 64) points: Newton's method as ChinaDatum.newtonSolve.
 * Returns bit i set for each point in the region whose iteration did not converge, or
 * converged outside [-90, 90] x [-180, 180); nothing is written for those (the caller
 * solves them as the Swift method does, reading the input, which is still intact).
 * The portable path gives the Swift method's bits; the AVX2 + FMA and AVX-512 ones are
 * within rounding of them (all far inside the 1e-12 degree tolerance; the two fused
 * paths fuse the same operations, so they agree with each other bit for bit). */
uint64_t wmk_gcj02_inverse_baseline(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                    int everywhere);
uint64_t wmk_gcj02_inverse_avx2(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                int everywhere);
uint64_t wmk_gcj02_inverse_avx512(const void *in, ptrdiff_t in_stride, void *out, ptrdiff_t out_stride, size_t count,
                                  int everywhere);

#ifdef __cplusplus
}
#endif

#endif
