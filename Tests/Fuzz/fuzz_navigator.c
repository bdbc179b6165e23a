/* The navigator (wm_navigator_*): a route of 2..5 fuzzed points, then a stream of fixes
 * and frames with fuzzed values, times, cameras and capacities. After every call: the
 * status is a known one, outputs are untouched on error (sentinels), and on success the
 * arrow count fits the capacity given. */
#include "fuzz_common.h"

static void camera_from(fuzz_input *in, wm_camera *c) {
    int i;
    uint32_t mode = take_u32(in);
    memset(c, 0, sizeof *c);
    if (mode & 1) {                       /* raw floats: anything the header allows */
        for (i = 0; i < 16; i++) c->transform.m[i] = (float)take_double(in);
        for (i = 0; i < 16; i++) c->projection.m[i] = (float)take_double(in);
    } else {                              /* a plausible camera: yawed, moved, perspective */
        double yaw = take_double(in) * 0.0174532925199433;
        float s = (float)sin(yaw), co = (float)cos(yaw);
        c->transform.m[0] = co;  c->transform.m[2] = -s;
        c->transform.m[5] = 1;
        c->transform.m[8] = s;   c->transform.m[10] = co;
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    size_t count = 2 + (control & 3), i, bad = 99;
    wm_geodetic route[5];
    wm_navigator_config config;
    wm_navigator *nav = NULL, *untouched_nav = (wm_navigator *)&config;
    wm_geodetic origin = take_geodetic(&in);
    wm_status s;

    wm_navigator_config_default(&config);
    config.heights = (int32_t)((control >> 2) % 4);          /* 3 is unknown */
    if (control & 0x40) config.arrow_spacing_m = take_double(&in);
    if (control & 0x80) config.arrows_ahead_m = take_double(&in);
    if (control & 0x100) config.estimator = (int32_t)take_u32(&in) % 3;
    if (control & 0x200) config.anchor = (int32_t)take_u32(&in) % 4;
    for (i = 0; i < count; i++) {
        route[i] = (control & 0x400) ? take_geodetic(&in) : origin;
        if (!(control & 0x400)) {              /* a short plausible route near origin */
            route[i].lat_deg += (double)(int32_t)take_u32(&in) * 1e-12;
            route[i].lon_deg += (double)(int32_t)take_u32(&in) * 1e-12;
        }
    }
    s = wm_navigator_create(&config, route, sizeof route[0], count, &untouched_nav, &bad);
    require_status(s);
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched_nav == (wm_navigator *)&config);
        return 0;
    }
    nav = untouched_nav;
    {
        size_t capacity = wm_navigator_arrow_capacity(&config);
        double t = 0;
        int steps = 0;
        while (in.size > 0 && steps++ < 64) {
            uint32_t op = take_u32(&in);
            t += (op & 0x100) ? take_double(&in) : 0.1;
            if (op & 1) {
                wm_fix fix;
                memset(&fix, 0, sizeof fix);
                fix.position = (op & 2) ? take_geodetic(&in) : route[0];
                fix.has_height = (int32_t)((op >> 2) & 1);
                fix.horizontal_accuracy_m = (op & 8) ? take_double(&in) : 5;
                fix.vertical_accuracy_m = 10;
                fix.time_s = t;
                fix.scene_position = take_vec3(&in);
                require_status(wm_navigator_add_fix(nav, &fix));
            } else {
                wm_camera camera;
                wm_navigator_result result;
                wm_arrow arrows[64];
                size_t cap = (op >> 4) & 1 ? capacity : (size_t)((op >> 5) % 65);
                size_t n = 12345;
                if (cap > 64) cap = 64;
                camera_from(&in, &camera);
                memset(&result, SENTINEL, sizeof result);
                s = wm_navigator_update(nav, t, &camera, &result, arrows, cap, &n);
                require_status(s);
                if (s == WM_OK) {
                    FUZZ_REQUIRE(n <= cap);
                    if (n > 0) {
                        wm_arrow_leg legs[8];
                        size_t m = 0;
                        require_status(wm_navigator_legs(nav, (size_t)(op >> 12) % (n + 1), legs, 8, &m));
                    }
                } else {
                    FUZZ_REQUIRE(untouched(&result, sizeof result));
                }
            }
        }
    }
    wm_navigator_destroy(nav);
    return 0;
}
