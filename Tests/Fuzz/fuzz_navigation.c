/* Navigation handles and plain calls: route (create, project, legs, arrows), estimates, heading
 * corrector, screen math, POI clusters, radar, placement, proximity. Routes and screen
 * hints take named axes or WM_AXES_CUSTOM descriptors (valid or not: an invalid one is
 * never accepted), picked by the control word's high half. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint64_t control64 = take_u64(&in);
    uint32_t control = (uint32_t)control64, high = (uint32_t)(control64 >> 32);
    wm_axes route_axes = pick_axes(high, (wm_axes)((control >> 3) % 4));
    wm_axes hint_axes = pick_axes(high * 2654435761u, (wm_axes)(control % 4));
    size_t count = 1 + (control & 7), bad = 99, n = 0, i;
    wm_vec3 pts[8];
    wm_route *route = NULL;
    wm_route_position pos;
    wm_arrow_leg legs[16];
    wm_frame frame;
    wm_geodetic origin = {55.7339, 37.5886, 150}, user, poi[8], refined;
    int64_t heads[8];
    wm_status s;
    double x, y, a, b;
    int32_t flag;
    for (i = 0; i < count; i++) pts[i] = take_vec3(&in);
    s = wm_route_create(pts, 24, control & 0x100 ? (size_t)1 << (30 + (control >> 12) % 30) : count,
                        route_axes, &route);
    require_status(s);
    require_axes_status(route_axes, s);
    if (axes_units_per_metre(route_axes) != 1) FUZZ_REQUIRE(s != WM_OK);   /* routes are in metres */
    if (s != WM_OK) FUZZ_REQUIRE(route == NULL);
    if (s == WM_OK) {
        wm_vec3 u = take_vec3(&in);
        memset(&pos, SENTINEL, sizeof pos);
        s = wm_route_project(route, u, &pos);
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(&pos, sizeof pos));
        a = take_double(&in);
        b = take_double(&in);
        s = wm_route_legs(route, a, b, legs, (control >> 9) % 17, &n);
        require_status(s);
        if (wm_route_project(route, u, &pos) == WM_OK) {
            wm_arrow arrows[32];
            pos.distance_along_m = take_double(&in);
            s = wm_route_arrows(route, &pos, take_double(&in), take_double(&in), arrows, 32, &n);
            require_status(s);
            if (s == WM_OK) {
                FUZZ_REQUIRE(n <= 32);
                for (i = 0; i < n; i++)   /* known: found-arrows-nan-on-1.7e308-route */
                    FUZZ_REQUIRE(skip_known() || finite3(arrows[i].position.x, arrows[i].position.y, arrows[i].position.z));
            }
        }
        wm_route_destroy(route);
    }
    /* Estimates and the heading corrector against a frame. */
    if (wm_frame_init(&frame, origin, WM_AXES_EUS) == WM_OK) {
        wm_estimates *est = NULL;
        wm_heading_corrector *corrector = NULL;
        wm_heading_config config;
        wm_estimate e;
        int32_t triggered;
        double correction;
        wm_heading_config_default(&config);
        if (control & 0x200) {
            config.buffer_count = (int32_t)take_u32(&in);
            config.rejection = take_double(&in);
            config.history_s = take_double(&in);
        }
        require_status(wm_estimates_create((size_t)((control >> 20) % 10), take_double(&in), (int32_t)((control >> 24) % 3), &est));
        require_status(wm_heading_corrector_create(&config, &corrector));
        for (i = 0; i < 12; i++) {
            e.fix = take_geodetic(&in);
            e.horizontal_accuracy_m = take_double(&in);
            e.vertical_accuracy_m = take_double(&in);
            e.timestamp_s = take_double(&in);
            e.scene_position = take_vec3(&in);
            if (est) require_status(wm_estimates_add(est, &e));
            if (corrector) require_status(wm_heading_corrector_add(corrector, &e, &frame, &triggered, &correction, NULL));
        }
        if (est) {
            memset(&refined, SENTINEL, sizeof refined);
            s = wm_estimates_refined(est, &frame, take_vec3(&in), &refined, NULL);
            require_status(s);
            if (s != WM_OK) FUZZ_REQUIRE(untouched(&refined, sizeof refined));
        }
        wm_estimates_destroy(est);
        wm_heading_corrector_destroy(corrector);
    }
    /* Screen math with fuzzed matrices. */
    {
        wm_mat4f view, projection;
        wm_viewport vp;
        for (i = 0; i < 16; i++) view.m[i] = (float)take_double(&in);
        for (i = 0; i < 16; i++) projection.m[i] = (float)take_double(&in);
        vp.x = take_double(&in); vp.y = take_double(&in); vp.width = take_double(&in); vp.height = take_double(&in);
        require_status(wm_screen_project(&view, &projection, vp, take_vec3(&in), &x, &y, &flag));
        require_status(wm_screen_sphere_radius(&view, &projection, vp, take_vec3(&in), take_double(&in), &x));
        require_status(wm_screen_billboard_roll(&view, &projection, vp, take_vec3(&in), &x));
        s = wm_screen_hint(&view, &projection, vp, hint_axes, take_vec3(&in), &flag, &x, &y, &a);
        require_status(s);
        require_axes_status(hint_axes, s);
    }
    /* POI clusters. */
    user = take_geodetic(&in);
    for (i = 0; i < count; i++) poi[i] = take_geodetic(&in);
    memset(heads, SENTINEL, sizeof heads);
    s = wm_poi_clusters(user, poi, 24, control & 0x400 ? (size_t)1 << (17 + (control >> 12) % 40) : count,
                        take_double(&in), heads, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(heads, sizeof heads));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(heads[i] >= -1 && heads[i] < (int64_t)count);
    /* Plain rules (their NaN handling is the navigator's: statuses only here). */
    require_status(wm_radar_position(take_double(&in), take_double(&in), take_double(&in), take_double(&in), take_double(&in), &x, &y));
    require_status(wm_placement((int32_t)(control % 4), take_double(&in), take_double(&in), &x, &y));
    require_status(wm_finish_mark_diameter(take_double(&in), take_double(&in), take_double(&in), take_double(&in), take_double(&in), &x));
    {
        wm_proximity gate;
        if (wm_proximity_init(&gate, take_double(&in), take_double(&in)) == WM_OK)
            require_status(wm_proximity_update(&gate, take_double(&in), &flag));
    }
    return 0;
}
