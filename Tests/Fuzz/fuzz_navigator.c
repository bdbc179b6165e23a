/* The navigator (wm_navigator_*): a route of 2..5 fuzzed points and fuzzed settings
 * (the filter's sensor models, the alignment and the struct's size included), then a
 * stream of fixes, compass readings (fuzzed sizes, reserved fields, values and cameras),
 * tracking states and frames (fuzzed result sizes) on a clock that may run backwards,
 * jump or be replaced outright. After every call: the status is a known one and the
 * header's own errors are exactly the ones it lists; outputs are untouched on error
 * (sentinels), and on success the arrow count fits the capacity given. A twin navigator
 * gets every call that succeeded and none that failed: every frame of the two must agree
 * byte for byte, so a failing call that changed anything shows. Capacities include the
 * impossible ones (2^63, SIZE_MAX), with and without a buffer. */
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
 * "Units and axes"). */
static int acceptable_camera(const wm_mat4f *m) {
    int i;
    for (i = 0; i < 16; i++) if (!isfinite(m->m[i])) return 0;
    for (i = 12; i < 15; i++) if (fabs((double)m->m[i]) > 1e12) return 0;
    return 1;
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    size_t count = 2 + (control & 3), i, bad = 99;
    wm_geodetic route[5];
    wm_navigator_config config;
    wm_navigator *nav = NULL, *twin = NULL, *untouched_nav = (wm_navigator *)&config;
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
    for (i = 0; i < count; i++) {
        route[i] = (control & 0x400) ? take_geodetic(&in) : origin;
        if (!(control & 0x400)) {              /* a short plausible route near origin */
            route[i].lat_deg += (double)(int32_t)take_u32(&in) * 1e-12;
            route[i].lon_deg += (double)(int32_t)take_u32(&in) * 1e-12;
        }
    }
    s = wm_navigator_create(&config, route, sizeof route[0], count, &untouched_nav, &bad);
    require_status(s);
    if (config.size != WM_NAVIGATOR_CONFIG_SIZE) {
        FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE && wm_navigator_arrow_capacity(&config) == 0);
    }
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched_nav == (wm_navigator *)&config);
        return 0;
    }
    nav = untouched_nav;
    FUZZ_REQUIRE(wm_navigator_create(&config, route, sizeof route[0], count, &twin, NULL) == WM_OK && twin != NULL);
    {
        size_t capacity = wm_navigator_arrow_capacity(&config);
        double t = 0;
        int steps = 0;
        FUZZ_REQUIRE(capacity > 0);
        while (in.size > 0 && steps++ < 64) {
            uint32_t op = take_u32(&in);
            uint32_t kind = (op >> 24) % 8;
            /* The clock: forwards by 0.1 s, by a fuzzed step (any sign, NaN, 1e18 ...),
               set outright, or backwards a little (CoreLocation stamps before the frame). */
            if (op & 0x100) t += take_double(&in);
            else if (op & 0x200) t = take_double(&in);
            else if (op & 0x400) t -= 0.05 * (double)((op >> 16) & 0xff);
            else t += 0.1;
            if (kind <= 2) {                   /* a fix */
                wm_fix fix;
                memset(&fix, 0, sizeof fix);
                fix.position = (op & 2) ? take_geodetic(&in) : route[0];
                fix.has_height = (int32_t)((op >> 2) & 1);
                fix.horizontal_accuracy_m = (op & 8) ? take_double(&in) : 5;
                fix.vertical_accuracy_m = 10;
                fix.time_s = t;
                fix.scene_position = take_vec3(&in);
                s = wm_navigator_add_fix(nav, &fix);
                require_status(s);
                if (s == WM_OK) FUZZ_REQUIRE(wm_navigator_add_fix(twin, &fix) == WM_OK);
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
                          !acceptable_camera(&reading.camera);
                if (op & 0x20) {
                    FUZZ_REQUIRE(wm_navigator_add_heading(nav, NULL) == WM_ERROR_NULL_POINTER);
                    FUZZ_REQUIRE(wm_navigator_add_heading(NULL, &reading) == WM_ERROR_NULL_POINTER);
                }
                s = wm_navigator_add_heading(nav, &reading);
                require_status(s);
                /* The header's errors, exactly: nothing else fails. */
                FUZZ_REQUIRE(s == (invalid ? WM_ERROR_INVALID_VALUE : WM_OK));
                if (s == WM_OK) FUZZ_REQUIRE(wm_navigator_add_heading(twin, &reading) == WM_OK);
            } else if (kind == 5) {            /* the tracking state */
                int32_t state = (op & 2) ? (int32_t)take_u32(&in) : (int32_t)((op >> 2) % 3);
                double when = (op & 0x10) ? take_double(&in) : t;
                int invalid = state < WM_TRACKING_NORMAL || state > WM_TRACKING_RESET || !isfinite(when);
                if (op & 0x20) FUZZ_REQUIRE(wm_navigator_tracking(NULL, when, state) == WM_ERROR_NULL_POINTER);
                s = wm_navigator_tracking(nav, when, state);
                require_status(s);
                FUZZ_REQUIRE(s == (invalid ? WM_ERROR_INVALID_VALUE : WM_OK));
                if (s == WM_OK) FUZZ_REQUIRE(wm_navigator_tracking(twin, when, state) == WM_OK);
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
                if (asked != WM_NAVIGATOR_RESULT_SIZE && asked != WM_NAVIGATOR_RESULT_SIZE_0_2) {
                    FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
                }
                if (s == WM_OK) {
                    /* A 0.2 layout gets its fields only: the bytes after them untouched. */
                    FUZZ_REQUIRE(n <= cap && n <= capacity && result.size == asked);
                    if (asked == WM_NAVIGATOR_RESULT_SIZE_0_2) {
                        FUZZ_REQUIRE(untouched((unsigned char *)&result + asked, sizeof result - asked));
                    } else {
                        FUZZ_REQUIRE(result.origin_shifted == 0 || result.origin_shifted == 1);
                        FUZZ_REQUIRE(result.reserved2_ == 0);
                    }
                    FUZZ_REQUIRE(result.correction_state >= WM_CORRECTION_NONE && result.correction_state <= WM_CORRECTION_APPLIED);
                    FUZZ_REQUIRE(result.correction_source >= WM_SOURCE_NONE && result.correction_source <= WM_SOURCE_TRACK);
                    FUZZ_REQUIRE(result.tracking_state == WM_TRACKING_NORMAL || result.tracking_state == WM_TRACKING_LIMITED);
                    FUZZ_REQUIRE(result.reserved_ == 0);
                    FUZZ_REQUIRE(isnan(result.anchor_sigma_m) || result.anchor_sigma_m >= 0);
                    /* The twin, which never saw a failing call, draws the same frame. */
                    memset(&twin_result, SENTINEL, sizeof twin_result);
                    twin_result.size = (uint32_t)asked;
                    FUZZ_REQUIRE(wm_navigator_update(twin, t, &camera, &twin_result, twin_arrows, cap, &m) == WM_OK);
                    FUZZ_REQUIRE(memcmp(&result, &twin_result, sizeof result) == 0);
                    FUZZ_REQUIRE(n == m && memcmp(arrows, twin_arrows, n * sizeof arrows[0]) == 0);
                    if (n > 0) {
                        wm_arrow_leg legs[8];
                        size_t k = 0;
                        require_status(wm_navigator_legs(nav, (size_t)(op >> 12) % (n + 1), legs, 8, &k));
                    }
                } else {
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
