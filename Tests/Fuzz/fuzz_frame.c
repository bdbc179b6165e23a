/* Frames: init (WGS-84 or any ellipsoid), estimate, forward, reverse, anchor
 * transforms (into a 4-byte-aligned record), baselines. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    wm_frame frame;
    wm_geodetic origin = take_geodetic(&in), g[8], back[8];
    wm_vec3 v[8], scene_origin;
    struct { int32_t id; wm_mat4f m[8]; } record;
    uint32_t control = take_u32(&in);
    size_t count = control & 7, bad = 99, i;
    wm_axes axes = (wm_axes)((control >> 3) % 4);
    wm_status s;
    double heading;
    memset(&frame, SENTINEL, sizeof frame);
    if (control & 0x100) {
        double a = take_double(&in), f = take_double(&in);
        s = wm_frame_init_ellipsoid(&frame, a, f, origin, axes);
    } else {
        s = wm_frame_init(&frame, origin, axes);
    }
    require_status(s);
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched(&frame, sizeof frame));
        return 0;
    }
    scene_origin = take_vec3(&in);
    heading = take_double(&in);
    require_status(wm_frame_set_estimate(&frame, scene_origin, heading));
    for (i = 0; i < count; i++) g[i] = take_geodetic(&in);
    if (control & 0x200) count = impossible_count(control >> 12);   /* an impossible count */

    memset(v, SENTINEL, sizeof v);
    s = wm_frame_forward(&frame, g, sizeof g[0], v, sizeof v[0], count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(v, sizeof v));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(finite3(v[i].x, v[i].y, v[i].z));

    if (s == WM_OK) {
        memset(back, SENTINEL, sizeof back);
        s = wm_frame_reverse(&frame, v, sizeof v[0], back, sizeof back[0], count, &bad);
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(back, sizeof back));
        else for (i = 0; i < count; i++) {
            FUZZ_REQUIRE(finite3(back[i].lat_deg, back[i].lon_deg, back[i].height_m));
            FUZZ_REQUIRE(fabs(back[i].lat_deg) <= 90 && back[i].lon_deg >= -180 && back[i].lon_deg < 180);
        }
    }
    memset(&record, SENTINEL, sizeof record);
    s = wm_frame_anchor_transforms(&frame, g, sizeof g[0], record.m, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(record.m, sizeof record.m));
    else for (i = 0; i < count * 16; i++) FUZZ_REQUIRE(isfinite(record.m[i / 16].m[i % 16]));

    memset(v, SENTINEL, sizeof v);
    s = wm_baseline_forward((wm_baseline)((control >> 9) % 3), &frame, g, sizeof g[0], v, sizeof v[0], count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(v, sizeof v));
    return 0;
}
