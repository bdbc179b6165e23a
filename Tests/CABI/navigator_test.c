/* The navigator through the C ABI over a simulated walk, with malloc, calloc, realloc
 * and posix_memalign interposed: wm_navigator_add_fix, wm_navigator_update and
 * wm_navigator_legs must not allocate (the header's promise). */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <waymark.h>

/* ---- The interposer: glibc's own entry points do the work; we count. ---------- */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *p);

static int counting = 0;
static long allocations = 0;

void *malloc(size_t size) { if (counting) allocations++; return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { if (counting) allocations++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { if (counting) allocations++; return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
int posix_memalign(void **out, size_t alignment, size_t size);
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *p;
    if (counting) allocations++;
    p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

/* ---- Checks ------------------------------------------------------------------ */
static int passed = 0, failed = 0;
#define CHECK(cond) check((cond), #cond, __LINE__)
static void check(int ok, const char *what, int line) {
    if (ok) { passed++; return; }
    failed++;
    fprintf(stderr, "navigator_test.c:%d: FAILED %s\n", line, what);
}

#define PI 3.14159265358979323846
static double rad(double d) { return d * PI / 180; }

/* A deterministic Gaussian (LCG + Box-Muller). */
static unsigned long long state = 88172645463325252ULL;
static double uniform(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((double)(state >> 11) + 0.5) / 9007199254740992.0;
}
static double gaussian(void) { return sqrt(-2 * log(uniform())) * cos(2 * PI * uniform()); }

/* The camera transform (columns right, up, -forward, position) for yaw/pitch/roll in
 * EUS, as the log format defines it, and a 60 degree perspective for 390 x 844. */
static void camera_at(wm_camera *c, wm_vec3 p, double yaw, double pitch, double roll) {
    double f[3] = {sin(rad(yaw)) * cos(rad(pitch)), sin(rad(pitch)), -cos(rad(yaw)) * cos(rad(pitch))};
    double r0[3] = {cos(rad(yaw)), 0, sin(rad(yaw))};
    double u0[3] = {r0[1] * f[2] - r0[2] * f[1], r0[2] * f[0] - r0[0] * f[2], r0[0] * f[1] - r0[1] * f[0]};
    double cr = cos(rad(roll)), sr = sin(rad(roll)), near = 0.05, far = 10000, t = 1 / tan(rad(30));
    int i;
    memset(c, 0, sizeof *c);
    for (i = 0; i < 3; i++) {
        c->transform.m[i] = (float)(cr * r0[i] - sr * u0[i]);
        c->transform.m[4 + i] = (float)(cr * u0[i] + sr * r0[i]);
        c->transform.m[8 + i] = (float)-f[i];
    }
    c->transform.m[12] = (float)p.x; c->transform.m[13] = (float)p.y; c->transform.m[14] = (float)p.z;
    c->transform.m[15] = 1;
    c->projection.m[0] = (float)(t * 844 / 390);
    c->projection.m[5] = (float)t;
    c->projection.m[10] = (float)((far + near) / (near - far));
    c->projection.m[11] = -1;
    c->projection.m[14] = (float)(2 * far * near / (near - far));
    c->viewport.width = 390;
    c->viewport.height = 844;
}

/* A point `north` metres north of the start (small-distance approximation is fine for
 * the test: the navigator only ever sees these fixes). */
static const double lat0 = 55.7339, lon0 = 37.5886, h0 = 158;
static wm_geodetic north_of_start(double north, double east, double up) {
    wm_geodetic g;
    g.lat_deg = lat0 + north / 111320.0;
    g.lon_deg = lon0 + east / (111320.0 * cos(rad(lat0)));
    g.height_m = h0 + up;
    return g;
}

static void walk(int heights) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2];
    wm_arrow arrows[64];
    wm_arrow_leg legs[8];
    wm_navigator_result r;
    wm_camera cam;
    wm_fix fix;
    size_t n = 0, bad = 0, cap;
    double t, previous = -1, settled_correction = NAN, compass = 15, worst_remaining = 0;
    int monotonic = 1, unchanged = 1, standing_none = 1, ground_ok = 1, fixes = 0, frames = 0;
    long before;

    wm_navigator_config_default(&config);
    config.heights = heights;
    cap = wm_navigator_arrow_capacity(&config);
    CHECK(cap == 35);
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(300, 0, 0);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_OK && nav != NULL);

    counting = 1;
    before = allocations;
    /* 60 s standing at the start (never walked yet), 214 s walking 300 m north at
     * 1.4 m/s, 120 s standing at the finish. Fixes at 1 Hz with 5 m noise, frames at
     * 10 Hz. The session's compass is 15 degrees off: true = scene + 15. */
    for (t = 0; t <= 60 + 300 / 1.4 + 120 + 1e-9; t += 0.1) {
        int k = (int)floor(t * 10 + 0.5);
        double along = t < 60 ? 0 : (t - 60) * 1.4 > 300 ? 300 : (t - 60) * 1.4;
        /* True north `along` is, in the scene, turned by -15 degrees (azimuth 345). */
        wm_vec3 device = {along * sin(rad(-compass)), 1.4, -along * cos(rad(-compass))};
        if (k % 10 == 0) {
            memset(&fix, 0, sizeof fix);
            fix.position = north_of_start(along + 5 * gaussian(), 5 * gaussian(), 1.4);
            fix.has_height = 1;
            fix.horizontal_accuracy_m = 5;
            fix.vertical_accuracy_m = 10;
            fix.time_s = t;
            fix.scene_position = device;
            if (wm_navigator_add_fix(nav, &fix) != WM_OK) { CHECK(0); break; }
            fixes++;
        }
        camera_at(&cam, device, -compass, 0, 0);
        if (wm_navigator_update(nav, t, &cam, &r, arrows, 64, &n) != WM_OK) { CHECK(0); break; }
        frames++;
        if (n > 0 && wm_navigator_legs(nav, 0, legs, 8, &bad) != WM_OK) { CHECK(0); break; }
        if (t < 60 && t > 0.5 && r.correction_state != WM_CORRECTION_NONE) standing_none = 0;
        if (!isnan(r.progress_m)) {
            if (r.progress_m < previous) monotonic = 0;
            previous = r.progress_m;
            if (fabs(r.remaining_m - (300 - along)) > worst_remaining) worst_remaining = fabs(r.remaining_m - (300 - along));
        }
        if (t > 60 + 300 / 1.4 + 10 && isnan(settled_correction)) settled_correction = r.correction_deg;
        if (!isnan(settled_correction) && r.correction_deg != settled_correction) unchanged = 0;
        if (heights == WM_HEIGHTS_NONE && n > 0 && fabs(arrows[0].position.y) > 1e-6) ground_ok = 0;
    }
    counting = 0;
    printf("heights %d: %ld allocations in %d fixes and %d frames; worst remaining error %.2f m; correction %.2f (sigma %.2f)\n",
           heights, allocations - before, fixes, frames, worst_remaining, r.correction_deg,
           r.correction_sigma_deg);
    CHECK(allocations - before == 0 && fixes == 395 && frames == 3943);
    CHECK(standing_none);
    CHECK(monotonic);
    CHECK(unchanged);
    CHECK(ground_ok);
    CHECK(worst_remaining < 8);
    CHECK(r.correction_state == WM_CORRECTION_APPLIED && fabs(r.correction_deg - compass) < 3 && r.correction_sigma_deg < 5);
    CHECK(fabs(r.remaining_m) < 3 && r.finish_diameter_pt == 120);

    /* Label roll with the phone rolled 30 degrees clockwise, facing each way. */
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 90, 10, 30);
    CHECK(wm_navigator_update(nav, t, &cam, &r, arrows, 0, &n) == WM_OK && n == 0 && fabs(r.label_roll_deg - 30) < 1e-4);
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 180, -20, 30);
    {   /* The same through wm_screen_label_roll, facing south (billboard roll fails there). */
        wm_mat4f view = cam.transform;
        double roll = 0;
        int k;
        for (k = 0; k < 3; k++) {   /* rigid inverse: transpose the rotation, rotate -t */
            int j;
            for (j = 0; j < 3; j++) view.m[4 * j + k] = cam.transform.m[4 * k + j];
        }
        for (k = 0; k < 3; k++)
            view.m[12 + k] = -(view.m[k] * cam.transform.m[12] + view.m[4 + k] * cam.transform.m[13] + view.m[8 + k] * cam.transform.m[14]);
        CHECK(wm_screen_label_roll(&view, &cam.projection, cam.viewport, WM_AXES_EUS, &roll) == WM_OK && fabs(roll - 30) < 1e-4);
        CHECK(wm_screen_label_roll(&view, &cam.projection, cam.viewport, 7, &roll) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_screen_label_roll(&view, &cam.projection, cam.viewport, WM_AXES_EUS, NULL) == WM_ERROR_NULL_POINTER);
    }
    /* Facing away from the finish: the hint is at the bottom centre, turn 180. */
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 180 - compass, 0, 0);
    CHECK(wm_navigator_update(nav, t, &cam, &r, NULL, 0, &n) == WM_OK && r.hint_needed == 1 && r.finish_visible == 0);

    /* Errors: outputs untouched, nothing changes. */
    fix.horizontal_accuracy_m = NAN;
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_ERROR_INVALID_VALUE);
    fix.horizontal_accuracy_m = 5;
    fix.has_height = 2;
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_add_fix(nav, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_navigator_update(nav, NAN, &cam, &r, arrows, 64, &n) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_update(nav, t, &cam, &r, NULL, 4, &n) == WM_ERROR_NULL_POINTER);
    cam.viewport.width = 0;
    CHECK(wm_navigator_update(nav, t, &cam, &r, arrows, 64, &n) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_legs(nav, 1000, legs, 8, &n) == WM_ERROR_NOT_AVAILABLE);
    wm_navigator_destroy(nav);
}

/* 150 m north and back with 5 m GPS noise and a 30 s GPS outage on the way out: progress
 * never decreases, the remaining distance is right on the way back, the frame and its
 * timers keep going through the outage, and nothing is allocated. */
static void out_and_back_with_outage(void) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[3];
    wm_arrow arrows[40];
    wm_navigator_result r;
    wm_camera cam;
    wm_fix fix;
    size_t n = 0;
    double t, previous = -1, worst_back = 0, compass = -10;
    int monotonic = 1, kept = 1;
    long before;
    wm_navigator_config_default(&config);
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(150, 0, 0);
    route[2] = north_of_start(0, 0, 0);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 3, &nav, NULL) == WM_OK);
    counting = 1;
    before = allocations;
    for (t = 0; t <= 300 / 1.4 + 1e-9; t += 0.1) {
        int k = (int)floor(t * 10 + 0.5);
        double along = t * 1.4, north = along <= 150 ? along : 300 - along;
        double heading = along <= 150 ? 0 : 180;   /* true azimuth of the walk */
        wm_vec3 device = {north * sin(rad(-compass)), 1.4, -north * cos(rad(-compass))};
        if (k % 10 == 0) {
            double en = 5 * gaussian(), ee = 5 * gaussian();
            if (t < 60 || t > 90) {
                memset(&fix, 0, sizeof fix);
                fix.position = north_of_start(north + en, ee, 1.4);
                fix.has_height = 1;
                fix.horizontal_accuracy_m = 5;
                fix.vertical_accuracy_m = 10;
                fix.time_s = t;
                fix.scene_position = device;
                if (wm_navigator_add_fix(nav, &fix) != WM_OK) { CHECK(0); break; }
            }
        }
        camera_at(&cam, device, heading - compass, 0, 0);
        if (wm_navigator_update(nav, t, &cam, &r, arrows, 40, &n) != WM_OK) { CHECK(0); break; }
        if (isnan(r.progress_m) || isnan(r.finish.x)) kept = 0;
        if (r.progress_m < previous) monotonic = 0;
        previous = r.progress_m;
        if (along > 160 && fabs(r.remaining_m - (300 - along)) > worst_back) worst_back = fabs(r.remaining_m - (300 - along));
    }
    counting = 0;
    printf("out and back: %ld allocations; worst remaining error on the way back %.2f m; correction %.2f\n",
           allocations - before, worst_back, r.correction_deg);
    CHECK(allocations - before == 0);
    CHECK(monotonic && kept);
    CHECK(worst_back < 2);
    CHECK(fabs(r.correction_deg - compass) < 3);
    wm_navigator_destroy(nav);
}

static void create_errors(void) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2];
    size_t bad = 99;
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(100, 0, 0);
    wm_navigator_config_default(&config);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 1, &nav, &bad) == WM_ERROR_BAD_COUNT && nav == NULL);
    CHECK(wm_navigator_create(&config, route, 8, 2, &nav, &bad) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_navigator_create(NULL, route, 24, 2, &nav, &bad) == WM_ERROR_NULL_POINTER);
    route[1].lat_deg = 91;
    CHECK(wm_navigator_create(&config, route, 24, 2, &nav, &bad) == WM_ERROR_INVALID_VALUE && bad == 1 && nav == NULL);
    route[1].lat_deg = lat0;
    config.arrow_spacing_m = NAN;
    CHECK(wm_navigator_create(&config, route, 24, 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_arrow_capacity(&config) == 0);
    wm_navigator_config_default(&config);
    config.anchor = 7;
    CHECK(wm_navigator_create(&config, route, 24, 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    wm_navigator_config_default(&config);
    config.arrows_ahead_m = 1e300;
    CHECK(wm_navigator_create(&config, route, 24, 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    wm_navigator_destroy(NULL);
    wm_navigator_config_default(NULL);
}

/* The route handle's arrows and legs: counted before they are built, written straight
 * into the caller's buffers, no allocation (they once made 17-41 posix_memalign calls). */
static void route_allocations(void) {
    wm_vec3 pts[4] = {{0, 0, 0}, {0, 0, -30}, {12, 0, -30}, {12, 0, -100}}, user = {2, 1.5, -20};
    wm_route *route = NULL;
    wm_route_position at;
    wm_arrow arrows[64];
    wm_arrow_leg legs[8];
    size_t n = 0, total = 0;
    long before;
    int i;
    CHECK(wm_route_create(pts, sizeof pts[0], 4, WM_AXES_EUS, &route) == WM_OK);
    CHECK(wm_route_project(route, user, &at) == WM_OK);
    counting = 1;
    before = allocations;
    for (i = 0; i < 100; i++) {
        total += wm_route_arrows(route, &at, 3, 100, arrows, 64, &n) == WM_OK ? n : 0;
        total += wm_route_legs(route, 25, 40, legs, 8, &n) == WM_OK ? n : 0;
        total += wm_route_project(route, user, &at) == WM_OK ? 0 : 1000000;
    }
    counting = 0;
    CHECK(allocations - before == 0 && total == 100 * (30 + 3));
    CHECK(wm_route_arrows(route, &at, 1e-300, 100, arrows, 64, &n) == WM_ERROR_INVALID_VALUE);   /* k beyond Int: no trap */
    wm_route_destroy(route);
    {   /* The estimate buffer, past its capacity (the oldest dropped) and refined. */
        wm_estimates *estimates = NULL;
        wm_frame frame;
        wm_estimate e;
        wm_geodetic refined;
        double sigma;
        int fused;
        for (fused = 0; fused <= 1; fused++) {
            CHECK(wm_frame_init(&frame, north_of_start(0, 0, 0), WM_AXES_EUS) == WM_OK);
            CHECK(wm_estimates_create(64, 100, fused, &estimates) == WM_OK);
            counting = 1;
            before = allocations;
            for (i = 0; i < 200; i++) {
                memset(&e, 0, sizeof e);
                e.fix = north_of_start(0.5 * i, 0, 1.4);
                e.horizontal_accuracy_m = 5;
                e.vertical_accuracy_m = 10;
                e.timestamp_s = i;
                e.scene_position.y = 1.4;
                e.scene_position.z = -0.5 * i;
                CHECK(wm_estimates_add(estimates, &e) == WM_OK);
                CHECK(wm_estimates_refined(estimates, &frame, e.scene_position, &refined, &sigma) == WM_OK);
            }
            counting = 0;
            CHECK(allocations - before == 0);
            wm_estimates_destroy(estimates);
        }
    }
}

/* The README's C example, verbatim but for camera_from_arkit (the engine's copy of
 * ARKit's matrices, here a camera 1.4 m up looking north). */
static void camera_from_arkit(wm_camera *cam) { camera_at(cam, (wm_vec3){0, 1.4, -0.5}, 0, 0, 0); }
static int readme_example(void) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2] = {{55.7339, 37.5886, 0}, {55.7366, 37.5886, 0}};
    wm_navigator_config_default(&config);
    config.heights = WM_HEIGHTS_NONE;                  /* on the ground under the user */
    if (wm_navigator_create(&config, route, sizeof route[0], 2, &nav, NULL) != WM_OK) return 1;

    /* On every location fix: position, has_height, accuracies, time, scene position. */
    wm_fix fix = {{55.73391, 37.58862, 0}, 0, 0, 5, 10, 0.0, {0, 1.4, 0}};
    wm_navigator_add_fix(nav, &fix);

    /* On every rendered frame: camera transform, projection, viewport (camera_from_arkit
       copies ARKit's matrices into the wm_camera). */
    wm_camera cam;
    wm_navigator_result r;
    wm_arrow arrows[40];
    size_t n = 0;
    camera_from_arkit(&cam);
    if (wm_navigator_update(nav, 0.1, &cam, &r, arrows, 40, &n) == WM_OK) {
        /* arrows[0..n) on the ground; r.finish_screen_x/y, r.finish_diameter_pt,
           r.label_roll_deg; r.hint_needed: r.hint_x, r.hint_y, r.hint_turn_deg (> 0: right) */
        CHECK(n > 30 && n <= 35 && r.finish_visible == 1 && fabs(arrows[0].position.y) < 1e-9 && r.hint_needed == 0);
    }
    wm_navigator_destroy(nav);
    return 0;
}

int main(void) {
    /* Pinned layouts: 8-byte fields on 8-byte boundaries, no padding. */
    CHECK(sizeof(wm_navigator_config) == 184 && sizeof(wm_fix) == 80 && sizeof(wm_camera) == 176);
    CHECK(sizeof(wm_navigator_result) == 192 && offsetof(wm_navigator_result, arrow_total) == 184);
    CHECK(offsetof(wm_fix, horizontal_accuracy_m) == 32 && offsetof(wm_camera, ground_height_m) == 168);
    CHECK(readme_example() == 0);
    route_allocations();
    walk(WM_HEIGHTS_ELLIPSOIDAL);
    walk(WM_HEIGHTS_NONE);
    out_and_back_with_outage();
    create_errors();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
