/*
 * waymark.h — the C ABI of Waymark, a geodesy kernel for augmented-reality navigation.
 *
 * Introduction
 * ------------
 * Waymark converts WGS-84 coordinates (latitude, longitude, ellipsoidal height) into
 * exact positions and anchor transforms in an AR scene, and back. It is built for
 * engines that re-project hundreds to thousands of route points every frame:
 *
 *   1. Build a frame once per origin with wm_frame_init() (caller-owned storage, no heap).
 *   2. Optionally set the "estimate" with wm_frame_set_estimate(): where the origin is in
 *      the scene, and the AR session's compass error.
 *   3. Convert batches with wm_frame_forward(), wm_frame_reverse() and
 *      wm_frame_anchor_transforms(); strides are in bytes, so your own structs work.
 *
 * Units and axes
 *   Angles are degrees, lengths metres. Latitude is in [-90, 90]; longitudes may be any
 *   finite value on input (1e18 and -1.7e308 too: they are folded exactly, modulo 360)
 *   and are returned in [-180, 180). Heights are above the WGS-84 ellipsoid (not above
 *   mean sea level). Azimuths are clockwise from north, returned in (-180, 180].
 *   In the frame conversions, heights and scene origins are limited to +-1e12 m
 *   (INVALID_VALUE beyond), so no sum can overflow to infinity; scene -> geodetic takes
 *   scene coordinates within +-(3e12 + 2e7) m, the farthest a forward result can lie
 *   (a height and an origin height of 1e12 m, the ellipsoid's diameter, a scene origin
 *   of 1e12 m), so every forward result reads back (since 0.4). A scene coordinate's
 *   limit is in metres whatever the axes' unit (3e15 and a little in millimetres).
 *   Elsewhere (routes, the navigator, labels, screens) scene coordinates are limited
 *   to +-1e12 m.
 *   Scene axes (wm_axes): ENU x east, y north, z up; EUS x east, y up, z south (ARKit
 *   gravityAndHeading, ARCore, SceneKit, RealityKit: 100 m due north is z = -100);
 *   EUN x east, y up, z north (Unity). Any other engine: WM_AXES_CUSTOM (any assignment
 *   of east/north/up/west/south/down to x, y, z, the model's forward axis, and a unit:
 *   metres to millimetres) and the engine presets built with it (WM_AXES_UNREAL:
 *   x east, y south, z up, centimetres, as Cesium for Unreal). Scene lengths are in the
 *   axes' unit; everything else (distances, accuracies, spacings) stays metres.
 *
 * Accuracy
 *   Frame conversions are exact to floating-point round-off (agreement with PROJ's
 *   cart + topocentric pipeline below 1e-8 m, forward/reverse round trips within
 *   1e-12 degree and 1e-6 m up to 100 km). Geodesics are Karney's algorithms through
 *   PROJ (about 15 nm). The baselines (wm_baseline_forward) reproduce the hand-rolled
 *   spherical methods of AR apps on purpose: they are 0.3-0.6 % wrong.
 *
 * Flavours
 *   The library comes in two flavours built from the same sources. The full flavour,
 *   libwaymark (pkg-config waymark, CMake Waymark::waymark), links PROJ and has every
 *   function below. The core flavour, libwaymark-core (pkg-config waymark-core, CMake
 *   Waymark::waymark_core; also the WebAssembly build), needs no PROJ — only the C
 *   library's libm — and lacks the functions that need it:
 *     wm_geodesic_inverse, wm_geodesic_direct, wm_geodesic_inverse_batch,
 *     wm_polyline_length (Karney's geodesics through PROJ),
 *     wm_transform_create, wm_transform_create_ex, wm_transform_create_with_message,
 *     wm_transform_clone, wm_transform_apply, wm_transform_destroy (CRS transforms),
 *     wm_geoid_undulation, wm_geoid_undulation_ex (the EGM96 grid),
 *     wm_track_compare_page (a page of Karney's geodesics against the baselines),
 *     wm_gps_model_fit, wm_gps_series_from_fix_log (experimental; no PROJ needed, but
 *     offline work the WebAssembly module's size budget leaves out).
 *   Define WAYMARK_CORE before including this header (waymark-core.pc and the CMake
 *   target do) and those declarations disappear, so a call to one is a compile error.
 *   In the core flavour wm_navigator_create answers GRID_MISSING for
 *   WM_HEIGHTS_ORTHOMETRIC (there is no geoid); everything else behaves identically,
 *   to the bit.
 *
 * Errors
 *   Every function that can fail returns a wm_status. On any error nothing is written
 *   and nothing changes: every call validates everything it will use (pointers, sizes,
 *   counts, capacities, values) before it changes any state, so a handle (navigator,
 *   estimate buffer, heading corrector, transform) after a refused call is
 *   byte-for-byte the handle before it, and outputs are untouched. Batch calls check
 *   every input before writing anything, report the first bad element's index through
 *   first_bad (which may be NULL), and leave all outputs untouched. In a batch call, count == 0 succeeds and writes nothing, whatever the
 *   other arguments (pointers, strides, frame, region, origin, method, radius);
 *   wm_polyline_length still sets *total_m = 0, and needs total_m. NULL pointers,
 *   NaN, +-Inf, |latitude| > 90, strides smaller than an element and counts whose
 *   buffers would not fit in memory are reported, never crashed on: a buffer (count
 *   times stride bytes) larger than 2^56 bytes, the largest 64-bit address space, is
 *   BAD_COUNT before anything is read. Work is bounded by the counts and capacities
 *   you pass, and checked before it is done; where that bound would still be
 *   unreasonable a stated limit applies, also reported as BAD_COUNT or INVALID_VALUE:
 *   routes (wm_route_create, wm_navigator_create) at most 2^24 points; a navigator at
 *   most 2^20 kept fixes and 2^20 arrows (arrows_ahead_m / arrow_spacing_m); estimate
 *   buffers at most 2^24 estimates; wm_poi_clusters 2^16 points; region polygons 2^20
 *   vertices; wm_simulate 3,600 s. A capacity of 2^63 or more (a negative ssize_t) is
 *   as good as unlimited, never a trap. The same limits hold for every count and
 *   capacity: one check (count times stride within 2^56 bytes, then the stated limit).
 *
 * Threading
 *   The library starts no threads and takes no locks: the caller owns the threads
 *   (an engine's job system, a thread pool). There is no global mutable state (the CPU
 *   path is decided once and cached atomically, the same by every first caller), so
 *   every function may be called from many threads at once on distinct arguments.
 *   - One wm_frame, many threads: the calls taking `const wm_frame *` only read it
 *     (wm_frame_forward, wm_frame_reverse, wm_frame_anchor_transforms(_ex),
 *     wm_baseline_forward, wm_estimates_refined, ...). Any number of them may run on
 *     one frame at once, each thread its own output buffer or its own part of one;
 *     each gives the bytes it gives alone. A big batch may so be split into contiguous
 *     chunks, one call per thread: a point's result depends on that point alone, not
 *     on where it sits in a batch nor on the batch's length, so the chunks together
 *     hold the single call's bytes (anchor transforms excepted at the chunks' edges:
 *     a matrix's heading looks at the next point and, across repeated points, at
 *     points further away). A chunk refused (first_bad counts from the chunk's start) does not undo
 *     the chunks that succeeded: to keep "nothing written on error" for the whole
 *     batch, check it first (wm_frame_check_geodetic, wm_frame_check_scene: then every
 *     chunk's conversion succeeds) or convert into scratch memory and copy once every
 *     chunk succeeded.
 *   - Writes to a frame (wm_frame_init*, wm_frame_set_estimate, memcpy into it) must
 *     not overlap any other call on that frame: synchronise them (finish the frame's
 *     conversions, then set the estimate), or give each thread its own copy (a frame
 *     is plain bytes: copy it, set the copy's estimate, publish the copy).
 *   - Handles (wm_navigator, wm_route, wm_estimates, wm_heading_corrector,
 *     wm_transform) are used by one thread at a time: no call on a handle may overlap
 *     another call on the same handle, even where both take it `const` (the const
 *     says the handle's state is unchanged, not that the call keeps no working state
 *     in it; wm_transform's PROJ context is one). Distinct handles are independent,
 *     on any threads; a handle may move between threads with the caller's own
 *     synchronisation (wm_transform_clone gives each thread its own transform).
 *   - No byte of an output may be written by two concurrent calls, and no input may be
 *     written while a call reads it.
 *
 * Memory
 *   Frames, conversions, geodesics, matrices and the China datums allocate nothing
 *   (except a WM_REGION_POLYGON region, copied once per call); wm_geoid_undulation*
 *   (which opens PROJ and the grid) and wm_simulate (a whole simulated walk) allocate
 *   within the call and free it before returning; handles (transforms,
 *   routes, estimate buffers, correctors, navigators) allocate when created and, but
 *   for wm_heading_corrector_add (said where it is declared), not after. Waymark keeps
 *   no pointer you pass it. The library contains no Swift runtime; it depends only on
 *   PROJ and the C library.
 *
 * Stability
 *   Everything here changes only as the CHANGELOG's versioning rules allow; the earlier
 *   names in the "Deprecated" block near the end keep working until the version given
 *   there. The exception is the "Experimental" section at the end (the seeded field
 *   simulator), declared only when WAYMARK_EXPERIMENTAL is defined before this header
 *   is included: it may change or go in any minor version before 1.0.
 */
#ifndef WAYMARK_H
#define WAYMARK_H

#include <stddef.h>
#include <stdint.h>

/* ---- Version ----------------------------------------------------------------- */

#define WAYMARK_VERSION_MAJOR 0
#define WAYMARK_VERSION_MINOR 4
#define WAYMARK_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, e.g. 100 for 0.1.0. */
#define WAYMARK_VERSION_NUMBER \
    (WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH)
/* The same version as text, "MAJOR.MINOR.PATCH". Kept in step with the numbers above
 * (the consumer test checks it); CMake reads the version from these lines. */
#define WAYMARK_VERSION_STRING "0.4.0"

/* ---- Visibility -------------------------------------------------------------- */

#if defined(_WIN32) && defined(WAYMARK_BUILDING_DLL)
#  define WM_API __declspec(dllexport)
#elif defined(_WIN32) && defined(WAYMARK_DLL)
#  define WM_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#  define WM_API __attribute__((visibility("default")))
#else
#  define WM_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status codes ------------------------------------------------------------ */

/* Result of every call that can fail. 0 is success; the rest are distinct errors. */
typedef int32_t wm_status;
#define WM_OK                    0
#define WM_ERROR_NULL_POINTER    1  /* a required pointer was NULL */
#define WM_ERROR_INVALID_VALUE   2  /* NaN, +-Inf, |latitude| > 90, bad ellipsoid or radius, unknown enum */
#define WM_ERROR_BAD_STRIDE      3  /* a stride is smaller than its element */
#define WM_ERROR_BAD_COUNT       4  /* count * stride would not fit in memory (over 2^56 bytes), a
                                        count beyond a stated limit, or a capacity too small */
#define WM_ERROR_PROJ            5  /* PROJ failed */
#define WM_ERROR_NO_CONVERGENCE  6  /* an iterative method did not converge */
#define WM_ERROR_GRID_MISSING    7  /* a PROJ grid file is not installed */
#define WM_ERROR_INVALID_FRAME   8  /* the wm_frame was never initialised by wm_frame_init* */
#define WM_ERROR_SINGULAR        9  /* a matrix has no inverse */
#define WM_ERROR_NOT_AVAILABLE  10  /* nothing to report yet (no estimate within the window) */

/* A static, never-NULL English description of a status ("ok", "null pointer", ...;
 * "unknown status" for codes not listed above). Thread-safe. */
WM_API const char *wm_status_string(wm_status status);

/* WAYMARK_VERSION_NUMBER of the library actually linked. Compare it with the macro to
 * catch a header/library mismatch at run time. Never fails. */
WM_API uint32_t wm_version(void);

/* The linked library's version as static, never-NULL text, "MAJOR.MINOR.PATCH"
 * (WAYMARK_VERSION_STRING of the library actually linked). Thread-safe. Never fails. */
WM_API const char *wm_version_string(void);

/* The code paths of the hot kernels (what wm_cpu_path returns). */
#define WM_CPU_PATH_BASELINE 0  /* portable: SSE2 on x86-64, NEON on arm64, wasm32 */
#define WM_CPU_PATH_AVX2_FMA 1  /* x86-64-v3: AVX2 + FMA, chosen from cpuid at run time */
#define WM_CPU_PATH_AVX512 2    /* AVX-512 F/DQ/BW/VL + FMA, eight lanes, chosen from cpuid */

/* Which path this process's hot kernels take (geo -> scene batches and single points,
 * anchor transforms, scene -> geo, the short-range lines of wm_geodesic_inverse_batch
 * and wm_polyline_length, wm_gcj02_from_wgs84 and wm_wgs84_from_gcj02 under the China
 * rectangle or everywhere): WM_CPU_PATH_AVX512 on an x86-64 whose CPU and OS support
 * AVX-512 F, DQ, BW and VL (the OS saving the opmask and ZMM registers) besides AVX2
 * and FMA, WM_CPU_PATH_AVX2_FMA on one that supports AVX2 and FMA, WM_CPU_PATH_BASELINE
 * otherwise. The environment variable WAYMARK_CPU at the first conversion forces a
 * path: "baseline", "avx2" or "avx512" (a path the machine lacks falls back to the best
 * one it has; other values are ignored). Decided once per process and cached (no lock,
 * no allocation; concurrent first calls agree). Every path meets the same accuracy and
 * is deterministic; the AVX2 + FMA and AVX-512 paths give the same bits, which may
 * differ from the baseline's in the last bits (not wm_gcj02_from_wgs84, which gives
 * the published formula's bits on all three). Thread-safe. Never fails. */
WM_API int32_t wm_cpu_path(void);

/* ---- Plain data types (pinned layouts) --------------------------------------- */

/* A geodetic point: degrees, degrees, metres above the ellipsoid. 24 bytes. */
typedef struct wm_geodetic {
    double lat_deg;
    double lon_deg;
    double height_m;
} wm_geodetic;

/* A vector in a local or scene frame, metres. 24 bytes (unlike SIMD3<double>). */
typedef struct wm_vec3 {
    double x, y, z;
} wm_vec3;

/* A 4x4 float matrix, column-major: element (row r, column c) is m[4 * c + r], the
 * translation is m[12], m[13], m[14]. Identical to simd_float4x4 and OpenGL/Metal.
 * Its C alignment is 4 (a float's): every function reads and writes wm_mat4f with
 * unaligned-safe loads and stores, so a matrix inside a packed record works; 16-byte
 * alignment is never required. */
typedef struct wm_mat4f {
    float m[16];
} wm_mat4f;

/* Scene axis conventions (see the introduction). */
typedef int32_t wm_axes;
#define WM_AXES_ENU 0
#define WM_AXES_EUS 1
#define WM_AXES_EUN 2

/* A convention of your own: the direction each scene axis points along (WM_DIR_*;
 * x, y and z must name east-or-west, north-or-south and up-or-down once each), the
 * model's forward axis for anchor transforms and arrow yaws (WM_FORWARD_*, a horizontal
 * axis) and the unit of scene lengths (WM_UNIT_*). Handedness follows from the
 * directions (wm_axes_describe reports it). Any other wm_axes value is INVALID_VALUE
 * wherever axes are taken. A descriptor equal to ENU, EUS or EUN (metres, their forward
 * axis) behaves exactly as that value. */
#define WM_DIR_EAST 0
#define WM_DIR_NORTH 1
#define WM_DIR_UP 2
#define WM_DIR_WEST 3
#define WM_DIR_SOUTH 4
#define WM_DIR_DOWN 5
#define WM_FORWARD_POS_X 0
#define WM_FORWARD_POS_Y 1
#define WM_FORWARD_POS_Z 2
#define WM_FORWARD_NEG_X 3
#define WM_FORWARD_NEG_Y 4
#define WM_FORWARD_NEG_Z 5
#define WM_UNIT_METRE 0
#define WM_UNIT_DECIMETRE 1
#define WM_UNIT_CENTIMETRE 2
#define WM_UNIT_MILLIMETRE 3
#define WM_AXES_CUSTOM(x, y, z, forward, unit) \
    ((wm_axes)(0x40000000 | (x) | ((y) << 4) | ((z) << 8) | ((forward) << 12) | ((unit) << 16)))

/* Engine presets (the README's table: axes, handedness, units, forward, camera helper). */
#define WM_AXES_ARKIT WM_AXES_EUS          /* also RealityKit, SceneKit: right-handed, y up, -z forward, m */
#define WM_AXES_REALITYKIT WM_AXES_EUS
#define WM_AXES_SCENEKIT WM_AXES_EUS
#define WM_AXES_ARCORE WM_AXES_EUS         /* ARCore C/Java (OpenGL conventions) */
#define WM_AXES_ARCORE_UNITY WM_AXES_EUN   /* ARCore through Unity's AR Foundation */
#define WM_AXES_UNITY WM_AXES_EUN          /* left-handed, y up, +z forward, m */
#define WM_AXES_GODOT WM_AXES_EUS          /* right-handed, y up, -z forward, m */
#define WM_AXES_THREEJS WM_AXES_EUS        /* three.js and WebXR */
#define WM_AXES_WEBXR WM_AXES_EUS
#define WM_AXES_BEVY WM_AXES_EUS           /* right-handed, y up, Transform::forward() = -z, m */
#define WM_AXES_UNREAL WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_SOUTH, WM_DIR_UP, WM_FORWARD_POS_X, WM_UNIT_CENTIMETRE)
                                           /* left-handed, z up, +x forward, cm (Cesium for Unreal) */

/* The spherical methods of AR navigation apps, kept to measure them (mean Earth radius 6371008.8 m):
 * HAVERSINE: haversine distance d and initial bearing b, east = d sin b, north = d cos b;
 * METERS_PER_DEGREE: east = dlon * 2 pi R cos(lat0) / 360, north = dlat * 2 pi R / 360.
 * Both set up = h - h0 (ignoring the Earth's curvature). */
typedef int32_t wm_baseline;
#define WM_BASELINE_HAVERSINE         0
#define WM_BASELINE_METERS_PER_DEGREE 1

/* A scene frame: caller-allocated, fixed-size, opaque. Initialise with wm_frame_init*.
 * It holds only numbers (no pointers): copying it with memcpy or assignment is fine.
 * It is not a serialisation format: only bytes written by wm_frame_init* and
 * wm_frame_set_estimate in this process (or copies of them) are a frame. Bytes from
 * elsewhere (a file, another version of the library, memory that was overwritten) may
 * carry the initialised tag and still give meaningless numbers. */
#define WM_FRAME_SIZE 512
typedef struct wm_frame {
    uint64_t opaque_[WM_FRAME_SIZE / 8];
} wm_frame;

/* ---- Frames ------------------------------------------------------------------ */

/* What an axes value means: *right_handed 1 when x cross y = z (ENU, EUS), 0 when
 * x cross y = -z (EUN, UNREAL); *units_per_metre 1, 10, 100 or 1000. Either output may
 * be NULL. Errors: INVALID_VALUE (not a convention; nothing written). */
WM_API wm_status wm_axes_describe(wm_axes axes, int32_t *right_handed, double *units_per_metre);

/* Builds a scene frame at `origin` on WGS-84 with the given axes, the origin at scene
 * (0, 0, 0) and no heading correction. Costs about as much as a few conversions.
 * Errors: NULL_POINTER (frame), INVALID_VALUE (origin non-finite, |lat| > 90 or
 * |height| > 1e12 m, unknown axes). On error *frame is untouched. */
WM_API wm_status wm_frame_init(wm_frame *frame, wm_geodetic origin, wm_axes axes);

/* As wm_frame_init on another ellipsoid: equatorial radius 1 <= a_m <= 1e10 metres and
 * flattening -1 <= f < 1 (f = 0: a sphere; f < 0: prolate).
 * Errors: as wm_frame_init, plus INVALID_VALUE for a_m or f outside those ranges. */
WM_API wm_status wm_frame_init_ellipsoid(wm_frame *frame, double a_m, double f,
                                         wm_geodetic origin, wm_axes axes);

/* Sets the estimate: `scene_origin` is the scene position (metres, scene axes) of the
 * geographic origin, each component within +-1e12 m; `heading_correction_deg` is how
 * far true azimuths exceed the scene's (true = scene + correction), the apps'
 * correction angle; any finite value.
 * Errors: NULL_POINTER, INVALID_FRAME, INVALID_VALUE (non-finite, or beyond 1e12 m). */
WM_API wm_status wm_frame_set_estimate(wm_frame *frame, wm_vec3 scene_origin,
                                       double heading_correction_deg);

/* Geodetic -> scene for `count` points: in[i] every in_stride bytes, out[i] every
 * out_stride bytes (both >= 24). in and out may be the same buffer with the same stride.
 * Heights within +-1e12 m.
 * Errors: NULL_POINTER (frame, in or out when count > 0), INVALID_FRAME, BAD_STRIDE,
 * BAD_COUNT, INVALID_VALUE with *first_bad = index of the first bad point. */
WM_API wm_status wm_frame_forward(const wm_frame *frame, const wm_geodetic *in, size_t in_stride,
                                  wm_vec3 *out, size_t out_stride, size_t count, size_t *first_bad);

/* Scene -> geodetic (exact inverse of wm_frame_forward); longitudes in [-180, 180).
 * Errors: as wm_frame_forward (INVALID_VALUE for non-finite components or components
 * beyond +-(3e12 + 2e7) m, in the axes' unit: every forward result reads back). */
WM_API wm_status wm_frame_reverse(const wm_frame *frame, const wm_vec3 *in, size_t in_stride,
                                  wm_geodetic *out, size_t out_stride, size_t count, size_t *first_bad);

/* Checks a batch without converting it: wm_frame_check_geodetic the input of
 * wm_frame_forward (and of wm_frame_anchor_transforms(_ex)), wm_frame_check_scene the
 * input of wm_frame_reverse. Reads the frame and the count points in[i] every in_stride
 * bytes; writes nothing but *first_bad (which may be NULL). Returns the status, and sets
 * *first_bad, exactly as the conversion on the same frame, input, in_stride and count
 * would with a valid output buffer (not NULL, its stride >= 24, or >= 64 for anchors):
 * count == 0 is WM_OK without looking at anything.
 * Errors: NULL_POINTER (frame, in), INVALID_FRAME, BAD_STRIDE (in_stride < 24),
 * BAD_COUNT, INVALID_VALUE with *first_bad = index of the first bad point (geodetic:
 * non-finite, |lat| > 90, |height| > 1e12 m; scene: non-finite, or a component beyond
 * +-(3e12 + 2e7) m in the axes' unit). wm_frame_check_geodetic also refuses, as the anchor
 * transforms do, a frame whose axes bytes were overwritten (INVALID_FRAME, where
 * wm_frame_forward, which does not read them, may convert).
 * The promise: when it returns WM_OK, wm_frame_forward (wm_frame_reverse) on the same
 * frame, input and count with a valid output buffer returns WM_OK, and so does the
 * conversion of any contiguous part of the batch, as long as neither the frame nor the
 * input changes in between. So a caller splitting a big batch over its own threads (see
 * Threading) checks it first (whole, or every chunk in parallel: a chunk's first_bad
 * counts from the chunk's start), then converts every chunk straight into the output:
 * all or nothing, without scratch memory. A check reads each point once and computes little:
 * about a sixth of wm_frame_forward's time, a sixteenth of wm_frame_reverse's. */
WM_API wm_status wm_frame_check_geodetic(const wm_frame *frame, const wm_geodetic *in, size_t in_stride,
                                         size_t count, size_t *first_bad);
WM_API wm_status wm_frame_check_scene(const wm_frame *frame, const wm_vec3 *in, size_t in_stride,
                                      size_t count, size_t *first_bad);

/* Anchor transforms for a route: out[i] (contiguous, 64 bytes each, any alignment C
 * gives a wm_mat4f, stored unaligned-safe) has the exact scene
 * position of in[i] as translation and a rotation about the scene's up axis only that
 * turns the model's forward axis towards in[i + 1]: -Z in EUS, +Z in EUN (Unity's
 * forward), +Y in ENU. The last point keeps the previous heading, as do points whose
 * next point is at the same horizontal position. Errors: as wm_frame_forward. */
WM_API wm_status wm_frame_anchor_transforms(const wm_frame *frame, const wm_geodetic *in,
                                            size_t in_stride, wm_mat4f *out, size_t count,
                                            size_t *first_bad);

/* wm_frame_anchor_transforms with a matrix every out_stride bytes (>= 64, any
 * alignment), e.g. inside an engine's own per-anchor records; the same matrices bit for
 * bit. The forward axis is the axes' (WM_FORWARD_*: +X in WM_AXES_UNREAL); the
 * rotation is proper (determinant +1) in every convention; translations are in the
 * axes' unit. out must not overlap in. Errors: as wm_frame_forward (BAD_STRIDE for
 * in_stride < 24 or out_stride < 64). */
WM_API wm_status wm_frame_anchor_transforms_ex(const wm_frame *frame, const wm_geodetic *in,
                                               size_t in_stride, void *out, size_t out_stride,
                                               size_t count, size_t *first_bad);

/* Geodetic -> scene by one of the spherical baselines, through the frame's estimate and
 * axes, so the result is comparable with wm_frame_forward. The frame's ellipsoid is
 * not used: the baselines live on the mean-radius sphere. Errors: as wm_frame_forward,
 * plus INVALID_VALUE for an unknown method (first_bad not set then). */
WM_API wm_status wm_baseline_forward(wm_baseline method, const wm_frame *frame,
                                     const wm_geodetic *in, size_t in_stride,
                                     wm_vec3 *out, size_t out_stride, size_t count,
                                     size_t *first_bad);

#if !defined(WAYMARK_CORE) /* full flavour only: needs PROJ (see Flavours) */
/* ---- Geodesics on WGS-84 (Karney, through PROJ's geodesic.h) ------------------- */

/* Shortest geodesic from a to b (heights ignored): length in metres and forward
 * azimuths at both ends in (-180, 180]. azimuth1_deg / azimuth2_deg may be NULL when
 * not wanted. Errors: NULL_POINTER (distance_m), INVALID_VALUE. */
WM_API wm_status wm_geodesic_inverse(wm_geodetic a, wm_geodetic b, double *distance_m,
                                     double *azimuth1_deg, double *azimuth2_deg);

/* The point `distance_m` along the geodesic leaving `start` at `azimuth1_deg` (height
 * copied from start), and the forward azimuth there (may be NULL).
 * Errors: NULL_POINTER (end), INVALID_VALUE. */
WM_API wm_status wm_geodesic_direct(wm_geodetic start, double azimuth1_deg, double distance_m,
                                    wm_geodetic *end, double *azimuth2_deg);

/* Inverse problems from one origin to `count` points (in[i] every in_stride bytes).
 * Lines up to 10 km use Waymark's closed-form short-range geodesic (as exact as
 * geod_inverse there: 1 um, 1e-8 degree; tens of times faster: four lines at a time on
 * the wm_cpu_path path, a line's result independent of its position in the batch),
 * longer ones and those within 0.01 degree of a pole geod_inverse.
 * Results go to contiguous arrays of `count` doubles; the azimuth arrays may be NULL.
 * Lines of any length are finite (down to 1e-300 degree apart: 0 or a few 1e-300 m).
 * Errors: as wm_frame_forward (INVALID_VALUE with *first_bad for a bad point; a bad
 * origin gives INVALID_VALUE without first_bad). */
WM_API wm_status wm_geodesic_inverse_batch(wm_geodetic origin, const wm_geodetic *in,
                                           size_t in_stride, double *distance_m,
                                           double *azimuth1_deg, double *azimuth2_deg,
                                           size_t count, size_t *first_bad);

/* Geodesic length of a polyline of `count` points (legs up to 10 km by the short-range
 * geodesic, longer ones by geod_inverse): *total_m, and, when cumulative_m is
 * not NULL, cumulative_m[i] = length from point 0 to point i (cumulative_m[0] = 0).
 * Errors: NULL_POINTER (total_m, or in when count > 0), BAD_STRIDE, BAD_COUNT,
 * INVALID_VALUE with *first_bad. */
WM_API wm_status wm_polyline_length(const wm_geodetic *in, size_t in_stride, size_t count,
                                    double *cumulative_m, double *total_m, size_t *first_bad);
#endif /* !WAYMARK_CORE */

/* ---- Short-range geodesics without PROJ (both flavours) -------------------------- */

/* Inverse problems from `origin` to `count` points by Waymark's closed-form short-range
 * geodesic on WGS-84 — the method wm_geodesic_inverse_batch uses for its short lines, as
 * exact as geod_inverse there (1 um, 1e-8 degree) — for lines up to 10 km that stay
 * 0.01 degree from the poles (|latitude difference| <= 0.1 degree). It needs no PROJ, so
 * the core flavour and the WebAssembly module have geodesics for AR distances; longer
 * lines are the full flavour's (wm_geodesic_inverse_batch). Results go to contiguous
 * arrays of `count` doubles; the azimuth arrays may be NULL; heights are ignored.
 * Errors: as wm_frame_forward (INVALID_VALUE with *first_bad for a bad point; a bad
 * origin gives INVALID_VALUE without first_bad); NOT_AVAILABLE with *first_bad for the
 * first line the method does not take. Nothing is written on error. */
WM_API wm_status wm_geodesic_short_batch(wm_geodetic origin, const wm_geodetic *in, size_t in_stride,
                                         double *distance_m, double *azimuth1_deg, double *azimuth2_deg,
                                         size_t count, size_t *first_bad);

/* ---- The haversine baseline ------------------------------------------------------ */

/* Haversine distance and the apps' atan2 initial bearing on a sphere of radius_m
 * (6371008.8 is the mean Earth radius). bearing_deg may be NULL.
 * Errors: NULL_POINTER (distance_m), INVALID_VALUE (radius not finite and positive,
 * bad point, or a radius so large the distance would overflow). */
WM_API wm_status wm_haversine_inverse(double radius_m, wm_geodetic a, wm_geodetic b,
                                      double *distance_m, double *bearing_deg);

/* ---- 4x4 matrices ---------------------------------------------------------------- */

/* out = a * b (apply b first). out may alias a or b.
 * Errors: NULL_POINTER, INVALID_VALUE (a non-finite element). */
WM_API wm_status wm_mat4f_multiply(const wm_mat4f *a, const wm_mat4f *b, wm_mat4f *out);

/* Inverse of a rigid transform (rotation + translation): R^T, -R^T t. Cheaper and
 * more accurate than the general inverse; meaningless for scaled or projective m.
 * Errors: NULL_POINTER, INVALID_VALUE. */
WM_API wm_status wm_mat4f_inverse_rigid(const wm_mat4f *m, wm_mat4f *out);

/* General inverse (cofactors, computed in double, rounded to float).
 * Errors: NULL_POINTER, INVALID_VALUE, SINGULAR (determinant 0). */
WM_API wm_status wm_mat4f_inverse(const wm_mat4f *m, wm_mat4f *out);

/* Transforms `count` points in place: each is three floats (x, y, z) starting every
 * `stride` bytes (>= 12), treated as (x, y, z, 1). All points are checked first.
 * Errors: NULL_POINTER, BAD_STRIDE, BAD_COUNT, INVALID_VALUE (non-finite matrix, or a
 * non-finite point with *first_bad). */
WM_API wm_status wm_mat4f_transform_points(const wm_mat4f *m, float *xyz, size_t stride,
                                           size_t count, size_t *first_bad);

/* ---- China's datums: WGS-84, GCJ-02 ("Mars coordinates"), BD-09 (Baidu) ----------
 *
 * Forward WGS-84 -> GCJ-02 is the public algorithm (Krasovsky a = 6378245,
 * ee = 0.00669342162296594323), bit-identical to eviltransform, coordTransform and
 * hutool. GCJ-02 -> WGS-84 and BD-09 -> GCJ-02 are exact inverses by iteration (below
 * 1 um; at most 5 steps measured over China), not the usual one-step approximations
 * that err by up to 5 m (GCJ) and 0.2 m (BD). Heights pass through unchanged. Outside
 * the region every conversion is the identity. Batch shape and errors as
 * wm_frame_forward; in and out may be the same buffer.
 * Under WM_REGION_EVERYWHERE or a polygon the formula is applied far from China,
 * where it is not periodic in longitude and may have no exact inverse: the inverses
 * (wm_wgs84_from_gcj02, wm_gcj02_from_bd09) are then checked over the whole batch
 * first and a point without one gives NO_CONVERGENCE with *first_bad (nothing
 * written), never a wrong point. At the poles the offset keeps the longitude. */

/* Where the offsets apply. */
typedef int32_t wm_region_kind;
#define WM_REGION_CHINA_RECTANGLE 0  /* lon 73.66..135.05 E, lat 3.86..53.55 N (the default);
                                        includes Hong Kong, Macau, Taiwan and some neighbours */
#define WM_REGION_EVERYWHERE      1
#define WM_REGION_POLYGON         2  /* a ring of vertices, even-odd rule in the lon/lat plane */

typedef struct wm_region {
    wm_region_kind kind;
    const wm_geodetic *polygon;  /* WM_REGION_POLYGON: vertices (height ignored), copied once per call */
    size_t polygon_count;        /* 3 .. 2^20 (1,048,576) */
} wm_region;

/* region may be NULL (= the China rectangle). Batch shape as wm_frame_forward.
 * Errors: as wm_frame_forward; INVALID_VALUE for an unknown kind or a polygon with
 * fewer than 3 or invalid vertices (first_bad not set then); BAD_COUNT for a polygon of
 * more than 2^20 vertices; NO_CONVERGENCE with *first_bad from the inverses
 * (wm_wgs84_from_gcj02, wm_gcj02_from_bd09) for a point they cannot invert. */
WM_API wm_status wm_gcj02_from_wgs84(const wm_region *region, const wm_geodetic *in, size_t in_stride,
                                     wm_geodetic *out, size_t out_stride, size_t count, size_t *first_bad);
WM_API wm_status wm_wgs84_from_gcj02(const wm_region *region, const wm_geodetic *in, size_t in_stride,
                                     wm_geodetic *out, size_t out_stride, size_t count, size_t *first_bad);
WM_API wm_status wm_bd09_from_gcj02(const wm_region *region, const wm_geodetic *in, size_t in_stride,
                                    wm_geodetic *out, size_t out_stride, size_t count, size_t *first_bad);
WM_API wm_status wm_gcj02_from_bd09(const wm_region *region, const wm_geodetic *in, size_t in_stride,
                                    wm_geodetic *out, size_t out_stride, size_t count, size_t *first_bad);

#if !defined(WAYMARK_CORE) /* full flavour only: needs PROJ (see Flavours) */
/* ---- PROJ transformations between CRSs ---------------------------------------------
 *
 * A wm_transform wraps proj_create_crs_to_crs + proj_normalize_for_visualization, so
 * coordinates are always (x = longitude or easting, y = latitude or northing, z =
 * height), degrees for geographic CRSs. PROJ may have no real transformation between
 * two datums (WGS-84 -> CGCS2000 is a ballpark no-op). A wm_transform owns a PROJ
 * context: use it on one thread at a time; wm_transform_clone gives another thread its
 * own. Creation allocates (once); apply does not. */
typedef struct wm_transform wm_transform;

/* from, to: "EPSG:4326", "EPSG:32650", PROJ strings, WKT. On success *out owns a new
 * transform (free it with wm_transform_destroy); on error *out is untouched.
 * CRS strings often come from outside (a config file, a server), so by default a
 * definition may use grids and init files only by name, from PROJ's resource
 * directories (the directory of proj.db, PROJ's user-writable directory, PROJ_DATA):
 * "+geoidgrids=egm96_15.gtx" works, "+geoidgrids=/path/grid.gtx" and "./grid.gtx" are
 * refused. PROJ's network access is off. Only regular files are opened, read-only and
 * without blocking (a FIFO or device is refused at once); nothing is ever written.
 * A path that resolves into a resource directory is allowed (it names no other file).
 * One rule for grids and init files alike: PROJ keeps both for the whole process once
 * opened, by the name they were opened under, so one a trusted definition
 * (WM_TRANSFORM_ALLOW_PATHS) opened stays usable by later definitions naming it the same
 * way, trusted or not, without opening anything again (even after the file is gone).
 * Where untrusted definitions must reach nothing but the resource directories, give
 * trusted ones no paths in the same process.
 * A grid the chosen operation needs that is not installed is reported here
 * (GRID_MISSING), never later by wm_transform_apply.
 * Errors: NULL_POINTER, PROJ (unknown CRS, no operation, a file it may not open),
 * GRID_MISSING. */
WM_API wm_status wm_transform_create(const char *from, const char *to, wm_transform **out);

/* Flags of wm_transform_create_ex. */
#define WM_TRANSFORM_ALLOW_PATHS 1u  /* grids and init files may be named by absolute or
                                        relative path (trusted definitions only) */

/* As wm_transform_create with flags (0 = wm_transform_create's rules). A clone keeps
 * its original's flags. Errors: as wm_transform_create, plus INVALID_VALUE for an
 * unknown flag bit. */
WM_API wm_status wm_transform_create_ex(const char *from, const char *to, uint32_t flags, wm_transform **out);

/* wm_transform_create (same file rules), and on failure the reason in PROJ's words. When message is not
 * NULL and message_capacity > 0, the reason is written as a NUL-terminated UTF-8 string,
 * cut at a character boundary to fit message_capacity bytes: for "EPSG:999999",
 * "PROJ error 4096: proj_create: crs not found"; for GRID_MISSING, the missing file and
 * the package that ships it. 256 bytes hold every message seen. On success the buffer
 * is untouched. Thread-safe: the message goes to the caller's buffer, never to shared
 * state.
 * Errors: NULL_POINTER (from, to or out NULL), PROJ (definition not understood or no
 * operation), GRID_MISSING. */
WM_API wm_status wm_transform_create_with_message(const char *from, const char *to, wm_transform **out,
                                                  char *message, size_t message_capacity);

/* An independent copy for another thread. Errors: NULL_POINTER, PROJ. */
WM_API wm_status wm_transform_clone(const wm_transform *transform, wm_transform **out);

/* Transforms count (x, y, z) triples; in and out may be the same buffer. Nothing is
 * written unless every point transforms: a non-finite point, or one PROJ cannot
 * transform (outside the operation's domain), gives INVALID_VALUE with *first_bad.
 * Errors: NULL_POINTER (transform; in or out when count > 0), BAD_STRIDE, BAD_COUNT,
 * INVALID_VALUE with *first_bad. */
WM_API wm_status wm_transform_apply(wm_transform *transform, const wm_vec3 *in, size_t in_stride,
                                    wm_vec3 *out, size_t out_stride, size_t count, size_t *first_bad);

/* Frees a transform; NULL is accepted and ignored. */
WM_API void wm_transform_destroy(wm_transform *transform);

/* ---- EGM96 geoid heights -----------------------------------------------------------
 *
 * undulation_m[i] = N at in[i] (metres; ellipsoidal h = orthometric H + N), through
 * PROJ's vgridshift and egm96_15.gtx (Debian package proj-data), bilinear on the 15'
 * grid: exact at nodes (within 0.6 mm of NGA's grid, its rounding); between them up to
 * 1.24 m from NGA's own interpolation program (RMS 0.055 m), measured at 22,000 cell
 * centres (Tests/Data/README.md). wm_geoid_undulation_ex with WM_GEOID_CUBIC gives NGA's
 * interpolation instead. Each call opens PROJ and the grid (about 15 ms measured here):
 * pass whole routes, not single points.
 * Every point is looked up before any is written, so a grid that cannot be read
 * everywhere (a damaged or truncated file) gives PROJ with nothing written.
 * Errors: as wm_frame_forward, plus GRID_MISSING when egm96_15.gtx is not installed,
 * PROJ when it cannot be read. */
WM_API wm_status wm_geoid_undulation(const wm_geodetic *in, size_t in_stride, double *undulation_m,
                                     size_t count, size_t *first_bad);

/* How wm_geoid_undulation_ex interpolates between the 15' grid's nodes (both exact at them). */
#define WM_GEOID_BILINEAR 0  /* PROJ's reference method, as wm_geoid_undulation: up to 1.24 m
                                from NGA's interpolation between nodes (RMS 0.055 m) */
#define WM_GEOID_CUBIC    1  /* NGA's (its INTPT program's 4x4 natural-spline window): up to
                                0.71 mm from NGA's program (RMS 0.19 mm); the grid continued
                                across the poles within 0.25 deg of them, where NGA's stops */

/* wm_geoid_undulation with a choice of interpolation (WM_GEOID_*): undulation_m[i] = N at
 * in[i], metres. WM_GEOID_CUBIC reads the whole grid (4 MB, a few milliseconds measured
 * here) once per call, then costs no allocation per point: pass whole routes. Every point
 * is checked before any is written; with WM_GEOID_CUBIC no error can follow that check.
 * Errors: INVALID_VALUE (an interpolation that is not WM_GEOID_*, checked first; or a bad
 * point, with *first_bad), NULL_POINTER (in/undulation_m when count > 0), BAD_STRIDE,
 * BAD_COUNT, GRID_MISSING (egm96_15.gtx not installed), PROJ (the grid cannot be read). */
WM_API wm_status wm_geoid_undulation_ex(const wm_geodetic *in, size_t in_stride, double *undulation_m,
                                        size_t count, int32_t interpolation, size_t *first_bad);
#endif /* !WAYMARK_CORE */

/* ---- Navigation: route, estimates, heading, screen, POIs ----------------------------
 *
 * The methods of "How Yandex created augmented reality in Maps for iOS" (estimates,
 * heading correction, arrows, finish and hint marks) and of "How we developed the AR
 * application for reviewing historical places" (POIs), made exact and testable.
 *
 * Stateful pieces are opaque handles created with their capacities and freed by
 * *_destroy, which accepts NULL. A handle may be used by one thread at a time. Outputs
 * are untouched on error. Memory: wm_route_* and wm_estimates_* allocate only in
 * create (tested by counting malloc); wm_heading_corrector_add allocates the working
 * arrays of its fit when it triggers -- the navigator below allocates nothing after
 * create. */

/* A route in scene coordinates (convert geographic points with wm_frame_forward). */
typedef struct wm_route wm_route;

/* Where the user is on the route. */
typedef struct wm_route_position {
    int32_t segment;            /* segment from vertex `segment` to `segment + 1` */
    int32_t reserved_;
    double fraction;            /* 0..1 along it */
    wm_vec3 point;              /* closest route point (horizontally), scene metres */
    double distance_along_m;    /* 3-D length from the start to `point` */
    double offset_m;            /* horizontal distance user -> point (off-route when large) */
    double remaining_m;         /* along-route distance from `point` to the finish */
} wm_route_position;

/* An arrow of the route and the piece of the route its animation follows. */
typedef struct wm_arrow {
    wm_vec3 position;           /* scene units (the axes' unit; metres unless WM_UNIT_*) */
    double yaw_deg;             /* right-handed turn about the scene's up axis that takes the
                                   model's forward (the axes' WM_FORWARD_*: -Z eus, +Z eun,
                                   +Y enu, +X unreal) onto the route */
    double distance_along_m;
} wm_arrow;

typedef struct wm_arrow_leg {
    wm_vec3 start, end;
    double yaw_deg;
    double turn_deg;            /* at its start, relative to the previous leg: positive = right
                                   (clockwise seen from above) in every axes convention, as
                                   wm_screen_hint; 180 = U-turn. (Earlier versions: right = negative.) */
} wm_arrow_leg;

/* points: 1 <= count <= 2^24 (16,777,216) scene positions every stride (>= 24) bytes,
 * copied once. Errors: NULL_POINTER, BAD_STRIDE, BAD_COUNT (0, over 2^24: checked
 * before the copy is allocated), INVALID_VALUE (unknown axes, a non-finite point or one
 * beyond +-1e12 m). */
WM_API wm_status wm_route_create(const wm_vec3 *points, size_t stride, size_t count, wm_axes axes, wm_route **out);
/* (A route's lengths and spacings are metres, so its axes must be in metres: any axis
 * assignment with WM_UNIT_METRE; others are INVALID_VALUE. The navigator converts scenes
 * in other units itself.) */
/* Frees a route; NULL is accepted and ignored. */
WM_API void wm_route_destroy(wm_route *route);
/* The user's projection onto the route (horizontally), the closest point of the whole
 * route: a route that doubles back can project onto the wrong leg (the navigator keeps
 * progress instead). Errors: NULL_POINTER (route, out), INVALID_VALUE (user not finite). */
WM_API wm_status wm_route_project(const wm_route *route, wm_vec3 user, wm_route_position *out);
/* The arrows at along-route distances k * spacing_m (k integer) within
 * [from->distance_along_m, + ahead_m], clamped to the route: anchored to the route, so
 * they stay put as the user walks; counted from integers (0.1 m over 100 m is 1,001).
 * *count receives the number of arrows; when capacity is smaller, BAD_COUNT and nothing
 * is written (a capacity of 2^63 or more is unlimited: the buffer must hold *count).
 * The count is checked before any arrow is built; nothing is allocated.
 * Errors: NULL_POINTER (route, from, count; out when arrows are to be written),
 * INVALID_VALUE (spacing_m or ahead_m not finite and positive, a non-finite or
 * out-of-range `from`, more than 2^40 arrows or a route over 2^52 spacings long),
 * BAD_COUNT. */
WM_API wm_status wm_route_arrows(const wm_route *route, const wm_route_position *from, double spacing_m,
                                 double ahead_m, wm_arrow *out, size_t capacity, size_t *count);
/* The legs of the route between two along-route distances (an arrow's animation
 * section: from its distance to the next arrow's), clamped to the route. Capacity rule
 * as wm_route_arrows (counted before any is written; nothing is allocated).
 * Errors: NULL_POINTER (route, count; out when legs are to be written), INVALID_VALUE
 * (non-finite distances), BAD_COUNT. */
WM_API wm_status wm_route_legs(const wm_route *route, double from_m, double to_m, wm_arrow_leg *out,
                               size_t capacity, size_t *count);

/* A fix and the scene position taken with it. wm_estimates_add and
 * wm_heading_corrector_add refuse (INVALID_VALUE) a fix that is not a valid point, a
 * fix height or a scene coordinate beyond +-1e12 m (the frames' limit). */
typedef struct wm_estimate {
    wm_geodetic fix;
    double horizontal_accuracy_m, vertical_accuracy_m;
    double timestamp_s;         /* the caller's clock */
    wm_vec3 scene_position;
} wm_estimate;

/* wm_estimates_create's rules (the `fused` argument). */
#define WM_ESTIMATES_BEST   0  /* the Yandex.Maps article's rule: lowest accuracy value, newest
                                  among equals, within window_m of the current scene position */
#define WM_ESTIMATES_FUSED  1  /* the 1/sigma^2 average of the estimates in the window */

typedef struct wm_estimates wm_estimates;

/* The best-estimate buffer, by rule `fused` (WM_ESTIMATES_*). capacity estimates (1 ..
 * 2^24) are kept, the oldest dropped first; the storage is allocated here, once.
 * On success *out owns the buffer (free it with wm_estimates_destroy).
 * Errors: NULL_POINTER (out), BAD_COUNT (capacity 0 or over 2^24), INVALID_VALUE (an
 * unknown rule, window_m not finite and positive). */
WM_API wm_status wm_estimates_create(size_t capacity, double window_m, int32_t fused, wm_estimates **out);
/* Frees an estimate buffer; NULL is accepted and ignored. */
WM_API void wm_estimates_destroy(wm_estimates *estimates);
/* Adds an estimate (no allocation). Errors: NULL_POINTER, INVALID_VALUE (see wm_estimate). */
WM_API wm_status wm_estimates_add(wm_estimates *estimates, const wm_estimate *estimate);
/* The user's refined position at `current_scene` (within +-1e12 m; call on every fix and on a timer):
 * the estimate's fix moved by the scene offset since, through `frame`. NOT_AVAILABLE
 * when no estimate is within the window. uncertainty_m may be NULL.
 * Errors: NULL_POINTER (estimates, frame, position), INVALID_FRAME, INVALID_VALUE
 * (current_scene not finite or beyond 1e12 m), NOT_AVAILABLE. */
WM_API wm_status wm_estimates_refined(const wm_estimates *estimates, const wm_frame *frame, wm_vec3 current_scene,
                                      wm_geodetic *position, double *uncertainty_m);

/* The heading corrector's settings; wm_heading_config_default fills the defaults. */
typedef struct wm_heading_config {
    int32_t estimator;               /* WM_ESTIMATOR_PAIRWISE or WM_ESTIMATOR_ROBUST (default) */
    int32_t pair_selection;          /* pairs: WM_PAIRS_* (default WM_PAIRS_ALL) */
    double pair_percent;             /* for WM_PAIRS_RANDOM_PERCENT and WM_PAIRS_TOP_WEIGHT_PERCENT, (0, 100] */
    uint64_t random_seed;            /* for WM_PAIRS_RANDOM_PERCENT */
    int32_t buffer_count;            /* trigger after this many estimates (10) ... */
    int32_t reserved_;
    double buffer_interval_s;        /* ... or this many seconds (10) */
    double maximum_accuracy_m;       /* drop estimates with a larger accuracy value (30) */
    double minimum_pair_distance_m;  /* pairs: drop closer pairs (10) */
    double rejection;                /* robust: outlier threshold in robust scales (3) */
    double history_s;                /* robust: seconds kept, 0 = all */
} wm_heading_config;

/* The estimators (wm_heading_config.estimator, wm_navigator_config's estimator). */
#define WM_ESTIMATOR_PAIRWISE        0  /* the Yandex.Maps article's pairs (scene distance >= minimum_pair_distance_m) */
#define WM_ESTIMATOR_ROBUST          1  /* robust least squares (default for wm_heading_config) */
#define WM_ESTIMATOR_FILTER          2  /* wm_navigator_config only: the navigator's bank of Kalman filters
                                           over GPS, compass and the scene track (its default) */

/* Which pairs the pair estimator averages (wm_heading_config.pair_selection). */
#define WM_PAIRS_ALL                 0  /* every pair far enough apart (default) */
#define WM_PAIRS_DISJOINT            1  /* each estimate in one pair at most */
#define WM_PAIRS_RANDOM_PERCENT      2  /* a seeded random pair_percent % of them */
#define WM_PAIRS_TOP_WEIGHT_PERCENT  3  /* the pair_percent % with the longest baselines per accuracy */

/* Fills *config with the defaults (robust estimator, 10 estimates or 10 s, 30 m
 * accuracy limit, 10 m pairs, rejection 3, all history). NULL is ignored. */
WM_API void wm_heading_config_default(wm_heading_config *config);
typedef struct wm_heading_corrector wm_heading_corrector;
/* Creates a corrector. On success *out owns it (free it with
 * wm_heading_corrector_destroy). Errors: NULL_POINTER (config, out), INVALID_VALUE (an
 * unknown estimator or pair selection, a non-finite value, buffer_count < 1,
 * pair_percent outside (0, 100], rejection <= 0, history_s < 0). */
WM_API wm_status wm_heading_corrector_create(const wm_heading_config *config, wm_heading_corrector **out);
/* Frees a corrector; NULL is accepted and ignored. */
WM_API void wm_heading_corrector_destroy(wm_heading_corrector *corrector);
/* Feeds an estimate. When the buffer triggers, *triggered = 1 and *correction_deg is
 * the angle to add to the frame's heading correction (wm_frame_set_estimate);
 * *uncertainty_deg its 1-sigma uncertainty (robust) or -1 (pairs). Otherwise
 * *triggered = 0. uncertainty_deg may be NULL. Allocates the fit's working arrays when
 * it triggers (the navigator allocates nothing after create).
 * Errors: NULL_POINTER (corrector, estimate, frame, triggered, correction_deg),
 * INVALID_FRAME, INVALID_VALUE (see wm_estimate). */
WM_API wm_status wm_heading_corrector_add(wm_heading_corrector *corrector, const wm_estimate *estimate,
                                          const wm_frame *frame, int32_t *triggered, double *correction_deg,
                                          double *uncertainty_deg);

/* Screen math. view: scene -> camera (inverse of ARKit's camera.transform), projection:
 * camera -> clip (either depth convention), both column-major; viewport in points, y down:
 * x and y within +-1e9, width and height from 1e-3 to 1e9 (WM_VIEWPORT_MAX,
 * WM_VIEWPORT_MIN_SIZE), so every projection stays finite; others are INVALID_VALUE. */
typedef struct wm_viewport { double x, y, width, height; } wm_viewport;
#define WM_VIEWPORT_MAX 1e9
#define WM_VIEWPORT_MIN_SIZE 1e-3

/* Projects a scene point: screen position in points (y down) and whether it is visible
 * (in front of the camera and inside the viewport). Errors: NULL_POINTER, INVALID_VALUE
 * (non-finite point, non-finite or singular matrices, a viewport that is not finite
 * or out of the bounds above), NOT_AVAILABLE (a point in the camera's own plane, to
 * round-off: it has no finite screen position; nothing written then). */
WM_API wm_status wm_screen_project(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                   wm_vec3 point, double *screen_x, double *screen_y, int32_t *visible);
/* The sphere radius (metres) at `center` whose projection is screen_diameter points
 * across: the centre projected, a point half the diameter to its right on screen
 * unprojected at the same depth, their distance measured (the finish mark's size rule
 * of "How Yandex created augmented reality in Maps for iOS"). Errors: NULL_POINTER, INVALID_VALUE
 * (as wm_screen_project, or a negative or non-finite diameter), NOT_AVAILABLE (`center`
 * is behind the camera or in its plane). */
WM_API wm_status wm_screen_sphere_radius(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                         wm_vec3 center, double screen_diameter, double *radius_m);
/* The label roll: the angle, degrees counter-clockwise as the user sees the screen, by
 * which to turn a screen label so it stays parallel to the horizon (a phone rolled 30
 * degrees clockwise gives +30), right at every heading; in (-180, 180]. `axes` says
 * which scene axis is up. Errors: NULL_POINTER, INVALID_VALUE (non-finite or singular
 * matrices, bad viewport, unknown axes), NOT_AVAILABLE (looking straight up or down:
 * the horizon has no direction). */
WM_API wm_status wm_screen_label_roll(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                      wm_axes axes, double *roll_deg);
/* The off-screen hint: *needed = 0 when `target` is visible; otherwise the edge point
 * (x, y) and the shortest turn (degrees, positive right; 0 straight above or below).
 * The point moves continuously along the edge as the camera turns; directly behind it
 * is the bottom centre, and it is on the side of the shortest turn.
 * Errors: NULL_POINTER, INVALID_VALUE (as wm_screen_project, or unknown axes). */
WM_API wm_status wm_screen_hint(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                wm_axes axes, wm_vec3 target, int32_t *needed, double *x, double *y, double *turn_deg);
/* Labels. A label floats above a placed point (the finish mark, a place): a 3-D label
 * stands at `anchor` turned about the scene's up axis to face the camera (`transform`);
 * a 2-D label goes to (screen_x, screen_y), turned by roll_deg to stay level. */
typedef struct wm_label {
    wm_vec3 anchor;              /* scene metres */
    wm_vec3 facing;              /* unit horizontal vector from the anchor towards the camera, scene
                                    axes: the normal a standing label faces (NaN straight above/below) */
    double facing_azimuth_deg;   /* the billboard yaw as an azimuth: facing's, clockwise from north,
                                    (-180, 180], the same in every axes convention (NaN with facing) */
    double screen_x, screen_y;   /* the anchor on screen, points, y down (NaN behind the camera) */
    double roll_deg;             /* counter-clockwise: keeps a 2-D label level, as
                                    wm_screen_label_roll (NaN looking straight up or down) */
    wm_mat4f transform;          /* label -> scene, column-major: columns (right as the camera sees
                                    it, the scene's up, facing, anchor), so a quad in the label's x-y
                                    plane with its front towards +z reads the right way round (NaN
                                    with facing) */
} wm_label;

/* Units of wm_screen_label's height. */
#define WM_LABEL_METRES 0   /* metres above the point along the scene's up axis */
#define WM_LABEL_POINTS 1   /* screen points above the point's projection, at its depth (behind
                               the camera the anchor is the point itself) */

/* The label `height` (|height| <= 1e6, in height_unit, WM_LABEL_*) above `point` (scene
 * metres, within +-1e12) for this camera. The facing direction is exact to round-off
 * (within 1e-9 degree of the horizontal direction to the camera, tested at every heading
 * and pitch). Errors: NULL_POINTER (view, projection, out), INVALID_VALUE (as
 * wm_screen_project, an unknown axes or unit, a height or point out of range),
 * NOT_AVAILABLE (an anchor at the camera's own position, to round-off, in either unit:
 * it has no direction to face, no screen position and, for WM_LABEL_POINTS, no depth to
 * measure points at; or an anchor that height puts beyond +-1e12 m); *out untouched then. */
WM_API wm_status wm_screen_label(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                 wm_axes axes, wm_vec3 point, int32_t height_unit, double height, wm_label *out);

/* A label's screen rectangle: top-left corner and size, points, y down. */
typedef struct wm_rect { double x, y, width, height; } wm_rect;

/* Vertical offsets (points, <= 0: up) that stop screen labels overlapping, by the AR
 * guide to historical places' rule: the nearest place keeps its position; each farther
 * label moves up above every nearer label it covered, then on up until it clears every
 * nearer one, with gap_pt points between. Labels are taken nearest first by
 * distances_m (ties: the lower index). The same input gives the same offsets (a still
 * camera never makes labels jitter). count <= 256 (BAD_COUNT beyond): quadratic work
 * usually, cubic at worst; nothing is allocated.
 * Errors: NULL_POINTER (rects, distances_m or offsets_pt when count > 0), BAD_STRIDE,
 * BAD_COUNT, INVALID_VALUE (gap_pt not finite in [0, 1e9]; a rectangle or distance not
 * finite, a negative size, or a value beyond 1e9 points, with *first_bad); nothing is
 * written then. count == 0 succeeds. */
WM_API wm_status wm_label_declutter(const wm_rect *rects, size_t rect_stride, const double *distances_m,
                                    size_t distance_stride, size_t count, double gap_pt, double *offsets_pt,
                                    size_t *first_bad);

/* Picking: the candidate a tap at (x, y) (points, y down) selects — the one whose
 * projection (as wm_screen_project) is nearest the tap, in front of the camera and within
 * radius_pt points (ties: the lower index). positions: count (<= 2^16) scene positions
 * every stride (>= 24) bytes (marks, places, arrows). *index and *distance_pt receive
 * the pick. Errors: NULL_POINTER (view, projection, index, distance_pt; positions when
 * count > 0), BAD_STRIDE, BAD_COUNT, INVALID_VALUE (as wm_screen_project, a non-finite
 * tap, a radius not finite and >= 0, a position not finite or beyond +-1e12 m with
 * *first_bad), NOT_AVAILABLE (no candidate within the radius); nothing is written then.
 * Not a batch call: the camera and stride are checked whatever the count, and count == 0
 * picks nothing (NOT_AVAILABLE). */
WM_API wm_status wm_screen_pick(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                double x, double y, double radius_pt, const wm_vec3 *positions, size_t stride,
                                size_t count, size_t *index, double *distance_pt, size_t *first_bad);

/* Finish-mark diameter: maximum below near_m, linear to far_m, minimum beyond (the
 * Yandex.Maps article's rule; sizes in the caller's unit, e.g. points).
 * Errors: NULL_POINTER, INVALID_VALUE (a non-finite value, minimum <= 0, minimum >
 * maximum, near_m <= 0, far_m <= near_m). */
WM_API wm_status wm_finish_mark_diameter(double maximum, double minimum, double near_m, double far_m,
                                         double distance_m, double *diameter);

/* Points of interest ("How we developed the AR application for reviewing historical
 * places"). cluster_of[i] receives the index of the point whose
 * marker stands for point i (itself for a marker), or -1 when it is beyond radius_m.
 * count <= 2^16 (65,536) per call (BAD_COUNT beyond): the clustering runs inside
 * cluster_of without allocating, in time quadratic in count in the worst case.
 * Errors: NULL_POINTER, BAD_STRIDE, BAD_COUNT, INVALID_VALUE (user, radius not finite
 * and positive, or a point with *first_bad); count == 0 succeeds. */
WM_API wm_status wm_poi_clusters(wm_geodetic user, const wm_geodetic *points, size_t stride, size_t count,
                                 double radius_m, int64_t *cluster_of, size_t *first_bad);
/* Radar position (x right, y down, centre at (radius, radius)) of a point at distance_m
 * and bearing_deg for a device facing heading_deg; range_m at the rim, clamped.
 * Errors: NULL_POINTER (x, y), INVALID_VALUE (radius or range_m not finite and
 * positive, a non-finite distance or angle; a negative distance counts as 0). */
WM_API wm_status wm_radar_position(double radius, double range_m, double distance_m, double bearing_deg,
                                   double heading_deg, double *x, double *y);
/* Placement compression methods (wm_placement's method). */
#define WM_PLACEMENT_NONE    0  /* placement = distance, scale 1 */
#define WM_PLACEMENT_LINEAR  1  /* the Yandex.Maps article's 10 + d/1000 metres (linear in d) */
#define WM_PLACEMENT_CLAMP   2  /* clamp to limit_m with scale limit/d (ARKit-CoreLocation) */

/* Where to place a far object (metres from the user) and at what scale, by method
 * (WM_PLACEMENT_*). Errors: NULL_POINTER, INVALID_VALUE (an unknown method, a distance
 * that is not finite and >= 0, for WM_PLACEMENT_CLAMP a limit that is not finite and
 * positive). */
WM_API wm_status wm_placement(int32_t method, double limit_m, double distance_m, double *placement_m, double *scale);

/* The 40 m "AR mode available" rule with hysteresis: plain caller-owned state. */
typedef struct wm_proximity { double enter_m, leave_m; int32_t inside; int32_t reserved_; } wm_proximity;
/* Sets up a gate that turns on within enter_m and off beyond leave_m (>= enter_m).
 * Errors: NULL_POINTER, INVALID_VALUE (a non-finite or negative enter_m, or leave_m <
 * enter_m). */
WM_API wm_status wm_proximity_init(wm_proximity *gate, double enter_m, double leave_m);
/* Feeds a distance; *inside = 1 while AR mode is available. Errors: NULL_POINTER,
 * INVALID_VALUE (a non-finite distance, or a gate wm_proximity_init would refuse). */
WM_API wm_status wm_proximity_update(wm_proximity *gate, double distance_m, int32_t *inside);

/* ---- Navigator: AR walking navigation as one session object ------------------------
 *
 * Create it with the route and settings, feed it every location fix with the device's
 * scene position at that moment, and call wm_navigator_update once per rendered frame
 * with the time and camera: it returns everything to draw. It composes the pieces
 * above and owns the state between calls:
 *   - estimator (WM_ESTIMATOR_FILTER, the default): the posterior of where the scene
 *     lies in the world -- the heading correction (an angle: the map is a rotation, its
 *     scale exactly 1) and the anchor (the user's world position), the GPS's slowly
 *     varying error (Gauss-Markov, gps_correlation_s and gps_correlated_share of each
 *     fix's sigma; horizontal_accuracy_m read as the radius of accuracy_confidence,
 *     68 %), the compass's (wm_navigator_add_heading) and the AR session's drift -- as a
 *     sum of Gaussians: 72 extended Kalman filters over the heading (5 degrees apart at
 *     the start, so every initial error from 0 to 180 degrees is covered) for each of
 *     up to three GPS error models (the configured one, 0.8 of sigma over 30 s, and white
 *     noise), the fixes deciding which model holds. Every fix and
 *     compass reading updates it by what it is worth; outliers (multipath jumps,
 *     magnetic disturbances) beyond outlier_gate are not used, and fixes whose reported
 *     accuracy understates their error (their innovations say so) widen the sigma.
 *     A fix informs the heading only once the device has moved heading_step_m since the
 *     last one that did: standing still never turns the world. The frame carries the
 *     estimate from the first fix that informs it on (it moves only as far as the evidence
 *     moves it; under WM_ALIGNMENT_GRAVITY once it has a direction);
 *     correction_state turns APPLIED when its 1-sigma is at most maximum_uncertainty_deg
 *     (under WM_ALIGNMENT_GRAVITY, whose scene yaw is arbitrary, once it has a direction).
 *     correction_sigma_deg and anchor_sigma_m are calibrated (tested: the truth within
 *     2 sigma on >= 90 % of frames in each simulated scenario, and the heading and first
 *     arrow within 10 % of an exact grid posterior of the same model). With no new measurement
 *     (a GPS outage) the anchor and the finish stay where they are. Route heights are hung
 *     from the AR session's own vertical: the device is device_height_m above the route
 *     where the user is, a ground plane (wm_camera.has_ground) lies on it; GPS altitude
 *     is weak evidence. wm_navigator_tracking reports limited tracking and session resets.
 *     A fix may carry the phone's GPS velocity (wm_navigator_add_fix_velocity): compared
 *     with the scene's own velocity since the previous fix it measures the heading every
 *     second, without waiting for the user to walk far; a course reported while nearly
 *     standing still carries almost no information. With route_evidence on, the route is
 *     evidence too: the user walks on it, a few metres to one side (route_offset_sigma_m;
 *     which side is learnt from the fixes, route_side_offset_m),
 *     except near corners; a test on its innovations switches it off while the user is off
 *     the route and on again when they rejoin (wm_navigator_result.route_evidence).
 *   - WM_ESTIMATOR_ROBUST / WM_ESTIMATOR_PAIRWISE: the gated window fits of the
 *     articles' kind, kept as baselines. The first fix becomes the frame's estimate; the
 *     frame is re-anchored on every fix and every anchor_interval_s of frames (by
 *     `anchor`, within anchor_window_m); the heading fit runs every buffer_count fixes or
 *     buffer_interval_s, and is applied only when its 1-sigma is below
 *     maximum_uncertainty_deg, the fixes it rests on span minimum_span_m in the scene, and
 *     the device moved minimum_move_m since the fit's previous run. Compass readings are
 *     checked and not used.
 *   - progress: monotonic along-route distance, searched from progress_behind_m behind
 *     to progress_ahead_m ahead of the current progress (legs close together are told
 *     apart by preferring to go on), the whole route again after reacquire_after_s
 *     off-route (farther than off_route_m); out-and-back routes, hairpins, loops and a
 *     start in the middle are followed.
 *   - arrows at along-route distances k * arrow_spacing_m (k integer) from the progress
 *     to arrows_ahead_m ahead: they stay put on the ground as the user walks (they move
 *     only when the frame is re-anchored or corrected).
 *   - heights: ELLIPSOIDAL, ORTHOMETRIC (EGM96, as GPX; converted at create with
 *     egm96_15.gtx) or NONE (the route lies on the ground: the last fix's device scene
 *     height minus device_height_m, or the ground plane height passed per frame).
 * Turns are positive to the right everywhere (hint, legs).
 * Memory: create allocates everything (fix_capacity fixes, the arrows, scratch);
 * wm_navigator_add_fix, wm_navigator_add_fix_velocity, wm_navigator_update and
 * wm_navigator_legs allocate nothing
 * (tested by counting malloc, calloc, realloc and posix_memalign). One thread at a time
 * per navigator. Outputs are untouched on error. A value not available yet is NaN.
 * Times: the caller's clock in seconds; a call earlier than one before counts as at the
 * latest time seen (CoreLocation stamps a fix before the frame that delivers it), and a
 * gap (a backgrounded app) only widens the uncertainty.
 * Versions: wm_navigator_config, wm_navigator_result, wm_compass_reading and
 * wm_gps_velocity start with `size`, sizeof the struct the caller was compiled with; a
 * library accepts every size it knows (this one: the sizes below) and refuses others with
 * INVALID_VALUE, so a later version can add fields at the end. An older layout's caller
 * gets the defaults of the fields it does not have (config) or only its own fields
 * written (result). */
typedef struct wm_navigator wm_navigator;

/* wm_navigator_config.estimator: WM_ESTIMATOR_FILTER (default), WM_ESTIMATOR_ROBUST,
   WM_ESTIMATOR_PAIRWISE (above). */
/* wm_navigator_config.alignment: how the AR session's yaw was set when it started. */
#define WM_ALIGNMENT_GRAVITY_AND_HEADING 0  /* ARKit .gravityAndHeading: -Z at compass north, the
                                               correction starts at 0 +- alignment_sigma_deg (default) */
#define WM_ALIGNMENT_GRAVITY         1  /* ARCore, ARKit .gravity: arbitrary yaw, no prior; the first
                                           compass reading gives the first estimate */
/* wm_navigator_tracking states (ARKit ARCamera.TrackingState, ARCore TrackingState). */
#define WM_TRACKING_NORMAL           0
#define WM_TRACKING_LIMITED          1  /* fixes inform the anchor only; the session drifts more */
#define WM_TRACKING_RESET            2  /* the scene restarted: positions before and after are unrelated;
                                           the world side is kept, the scene side rebuilt from the next
                                           scene position (a fix, a reading or a frame) */
/* wm_navigator_result.correction_source */
#define WM_SOURCE_NONE               0  /* nothing applied: the session's own alignment */
#define WM_SOURCE_COMPASS            1  /* mostly compass readings */
#define WM_SOURCE_TRACK              2  /* mostly the GPS track against the scene track */
/* wm_navigator_config.anchor (WM_ESTIMATOR_ROBUST / PAIRWISE) */
#define WM_ANCHOR_FITTED             0  /* the robust fit evaluated at the user (default) */
#define WM_ANCHOR_MOST_ACCURATE      1  /* the article's best estimate (lowest accuracy value, newest) */
#define WM_ANCHOR_FUSED              2  /* every fix in the window through the applied heading, 1/sigma^2 */
/* wm_navigator_config.heights */
#define WM_HEIGHTS_ELLIPSOIDAL       0
#define WM_HEIGHTS_ORTHOMETRIC       1
#define WM_HEIGHTS_NONE              2
/* wm_navigator_result.correction_state */
#define WM_CORRECTION_NONE           0  /* no heading estimate yet (too little motion) */
#define WM_CORRECTION_ESTIMATING     1  /* an estimate exists, not trusted yet */
#define WM_CORRECTION_APPLIED        2  /* a correction has been applied */
/* wm_navigator_result.route_evidence (since 0.4) */
#define WM_ROUTE_EVIDENCE_DISABLED   0  /* not used: config.route_evidence 0, or a window-fit estimator */
#define WM_ROUTE_EVIDENCE_ON         1  /* the user is taken to be on the route */
#define WM_ROUTE_EVIDENCE_OFF        2  /* the user is taken to be off it (a detour, a square, a wrong
                                           turn); the route waits for them to rejoin */

/* Every setting; wm_navigator_config_default fills the defaults shown. */
typedef struct wm_navigator_config {
    uint32_t size;                   /* sizeof(wm_navigator_config) (WM_NAVIGATOR_CONFIG_SIZE) */
    int32_t alignment;               /* WM_ALIGNMENT_GRAVITY_AND_HEADING */
    wm_axes axes;                    /* WM_AXES_EUS */
    int32_t estimator;               /* WM_ESTIMATOR_FILTER */
    int32_t anchor;                  /* WM_ANCHOR_FITTED */
    int32_t heights;                 /* WM_HEIGHTS_ELLIPSOIDAL */
    int32_t buffer_count;            /* 10 fixes ... */
    int32_t fix_capacity;            /* 256 fixes kept (1 .. 2^20) */
    double buffer_interval_s;        /* ... or 10 s between heading fits */
    double maximum_accuracy_m;       /* 30: fixes with a larger accuracy value stay out of fits */
    double minimum_pair_distance_m;  /* 10 (WM_ESTIMATOR_PAIRWISE) */
    double rejection;                /* 3 robust scales */
    double maximum_uncertainty_deg;  /* 5 */
    double minimum_span_m;           /* 15 */
    double minimum_move_m;           /* 5 */
    double anchor_window_m;          /* 100 */
    double anchor_interval_s;        /* 1 */
    double progress_behind_m;        /* 10 */
    double progress_ahead_m;         /* 30 */
    double off_route_m;              /* 20 */
    double reacquire_after_s;        /* 10 */
    double arrow_spacing_m;          /* 3 */
    double arrows_ahead_m;           /* 100 (at most 2^20 arrows) */
    double device_height_m;          /* 1.4 */
    double finish_max_pt, finish_min_pt;   /* 120, 40: finish diameter ... */
    double finish_near_m, finish_far_m;    /* 50, 2000: ... max below near, linear to far, min beyond */
    /* The filter's sensor models (WM_ESTIMATOR_FILTER). */
    double alignment_sigma_deg;      /* 20: 1-sigma of the session's initial alignment, (0, 180] */
    double gps_correlation_s;        /* 60: correlation time of the slowly varying GPS error, > 0
                                        (fitted on real phone logs: README, Estimator) */
    double gps_correlated_share;     /* 0.96: its share of each fix's sigma, [0, 1) */
    double accuracy_confidence;      /* 0.68: horizontal_accuracy_m is this confidence's radius
                                        (Android: 68 %); sigma per axis = accuracy / 1.51 */
    double compass_correlation_s;    /* 60: correlation time of the compass's slowly varying error */
    double compass_correlated_share; /* 0.8: its share of each reading's sigma, [0, 1) */
    double compass_interval_s;       /* 0.5: readings closer than this to the last used are skipped */
    double compass_maximum_pitch_deg;/* 75: readings with the camera pitched more are skipped, [0, 90] */
    double yaw_drift_deg;            /* 1: the session's yaw random walk, degrees per sqrt(minute) */
    double position_drift_m;         /* 0.1: its position random walk, metres per sqrt(metre walked) */
    double outlier_gate;             /* 4: measurements farther than this many sigma are outliers */
    double heading_step_m;           /* 0.2: a fix informs the heading after this much scene motion
                                        since the last that did */
    /* Since 0.4 (a size of WM_NAVIGATOR_CONFIG_SIZE_0_3 is the 0.3 layout: the fields below
       take the defaults shown). Read by WM_ESTIMATOR_FILTER, not by the window fits. */
    int32_t route_evidence;          /* 0 (off) or 1: the route as evidence of where the user is */
    int32_t reserved_;               /* 0 */
    double route_offset_sigma_m;     /* 2: 1-sigma of the user's offset from the centre of their
                                        side of the street (route_side_offset_m), or from the
                                        route's centre line when that is 0, (0, 1000] */
    double route_offset_distance_m;  /* 1000: metres walked over which that offset varies, > 0 */
    double velocity_correlated_share;/* 0.5: the slowly varying share of the GPS velocity's error,
                                        [0, 1) */
    double velocity_correlation_s;   /* 10: its correlation time, seconds, > 0 */
    double route_side_offset_m;      /* 4: where each side of the street lies from the route's
                                        centre line, [0, 1000]: the offset's prior is two
                                        Gaussians of sigma route_offset_sigma_m, one per side,
                                        and the fixes tell the sides apart; 0: one Gaussian
                                        about the line */
} wm_navigator_config;
#define WM_NAVIGATOR_CONFIG_SIZE 336   /* sizeof(wm_navigator_config) in this version */
#define WM_NAVIGATOR_CONFIG_SIZE_0_3 288 /* the 0.3 layout, still accepted (fields before route_evidence) */

/* A location fix and the device's scene position when it was taken. */
typedef struct wm_fix {
    wm_geodetic position;            /* height_m ellipsoidal; ignored when has_height == 0 */
    int32_t has_height;
    int32_t reserved_;
    double horizontal_accuracy_m;    /* > 0, as CoreLocation's horizontalAccuracy */
    double vertical_accuracy_m;      /* > 0; not read when has_height == 0 (any value) */
    double time_s;                   /* the caller's clock, the same as frames' */
    wm_vec3 scene_position;
} wm_fix;

/* The GPS velocity of a fix (wm_navigator_add_fix_velocity): CoreLocation's course,
 * courseAccuracy, speed and speedAccuracy; Android's getBearing,
 * getBearingAccuracyDegrees, getSpeed, getSpeedAccuracyMetersPerSecond. A value outside
 * its range (a phone marks a missing one -1) is "none"; the velocity is used only when
 * all four are present. NaN and +-Inf are errors, not "none". */
typedef struct wm_gps_velocity {
    uint32_t size;                   /* sizeof(wm_gps_velocity) (WM_GPS_VELOCITY_SIZE) */
    int32_t reserved_;               /* 0 */
    double course_deg;               /* over ground, clockwise from true north, >= 0 (wrapped into
                                        [0, 360)); negative: none */
    double course_accuracy_deg;      /* its 1-sigma, (0, 180]; else none (0: Android without one) */
    double speed_mps;                /* over ground, m/s, [0, 1000]; else none */
    double speed_accuracy_mps;       /* its 1-sigma, m/s, (0, 1000]; else none */
} wm_gps_velocity;
#define WM_GPS_VELOCITY_SIZE 40        /* sizeof(wm_gps_velocity) in this version */

/* The camera of one rendered frame. transform: camera -> scene (ARKit camera.transform),
 * rigid; projection: camera -> clip (either depth convention); viewport in points, y
 * down. ground_height_m: a detected ground plane's scene height (scene units, as every
 * scene coordinate: the _m names are metres in metre conventions), used for routes
 * without heights when has_ground == 1. */
typedef struct wm_camera {
    wm_mat4f transform;
    wm_mat4f projection;
    wm_viewport viewport;
    int32_t has_ground;
    int32_t reserved_;
    double ground_height_m;
} wm_camera;

/* Cameras from what each engine hands over. Each fills *out (has_ground 0) from a camera
 * whose own space is OpenGL's (x right, y up the screen, looking along -z) and whose
 * world is the navigator's scene (its axes and unit); the projection is copied.
 * Errors: NULL_POINTER, INVALID_VALUE (non-finite input, a viewport that is not finite
 * with positive size, an unknown orientation), SINGULAR (a view that cannot be
 * inverted); nothing written then. */

/* From a view matrix (scene -> camera) and a projection: ARKit's
 * camera.viewMatrix(for: orientation) with projectionMatrix(for: orientation,
 * viewportSize:, zNear:, zFar:); ARCore's ArCamera_getViewMatrix and
 * ArCamera_getProjectionMatrix; WebXR's view.transform.inverse.matrix and
 * view.projectionMatrix. transform = the view's inverse. Errors: as above. */
WM_API wm_status wm_camera_from_view(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                     wm_camera *out);

/* The camera of a pose as field logs record it (Waymark's CameraPose, what `waymark
 * replay` and the simulator use): position (scene units, `axes`), yaw degrees clockwise
 * from north, pitch above the horizontal in [-90, 90], roll clockwise as the user sees
 * the screen; the camera looks along its -Z with +Y up the screen. transform: 16 doubles,
 * camera -> scene, column-major. Errors: NULL_POINTER, INVALID_VALUE (non-finite values, a
 * pitch beyond +-90, unknown axes); nothing written then. */
WM_API wm_status wm_camera_pose_transform(wm_vec3 position, double yaw_deg, double pitch_deg, double roll_deg,
                                          wm_axes axes, double *transform);

/* An OpenGL-style perspective projection (clip z in [-w, w]), 16 doubles column-major,
 * with vertical field of view fov_y_deg and aspect = width / height: what `waymark
 * replay` draws with. Errors: NULL_POINTER, INVALID_VALUE (unless 0 < fov_y_deg < 180,
 * aspect > 0 and 0 < near_m < far_m, all finite, with a projection whose entries are
 * finite and that is invertible: a subnormal aspect or near * far beyond 1e308 overflow,
 * near * far below about 1e-308 underflows to a singular matrix); nothing written then. */
WM_API wm_status wm_perspective(double fov_y_deg, double aspect, double near_m, double far_m, double *projection);

/* UIInterfaceOrientation's raw values. */
#define WM_ORIENTATION_PORTRAIT 1
#define WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN 2
#define WM_ORIENTATION_LANDSCAPE_RIGHT 3
#define WM_ORIENTATION_LANDSCAPE_LEFT 4

/* From ARKit's ARCamera.transform, which is fixed to the sensor (x along the device's
 * long side towards the Home button: right in landscape-right), the projection for the
 * interface orientation (projectionMatrix(for:viewportSize:zNear:zFar:)) and that
 * orientation (WM_ORIENTATION_*): the transform is turned about the camera's z axis so
 * its x is the screen's right (portrait: +90 degrees, landscape-left: 180,
 * upside-down: -90), as viewMatrix(for:) does. Errors: as above. */
WM_API wm_status wm_camera_from_arkit(const wm_mat4f *camera_transform, const wm_mat4f *projection,
                                      wm_viewport viewport, int32_t orientation, wm_camera *out);

/* From Unity's Camera.cameraToWorldMatrix (camera space as OpenGL's, world in Unity's
 * axes: WM_AXES_UNITY) and Camera.projectionMatrix (OpenGL convention; Unity's
 * matrices are column-major in memory, as wm_mat4f). The transform is
 * cameraToWorldMatrix itself; its determinant is -1 (Unity's world is left-handed), which
 * the navigator expects for WM_AXES_EUN. Errors: as above. */
WM_API wm_status wm_camera_from_unity(const wm_mat4f *camera_to_world, const wm_mat4f *projection,
                                      wm_viewport viewport, wm_camera *out);

/* Everything to draw. NaN: not available yet (no fix yet, or behind the camera). */
typedef struct wm_navigator_result {
    uint32_t size;                   /* set by the caller: sizeof(wm_navigator_result) */
    int32_t correction_source;       /* WM_SOURCE_* */
    double time_s;
    int32_t correction_state;        /* WM_CORRECTION_* */
    int32_t off_route;               /* 1 when off_route_m exceeds the config's */
    double correction_deg;           /* the frame's: true azimuth = scene azimuth + this */
    double correction_sigma_deg;     /* its 1-sigma (applied) or the estimate's (estimating) */
    double progress_m;               /* monotonic along-route distance */
    double remaining_m;              /* along-route distance to the finish */
    double off_route_m;              /* horizontal distance from the route */
    wm_geodetic user;                /* the user's refined position (the camera's) */
    wm_vec3 finish;                  /* finish mark, scene units */
    double finish_distance_m;        /* straight-line scene distance camera -> finish */
    int32_t finish_visible;          /* in front and inside the viewport */
    int32_t hint_needed;             /* 1: draw the hint (the finish is off screen) */
    double finish_screen_x, finish_screen_y;   /* points; NaN behind the camera */
    double finish_diameter_pt;       /* the size rule */
    double finish_sphere_radius_m;   /* sphere at the finish projecting to that diameter (scene
                                        units) */
    double hint_x, hint_y;           /* on the viewport's edge, continuous as the camera turns;
                                        directly behind = bottom centre */
    double hint_turn_deg;            /* shortest turn to the finish, positive = right */
    double label_roll_deg;           /* counter-clockwise as the user sees the screen, to keep
                                        a label level: phone rolled 30 deg clockwise -> +30 */
    size_t arrow_total;              /* arrows in the window (at most the config's capacity) */
    double anchor_sigma_m;           /* horizontal uncertainty of where the frame puts the camera:
                                        sqrt(sigma_east^2 + sigma_north^2), metres (NaN before the
                                        first fix and for the window-fit estimators) */
    int32_t tracking_state;          /* WM_TRACKING_NORMAL or WM_TRACKING_LIMITED, as last reported */
    int32_t reserved_;
    /* Since 0.3 (a size of offsetof(wm_navigator_result, origin_shift) is the 0.2 layout:
       only the fields above are written). */
    wm_vec3 origin_shift;            /* when origin_shifted: the shift this update made (scene
                                        units, horizontal). Move your scene's origin by it before
                                        drawing (ARKit: session.setWorldOrigin(relativeTransform:)
                                        with this translation); this result's positions and every
                                        scene position you pass from now on are in the shifted
                                        scene — a camera or fix captured before you moved the
                                        origin must be shifted too. An engine that cannot move it
                                        at once keeps automatic shifting off and calls
                                        wm_navigator_shift_origin when it does. Else zeros. */
    int32_t origin_shifted;          /* 1 when this update shifted the origin */
    int32_t reserved2_;
    /* Since 0.4 (WM_NAVIGATOR_RESULT_SIZE_0_3 is the 0.3 layout: only the fields above are
       written). */
    int32_t route_evidence;          /* WM_ROUTE_EVIDENCE_*: whether the route is evidence now */
    int32_t reserved3_;
} wm_navigator_result;
#define WM_NAVIGATOR_RESULT_SIZE 256   /* sizeof(wm_navigator_result) in this version */
#define WM_NAVIGATOR_RESULT_SIZE_0_3 248 /* the 0.3 layout, still accepted (fields before route_evidence) */
#define WM_NAVIGATOR_RESULT_SIZE_0_2 216 /* the 0.2 layout, still accepted (fields before origin_shift) */

/* A compass reading: the true heading of the camera's viewing direction and the camera
 * when it was read. */
typedef struct wm_compass_reading {
    uint32_t size;                   /* sizeof(wm_compass_reading) (WM_COMPASS_READING_SIZE) */
    int32_t reserved_;               /* 0 */
    double time_s;                   /* the caller's clock, the same as fixes and frames */
    double true_heading_deg;         /* clockwise from true north, any finite value (CoreLocation
                                        trueHeading; Android: azimuth + declination) */
    double accuracy_deg;             /* its 1-sigma, (0, 180] (CoreLocation headingAccuracy) */
    wm_mat4f camera;                 /* camera -> scene (ARKit camera.transform), rigid */
} wm_compass_reading;
#define WM_COMPASS_READING_SIZE 96   /* sizeof(wm_compass_reading) in this version */

/* Fills the defaults above into the first `size` bytes of *config, the layout of that
 * size (WM_NAVIGATOR_CONFIG_SIZE or WM_NAVIGATOR_CONFIG_SIZE_0_3), and sets config->size
 * to it: pass sizeof *config. Errors: NULL_POINTER, INVALID_VALUE (another size); nothing
 * written then. */
WM_API wm_status wm_navigator_config_init(wm_navigator_config *config, size_t size);

/* Fills the defaults of the 0.3 layout (WM_NAVIGATOR_CONFIG_SIZE_0_3 bytes, size set to
 * that), never more: the symbol callers built against 0.3 link to. Compiled against this
 * header, the call is the macro below, which fills the whole struct.
 * Errors: none (does nothing when config is NULL). */
WM_API void wm_navigator_config_default(wm_navigator_config *config);
#define wm_navigator_config_default(config) \
    ((void)wm_navigator_config_init((config), sizeof(wm_navigator_config)))

/* The most arrows an update can return with this config: floor(ahead / spacing) + 2.
 * Errors: none (0 for a NULL or invalid config). */
WM_API size_t wm_navigator_arrow_capacity(const wm_navigator_config *config);

/* A navigator along `count` >= 2 route points every `stride` bytes (>= 24), copied.
 * Errors: NULL_POINTER (config, route, out), BAD_STRIDE, BAD_COUNT (count < 2, over
 * 2^24 points, or count * stride over 2^56 bytes), INVALID_VALUE (a config value out of
 * range, an unknown selector or size, a route
 * point non-finite, |lat| > 90 or |height| > 1e12 m: *first_bad = its index, first_bad
 * may be NULL),
 * GRID_MISSING (ORTHOMETRIC without egm96_15.gtx, and always in the core flavour,
 * which has no geoid). *out untouched on error. */
WM_API wm_status wm_navigator_create(const wm_navigator_config *config, const wm_geodetic *route, size_t stride,
                                     size_t count, wm_navigator **out, size_t *first_bad);

/* Frees the navigator. Errors: none (NULL is fine). */
WM_API void wm_navigator_destroy(wm_navigator *navigator);

/* Feeds a fix (in time order with frames). The first one creates the frame.
 * Errors: NULL_POINTER, INVALID_VALUE (NaN, Inf, |lat| > 90, accuracies <= 0,
 * has_height not 0 or 1, a scene coordinate or accuracy beyond +-1e12); nothing changes
 * then. */
WM_API wm_status wm_navigator_add_fix(wm_navigator *navigator, const wm_fix *fix);

/* Feeds a fix with the GPS velocity measured with it (velocity NULL: none, the same as
 * wm_navigator_add_fix). Under WM_ESTIMATOR_FILTER the velocity is compared with the
 * scene's since the previous fix (used when that fix was 0.5 to 2 s before, with normal
 * tracking between); the window fits take the fix alone.
 * Errors: as wm_navigator_add_fix, and INVALID_VALUE (velocity->size not
 * WM_GPS_VELOCITY_SIZE, reserved_ not 0, a velocity value NaN or +-Inf); nothing changes
 * then. */
WM_API wm_status wm_navigator_add_fix_velocity(wm_navigator *navigator, const wm_fix *fix,
                                               const wm_gps_velocity *velocity);

/* Feeds a compass reading (in time order with fixes and frames). Under WM_ESTIMATOR_FILTER
 * it measures the heading correction (true heading - the viewing direction's scene yaw);
 * readings within compass_interval_s of the last used one, or pitched beyond
 * compass_maximum_pitch_deg, are skipped (WM_OK). The window-fit estimators check it and
 * do not use it. Errors: NULL_POINTER, INVALID_VALUE (an unknown size, reserved_ not 0,
 * NaN or Inf, accuracy outside (0, 180], a camera position beyond +-1e12 m); nothing
 * changes then. */
WM_API wm_status wm_navigator_add_heading(wm_navigator *navigator, const wm_compass_reading *reading);

/* Tells the navigator the AR session's tracking state (WM_TRACKING_*) at time_s.
 * Errors: NULL_POINTER, INVALID_VALUE (an unknown state, a non-finite time); nothing
 * changes then. */
WM_API wm_status wm_navigator_tracking(wm_navigator *navigator, double time_s, int32_t state);

/* Shifts the scene's zero by `shift` (scene units, scene axes) when your engine moved its
 * world origin there itself (e.g. ARKit's setWorldOrigin): every scene position after
 * this call, in and out, is the old one minus shift; nothing moves in the world.
 * Errors: NULL_POINTER, INVALID_VALUE (non-finite, or a total shift beyond +-1e12 m);
 * nothing changes then. */
WM_API wm_status wm_navigator_shift_origin(wm_navigator *navigator, wm_vec3 shift);
/* (Scene positions handed over are checked after the shifts so far are added back: a
 * position plus the total shift must stay within +-1e12 m.) */

/* Origin shifting by the navigator itself: 0 (the default) never; else an update whose
 * camera is farther than distance_m (horizontally, metres) from the scene's zero shifts the
 * zero to the camera and reports it (wm_navigator_result.origin_shift), so positions handed
 * to float stay small. (A setter, not a config field: added when
 * wm_navigator_config_default filled the whole struct, so the struct could not grow.)
 * Errors: NULL_POINTER, INVALID_VALUE (negative or not finite); nothing changes then. */
WM_API wm_status wm_navigator_set_origin_shift(wm_navigator *navigator, double distance_m);

/* One rendered frame: runs the timers (heading fit, re-anchoring), then fills *result
 * and writes up to arrow_capacity arrows, nearest first, to `arrows` (may be NULL when
 * arrow_capacity is 0); *arrow_count receives how many were written (result->arrow_total
 * how many are in the window). Before the first fix only time_s, correction_state and
 * label_roll_deg are set (the rest NaN / 0).
 * Errors: NULL_POINTER (navigator, camera, result, arrow_count; arrows when
 * arrow_capacity > 0), INVALID_VALUE (non-finite time or camera, has_ground not 0 or
 * 1, non-positive viewport, singular camera or view-projection, a camera position or
 * ground height beyond +-1e12 m, result->size neither WM_NAVIGATOR_RESULT_SIZE nor
 * WM_NAVIGATOR_RESULT_SIZE_0_2, or the 0.2 size while origin shifting is on: that layout
 * has no room for the shift, and a shift the caller never sees would misplace everything
 * after it); nothing
 * changes then. An arrow_capacity of 2^63 or more counts as unlimited. */
WM_API wm_status wm_navigator_update(wm_navigator *navigator, double time_s, const wm_camera *camera,
                                     wm_navigator_result *result, wm_arrow *arrows, size_t arrow_capacity,
                                     size_t *arrow_count);

/* The finish mark's label (the Yandex.Maps article's distance billboard) for the last
 * update's camera, `height` (height_unit, WM_LABEL_*) above the mark, as wm_screen_label:
 * e.g. WM_LABEL_POINTS with finish_diameter_pt / 2 + 8 floats it just over the drawn
 * circle; WM_LABEL_METRES with 2 stands a 3-D label over the sphere.
 * Errors: NULL_POINTER, INVALID_VALUE (an unknown unit, a height not finite or beyond
 * +-1e6), NOT_AVAILABLE (no update has drawn a finish yet, or as wm_screen_label);
 * *out untouched then. */
WM_API wm_status wm_navigator_finish_label(const wm_navigator *navigator, int32_t height_unit, double height,
                                           wm_label *out);

/* The animation legs of arrow `index` of the last update (from it to the next arrow's
 * distance, split at route vertices), in the current frame; the same ground height as
 * that update. *count receives the number of legs; when capacity is smaller,
 * BAD_COUNT and nothing is written. Errors: NULL_POINTER (navigator, count; out when
 * legs are to be written), BAD_COUNT, NOT_AVAILABLE (no such arrow). */
WM_API wm_status wm_navigator_legs(const wm_navigator *navigator, size_t index, wm_arrow_leg *out, size_t capacity,
                                   size_t *count);

/* ---- Reading files: tracks, routes and field logs -------------------------------- */

/* The readers of the formats Waymark takes, the same code the waymark CLI runs (Swift:
 * the WaymarkIO module), so a file reads to the same points, or is refused at the same
 * line for the same reason, in C, the CLI, Python, JavaScript and C#. They read text
 * you have in memory (text need not be NUL-terminated; length bytes are read; a UTF-8
 * byte-order mark at the start is skipped). Numbers are read as C's strtod reads them in
 * the C locale, the whole field consumed: no digit separators, no non-ASCII digits; a
 * NUL byte anywhere in a document or log is a fault. Both calls allocate within the call
 * (in proportion to the text) and free it before returning: they are load-time calls,
 * not per-frame ones. Both flavours and the WebAssembly module have them. */

/* The track and route formats: GPX 1.0/1.1 (the first track, else the first route,
 * else the waypoints; <ele> and <time>), KML 2.2 (Point, LineString, LinearRing,
 * gx:Track with <when>; altitudes only where altitudeMode is absolute), Garmin TCX v2
 * (Trackpoints with a Position of the first Activity or Course), NMEA 0183 (GGA and
 * RMC of any talker, checksums verified; heights = altitude + geoid separation),
 * GeoJSON (RFC 7946 positions [lon, lat(, h)]; an OSRM route/v1 or Valhalla route
 * response is read as its route), encoded polylines (one a line) at precision 5 or 6,
 * and delimited rows lat,lon[,h] as waymark's row commands read them (the delimiter the
 * text shows; a header naming lat, lon, h and time columns in any order; '#' comments;
 * heights and times as given, NaN where none). */
#define WM_TRACK_FORMAT_GPX       1
#define WM_TRACK_FORMAT_KML       2
#define WM_TRACK_FORMAT_TCX       3
#define WM_TRACK_FORMAT_NMEA      4
#define WM_TRACK_FORMAT_GEOJSON   5
#define WM_TRACK_FORMAT_POLYLINE  6
#define WM_TRACK_FORMAT_POLYLINE6 7
#define WM_TRACK_FORMAT_CSV       8   /* since 0.4 */
typedef int32_t wm_track_format;

/* Which part of a GPX file is read (the parts are never merged). */
#define WM_GPX_PART_AUTO      0   /* the first track with points, else the first route, else the waypoints */
#define WM_GPX_PART_TRACK     1
#define WM_GPX_PART_ROUTE     2
#define WM_GPX_PART_WAYPOINTS 3

/* How a track is read; NULL: every default (zeros). */
typedef struct wm_track_options {
    uint32_t size;                   /* set by the caller: sizeof(wm_track_options) (WM_TRACK_OPTIONS_SIZE) */
    uint32_t gpx_part;               /* WM_GPX_PART_*, GPX only */
    uint32_t polygon_rings;          /* KML and GeoJSON: 1 reads a Polygon's rings as lines; 0 skips it with a warning */
    uint32_t reserved_;              /* 0 */
    uint64_t maximum_points;         /* a point past it is a fault naming its line; 0: no limit but the text's */
} wm_track_options;
#define WM_TRACK_OPTIONS_SIZE 24     /* sizeof(wm_track_options) in this version */

/* A point read from a track: WGS-84 degrees as written (the reader checks only that
 * they are finite numbers), its height in metres (GPX, KML and TCX heights are above
 * sea level, NMEA's above the ellipsoid) or NaN when the point has none, its time in
 * seconds since 1970-01-01T00:00:00Z (UTC) or NaN when the document gives none, and
 * the 1-based line it is on. */
typedef struct wm_track_point {
    double latitude_deg, longitude_deg;
    double height_m;
    double time_s;
    uint64_t line;
} wm_track_point;
#define WM_TRACK_POINT_SIZE 40       /* sizeof(wm_track_point) */

/* What a read found: on WM_ERROR_INVALID_VALUE for the text, the fault's line and
 * reason; on WM_OK, what was left unread or read differently from the letter of the file
 * (one warning a line). message is NUL-terminated UTF-8 whose control bytes are written
 * \xHH; a longer text is cut at a character boundary and ends with "...". */
typedef struct wm_read_report {
    uint32_t size;                   /* set by the caller: sizeof(wm_read_report) (WM_READ_REPORT_SIZE) */
    uint32_t is_route;               /* tracks: 1 when the points are one route (one LineString, one GPX
                                        segment or route, a TCX activity, an NMEA log, a route
                                        response, one polyline) */
    uint64_t line;                   /* the fault's 1-based line; 0 on success */
    uint32_t warning_count;          /* warnings (their text is message's lines) */
    uint32_t columns;                /* field logs: 12, 15 or 19, the header's columns */
    char message[488];
} wm_read_report;
#define WM_READ_REPORT_SIZE 512      /* sizeof(wm_read_report) in this version */

/* Reads a track or route document of format (WM_TRACK_FORMAT_*) into points, in
 * document order (every format gives at least one point, but a polyline text of blank
 * lines gives none). *count receives the number of points; when capacity is smaller,
 * BAD_COUNT and nothing is written (so a first call with capacity 0 sizes the array).
 * report is filled on OK, on BAD_COUNT for a small capacity, and on a refused document.
 * Errors: NULL_POINTER (count, report; text when length > 0; points when points are to
 * be written), INVALID_VALUE (report->size or options->size not this version's, an
 * unknown format or gpx_part, reserved_ not 0; or the document is refused: report->line
 * and report->message say where and why — a value that is not a number, a time that is
 * not ISO 8601, a bad NMEA checksum, a broken document, no points at all, a point past
 * maximum_points), BAD_COUNT (length above 2^56; capacity below the point count:
 * *count is still set). */
WM_API wm_status wm_track_read(const char *text, size_t length, wm_track_format format, const wm_track_options *options,
                               wm_track_point *points, size_t capacity, size_t *count, wm_read_report *report);

/* Field logs (the format waymark replay reads and waymark simulate --log writes; see the
 * README): a header of 12, 15 or 19 columns, then one row a line, times not
 * decreasing. Each row as read: */
#define WM_LOG_FIX      1   /* a GPS fix: latitude_deg ... accuracy_m, x, y, z, and the velocity fields */
#define WM_LOG_FRAME    2   /* a camera frame: x, y, z, yaw_deg, pitch_deg, roll_deg */
#define WM_LOG_HEADING  3   /* a compass reading: the frame's fields, true_heading_deg, heading_accuracy_deg */
#define WM_LOG_TRACKING 4   /* the AR session's tracking state (tracking: WM_TRACKING_*) */
typedef struct wm_log_row {
    double time_s;                   /* t_s */
    uint32_t event;                  /* WM_LOG_* */
    int32_t tracking;                /* WM_TRACKING_* in tracking rows; 0 otherwise */
    double latitude_deg, longitude_deg;
    double height_m;                 /* NaN when the fix has none */
    double accuracy_m;               /* the fix's 1-sigma horizontal accuracy */
    double x, y, z;                  /* the camera's scene position, metres */
    double yaw_deg, pitch_deg, roll_deg;
    double true_heading_deg, heading_accuracy_deg;
    /* As logged (a phone's -1 is "none", which the navigator reads as such), NaN when empty. */
    double course_deg, course_accuracy_deg, speed_mps, speed_accuracy_mps;
    uint64_t line;                   /* the row's 1-based line */
} wm_log_row;                        /* fields that are not the event's are NaN */
#define WM_LOG_ROW_SIZE 152          /* sizeof(wm_log_row) */

/* Reads a whole field log into rows, every rule of the format checked (a line at most
 * 1 MiB, numbers finite, latitudes within +-90, scene coordinates, heights and
 * accuracies within +-1e12 m, accuracies positive, pitch within +-90, times not
 * decreasing: a row later than both neighbours is named on its own line).
 * *count receives the number of rows; when capacity is smaller, BAD_COUNT and nothing
 * is written. report is filled on OK and BAD_COUNT (columns: the header's) and on a
 * refused log.
 * Errors: NULL_POINTER (count, report; text when length > 0; rows when rows are to be
 * written), INVALID_VALUE (report->size not this version's; or the log is refused:
 * report->line and report->message say where and why), BAD_COUNT (length above 2^56;
 * capacity below the row count: *count is still set). */
WM_API wm_status wm_field_log_read(const char *text, size_t length, wm_log_row *rows, size_t capacity, size_t *count,
                                   wm_read_report *report);

#if !defined(WAYMARK_CORE) /* full flavour only: needs PROJ (see Flavours) */
/* ---- Report pages ------------------------------------------------------------------ */

/* What a page is written as. */
#define WM_PAGE_HTML 1   /* a self-contained HTML page: inline CSS, inline SVG figures, a small hover script */
#define WM_PAGE_SVG  2   /* one standalone SVG drawing (the read-outs as tooltips) */
typedef int32_t wm_page_format;

/* Writes the page `waymark accuracy TRACK --html FILE` (WM_PAGE_HTML) or `--svg FILE`
 * (WM_PAGE_SVG) writes for the same points, byte for byte: where the spherical
 * baselines (haversine, metres per degree) put each point against where the exact
 * method (Karney's geodesics, the local tangent frame on WGS-84) puts it, about origin.
 * points: count points as wm_track_read gives them (degrees; height_m in metres, NaN
 * read as 0; time_s is not used; line, the 1-based input line, names each point on the
 * page). origin: the frame's origin (degrees, metres), NULL for the first point.
 * name: how the page names the track, e.g. its file (NUL-terminated UTF-8).
 * The page is UTF-8 without a NUL terminator: *length receives its size in bytes; when
 * capacity is smaller, BAD_COUNT and nothing is written (so a first call with capacity
 * 0 sizes the buffer). Time and memory grow with count (the page is made once per call).
 * Errors: NULL_POINTER (points, name, length; page when it is to be written),
 * INVALID_VALUE (an unknown format; a point or the origin not a coordinate: a latitude
 * outside +-90 or a value that is not finite; a height beyond +-1e12 m, the frame
 * conversions' limit, since 0.4: its errors would not be finite), BAD_COUNT (count 0 or above 2^24, the
 * route limit; capacity below the page's size: *length is still set). */
WM_API wm_status wm_track_compare_page(const wm_track_point *points, size_t count, const wm_geodetic *origin,
                                       const char *name, wm_page_format format, char *page, size_t capacity,
                                       size_t *length);
#endif /* !WAYMARK_CORE */

/* ---- Deprecated -------------------------------------------------------------- */

/* Earlier names, still defined with their old values; each goes at the version given. */
#define WM_ESTIMATOR_SEED_PAIRS      0  /* deprecated: the earlier name of WM_ESTIMATOR_PAIRWISE (removed at 1.0) */
#define WM_ANCHOR_SEED_BEST          1  /* deprecated: the earlier name of WM_ANCHOR_MOST_ACCURATE (removed at 1.0) */

/* Angle (degrees, counter-clockwise on screen) from the screen x axis to the scene's X
 * axis at `point`. Deprecated (removed at 1.0) for keeping labels level: the scene's X axis is
 * horizontal on screen only when facing north or south (facing south it turns a label
 * upside down); use wm_screen_label_roll.
 * Errors: NULL_POINTER, INVALID_VALUE (as wm_screen_project), NOT_AVAILABLE (the axis
 * has no direction on screen there). */
WM_API wm_status wm_screen_billboard_roll(const wm_mat4f *view, const wm_mat4f *projection, wm_viewport viewport,
                                          wm_vec3 point, double *roll_deg);

/* ---- Experimental ------------------------------------------------------------ */

/* What follows may change or go in any minor version before 1.0, without a
 * deprecation. It is declared only when WAYMARK_EXPERIMENTAL is defined before this
 * header is included (as zstd's ZSTD_STATIC_LINKING_ONLY): defining it is the caller's
 * agreement to rebuild against each new version's header. The library exports these
 * functions all the same, in both flavours and the WebAssembly module (the GPS model
 * fit's, in the full flavour only: see Flavours). */
#ifdef WAYMARK_EXPERIMENTAL

/* The seeded field simulator (the reference scenario by default: a straight 300 m walk
 * at 1.4 m/s, GPS sigma 5 m per axis at 1 Hz, 15 degree compass error, no drift, no
 * jumps). One sample per second from t = 0: heading_error_deg[i] (frame correction
 * minus true compass error) and finish_error_m[i] (where the app draws the finish vs
 * where it is). *count receives the number of samples; when capacity is smaller,
 * BAD_COUNT and nothing is written. Same seed, same numbers.
 * The sample count is known before the run: floor(duration) + 1, with the duration
 * duration_s, or the walk's length over speed_m_s when duration_s is 0. It is set in
 * *count and checked against capacity before anything runs; a duration (given or
 * implied) over 3,600 s is INVALID_VALUE (one call stays well under a second: the
 * corrector's cost grows quadratically with the walk), as are a speed that is not
 * finite and positive and a non-finite parameter. */
typedef struct wm_simulation {
    double speed_m_s, gps_sigma_m, heading_error_deg, drift_deg_per_min;
    double duration_s;               /* 0: until the end of the walk */
    double jump_probability;         /* per fix; 0 = no jumps; jumps are 60 m */
    uint64_t seed;
    wm_heading_config corrector;
} wm_simulation;
/* Fills *simulation with the reference scenario above. NULL is ignored. */
WM_API void wm_simulation_default(wm_simulation *simulation);
/* Runs the simulation described above.
 * Errors: NULL_POINTER (simulation, count; the outputs when samples are to be written),
 * INVALID_VALUE (as above, or a corrector setting wm_heading_corrector_create refuses),
 * BAD_COUNT (capacity below the sample count; *count is still set). */
WM_API wm_status wm_simulate(const wm_simulation *simulation, double *heading_error_deg, double *finish_error_m,
                             size_t capacity, size_t *count);

#endif /* WAYMARK_EXPERIMENTAL */

/* ---- Experimental: the GPS error model fit -------------------------------------- */

#ifdef WAYMARK_EXPERIMENTAL
#if !defined(WAYMARK_CORE) /* full flavour only (see Flavours): offline work, kept out of the core's wasm budget */

/* A phone GPS error model fitted to receivers' fixes (Swift: GPSErrorFit, in the
 * WaymarkSimulation module; the CLI: waymark gps-model). Per horizontal axis, a fix =
 * an unknown constant (each series its own) + white noise of 1-sigma white_sigma_m + a
 * first-order Gauss-Markov error of stationary 1-sigma correlated_sigma_m and
 * correlation time correlation_time_s; fitted by restricted maximum likelihood, with
 * profile-likelihood 95 % intervals. These calls allocate within the call and free it
 * before returning (they are not per-frame calls). */

/* One receiver's horizontal fixes: count fixes at time_s[i] (seconds, any origin,
 * strictly increasing), east_m[i] and north_m[i] (metres in any local east-north frame
 * near the receiver, |value| <= 1e7; or, for a moving receiver, each fix's error: fix
 * minus truth), accuracy_m[i] (the reported horizontal accuracy, a 68 % radius on
 * Android, > 0 and <= 1e7). The arrays are the caller's and are only read. */
typedef struct wm_gps_series {
    const double *time_s;
    const double *east_m;
    const double *north_m;
    const double *accuracy_m;
    size_t count;
} wm_gps_series;

/* The fit. NaN where a value does not exist (lag1_autocorrelation with no two fixes
 * 0.5-1.5 s apart). */
typedef struct wm_gps_model {
    uint32_t size;                   /* set by the caller: sizeof(wm_gps_model) (WM_GPS_MODEL_SIZE) */
    uint32_t reserved_;
    double white_sigma_m;            /* white part's 1-sigma per axis, metres */
    double correlated_sigma_m;       /* Gauss-Markov part's stationary 1-sigma per axis, metres */
    double sigma_m;                  /* sqrt(white^2 + correlated^2) */
    double correlation_time_s;       /* in [0.5, 3600] */
    double correlation_time_lo_s;    /* its 95 % interval; an end at 0.5 or 3600: unbounded there */
    double correlation_time_hi_s;
    double correlated_share;         /* correlated_sigma_m / sigma_m, in [0, 1] */
    double share_lo, share_hi;       /* its 95 % interval */
    double median_accuracy_m;        /* the median of every fix's accuracy_m */
    double accuracy_ratio;           /* sigma_m / (median_accuracy_m / 1.5096): 1 when a 68 % radius is right */
    double lag1_autocorrelation;     /* measured, every axis less its mean, fixes 0.5-1.5 s apart */
    double model_lag1_autocorrelation; /* the model's: correlated_share^2 * exp(-1 / correlation_time_s) */
    double restricted_log_likelihood;  /* at the optimum, up to a constant fixed by the counts */
    /* The navigator's settings that make its GPS model this fit (what waymark gps-model
       --write writes): wm_navigator_config's gps_correlated_share (clamped to at most
       0.9999), gps_correlation_s, and accuracy_confidence (the confidence at which
       median_accuracy_m is sigma_m per axis, clamped into [0.01, 0.9999]). */
    double navigator_gps_correlated_share;
    double navigator_gps_correlation_s;
    double navigator_accuracy_confidence;
    uint64_t fix_count;              /* fixes fitted, over all series */
    uint64_t series_count;
} wm_gps_model;
#define WM_GPS_MODEL_SIZE 160   /* sizeof(wm_gps_model) in this version */

/* Fits one model to series[0 .. series_count - 1] pooled (each series its own unknown
 * means; pass one series for one receiver). Deterministic: the same series give the
 * same bits. Cost: a few thousand passes over the fixes (606 fixes: a few hundredths of
 * a second). Limits: 1 to 65,536 series of 10 or more fixes each, at most 2^20 fixes
 * in all.
 * Errors: NULL_POINTER (series, out, a series' array), INVALID_VALUE (out->size not
 * WM_GPS_MODEL_SIZE; a value not finite, an accuracy <= 0, a time not after the
 * previous one, a coordinate or accuracy beyond 1e7: *first_bad_series, when not NULL,
 * names the series), BAD_COUNT (series_count 0 or above 65,536, a series with fewer
 * than 10 fixes or more than 2^20, named through *first_bad_series too, more than 2^20
 * fixes in all); *out is written only on success. */
WM_API wm_status wm_gps_model_fit(const wm_gps_series *series, size_t series_count, wm_gps_model *out,
                                  size_t *first_bad_series);

/* Reads a GnssLogger fix log (CSV text under a header line naming Latitude, Longitude,
 * Accuracy, UtcTimeMillis, in any order, other columns ignored; optional TrueLatitude
 * and TrueLongitude, both or neither) into a series' arrays, as waymark gps-model reads
 * it: time_s after the first fix; east_m, north_m of the first fix (WGS-84 tangent
 * frame) or, with the truth columns, each fix's error (fix minus truth, in a frame at
 * the first truth); accuracy_m as logged. text need not be NUL-terminated; length
 * bytes are read. *count receives the number of rows; when capacity is smaller,
 * BAD_COUNT and nothing is written (a capacity of the text's line count is enough).
 * Errors: NULL_POINTER (text, count; the arrays when rows are to be written),
 * INVALID_VALUE (a missing column, one truth column without the other, fewer than 10
 * rows: *bad_line = 1; a row with a missing or unreadable number, a latitude beyond 90,
 * an accuracy <= 0, a time not after the previous row's: *bad_line, when not NULL, is
 * its 1-based line), BAD_COUNT (length above 2^56; capacity below the row count:
 * *count is still set). */
WM_API wm_status wm_gps_series_from_fix_log(const char *text, size_t length, double *time_s, double *east_m,
                                            double *north_m, double *accuracy_m, size_t capacity, size_t *count,
                                            size_t *bad_line);

#endif /* !WAYMARK_CORE */
#endif /* WAYMARK_EXPERIMENTAL */

#ifdef __cplusplus
} /* extern "C" */
#endif

/* Layout guarantees, checked by every C11 / C++11 compiler that includes this header. */
#if defined(__cplusplus) && __cplusplus >= 201103L
static_assert(sizeof(wm_geodetic) == 24, "wm_geodetic is 24 bytes");
static_assert(sizeof(wm_vec3) == 24, "wm_vec3 is 24 bytes");
static_assert(sizeof(wm_mat4f) == 64, "wm_mat4f is 64 bytes");
static_assert(sizeof(wm_frame) == WM_FRAME_SIZE, "wm_frame size");
static_assert(sizeof(wm_navigator_config) == WM_NAVIGATOR_CONFIG_SIZE, "wm_navigator_config size");
static_assert(sizeof(wm_navigator_result) == WM_NAVIGATOR_RESULT_SIZE, "wm_navigator_result size");
static_assert(sizeof(wm_compass_reading) == WM_COMPASS_READING_SIZE, "wm_compass_reading size");
static_assert(sizeof(wm_gps_velocity) == WM_GPS_VELOCITY_SIZE, "wm_gps_velocity size");
static_assert(sizeof(wm_track_options) == WM_TRACK_OPTIONS_SIZE, "wm_track_options size");
static_assert(sizeof(wm_track_point) == WM_TRACK_POINT_SIZE, "wm_track_point size");
static_assert(sizeof(wm_read_report) == WM_READ_REPORT_SIZE, "wm_read_report size");
static_assert(sizeof(wm_log_row) == WM_LOG_ROW_SIZE, "wm_log_row size");
#if defined(WAYMARK_EXPERIMENTAL) && !defined(WAYMARK_CORE)
static_assert(sizeof(wm_gps_model) == WM_GPS_MODEL_SIZE, "wm_gps_model size");
#endif
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(wm_geodetic) == 24, "wm_geodetic is 24 bytes");
_Static_assert(sizeof(wm_vec3) == 24, "wm_vec3 is 24 bytes");
_Static_assert(sizeof(wm_mat4f) == 64, "wm_mat4f is 64 bytes");
_Static_assert(sizeof(wm_frame) == WM_FRAME_SIZE, "wm_frame size");
_Static_assert(sizeof(wm_navigator_config) == WM_NAVIGATOR_CONFIG_SIZE, "wm_navigator_config size");
_Static_assert(sizeof(wm_navigator_result) == WM_NAVIGATOR_RESULT_SIZE, "wm_navigator_result size");
_Static_assert(sizeof(wm_compass_reading) == WM_COMPASS_READING_SIZE, "wm_compass_reading size");
_Static_assert(sizeof(wm_gps_velocity) == WM_GPS_VELOCITY_SIZE, "wm_gps_velocity size");
_Static_assert(sizeof(wm_track_options) == WM_TRACK_OPTIONS_SIZE, "wm_track_options size");
_Static_assert(sizeof(wm_track_point) == WM_TRACK_POINT_SIZE, "wm_track_point size");
_Static_assert(sizeof(wm_read_report) == WM_READ_REPORT_SIZE, "wm_read_report size");
_Static_assert(sizeof(wm_log_row) == WM_LOG_ROW_SIZE, "wm_log_row size");
#if defined(WAYMARK_EXPERIMENTAL) && !defined(WAYMARK_CORE)
_Static_assert(sizeof(wm_gps_model) == WM_GPS_MODEL_SIZE, "wm_gps_model size");
#endif
#endif

#endif /* WAYMARK_H */
