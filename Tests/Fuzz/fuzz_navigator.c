/* The navigator (wm_navigator_*): a route of 2..5 fuzzed points and fuzzed settings
 * (the filter's sensor models, the alignment and the struct's size included), then a
 * stream of fixes, compass readings (fuzzed sizes, reserved fields, values and cameras),
 * tracking states and frames (fuzzed result sizes) on a clock that may run backwards,
 * jump or be replaced outright. After every call: the status is a known one and the
 * header's own errors are exactly the ones it lists; outputs are untouched on error
 * (sentinels), and on success the arrow count fits the capacity given. A twin navigator
 * gets every call that succeeded and none that failed: every frame of the two must agree
 * byte for byte, so a failing call that changed anything shows. Capacities include the
 * impossible ones (2^63, SIZE_MAX), with and without a buffer.
 * Since 0.3: the scene's axes (config.axes) named or WM_AXES_CUSTOM, valid or not (an
 * invalid one never creates a navigator); wm_navigator_set_origin_shift and
 * wm_navigator_shift_origin between the other calls (exactly their header's errors,
 * validate-then-commit: the twin gets them only when they succeeded); and with a shift
 * distance set, origin_shifted 0 or 1 with a finite, horizontal origin_shift (zeros
 * when not shifted; never shifted without a distance). */
#include "fuzz_common.h"

#include <stddef.h>

static void camera_from(fuzz_input *in, wm_camera *c) {
    int i;
    uint32_t mode = take_u32(in);
    memset(c, 0, sizeof *c);
    if (mode & 1) {                       /* raw floats: anything the header allows */
        for (i = 0; i < 16; i++) c->transform.m[i] = (float)take_double(in);
        for (i = 0; i < 16; i++) c->projection.m[i] = (float)take_double(in);
    } else {                              /* a plausible camera: yawed, pitched, moved, perspective */
        double yaw = take_double(in) * 0.0174532925199433;
        double pitch = (mode & 0x100) ? take_double(in) * 0.0174532925199433 : 0;
        float s = (float)sin(yaw), co = (float)cos(yaw), sp = (float)sin(pitch), cp = (float)cos(pitch);
        /* columns: right, up, back (-forward), position */
        c->transform.m[0] = co;       c->transform.m[1] = 0;   c->transform.m[2] = s;
        c->transform.m[4] = -s * sp;  c->transform.m[5] = cp;  c->transform.m[6] = co * sp;
        c->transform.m[8] = -s * cp;  c->transform.m[9] = -sp; c->transform.m[10] = co * cp;
        c->transform.m[12] = (float)take_double(in);
        c->transform.m[13] = (float)take_double(in);
        c->transform.m[14] = (float)take_double(in);
        c->transform.m[15] = 1;
        c->projection.m[0] = 3.7f; c->projection.m[5] = 1.7f;
        c->projection.m[10] = -1.0f; c->projection.m[11] = -1.0f; c->projection.m[14] = -0.002f;
    }
    c->viewport.x = (mode & 2) ? take_double(in) : 0;
    c->viewport.y = 0;
    c->viewport.width = (mode & 4) ? take_double(in) : 390;
    c->viewport.height = (mode & 8) ? take_double(in) : 844;
    c->has_ground = (int32_t)((mode >> 4) & 3);   /* 2, 3: not 0 or 1 */
    c->ground_height_m = take_double(in);
}

/* Finite, and its position within the scene coordinates' +-1e12 m (the header's
 * "Units and axes"): 1 acceptable, 0 not, 2 either. The header does not say which
 * a position is when it is beyond 1e12 but within 1e12 m in a unit smaller than the
 * metre, nor whether the limit applies before or after the scene's zero was shifted by
 * `total` (the library checks the unshifted position: a camera at 353 m after a total
 * shift of 1e12 m is refused). */
static int acceptable_camera(const wm_mat4f *m, double units_per_metre, const double *total) {
    int i, r = 1;
    for (i = 0; i < 16; i++) if (!isfinite(m->m[i])) return 0;
    for (i = 12; i < 15; i++) {
        double p = fabs((double)m->m[i]), q = fabs((double)m->m[i] + total[i - 12]);
        if (p > 1e12 * units_per_metre && q > 1e12 * units_per_metre) return 0;
        if (p > 1e12 || q > 1e12) r = 2;
    }
    return r;
}

/* The scene axis that points up or down (0 x, 1 y, 2 z) of a valid axes value. */
static int up_axis(wm_axes axes) {
    static const int named[3] = {2, 1, 1};
    int i;
    if (axes <= WM_AXES_EUN) return named[axes];
    for (i = 0; i < 3; i++) if (((uint32_t)axes >> (4 * i) & 15) % 3 == 2) return i;
    return -1;
}

/* The filter's twelve sensor-model doubles, from alignment_sigma_deg on. */
static void fuzz_sensor_models(fuzz_input *in, wm_navigator_config *config) {
    uint32_t mask = take_u32(in);
    size_t k;
    for (k = 0; k < 12; k++) {
        if (mask & (1u << k)) {
            double v = take_double(in);
            memcpy((char *)config + offsetof(wm_navigator_config, alignment_sigma_deg) + k * sizeof v, &v, sizeof v);
        }
    }
}

/* FUZZ_DEBUG=1 traces every call of an input (to read a reproducer). */
static int debug_flag(void) {
    static int flag = -1;
    if (flag < 0) flag = getenv("FUZZ_DEBUG") != NULL;
    return flag;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int debug = debug_flag();
    fuzz_input in = {data, size};
    uint64_t control64 = take_u64(&in);
    uint32_t control = (uint32_t)control64, high = (uint32_t)(control64 >> 32);
    size_t count = 2 + (control & 3), i, bad = 99;
    double shift_distance = 0, units = 1, total[3] = {0, 0, 0};   /* the scene's zero moved by */
    wm_geodetic route[5];
    wm_navigator_config config;
    wm_navigator *nav = NULL, *twin = NULL, *untouched_nav = (wm_navigator *)&config;
    int twin_ok = 1;   /* 0 once a failing update may have committed (FUZZ_SKIP_KNOWN only) */
    wm_geodetic origin = take_geodetic(&in);
    wm_status s;

    wm_navigator_config_default(&config);
    FUZZ_REQUIRE(config.size == WM_NAVIGATOR_CONFIG_SIZE && config.size == sizeof config);
    config.heights = (int32_t)((control >> 2) % 4);          /* 3 is unknown */
    if (control & 0x40) config.arrow_spacing_m = take_double(&in);
    if (control & 0x80) config.arrows_ahead_m = take_double(&in);
    if (control & 0x100) config.estimator = (int32_t)take_u32(&in) % 4;   /* 3 is unknown */
    if (control & 0x200) config.anchor = (int32_t)take_u32(&in) % 4;
    if (control & 0x800) config.alignment = (int32_t)take_u32(&in) % 3;   /* 2 is unknown */
    if (control & 0x1000) fuzz_sensor_models(&in, &config);
    if (control & 0x2000) config.size = take_u32(&in);
    if (high) config.axes = axes_from_bits(high);
    for (i = 0; i < count; i++) {
        route[i] = (control & 0x400) ? take_geodetic(&in) : origin;
        if (!(control & 0x400)) {              /* a short plausible route near origin */
            route[i].lat_deg += (double)(int32_t)take_u32(&in) * 1e-12;
            route[i].lon_deg += (double)(int32_t)take_u32(&in) * 1e-12;
        }
    }
    s = wm_navigator_create(&config, route, sizeof route[0], count, &untouched_nav, &bad);
    require_status(s);
    if (config.size != WM_NAVIGATOR_CONFIG_SIZE && config.size != WM_NAVIGATOR_CONFIG_SIZE_0_3) {
        FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE && wm_navigator_arrow_capacity(&config) == 0);
    }
    require_axes_status(config.axes, s);
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched_nav == (wm_navigator *)&config);
        return 0;
    }
    units = axes_units_per_metre(config.axes);
    if (debug) {
        fprintf(stderr, "navigator: axes 0x%08x heights %d estimator %d anchor %d alignment %d spacing %g ahead %g; route",
                (unsigned)config.axes, config.heights, config.estimator, config.anchor, config.alignment,
                config.arrow_spacing_m, config.arrows_ahead_m);
        for (i = 0; i < count; i++) fprintf(stderr, " (%.17g, %.17g, %.17g)", route[i].lat_deg, route[i].lon_deg, route[i].height_m);
        fprintf(stderr, "\n");
    }
    nav = untouched_nav;
    FUZZ_REQUIRE(wm_navigator_create(&config, route, sizeof route[0], count, &twin, NULL) == WM_OK && twin != NULL);
    {
        size_t capacity = wm_navigator_arrow_capacity(&config);
        double t = 0;
        int steps = 0;
        FUZZ_REQUIRE(capacity > 0);
        while (in.size > 0 && steps++ < 64) {
            uint64_t op64 = take_u64(&in);
            uint32_t op = (uint32_t)op64, op_high = (uint32_t)(op64 >> 32);
            uint32_t kind = (op >> 24) % 8;
            if (op_high & 1) {                 /* the origin-shift distance */
                double d = (op_high & 2) ? take_double(&in) : (double)((op_high >> 8) % 40);
                int invalid = !(d >= 0) || !isfinite(d);
                if (op_high & 4) FUZZ_REQUIRE(wm_navigator_set_origin_shift(NULL, d) == WM_ERROR_NULL_POINTER);
                s = wm_navigator_set_origin_shift(nav, d);
                require_status(s);
                if (debug) fprintf(stderr, "set_origin_shift(%g) = %d\n", d, (int)s);
                FUZZ_REQUIRE(s == (invalid ? WM_ERROR_INVALID_VALUE : WM_OK));
                if (s == WM_OK) {
                    if (twin_ok) FUZZ_REQUIRE(wm_navigator_set_origin_shift(twin, d) == WM_OK);
                    shift_distance = d;
                }
            }
            if (op_high & 8) {                 /* the caller moved the scene's zero */
                wm_vec3 shift = (op_high & 16) ? take_vec3(&in)
                                               : (wm_vec3){(double)(int8_t)(op_high >> 16), 0, (double)(int8_t)(op_high >> 24)};
                if (op_high & 4) FUZZ_REQUIRE(wm_navigator_shift_origin(NULL, shift) == WM_ERROR_NULL_POINTER);
                s = wm_navigator_shift_origin(nav, shift);
                require_status(s);
                if (debug) fprintf(stderr, "shift_origin(%g, %g, %g) = %d\n", shift.x, shift.y, shift.z, (int)s);
                if (!finite3(shift.x, shift.y, shift.z)) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
                FUZZ_REQUIRE(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
                if (s == WM_OK) {
                    if (twin_ok) FUZZ_REQUIRE(wm_navigator_shift_origin(twin, shift) == WM_OK);
                    total[0] += shift.x; total[1] += shift.y; total[2] += shift.z;
                }
            }
            /* The clock: forwards by 0.1 s, by a fuzzed step (any sign, NaN, 1e18 ...),
               set outright, or backwards a little (CoreLocation stamps before the frame). */
            if (op & 0x100) t += take_double(&in);
            else if (op & 0x200) t = take_double(&in);
            else if (op & 0x400) t -= 0.05 * (double)((op >> 16) & 0xff);
            else t += 0.1;
            if (kind <= 2) {                   /* a fix */
                wm_fix fix;
                wm_gps_velocity velocity;
                memset(&fix, 0, sizeof fix);
                fix.position = (op & 2) ? take_geodetic(&in) : route[0];
                fix.has_height = (int32_t)((op >> 2) & 1);
                fix.horizontal_accuracy_m = (op & 8) ? take_double(&in) : 5;
                fix.vertical_accuracy_m = 10;
                fix.time_s = t;
                fix.scene_position = take_vec3(&in);
                if (op & 0x10) {   /* with a GPS velocity (0.4): any values, any size */
                    size_t q;
                    memset(&velocity, 0, sizeof velocity);
                    velocity.size = (op & 0x20) ? take_u32(&in) : WM_GPS_VELOCITY_SIZE;
                    velocity.course_deg = take_double(&in);
                    velocity.course_accuracy_deg = take_double(&in);
                    velocity.speed_mps = take_double(&in);
                    velocity.speed_accuracy_mps = take_double(&in);
                    s = wm_navigator_add_fix_velocity(nav, &fix, &velocity);
                    for (q = 0; q < 4; q++) {
                        double value = q == 0 ? velocity.course_deg : q == 1 ? velocity.course_accuracy_deg
                                     : q == 2 ? velocity.speed_mps : velocity.speed_accuracy_mps;
                        if (!isfinite(value)) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
                    }
                    if (velocity.size != WM_GPS_VELOCITY_SIZE) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
                } else {
                    s = wm_navigator_add_fix(nav, &fix);
                }
                require_status(s);
                if (debug) fprintf(stderr, "add_fix(t %g, %g %g %g acc %g, scene %g %g %g) = %d\n", t,
                    fix.position.lat_deg, fix.position.lon_deg, fix.position.height_m, fix.horizontal_accuracy_m,
                    fix.scene_position.x, fix.scene_position.y, fix.scene_position.z, (int)s);
                if (s == WM_OK && twin_ok) {
                    wm_status st = (op & 0x10) ? wm_navigator_add_fix_velocity(twin, &fix, &velocity)
                                               : wm_navigator_add_fix(twin, &fix);
                    if (st != WM_OK) {
                        fprintf(stderr, "contract broken: wm_navigator_add_fix OK on the navigator, %d on its twin\n", (int)st);
                        abort();
                    }
                }
            } else if (kind == 3 || kind == 4) {   /* a compass reading */
                wm_compass_reading reading;
                wm_camera camera;
                int invalid;
                memset(&reading, 0, sizeof reading);
                reading.size = (op & 2) ? take_u32(&in) : WM_COMPASS_READING_SIZE;
                reading.reserved_ = (op & 4) ? (int32_t)take_u32(&in) : 0;
                reading.time_s = (op & 8) ? take_double(&in) : t;
                reading.true_heading_deg = take_double(&in);
                reading.accuracy_deg = (op & 0x10) ? take_double(&in) : 10;
                camera_from(&in, &camera);
                reading.camera = camera.transform;
                invalid = reading.size != WM_COMPASS_READING_SIZE || reading.reserved_ != 0 || !isfinite(reading.time_s) ||
                          !isfinite(reading.true_heading_deg) || !(reading.accuracy_deg > 0 && reading.accuracy_deg <= 180) ||
                          !acceptable_camera(&reading.camera, units, total);
                if (op & 0x20) {
                    FUZZ_REQUIRE(wm_navigator_add_heading(nav, NULL) == WM_ERROR_NULL_POINTER);
                    FUZZ_REQUIRE(wm_navigator_add_heading(NULL, &reading) == WM_ERROR_NULL_POINTER);
                }
                s = wm_navigator_add_heading(nav, &reading);
                require_status(s);
                if (debug) {
                    int q;
                    fprintf(stderr, "add_heading(size %u reserved %d t %g heading %g acc %g camera", reading.size, reading.reserved_,
                            reading.time_s, reading.true_heading_deg, reading.accuracy_deg);
                    for (q = 0; q < 16; q++) fprintf(stderr, " %g", reading.camera.m[q]);
                    fprintf(stderr, ") = %d\n", (int)s);
                }
                /* The header's errors, exactly: nothing else fails. */
                if ((invalid || acceptable_camera(&reading.camera, units, total) == 1) && s != (invalid ? WM_ERROR_INVALID_VALUE : WM_OK)) {
                    fprintf(stderr, "contract broken: wm_navigator_add_heading = %d (axes 0x%08x, camera at %g %g %g, "
                            "heading %g, accuracy %g, time %g)\n", (int)s, (unsigned)config.axes, reading.camera.m[12],
                            reading.camera.m[13], reading.camera.m[14], reading.true_heading_deg, reading.accuracy_deg, reading.time_s);
                    abort();
                }
                else FUZZ_REQUIRE(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
                if (s == WM_OK && twin_ok) FUZZ_REQUIRE(wm_navigator_add_heading(twin, &reading) == WM_OK);
            } else if (kind == 5) {            /* the tracking state */
                int32_t state = (op & 2) ? (int32_t)take_u32(&in) : (int32_t)((op >> 2) % 3);
                double when = (op & 0x10) ? take_double(&in) : t;
                int invalid = state < WM_TRACKING_NORMAL || state > WM_TRACKING_RESET || !isfinite(when);
                if (op & 0x20) FUZZ_REQUIRE(wm_navigator_tracking(NULL, when, state) == WM_ERROR_NULL_POINTER);
                s = wm_navigator_tracking(nav, when, state);
                require_status(s);
                FUZZ_REQUIRE(s == (invalid ? WM_ERROR_INVALID_VALUE : WM_OK));
                if (s == WM_OK && twin_ok) FUZZ_REQUIRE(wm_navigator_tracking(twin, when, state) == WM_OK);
            } else {                           /* a frame */
                wm_camera camera;
                wm_navigator_result result, twin_result;
                wm_arrow arrows[64], twin_arrows[64];
                size_t cap = (op >> 4) & 1 ? capacity : (size_t)((op >> 5) % 65);
                size_t n = 12345, m = 12345;
                uint32_t asked;
                if (cap > 64) cap = 64;
                /* An impossible capacity: 2^63 or more counts as unlimited, which only a
                   config whose capacity fits our 64 arrows may pass; with no buffer it is
                   NULL_POINTER. */
                if ((op & 0x800) && capacity <= 64) cap = (op & 0x1000) ? SIZE_MAX : (size_t)1 << 63;
                camera_from(&in, &camera);
                if (op & 0x2000) {
                    wm_navigator_result probe;
                    size_t k = 12345;
                    memset(&probe, SENTINEL, sizeof probe);
                    probe.size = WM_NAVIGATOR_RESULT_SIZE;
                    FUZZ_REQUIRE(wm_navigator_update(nav, t, &camera, &probe, NULL, SIZE_MAX, &k) == WM_ERROR_NULL_POINTER);
                    FUZZ_REQUIRE(k == 12345 && probe.size == WM_NAVIGATOR_RESULT_SIZE);
                }
                memset(&result, SENTINEL, sizeof result);
                memset(arrows, SENTINEL, sizeof arrows);
                result.size = asked = (op & 2) ? take_u32(&in) : WM_NAVIGATOR_RESULT_SIZE;
                s = wm_navigator_update(nav, t, &camera, &result, arrows, cap, &n);
                require_status(s);
                if (debug) {
                    int q;
                    for (q = 0; q < 16; q++) fprintf(stderr, "%.9g%s", camera.transform.m[q], q == 15 ? "\n" : ", ");
                    for (q = 0; q < 16; q++) fprintf(stderr, "%.9g%s", camera.projection.m[q], q == 15 ? "\n" : ", ");
                    fprintf(stderr, "viewport %g %g %g %g ground %d %g size %u cap %zu\n", camera.viewport.x, camera.viewport.y,
                            camera.viewport.width, camera.viewport.height, camera.has_ground, camera.ground_height_m, asked, cap);
                }
                if (debug) fprintf(stderr, "update(t %g, camera %g %g %g) = %d shifted %d by %g %g %g\n", t,
                    camera.transform.m[12], camera.transform.m[13], camera.transform.m[14], (int)s,
                    s == WM_OK && asked == WM_NAVIGATOR_RESULT_SIZE ? result.origin_shifted : -1,
                    result.origin_shift.x, result.origin_shift.y, result.origin_shift.z);
                if (asked != WM_NAVIGATOR_RESULT_SIZE && asked != WM_NAVIGATOR_RESULT_SIZE_0_3 &&
                    asked != WM_NAVIGATOR_RESULT_SIZE_0_2) {
                    FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
                }
                if (s == WM_OK) {
                    /* An older layout gets its fields only: the bytes after them untouched. */
                    FUZZ_REQUIRE(n <= cap && n <= capacity && result.size == asked);
                    if (asked != WM_NAVIGATOR_RESULT_SIZE) {
                        FUZZ_REQUIRE(untouched((unsigned char *)&result + asked, sizeof result - asked));
                    } else {
                        FUZZ_REQUIRE(result.route_evidence >= WM_ROUTE_EVIDENCE_DISABLED &&
                                     result.route_evidence <= WM_ROUTE_EVIDENCE_OFF && result.reserved3_ == 0);
                    }
                    if (asked != WM_NAVIGATOR_RESULT_SIZE_0_2) {
                        FUZZ_REQUIRE(result.origin_shifted == 0 || result.origin_shifted == 1);
                        FUZZ_REQUIRE(result.reserved2_ == 0);
                        if (shift_distance == 0) FUZZ_REQUIRE(result.origin_shifted == 0);
                        if (result.origin_shifted) {
                            double c[3] = {result.origin_shift.x, result.origin_shift.y, result.origin_shift.z};
                            FUZZ_REQUIRE(finite3(c[0], c[1], c[2]) && c[up_axis(config.axes)] == 0);
                            total[0] += c[0]; total[1] += c[1]; total[2] += c[2];
                        } else {
                            FUZZ_REQUIRE(result.origin_shift.x == 0 && result.origin_shift.y == 0 && result.origin_shift.z == 0);
                        }
                    }
                    FUZZ_REQUIRE(result.correction_state >= WM_CORRECTION_NONE && result.correction_state <= WM_CORRECTION_APPLIED);
                    FUZZ_REQUIRE(result.correction_source >= WM_SOURCE_NONE && result.correction_source <= WM_SOURCE_TRACK);
                    FUZZ_REQUIRE(result.tracking_state == WM_TRACKING_NORMAL || result.tracking_state == WM_TRACKING_LIMITED);
                    FUZZ_REQUIRE(result.reserved_ == 0);
                    FUZZ_REQUIRE(isnan(result.anchor_sigma_m) || result.anchor_sigma_m >= 0);
                    /* The twin, which never saw a failing call, draws the same frame. */
                    if (twin_ok) {
                        memset(&twin_result, SENTINEL, sizeof twin_result);
                        twin_result.size = (uint32_t)asked;
                        FUZZ_REQUIRE(wm_navigator_update(twin, t, &camera, &twin_result, twin_arrows, cap, &m) == WM_OK);
                        FUZZ_REQUIRE(memcmp(&result, &twin_result, sizeof result) == 0);
                        FUZZ_REQUIRE(n == m && memcmp(arrows, twin_arrows, n * sizeof arrows[0]) == 0);
                    }
                    if (n > 0) {
                        wm_arrow_leg legs[8];
                        size_t k = 0;
                        require_status(wm_navigator_legs(nav, (size_t)(op >> 12) % (n + 1), legs, 8, &k));
                    }
                } else {
                    /* Known (found-failing-update-shifts-origin): a failing update can commit
                       its origin shift, so the twin may no longer agree. */
                    if (skip_known()) twin_ok = 0;
                    /* Untouched, the size the caller wrote included. */
                    FUZZ_REQUIRE(result.size == asked);
                    memset(&result.size, SENTINEL, sizeof result.size);
                    FUZZ_REQUIRE(untouched(&result, sizeof result) && n == 12345);
                    FUZZ_REQUIRE(untouched(arrows, sizeof arrows));
                }
            }
        }
    }
    wm_navigator_destroy(nav);
    wm_navigator_destroy(twin);
    return 0;
}
