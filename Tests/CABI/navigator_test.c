/* The navigator through the C ABI over simulated walks, with malloc, calloc, realloc
 * and posix_memalign interposed: wm_navigator_add_fix, wm_navigator_add_heading,
 * wm_navigator_tracking (a session reset included), wm_navigator_update and
 * wm_navigator_legs must not allocate (the header's promise). The walks run under the
 * filter (the default) and under the window fits (WM_ESTIMATOR_ROBUST, with the 0.1
 * tests' tolerances). Then the 0.2 ABI: the versioned structs' sizes, compass readings
 * under gravity alignment, tracking states, and a twin navigator showing that no
 * failing call changes anything. NAVIGATOR_TEST_SEED=N runs every scenario on other
 * noise. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
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
/* Each scenario starts its own noise stream, so none depends on the ones run before it. */
static unsigned long long base_seed = 88172645463325252ULL;
static void reseed(unsigned long long scenario) {   /* splitmix64, so nearby seeds give unrelated streams */
    unsigned long long z = base_seed + 0x9e3779b97f4a7c15ULL * (scenario + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    state = z ^ (z >> 31);
}

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

static void result_init(wm_navigator_result *r) {
    memset(r, 0, sizeof *r);
    r->size = sizeof *r;   /* the caller says which version it was compiled with */
}

/* A compass reading of `heading` (true, degrees) with 1-sigma `accuracy` taken by `camera`. */
static wm_compass_reading reading_of(double time, double heading, double accuracy, const wm_camera *camera) {
    wm_compass_reading r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    r.time_s = time;
    r.true_heading_deg = heading;
    r.accuracy_deg = accuracy;
    r.camera = camera->transform;
    return r;
}

/* The scene position of a point `east`, `north` metres from the start when the AR
 * session's north is `offset` degrees off (true azimuth = scene azimuth + offset) and
 * the session started at `origin` (true east/north) with its origin at `scene0`. */
static wm_vec3 scene_of(double east, double north, double offset, const double origin[2], wm_vec3 scene0) {
    double e = east - origin[0], n = north - origin[1];
    wm_vec3 v;
    v.x = scene0.x + e * cos(rad(offset)) - n * sin(rad(offset));
    v.y = scene0.y;
    v.z = scene0.z - (e * sin(rad(offset)) + n * cos(rad(offset)));
    return v;
}

/* 60 s standing at the start (never walked yet), 214 s walking 300 m north at 1.4 m/s,
 * 120 s standing at the finish. Fixes at 1 Hz with 5 m noise, frames at 10 Hz. The
 * session's compass is 15 degrees off: true = scene + 15. Under `estimator`; with
 * `sensors`, also compass readings (10 degree accuracy; 5 degree bias + 3 degree noise)
 * every frame, stamped 30 ms before it (so time goes back and forth), the tracking state
 * every frame: limited for 10 s, then a session reset at 200 s after which the scene is a
 * new one (its origin where the device was, its north 8 degrees off the other way). All of
 * it allocates nothing after create. */
static void walk(int heights, int estimator, int sensors) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2];
    wm_arrow arrows[64];
    wm_arrow_leg legs[8];
    wm_navigator_result r;
    wm_camera cam;
    wm_fix fix;
    size_t n = 0, bad = 0, cap;
    double t, previous = -1, settled_correction = NAN, compass = 15, worst_remaining = 0, reset_at = 200;
    double origin[2] = {0, 0}, sigma_first = NAN, worst_sigma_ratio = 0, worst_at = 0, worst_walking = 0;
    wm_vec3 scene0 = {0, 1.4, 0};
    int monotonic = 1, unchanged = 1, standing_none = 1, ground_ok = 1, fixes = 0, frames = 0, readings = 0;
    int sigma_ok = 1, tracking_ok = 1, reset_done = 0, scored = 0, within = 0;
    long before;

    reseed((unsigned long long)(heights * 16 + estimator * 4 + sensors));
    wm_navigator_config_default(&config);
    config.heights = heights;
    config.estimator = estimator;
    /* The walk's fixes are off by `horizontal_accuracy_m` per axis (1 sigma), white from
       fix to fix: the filter is told so (by default it reads the accuracy as a 68 % radius,
       1.51 sigma, and assumes a real phone's error, which holds for a minute; it weighs
       white noise too, but only fixes taken while walking weigh the GPS models, and this
       walk stands still for three of its minutes). */
    config.accuracy_confidence = 1 - exp(-0.5);
    config.gps_correlated_share = 0;
    cap = wm_navigator_arrow_capacity(&config);
    CHECK(cap == 35);
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(300, 0, 0);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_OK && nav != NULL);
    result_init(&r);

    counting = 1;
    before = allocations;
    for (t = 0; t <= 60 + 300 / 1.4 + 120 + 1e-9; t += 0.1) {
        int k = (int)floor(t * 10 + 0.5);
        double along = t < 60 ? 0 : (t - 60) * 1.4 > 300 ? 300 : (t - 60) * 1.4;
        int limited = sensors && t >= 120 - 1e-9 && t < 130 - 1e-9;
        wm_vec3 device;
        if (sensors && !reset_done && t >= reset_at - 1e-9) {
            /* The session restarts: a new scene whose origin is where the device is. */
            if (wm_navigator_tracking(nav, t, WM_TRACKING_RESET) != WM_OK) { CHECK(0); break; }
            origin[1] = along;
            scene0.x = 0; scene0.y = 0.3; scene0.z = 0;
            compass = -8;
            reset_done = 1;
        }
        /* True north `along` is, in the scene, turned by -compass degrees. */
        device = scene_of(0, along, compass, origin, scene0);
        if (sensors && wm_navigator_tracking(nav, t, limited ? WM_TRACKING_LIMITED : WM_TRACKING_NORMAL) != WM_OK) { CHECK(0); break; }
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
        if (sensors) {
            /* The camera faces north: true heading 0, read with a 5 degree bias. */
            wm_compass_reading reading = reading_of(t - 0.03, 5 + 3 * gaussian(), 10, &cam);
            if (wm_navigator_add_heading(nav, &reading) != WM_OK) { CHECK(0); break; }
            readings++;
        }
        if (wm_navigator_update(nav, t, &cam, &r, arrows, 64, &n) != WM_OK) { CHECK(0); break; }
        frames++;
        if (n > 0 && wm_navigator_legs(nav, 0, legs, 8, &bad) != WM_OK) { CHECK(0); break; }
        if (t < 60 && t > 0.5 && r.correction_state != WM_CORRECTION_NONE) standing_none = 0;
        if (r.tracking_state != (limited ? WM_TRACKING_LIMITED : WM_TRACKING_NORMAL)) tracking_ok = 0;
        if (estimator == WM_ESTIMATOR_FILTER) {
            if (!(isfinite(r.anchor_sigma_m) && r.anchor_sigma_m > 0)) sigma_ok = 0;
            if (isnan(sigma_first)) sigma_first = r.anchor_sigma_m;
        } else if (!isnan(r.anchor_sigma_m)) {
            sigma_ok = 0;
        }
        if (!isnan(r.progress_m)) {
            double error = fabs(r.remaining_m - (300 - along));
            if (r.progress_m < previous) monotonic = 0;
            previous = r.progress_m;
            if (error > worst_remaining) { worst_remaining = error; worst_at = t; }
            /* Scored once the user has walked 15 s: until then monotonic progress keeps
               whatever the first fixes said while the user stood still. */
            if (t >= 75 && error > worst_walking) worst_walking = error;
            if (t >= 75 && isfinite(r.anchor_sigma_m)) {
                scored++;
                if (error <= 2 * r.anchor_sigma_m) within++;
                if (error / r.anchor_sigma_m > worst_sigma_ratio) worst_sigma_ratio = error / r.anchor_sigma_m;
            }
        }
        if (t > 60 + 300 / 1.4 + 10 && isnan(settled_correction)) settled_correction = r.correction_deg;
        if (!isnan(settled_correction) && r.correction_deg != settled_correction) unchanged = 0;
        /* Without route heights the arrows lie on the ground: the last fix's device height - 1.4. */
        if (heights == WM_HEIGHTS_NONE && n > 0 && fabs(arrows[0].position.y - (fix.scene_position.y - 1.4)) > 1e-6) ground_ok = 0;
    }
    counting = 0;
    printf("heights %d, estimator %d%s: %ld allocations in %d fixes, %d readings and %d frames; worst remaining error %.2f m (at %.1f s; %.2f m walking),"
           " within 2 anchor sigmas on %.1f %% of frames (worst %.2f); correction %.2f (sigma %.2f, truth %.0f, source %d); anchor sigma first %.2f m, last %.2f m\n",
           heights, estimator, sensors ? " with compass and tracking" : "", allocations - before, fixes, readings, frames,
           worst_remaining, worst_at, worst_walking, scored ? 100.0 * within / scored : 0, worst_sigma_ratio, r.correction_deg, r.correction_sigma_deg, compass, r.correction_source, sigma_first,
           r.anchor_sigma_m);
    CHECK(allocations - before == 0 && fixes == 395 && frames == 3943);
    CHECK(monotonic);
    CHECK(ground_ok);
    CHECK(tracking_ok);
    CHECK(sigma_ok);
    CHECK(r.correction_state == WM_CORRECTION_APPLIED && r.correction_sigma_deg < 5);
    if (estimator == WM_ESTIMATOR_FILTER)   /* calibrated: the truth within a few of its sigmas */
        CHECK(fabs(r.correction_deg - compass) < 3 * r.correction_sigma_deg && fabs(r.correction_deg - compass) < 6);
    else                                    /* the 0.1 test's tolerance */
        CHECK(fabs(r.correction_deg - compass) < 3);
    CHECK(fabs(r.remaining_m) < 3 && r.finish_diameter_pt == 120);
    {   /* The finish's label, for the last frame's camera: over the drawn circle by 68 pt. */
        wm_label label, untouched;
        memset(&untouched, 0x5A, sizeof untouched);
        label = untouched;
        if (isfinite(r.finish_screen_y)) {
            CHECK(wm_navigator_finish_label(nav, WM_LABEL_POINTS, r.finish_diameter_pt / 2 + 8, &label) == WM_OK);
            CHECK(fabs(r.finish_screen_y - label.screen_y - 68) < 1e-3 && fabs(r.finish_screen_x - label.screen_x) < 1e-3);
        }
        label = untouched;
        CHECK(wm_navigator_finish_label(nav, 7, 8, &label) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_finish_label(nav, WM_LABEL_METRES, NAN, &label) == WM_ERROR_INVALID_VALUE);
        CHECK(memcmp(&label, &untouched, sizeof label) == 0);
        CHECK(wm_navigator_finish_label(NULL, WM_LABEL_METRES, 2, &label) == WM_ERROR_NULL_POINTER);
        CHECK(wm_navigator_finish_label(nav, WM_LABEL_METRES, 2, &label) == WM_OK && isfinite(label.anchor.y));
    }
    if (!sensors) {
        /* Standing still never turns the world: no estimate before walking, and the
           applied correction does not change while the user stands at the finish. */
        CHECK(standing_none);
        CHECK(unchanged);
        CHECK(r.correction_source == WM_SOURCE_TRACK);   /* the window fits are track fits too */
        if (estimator == WM_ESTIMATOR_FILTER) {
            /* The header's calibration: the truth within 2 sigma on >= 90 % of frames (here
               the remaining distance against the anchor's sigma, which bounds its
               along-route part), and within 8 m all the way. */
            CHECK(scored > 3000 && within >= 0.9 * scored);
            CHECK(worst_walking < 8);
        } else {
            /* Walking, the 0.1 test's bound; before, the first frames have a fix or two of
               5 m per axis (8 m is 1.6 sigma of one: 11 % of seeds passed it by luck), so
               4 sigma of one fix. */
            CHECK(worst_walking < 8);
            CHECK(worst_remaining < 20);
        }
    } else {
        /* Monotonic progress keeps the first fix's along-route error (5 m, 1 sigma) until
           the user walks past it, and a reset widens the anchor: within 3 sigma of a fix. */
        CHECK(worst_remaining < 16);
        CHECK(readings == frames);
    }

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
    camera_at(&cam, scene_of(0, 0, compass, origin, scene0), 180 - compass, 0, 0);   /* at the start */
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
 * never decreases, the remaining distance is right on the way back, and nothing is
 * allocated. Under the window fits the frame and its timers keep going through the
 * outage; under the filter the frame is kept and the finish does not move while no fix
 * comes. */
static void out_and_back_with_outage(int estimator) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[3];
    wm_arrow arrows[40];
    wm_navigator_result r;
    wm_camera cam;
    wm_fix fix;
    size_t n = 0;
    double t, previous = -1, worst_back = 0, compass = -10;
    wm_vec3 finish_in_outage = {NAN, NAN, NAN};
    int monotonic = 1, kept = 1, finish_still = 1;
    long before;
    reseed(100 + (unsigned long long)estimator);
    wm_navigator_config_default(&config);
    config.estimator = estimator;
    /* The walk's GPS noise is white: the filter is told so (the window fits assume it). */
    config.gps_correlated_share = 0;
    config.accuracy_confidence = 1 - exp(-0.5);   /* and its sigma per axis is the accuracy value */
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(150, 0, 0);
    route[2] = north_of_start(0, 0, 0);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 3, &nav, NULL) == WM_OK);
    result_init(&r);
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
        if (t > 60.05 && t < 90.05) {
            if (isnan(finish_in_outage.x)) finish_in_outage = r.finish;
            else if (memcmp(&finish_in_outage, &r.finish, sizeof r.finish) != 0) finish_still = 0;
        }
    }
    counting = 0;
    printf("out and back, estimator %d: %ld allocations; worst remaining error on the way back %.2f m; correction %.2f\n",
           estimator, allocations - before, worst_back, r.correction_deg);
    CHECK(allocations - before == 0);
    CHECK(monotonic && kept);
    /* The filter averages less than the window fits do (README: progress p95 1.8 m vs 1.5 m). */
    CHECK(worst_back < (estimator == WM_ESTIMATOR_FILTER ? 3 : 2));
    CHECK(fabs(r.correction_deg - compass) < 3);
    if (estimator == WM_ESTIMATOR_FILTER) CHECK(finish_still);
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

/* A navigator near the start with `config`, route 300 m north. */
static wm_navigator *north_route_navigator(const wm_navigator_config *config) {
    wm_navigator *nav = NULL;
    wm_geodetic route[2];
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(300, 0, 0);
    CHECK(wm_navigator_create(config, route, sizeof route[0], 2, &nav, NULL) == WM_OK && nav != NULL);
    return nav;
}

static wm_fix fix_at(double time, double north, double east, wm_vec3 scene) {
    wm_fix fix;
    memset(&fix, 0, sizeof fix);
    fix.position = north_of_start(north, east, 1.4);
    fix.has_height = 1;
    fix.horizontal_accuracy_m = 5;
    fix.vertical_accuracy_m = 10;
    fix.time_s = time;
    fix.scene_position = scene;
    return fix;
}

/* An ARCore-like session (WM_ALIGNMENT_GRAVITY: the scene's yaw is arbitrary, here
 * true = scene + 73.5): one fix and one compass reading apply the compass's correction
 * at once, within 3 sigma of the truth. Then the tracking states: LIMITED shows in the
 * result, RESET forgets the scene side (no correction until the next heading), and a fix
 * after it works in the new scene. */
static void gravity_compass_and_tracking(void) {
    const double truth = 73.5, yaw = 20;
    wm_navigator_config config;
    wm_navigator *nav;
    wm_navigator_result r;
    wm_camera cam;
    wm_arrow arrows[40];
    wm_fix fix;
    wm_compass_reading reading;
    size_t n = 0;
    wm_navigator_config_default(&config);
    config.alignment = WM_ALIGNMENT_GRAVITY;
    nav = north_route_navigator(&config);
    result_init(&r);
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, yaw, -10, 5);

    /* Before the first fix: no anchor yet. */
    CHECK(wm_navigator_update(nav, 0, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(isnan(r.anchor_sigma_m) && isnan(r.progress_m) && n == 0 && r.correction_state == WM_CORRECTION_NONE);
    CHECK(r.correction_source == WM_SOURCE_NONE && r.tracking_state == WM_TRACKING_NORMAL && r.size == sizeof r);

    fix = fix_at(0.1, 0, 0, (wm_vec3){0, 1.4, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.15, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(isfinite(r.anchor_sigma_m) && r.anchor_sigma_m > 0 && r.correction_state == WM_CORRECTION_NONE);

    reading = reading_of(0.2, yaw + truth, 10, &cam);
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.3, &cam, &r, arrows, 40, &n) == WM_OK);
    printf("gravity alignment, one fix and one reading: state %d, source %d, correction %.3f (sigma %.3f, truth %.1f), anchor sigma %.2f m\n",
           r.correction_state, r.correction_source, r.correction_deg, r.correction_sigma_deg, truth, r.anchor_sigma_m);
    CHECK(r.correction_state == WM_CORRECTION_APPLIED && r.correction_source == WM_SOURCE_COMPASS);
    CHECK(isfinite(r.correction_sigma_deg) && r.correction_sigma_deg > 0 && r.correction_sigma_deg <= 10.5);
    CHECK(fabs(r.correction_deg - truth) <= 3 * r.correction_sigma_deg);
    CHECK(isfinite(r.anchor_sigma_m) && r.anchor_sigma_m > 0 && r.tracking_state == WM_TRACKING_NORMAL);
    CHECK(n > 0 && isfinite(r.progress_m) && isfinite(r.finish.x));

    /* Limited tracking shows in the result until normal is reported again. */
    CHECK(wm_navigator_tracking(nav, 0.4, WM_TRACKING_LIMITED) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.5, &cam, &r, arrows, 40, &n) == WM_OK && r.tracking_state == WM_TRACKING_LIMITED);
    fix = fix_at(0.6, 1, 0, (wm_vec3){0, 1.4, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.7, &cam, &r, arrows, 40, &n) == WM_OK && r.tracking_state == WM_TRACKING_LIMITED);
    CHECK(r.correction_state == WM_CORRECTION_APPLIED);
    CHECK(wm_navigator_tracking(nav, 0.8, WM_TRACKING_NORMAL) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.9, &cam, &r, arrows, 40, &n) == WM_OK && r.tracking_state == WM_TRACKING_NORMAL);

    /* A reset: the state is normal again and the old scene's correction is gone. */
    CHECK(wm_navigator_tracking(nav, 1.0, WM_TRACKING_RESET) == WM_OK);
    camera_at(&cam, (wm_vec3){0, 0, 0}, 0, 0, 0);   /* the new scene starts at the device */
    CHECK(wm_navigator_update(nav, 1.1, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(r.tracking_state == WM_TRACKING_NORMAL && r.correction_state == WM_CORRECTION_NONE);
    CHECK(r.correction_source == WM_SOURCE_NONE);
    /* A fix in the new scene works; its world position is kept. */
    fix = fix_at(1.2, 1, 0, (wm_vec3){0, 0, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    CHECK(wm_navigator_update(nav, 1.3, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(isfinite(r.progress_m) && isfinite(r.user.lat_deg) && isfinite(r.finish.x) && isfinite(r.anchor_sigma_m));
    CHECK(fabs(r.user.lat_deg - north_of_start(1, 0, 0).lat_deg) < 20 / 111320.0);
    /* And a reading in the new scene (true = scene - 30 now) applies its correction. */
    reading = reading_of(1.4, 0 - 30, 10, &cam);
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
    CHECK(wm_navigator_update(nav, 1.5, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(r.correction_state == WM_CORRECTION_APPLIED && r.correction_source == WM_SOURCE_COMPASS);
    CHECK(fabs(r.correction_deg + 30) <= 3 * r.correction_sigma_deg);
    /* Readings within compass_interval_s of the last one used, or pitched beyond 75
       degrees, are skipped: OK, and the result is the same. */
    {
        wm_navigator_result again;
        wm_camera down;
        result_init(&again);
        reading = reading_of(1.6, 90, 10, &cam);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);            /* 0.2 s after the last */
        camera_at(&down, (wm_vec3){0, 0, 0}, 0, -80, 0);
        reading = reading_of(2.5, 90, 10, &down);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);            /* looking at the ground */
        CHECK(wm_navigator_update(nav, 1.5, &cam, &again, arrows, 40, &n) == WM_OK);
        CHECK(again.correction_deg == r.correction_deg && again.correction_sigma_deg == r.correction_sigma_deg);
    }
    wm_navigator_destroy(nav);

    /* The window-fit estimators check readings and do not use them; no anchor sigma. */
    wm_navigator_config_default(&config);
    config.estimator = WM_ESTIMATOR_ROBUST;
    nav = north_route_navigator(&config);
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, yaw, 0, 0);
    fix = fix_at(0.1, 0, 0, (wm_vec3){0, 1.4, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    reading = reading_of(0.2, yaw + truth, 10, &cam);
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
    reading.accuracy_deg = 0;
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_tracking(nav, 0.25, WM_TRACKING_LIMITED) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.3, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(r.correction_state == WM_CORRECTION_NONE && r.correction_source == WM_SOURCE_NONE && r.correction_deg == 0);
    CHECK(isnan(r.anchor_sigma_m) && isfinite(r.progress_m) && r.tracking_state == WM_TRACKING_LIMITED);
    CHECK(wm_navigator_tracking(nav, 0.4, WM_TRACKING_RESET) == WM_OK);
    fix = fix_at(0.5, 2, 0, (wm_vec3){3, 0, 1});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.6, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(isnan(r.anchor_sigma_m) && isfinite(r.progress_m) && r.tracking_state == WM_TRACKING_NORMAL);
    wm_navigator_destroy(nav);
}

/* The versioned structs: a size other than this version's is refused, and nothing is
 * written or changed. */
static void size_contract(void) {
    static const uint32_t config_sizes[] = {0, WM_NAVIGATOR_CONFIG_SIZE - 1, WM_NAVIGATOR_CONFIG_SIZE + 8, 184, 1u << 31, UINT32_MAX};
    static const uint32_t result_sizes[] = {0, WM_NAVIGATOR_RESULT_SIZE - 1, WM_NAVIGATOR_RESULT_SIZE + 8, 192, UINT32_MAX};
    static const uint32_t reading_sizes[] = {0, WM_COMPASS_READING_SIZE - 1, WM_COMPASS_READING_SIZE + 8, 88, UINT32_MAX};
    wm_navigator_config config;
    wm_navigator *nav = (wm_navigator *)&config, *twin;
    wm_geodetic route[2];
    wm_navigator_result r, expected;
    wm_arrow arrows[40], sentinel_arrows[40];
    wm_camera cam;
    wm_fix fix;
    wm_compass_reading reading;
    size_t i, n = 77, bad = 77;
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(300, 0, 0);
    wm_navigator_config_default(&config);
    CHECK(config.size == WM_NAVIGATOR_CONFIG_SIZE && config.estimator == WM_ESTIMATOR_FILTER);
    CHECK(config.alignment == WM_ALIGNMENT_GRAVITY_AND_HEADING);
    for (i = 0; i < sizeof config_sizes / sizeof config_sizes[0]; i++) {
        config.size = config_sizes[i];
        CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
        CHECK(nav == (wm_navigator *)&config && bad == 77);
        CHECK(wm_navigator_arrow_capacity(&config) == 0);
    }
    config.size = WM_NAVIGATOR_CONFIG_SIZE;
    CHECK(wm_navigator_arrow_capacity(&config) == 35);
    /* Unknown selectors in the new fields. */
    config.alignment = 2;
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    config.alignment = -1;
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    wm_navigator_config_default(&config);
    config.estimator = 3;
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
    CHECK(nav == (wm_navigator *)&config);
    wm_navigator_config_default(&config);

    /* The result's size: INVALID_VALUE, the result, the arrows and the count untouched,
       and the navigator not changed (a twin that never saw the calls agrees). */
    nav = north_route_navigator(&config);
    twin = north_route_navigator(&config);
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 0, 0, 0);
    fix = fix_at(0, 0, 0, (wm_vec3){0, 1.4, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK && wm_navigator_add_fix(twin, &fix) == WM_OK);
    memset(sentinel_arrows, 0x5a, sizeof sentinel_arrows);
    for (i = 0; i < sizeof result_sizes / sizeof result_sizes[0]; i++) {
        memset(&r, 0x5a, sizeof r);
        r.size = result_sizes[i];
        memcpy(&expected, &r, sizeof r);
        memcpy(arrows, sentinel_arrows, sizeof arrows);
        n = 77;
        CHECK(wm_navigator_update(nav, 5 + (double)i, &cam, &r, arrows, 40, &n) == WM_ERROR_INVALID_VALUE);
        CHECK(memcmp(&r, &expected, sizeof r) == 0 && memcmp(arrows, sentinel_arrows, sizeof arrows) == 0 && n == 77);
    }

    /* The reading's size and reserved field. */
    reading = reading_of(0.5, 15, 10, &cam);
    for (i = 0; i < sizeof reading_sizes / sizeof reading_sizes[0]; i++) {
        reading.size = reading_sizes[i];
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
    }
    reading.size = WM_COMPASS_READING_SIZE;
    reading.reserved_ = 1;
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
    reading.reserved_ = -1;
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
    reading.reserved_ = INT32_MIN;
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);

    /* Neither navigator changed: the next reading and frame agree byte for byte. */
    reading = reading_of(0.6, 15, 10, &cam);
    CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK && wm_navigator_add_heading(twin, &reading) == WM_OK);
    result_init(&r);
    result_init(&expected);
    CHECK(wm_navigator_update(nav, 0.7, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(wm_navigator_update(twin, 0.7, &cam, &expected, sentinel_arrows, 40, &bad) == WM_OK);
    CHECK(memcmp(&r, &expected, sizeof r) == 0 && n == bad && memcmp(arrows, sentinel_arrows, n * sizeof arrows[0]) == 0);
    CHECK(r.correction_state != WM_CORRECTION_NONE);   /* the reading was used */
    wm_navigator_destroy(nav);
    wm_navigator_destroy(twin);
}

/* Every failing call of the new functions (and a few of the old) changes nothing: a
 * navigator that got them and its twin that did not agree, byte for byte, on what
 * follows. Bad calls carry later times, so a clock moved by one would show. */
static void nothing_changes_on_error(int estimator, int alignment) {
    static const double bad_doubles[] = {NAN, INFINITY, -INFINITY};
    static const double bad_accuracies[] = {0, -0.0, -1, 181, 180.0000001, NAN, INFINITY, -INFINITY, 1e300};
    static const int32_t bad_states[] = {-1, 3, INT32_MAX, INT32_MIN, 100};
    wm_navigator_config config;
    wm_navigator *nav, *twin;
    wm_navigator_result r, expected;
    wm_arrow arrows[40], twin_arrows[40];
    wm_arrow_leg legs[8], twin_legs[8];
    wm_camera cam;
    wm_fix fix;
    wm_compass_reading reading, bad;
    size_t i, n = 0, m = 0;
    int j, agreed = 1, round;
    double t = 0;
    reseed(200 + (unsigned long long)(estimator * 2 + alignment));
    wm_navigator_config_default(&config);
    config.estimator = estimator;
    config.alignment = alignment;
    nav = north_route_navigator(&config);
    twin = north_route_navigator(&config);
    /* Both walk 20 m north with fixes and readings (true = scene + 12). */
    for (round = 0; round < 20; round++, t += 1) {
        wm_vec3 p = scene_of(0, round, 12, (double[2]){0, 0}, (wm_vec3){0, 1.4, 0});
        camera_at(&cam, p, -12, 0, 0);
        fix = fix_at(t, round + 2 * gaussian(), 2 * gaussian(), p);
        reading = reading_of(t + 0.5, 3 * gaussian(), 8, &cam);
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK && wm_navigator_add_fix(twin, &fix) == WM_OK);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK && wm_navigator_add_heading(twin, &reading) == WM_OK);
    }
    /* The bad calls, to one of them only. */
    CHECK(wm_navigator_add_heading(nav, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_navigator_add_heading(NULL, &reading) == WM_ERROR_NULL_POINTER);
    CHECK(wm_navigator_tracking(NULL, t + 100, WM_TRACKING_RESET) == WM_ERROR_NULL_POINTER);
    for (i = 0; i < sizeof bad_doubles / sizeof bad_doubles[0]; i++) {
        double v = bad_doubles[i];
        bad = reading_of(t + 100, 10, 8, &cam); bad.time_s = v;
        CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
        bad = reading_of(t + 100, 10, 8, &cam); bad.true_heading_deg = v;
        CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
        for (j = 0; j < 16; j++) {   /* any element of the camera */
            bad = reading_of(t + 100, 10, 8, &cam);
            bad.camera.m[j] = (float)v;
            CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
        }
        CHECK(wm_navigator_tracking(nav, v, WM_TRACKING_RESET) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_tracking(nav, v, WM_TRACKING_LIMITED) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_tracking(nav, v, WM_TRACKING_NORMAL) == WM_ERROR_INVALID_VALUE);
        fix = fix_at(t + 100, 50, 0, (wm_vec3){0, 1.4, -50}); fix.time_s = v;
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_ERROR_INVALID_VALUE);
    }
    for (i = 0; i < sizeof bad_accuracies / sizeof bad_accuracies[0]; i++) {
        bad = reading_of(t + 100, 10, bad_accuracies[i], &cam);
        CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
    }
    bad = reading_of(t + 100, 10, 8, &cam);
    bad.size = 0;
    CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
    bad.size = WM_COMPASS_READING_SIZE;
    bad.reserved_ = 7;
    CHECK(wm_navigator_add_heading(nav, &bad) == WM_ERROR_INVALID_VALUE);
    for (i = 0; i < sizeof bad_states / sizeof bad_states[0]; i++) {
        CHECK(wm_navigator_tracking(nav, t + 100, bad_states[i]) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_tracking(nav, NAN, bad_states[i]) == WM_ERROR_INVALID_VALUE);
    }
    result_init(&r);
    r.size = 0;
    CHECK(wm_navigator_update(nav, t + 100, &cam, &r, arrows, 40, &n) == WM_ERROR_INVALID_VALUE);

    /* Then the same good calls to both: every result agrees byte for byte. */
    for (round = 0; round < 12; round++, t += 1) {
        wm_vec3 p = scene_of(0, 20 + round, 12, (double[2]){0, 0}, (wm_vec3){0, 1.4, 0});
        camera_at(&cam, p, -12, 0, 0);
        fix = fix_at(t, 20 + round, 0, p);
        reading = reading_of(t + 0.5, 0, 8, &cam);
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK && wm_navigator_add_fix(twin, &fix) == WM_OK);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK && wm_navigator_add_heading(twin, &reading) == WM_OK);
        if (round == 6) {
            CHECK(wm_navigator_tracking(nav, t + 0.6, WM_TRACKING_LIMITED) == WM_OK);
            CHECK(wm_navigator_tracking(twin, t + 0.6, WM_TRACKING_LIMITED) == WM_OK);
        }
        if (round == 8) {
            CHECK(wm_navigator_tracking(nav, t + 0.6, WM_TRACKING_RESET) == WM_OK);
            CHECK(wm_navigator_tracking(twin, t + 0.6, WM_TRACKING_RESET) == WM_OK);
        }
        result_init(&r);
        result_init(&expected);
        memset(arrows, 0, sizeof arrows);
        memset(twin_arrows, 0, sizeof twin_arrows);
        CHECK(wm_navigator_update(nav, t + 0.7, &cam, &r, arrows, 40, &n) == WM_OK);
        CHECK(wm_navigator_update(twin, t + 0.7, &cam, &expected, twin_arrows, 40, &m) == WM_OK);
        if (memcmp(&r, &expected, sizeof r) != 0 || n != m || memcmp(arrows, twin_arrows, sizeof arrows) != 0) agreed = 0;
        if (n > 0) {
            size_t a = 0, b = 0;
            CHECK(wm_navigator_legs(nav, 0, legs, 8, &a) == WM_OK && wm_navigator_legs(twin, 0, twin_legs, 8, &b) == WM_OK);
            if (a != b || memcmp(legs, twin_legs, a * sizeof legs[0]) != 0) agreed = 0;
        }
    }
    if (!agreed) printf("estimator %d alignment %d: the navigator that got the bad calls differs from its twin\n", estimator, alignment);
    CHECK(agreed);
    CHECK(isfinite(r.progress_m) && isfinite(r.correction_deg) && isfinite(r.user.lat_deg));
    CHECK(estimator != WM_ESTIMATOR_FILTER || r.correction_state != WM_CORRECTION_NONE);   /* readings after the reset */
    wm_navigator_destroy(nav);
    wm_navigator_destroy(twin);
}

/* The README's C example, verbatim but for camera_from_arkit (the engine's copy of
 * ARKit's matrices, here a camera 1.4 m up looking north). */
/* Origin shifting: a navigator that shifts its scene every 100 m draws, in its shifted
 * scene, what a twin that never shifts draws minus the sum of the shifts; the 0.2 result
 * layout still works; a manual shift is checked. */
static void origin_shift_and_old_layouts(void) {
    wm_navigator_config config;
    wm_navigator *nav, *twin;
    wm_navigator_result r, t;
    wm_arrow arrows[40], twin_arrows[40];
    wm_camera cam;
    wm_fix fix;
    wm_vec3 total = {0, 0, 0};
    size_t n = 0, m = 0, i;
    int shifts = 0, k;
    double worst = 0;
    wm_navigator_config_default(&config);
    nav = north_route_navigator(&config);
    twin = north_route_navigator(&config);
    CHECK(wm_navigator_set_origin_shift(nav, -1) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_set_origin_shift(nav, NAN) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_set_origin_shift(NULL, 100) == WM_ERROR_NULL_POINTER);
    CHECK(wm_navigator_set_origin_shift(nav, 100) == WM_OK);
    for (k = 0; k <= 2500; k++) {
        double time = k * 0.1, north = time * 1.2;
        wm_vec3 p = {0, 1.4, -north};
        wm_vec3 q = {p.x - total.x, p.y - total.y, p.z - total.z};
        if (k % 10 == 0) {
            fix = fix_at(time, north, 0, q);
            CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
            fix = fix_at(time, north, 0, p);
            CHECK(wm_navigator_add_fix(twin, &fix) == WM_OK);
        }
        camera_at(&cam, q, 0, 0, 0);
        result_init(&r);
        CHECK(wm_navigator_update(nav, time, &cam, &r, arrows, 40, &n) == WM_OK);
        camera_at(&cam, p, 0, 0, 0);
        result_init(&t);
        CHECK(wm_navigator_update(twin, time, &cam, &t, twin_arrows, 40, &m) == WM_OK);
        CHECK(t.origin_shifted == 0 && r.reserved2_ == 0);
        if (r.origin_shifted) {
            /* Horizontal, at least the set distance, and applied to this frame already. */
            CHECK(r.origin_shift.y == 0 && r.origin_shift.x * r.origin_shift.x + r.origin_shift.z * r.origin_shift.z > 100.0 * 100.0);
            total.x += r.origin_shift.x; total.y += r.origin_shift.y; total.z += r.origin_shift.z;
            shifts++;
        } else {
            CHECK(r.origin_shift.x == 0 && r.origin_shift.y == 0 && r.origin_shift.z == 0);
        }
        CHECK(n == m);
        for (i = 0; i < n && i < m; i++) {
            worst = fmax(worst, fabs(arrows[i].position.x + total.x - twin_arrows[i].position.x));
            worst = fmax(worst, fabs(arrows[i].position.z + total.z - twin_arrows[i].position.z));
        }
        if (!isnan(t.finish.z)) worst = fmax(worst, fabs(r.finish.z + total.z - t.finish.z));
        /* Progress follows the camera, which wm_camera holds in float: the twin's, up to
           300 m out, rounds by up to 15 micrometres (the shifted one's by far less). */
        CHECK(r.correction_state == t.correction_state && (isnan(t.progress_m) ? isnan(r.progress_m) : fabs(r.progress_m - t.progress_m) < 3e-5));
    }
    CHECK(shifts >= 2);
    CHECK(worst < 1e-6);
    printf("origin shift: %d shifts over %.0f m, worst difference from the unshifted twin %.2g m\n", shifts, -total.z, worst);
    /* A manual shift: checked, then applied. */
    CHECK(wm_navigator_shift_origin(NULL, total) == WM_ERROR_NULL_POINTER);
    CHECK(wm_navigator_shift_origin(nav, (wm_vec3){NAN, 0, 0}) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_shift_origin(nav, (wm_vec3){0, 0, 2e12}) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_navigator_shift_origin(nav, (wm_vec3){0, 0, -5}) == WM_OK);
    wm_navigator_destroy(nav);
    wm_navigator_destroy(twin);

    /* The 0.2 result layout: a 216-byte result gets its fields only. */
    wm_navigator_config_default(&config);
    nav = north_route_navigator(&config);
    twin = north_route_navigator(&config);
    fix = fix_at(0, 0, 0, (wm_vec3){0, 1.4, 0});
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK && wm_navigator_add_fix(twin, &fix) == WM_OK);
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 0, 0, 0);
    memset(&r, 0x5a, sizeof r);
    r.size = WM_NAVIGATOR_RESULT_SIZE_0_2;
    result_init(&t);
    CHECK(wm_navigator_update(nav, 0.5, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(wm_navigator_update(twin, 0.5, &cam, &t, twin_arrows, 40, &m) == WM_OK);
    CHECK(r.size == WM_NAVIGATOR_RESULT_SIZE_0_2 && memcmp((char *)&r + 4, (char *)&t + 4, WM_NAVIGATOR_RESULT_SIZE_0_2 - 4) == 0);
    for (i = WM_NAVIGATOR_RESULT_SIZE_0_2; i < sizeof r; i++) CHECK(((unsigned char *)&r)[i] == 0x5a);
    CHECK(n == m && memcmp(arrows, twin_arrows, n * sizeof arrows[0]) == 0);
    /* With origin shifting on, the 0.2 layout (no room for the shift) is refused. */
    CHECK(wm_navigator_set_origin_shift(nav, 100) == WM_OK);
    memset(&r, 0x5a, sizeof r);
    r.size = WM_NAVIGATOR_RESULT_SIZE_0_2;
    n = 77;
    CHECK(wm_navigator_update(nav, 0.6, &cam, &r, arrows, 40, &n) == WM_ERROR_INVALID_VALUE && n == 77);
    CHECK(wm_navigator_set_origin_shift(nav, 0) == WM_OK);
    CHECK(wm_navigator_update(nav, 0.6, &cam, &r, arrows, 40, &n) == WM_OK);
    wm_navigator_destroy(nav);
    wm_navigator_destroy(twin);
}

/* A velocity of the walker going north at 1.4 m/s as a phone reports it: course noise
 * 3 degrees, speed noise 0.1 m/s, wrapped into [0, 360) as phones do. */
static wm_gps_velocity velocity_north(void) {
    wm_gps_velocity v;
    memset(&v, 0, sizeof v);
    v.size = sizeof v;
    v.course_deg = fmod(360 + 3 * gaussian(), 360);
    v.course_accuracy_deg = 3;
    v.speed_mps = 1.4 + 0.1 * gaussian();
    v.speed_accuracy_mps = 0.1;
    return v;
}

/* GPS velocity through wm_navigator_add_fix_velocity (0.4): 10 s standing, then walking
 * north at 1.4 m/s with the session's north 15 degrees off, white 5 m GPS. Five
 * navigators see the same fixes: `plain` through wm_navigator_add_fix, `none` with a NULL
 * velocity, `missing` with every velocity value -1 (CoreLocation's "invalid"), `fast` and
 * its twin with the velocity -- the twin also gets every refused call. NULL and missing
 * velocities are plain fixes byte for byte; the velocity applies the correction within
 * 10 s of walking, long before the fixes alone; refused calls change nothing; nothing is
 * allocated. Then route evidence is reported as the config asks. */
static void velocity_walk(void) {
    static const uint32_t bad_sizes[] = {0, WM_GPS_VELOCITY_SIZE - 8, WM_GPS_VELOCITY_SIZE + 8, UINT32_MAX};
    static const double bad_values[] = {NAN, INFINITY, -INFINITY};
    wm_navigator_config config;
    wm_navigator *plain, *none, *missing, *fast, *twin;
    wm_navigator_result r[5];
    wm_arrow arrows[5][40];
    wm_camera cam;
    wm_fix fix;
    wm_gps_velocity v, bad, invalid;
    size_t n[5], i, j;
    const double offset = 15;
    double t, applied_plain = NAN, applied_fast = NAN, sigma_plain_10 = NAN, sigma_fast_10 = NAN;
    int same_none = 1, same_missing = 1, same_twin = 1, refused = 1, k;
    long before;
    reseed(500);
    wm_navigator_config_default(&config);
    config.accuracy_confidence = 1 - exp(-0.5);   /* white 5 m per axis, as the walk above */
    config.gps_correlated_share = 0;
    plain = north_route_navigator(&config);
    none = north_route_navigator(&config);
    missing = north_route_navigator(&config);
    fast = north_route_navigator(&config);
    twin = north_route_navigator(&config);
    memset(&invalid, 0, sizeof invalid);
    invalid.size = sizeof invalid;
    invalid.course_deg = invalid.course_accuracy_deg = invalid.speed_mps = invalid.speed_accuracy_mps = -1;

    counting = 1;
    before = allocations;
    for (k = 0; k <= 600; k++) {
        wm_navigator *all[5];
        double along;
        wm_vec3 device;
        t = k * 0.1;
        along = t < 10 ? 0 : (t - 10) * 1.4;
        device = scene_of(0, along, offset, (double[2]){0, 0}, (wm_vec3){0, 1.4, 0});
        all[0] = plain; all[1] = none; all[2] = missing; all[3] = fast; all[4] = twin;
        if (k % 10 == 0) {
            fix = fix_at(t, along + 5 * gaussian(), 5 * gaussian(), device);
            if (t < 10) {   /* standing: a phone reports no course */
                v = invalid;
                v.speed_mps = 0;
                v.speed_accuracy_mps = 0.1;
            } else {
                v = velocity_north();
            }
            CHECK(wm_navigator_add_fix(plain, &fix) == WM_OK);
            CHECK(wm_navigator_add_fix_velocity(none, &fix, NULL) == WM_OK);
            CHECK(wm_navigator_add_fix_velocity(missing, &fix, &invalid) == WM_OK);
            CHECK(wm_navigator_add_fix_velocity(fast, &fix, &v) == WM_OK);
            /* The refused calls, to the twin only; later times, so a moved clock would show. */
            for (i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
                bad = v; bad.size = bad_sizes[i];
                if (wm_navigator_add_fix_velocity(twin, &fix, &bad) != WM_ERROR_INVALID_VALUE) refused = 0;
            }
            bad = v; bad.reserved_ = 1;
            if (wm_navigator_add_fix_velocity(twin, &fix, &bad) != WM_ERROR_INVALID_VALUE) refused = 0;
            for (i = 0; i < sizeof bad_values / sizeof bad_values[0]; i++) {
                for (j = 0; j < 4; j++) {
                    bad = v;
                    if (j == 0) bad.course_deg = bad_values[i];
                    if (j == 1) bad.course_accuracy_deg = bad_values[i];
                    if (j == 2) bad.speed_mps = bad_values[i];
                    if (j == 3) bad.speed_accuracy_mps = bad_values[i];
                    if (wm_navigator_add_fix_velocity(twin, &fix, &bad) != WM_ERROR_INVALID_VALUE) refused = 0;
                }
            }
            {
                wm_fix late = fix;
                late.time_s = t + 100;
                late.has_height = 2;
                if (wm_navigator_add_fix_velocity(twin, &late, &v) != WM_ERROR_INVALID_VALUE) refused = 0;
                if (wm_navigator_add_fix_velocity(NULL, &fix, &v) != WM_ERROR_NULL_POINTER) refused = 0;
                if (wm_navigator_add_fix_velocity(twin, NULL, &v) != WM_ERROR_NULL_POINTER) refused = 0;
            }
            CHECK(wm_navigator_add_fix_velocity(twin, &fix, &v) == WM_OK);
        }
        camera_at(&cam, device, -offset, 0, 0);
        for (i = 0; i < 5; i++) {
            result_init(&r[i]);
            memset(arrows[i], 0, sizeof arrows[i]);
            CHECK(wm_navigator_update(all[i], t, &cam, &r[i], arrows[i], 40, &n[i]) == WM_OK);
        }
        if (memcmp(&r[1], &r[0], sizeof r[0]) != 0 || n[1] != n[0] || memcmp(arrows[1], arrows[0], sizeof arrows[0]) != 0) same_none = 0;
        if (memcmp(&r[2], &r[0], sizeof r[0]) != 0 || n[2] != n[0] || memcmp(arrows[2], arrows[0], sizeof arrows[0]) != 0) same_missing = 0;
        if (memcmp(&r[4], &r[3], sizeof r[0]) != 0 || n[4] != n[3] || memcmp(arrows[4], arrows[3], sizeof arrows[0]) != 0) same_twin = 0;
        if (isnan(applied_plain) && r[0].correction_state == WM_CORRECTION_APPLIED) applied_plain = t;
        if (isnan(applied_fast) && r[3].correction_state == WM_CORRECTION_APPLIED) applied_fast = t;
        if (k == 200) { sigma_plain_10 = r[0].correction_sigma_deg; sigma_fast_10 = r[3].correction_sigma_deg; }
    }
    counting = 0;
    printf("GPS velocity: applied %.1f s after starting to walk (fixes alone: %.1f s); sigma 10 s into the walk %.2f deg"
           " (fixes alone %.2f); at %.0f s correction %.2f (sigma %.2f, truth %.0f); %ld allocations\n",
           applied_fast - 10, applied_plain - 10, sigma_fast_10, sigma_plain_10, t, r[3].correction_deg,
           r[3].correction_sigma_deg, offset, allocations - before);
    CHECK(allocations - before == 0);
    CHECK(same_none && same_missing);
    CHECK(refused && same_twin);
    /* Seeds 1-12: the velocity applies it 1 s into the walk, the fixes alone 20-30 s. */
    CHECK(!isnan(applied_fast) && applied_fast - 10 <= 10);
    CHECK(isnan(applied_plain) || applied_plain - applied_fast >= 10);
    CHECK(sigma_fast_10 < 0.5 * sigma_plain_10);
    CHECK(fabs(r[3].correction_deg - offset) < 3 * r[3].correction_sigma_deg);
    CHECK(r[0].route_evidence == WM_ROUTE_EVIDENCE_DISABLED && r[3].route_evidence == WM_ROUTE_EVIDENCE_DISABLED);
    wm_navigator_destroy(plain);
    wm_navigator_destroy(none);
    wm_navigator_destroy(missing);
    wm_navigator_destroy(fast);
    wm_navigator_destroy(twin);

    /* Route evidence: on under the filter while the user walks the route (the result
       says so), disabled under the window fits whatever the config says. */
    for (k = 0; k < 2; k++) {
        wm_navigator *nav;
        wm_navigator_result last;
        int seen_on = 0;
        wm_navigator_config_default(&config);
        config.route_evidence = 1;
        config.estimator = k == 0 ? WM_ESTIMATOR_FILTER : WM_ESTIMATOR_ROBUST;
        nav = north_route_navigator(&config);
        /* The two sides of the street split cells in storage reserved at create. */
        before = allocations;
        counting = 1;
        for (i = 0; i <= 40; i++) {
            wm_vec3 device = scene_of(1, 1.4 * (double)i, offset, (double[2]){0, 0}, (wm_vec3){0, 1.4, 0});
            fix = fix_at((double)i, 1.4 * (double)i + gaussian(), 1 + gaussian(), device);
            v = velocity_north();
            CHECK(wm_navigator_add_fix_velocity(nav, &fix, i == 0 ? NULL : &v) == WM_OK);
            camera_at(&cam, device, -offset, 0, 0);
            result_init(&last);
            CHECK(wm_navigator_update(nav, (double)i + 0.5, &cam, &last, arrows[0], 40, &n[0]) == WM_OK);
            if (last.route_evidence == WM_ROUTE_EVIDENCE_ON) seen_on++;
            CHECK(last.route_evidence >= WM_ROUTE_EVIDENCE_DISABLED && last.route_evidence <= WM_ROUTE_EVIDENCE_OFF);
            CHECK(k == 0 || last.route_evidence == WM_ROUTE_EVIDENCE_DISABLED);
            CHECK(last.reserved3_ == 0);
        }
        counting = 0;
        CHECK(k == 1 || seen_on > 30);
        CHECK(allocations - before == 0);
        wm_navigator_destroy(nav);
    }
}

/* wm_navigator_config_init and the 0.3 config layout: each size fills exactly its bytes;
 * other sizes, and bad values in the new fields, are refused; a 0.3 config makes the same
 * navigator as a whole one left at the defaults. */
static void config_versions(void) {
    wm_navigator_config config, whole;
    wm_navigator *nav = (wm_navigator *)&config, *old, *current;
    wm_geodetic route[2];
    wm_navigator_result r, s;
    wm_arrow arrows[40], twin_arrows[40];
    wm_camera cam;
    wm_fix fix;
    wm_gps_velocity v;
    size_t i, n = 0, m = 0;
    unsigned char sentinel[sizeof config];
    route[0] = north_of_start(0, 0, 0);
    route[1] = north_of_start(300, 0, 0);
    memset(sentinel, 0x5a, sizeof sentinel);

    CHECK(wm_navigator_config_init(NULL, sizeof config) == WM_ERROR_NULL_POINTER);
    {
        static const size_t sizes[] = {0, 4, WM_NAVIGATOR_CONFIG_SIZE_0_3 - 8, WM_NAVIGATOR_CONFIG_SIZE_0_3 + 8,
                                       WM_NAVIGATOR_CONFIG_SIZE - 8, WM_NAVIGATOR_CONFIG_SIZE + 8, SIZE_MAX};
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            memcpy(&config, sentinel, sizeof config);
            CHECK(wm_navigator_config_init(&config, sizes[i]) == WM_ERROR_INVALID_VALUE);
            CHECK(memcmp(&config, sentinel, sizeof config) == 0);
        }
    }
    /* The whole struct: the new fields' defaults. */
    memcpy(&whole, sentinel, sizeof whole);
    CHECK(wm_navigator_config_init(&whole, sizeof whole) == WM_OK && whole.size == WM_NAVIGATOR_CONFIG_SIZE);
    CHECK(whole.route_evidence == 0 && whole.reserved_ == 0 && whole.route_offset_sigma_m == 2 && whole.route_side_offset_m == 4);
    CHECK(whole.route_offset_distance_m == 1000 && whole.velocity_correlated_share == 0.5 && whole.velocity_correlation_s == 10);
    /* The macro (what this header makes of wm_navigator_config_default) fills the same. */
    memcpy(&config, sentinel, sizeof config);
    wm_navigator_config_default(&config);
    CHECK(memcmp(&config, &whole, sizeof config) == 0);
    /* The 0.3 size, and the exported function 0.3 callers link to: 288 bytes, no more. */
    memcpy(&config, sentinel, sizeof config);
    CHECK(wm_navigator_config_init(&config, WM_NAVIGATOR_CONFIG_SIZE_0_3) == WM_OK);
    CHECK(config.size == WM_NAVIGATOR_CONFIG_SIZE_0_3 && memcmp((char *)&config + 4, (char *)&whole + 4, WM_NAVIGATOR_CONFIG_SIZE_0_3 - 4) == 0);
    for (i = WM_NAVIGATOR_CONFIG_SIZE_0_3; i < sizeof config; i++) CHECK(((unsigned char *)&config)[i] == 0x5a);
    memcpy(&config, sentinel, sizeof config);
    (wm_navigator_config_default)(&config);
    CHECK(config.size == WM_NAVIGATOR_CONFIG_SIZE_0_3 && memcmp((char *)&config + 4, (char *)&whole + 4, WM_NAVIGATOR_CONFIG_SIZE_0_3 - 4) == 0);
    for (i = WM_NAVIGATOR_CONFIG_SIZE_0_3; i < sizeof config; i++) CHECK(((unsigned char *)&config)[i] == 0x5a);
    (wm_navigator_config_default)(NULL);
    CHECK(wm_navigator_arrow_capacity(&config) == 35);   /* the 0.3 layout is read, not what follows it */

    /* Bad values in the new fields: refused, *out and first_bad untouched. */
    for (i = 0; i < 13; i++) {
        size_t bad = 77;
        config = whole;
        switch (i) {
        case 0: config.route_evidence = 2; break;
        case 1: config.route_evidence = -1; break;
        case 2: config.reserved_ = 1; break;
        case 3: config.route_offset_sigma_m = 0; break;
        case 4: config.route_offset_sigma_m = 1000.5; break;
        case 5: config.route_offset_distance_m = 0; break;
        case 6: config.velocity_correlated_share = 1; break;
        case 7: config.velocity_correlated_share = NAN; break;
        case 8: config.route_side_offset_m = -0.5; break;
        case 9: config.route_side_offset_m = 1000.5; break;
        case 10: config.route_side_offset_m = INFINITY; break;
        case 11: config.route_side_offset_m = NAN; break;
        default: config.velocity_correlation_s = 0; break;
        }
        nav = (wm_navigator *)&config;
        CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, &bad) == WM_ERROR_INVALID_VALUE);
        CHECK(nav == (wm_navigator *)&config && bad == 77 && wm_navigator_arrow_capacity(&config) == 0);
    }
    /* In a 0.3-sized config the same bytes are not read: it is created. */
    config.size = WM_NAVIGATOR_CONFIG_SIZE_0_3;
    old = north_route_navigator(&config);
    current = north_route_navigator(&whole);
    /* ... and behaves as the whole config with the defaults, velocity included. */
    camera_at(&cam, (wm_vec3){0, 1.4, 0}, 0, 0, 0);
    for (i = 0; i < 30; i++) {
        wm_vec3 p = {0, 1.4, -1.4 * (double)i};
        fix = fix_at((double)i, 1.4 * (double)i, 0, p);
        v = velocity_north();
        CHECK(wm_navigator_add_fix_velocity(old, &fix, &v) == WM_OK && wm_navigator_add_fix_velocity(current, &fix, &v) == WM_OK);
        camera_at(&cam, p, 0, 0, 0);
        result_init(&r);
        result_init(&s);
        CHECK(wm_navigator_update(old, (double)i + 0.5, &cam, &r, arrows, 40, &n) == WM_OK);
        CHECK(wm_navigator_update(current, (double)i + 0.5, &cam, &s, twin_arrows, 40, &m) == WM_OK);
        CHECK(memcmp(&r, &s, sizeof r) == 0 && n == m && memcmp(arrows, twin_arrows, n * sizeof arrows[0]) == 0);
    }
    /* The 0.3 result layout: its 248 bytes, no more. */
    memset(&r, 0x5a, sizeof r);
    r.size = WM_NAVIGATOR_RESULT_SIZE_0_3;
    result_init(&s);
    CHECK(wm_navigator_update(old, 40, &cam, &r, arrows, 40, &n) == WM_OK);
    CHECK(wm_navigator_update(current, 40, &cam, &s, twin_arrows, 40, &m) == WM_OK);
    CHECK(r.size == WM_NAVIGATOR_RESULT_SIZE_0_3 && memcmp((char *)&r + 4, (char *)&s + 4, WM_NAVIGATOR_RESULT_SIZE_0_3 - 4) == 0);
    for (i = WM_NAVIGATOR_RESULT_SIZE_0_3; i < sizeof r; i++) CHECK(((unsigned char *)&r)[i] == 0x5a);
    /* Origin shifting fits in the 0.3 layout (it has the shift): accepted. */
    CHECK(wm_navigator_set_origin_shift(old, 100) == WM_OK);
    r.size = WM_NAVIGATOR_RESULT_SIZE_0_3;
    CHECK(wm_navigator_update(old, 41, &cam, &r, arrows, 40, &n) == WM_OK);
    wm_navigator_destroy(old);
    wm_navigator_destroy(current);
}

/* What ARKit hands over for a phone held upright looking north: camera.transform (fixed
 * to the sensor: the portrait camera's columns (-y, x, z)) and the portrait projection. */
static void arkit_frame(wm_mat4f *transform, wm_mat4f *projection) {
    wm_camera c;
    int k;
    camera_at(&c, (wm_vec3){0, 1.4, -0.5}, 0, 0, 0);
    for (k = 0; k < 4; k++) {
        transform->m[k] = -c.transform.m[4 + k];
        transform->m[4 + k] = c.transform.m[k];
        transform->m[8 + k] = c.transform.m[8 + k];
        transform->m[12 + k] = c.transform.m[12 + k];
    }
    *projection = c.projection;
}

static int readme_example(void) {
    wm_mat4f arkit_transform, arkit_projection;
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2] = {{55.7339, 37.5886, 0}, {55.7366, 37.5886, 0}};
    wm_navigator_config_default(&config);
    config.heights = WM_HEIGHTS_NONE;                  /* on the ground under the user */
    if (wm_navigator_create(&config, route, sizeof route[0], 2, &nav, NULL) != WM_OK) return 1;

    /* On every location fix: position, has_height, accuracies, time, scene position. */
    wm_fix fix = {{55.73391, 37.58862, 0}, 0, 0, 5, 10, 0.0, {0, 1.4, 0}};
    wm_navigator_add_fix(nav, &fix);

    /* On every rendered frame: ARKit's camera.transform and projectionMatrix(for: .portrait,
       viewportSize:, zNear:, zFar:) as wm_mat4f, and the view's size in points. */
    wm_camera cam;
    wm_navigator_result r;
    wm_arrow arrows[40];
    size_t n = 0;
    r.size = sizeof r;                                 /* the struct's version */
    arkit_frame(&arkit_transform, &arkit_projection);
    wm_camera_from_arkit(&arkit_transform, &arkit_projection, (wm_viewport){0, 0, 390, 844},
                         WM_ORIENTATION_PORTRAIT, &cam);
    if (wm_navigator_update(nav, 0.1, &cam, &r, arrows, 40, &n) == WM_OK) {
        /* arrows[0..n) on the ground; r.finish_screen_x/y, r.finish_diameter_pt,
           r.label_roll_deg; r.hint_needed: r.hint_x, r.hint_y, r.hint_turn_deg (> 0: right) */
        CHECK(n > 30 && n <= 35 && r.finish_visible == 1 && fabs(arrows[0].position.y) < 1e-9 && r.hint_needed == 0);
    }
    wm_navigator_destroy(nav);
    return 0;
}

int main(void) {
    if (getenv("NAVIGATOR_TEST_SEED")) base_seed = strtoull(getenv("NAVIGATOR_TEST_SEED"), NULL, 10);   /* other noise */
    /* Pinned layouts: 8-byte fields on 8-byte boundaries, no padding; the header's sizes. */
    CHECK(sizeof(wm_navigator_config) == 336 && WM_NAVIGATOR_CONFIG_SIZE == 336 && WM_NAVIGATOR_CONFIG_SIZE_0_3 == 288);
    CHECK(sizeof(wm_fix) == 80 && sizeof(wm_camera) == 176);
    CHECK(offsetof(wm_navigator_config, size) == 0 && offsetof(wm_navigator_config, alignment) == 4);
    CHECK(offsetof(wm_navigator_config, axes) == 8 && offsetof(wm_navigator_config, buffer_interval_s) == 32);
    CHECK(offsetof(wm_navigator_config, finish_far_m) == 184 && offsetof(wm_navigator_config, alignment_sigma_deg) == 192);
    CHECK(offsetof(wm_navigator_config, heading_step_m) == 280 && offsetof(wm_navigator_config, route_evidence) == 288);
    CHECK(offsetof(wm_navigator_config, reserved_) == 292 && offsetof(wm_navigator_config, route_offset_sigma_m) == 296);
    CHECK(offsetof(wm_navigator_config, route_offset_distance_m) == 304 && offsetof(wm_navigator_config, velocity_correlated_share) == 312);
    CHECK(offsetof(wm_navigator_config, velocity_correlation_s) == 320 && offsetof(wm_navigator_config, route_side_offset_m) == 328);
    CHECK(sizeof(wm_navigator_result) == 256 && WM_NAVIGATOR_RESULT_SIZE == 256 && WM_NAVIGATOR_RESULT_SIZE_0_3 == 248);
    CHECK(WM_NAVIGATOR_RESULT_SIZE_0_2 == 216 && offsetof(wm_navigator_result, route_evidence) == 248);
    CHECK(offsetof(wm_navigator_result, origin_shift) == 216 && offsetof(wm_navigator_result, origin_shifted) == 240);
    CHECK(sizeof(wm_gps_velocity) == 40 && WM_GPS_VELOCITY_SIZE == 40 && offsetof(wm_gps_velocity, reserved_) == 4);
    CHECK(offsetof(wm_gps_velocity, course_deg) == 8 && offsetof(wm_gps_velocity, course_accuracy_deg) == 16);
    CHECK(offsetof(wm_gps_velocity, speed_mps) == 24 && offsetof(wm_gps_velocity, speed_accuracy_mps) == 32);
    CHECK(WM_ROUTE_EVIDENCE_DISABLED == 0 && WM_ROUTE_EVIDENCE_ON == 1 && WM_ROUTE_EVIDENCE_OFF == 2);
    CHECK(offsetof(wm_navigator_result, size) == 0 && offsetof(wm_navigator_result, correction_source) == 4);
    CHECK(offsetof(wm_navigator_result, time_s) == 8 && offsetof(wm_navigator_result, arrow_total) == 192);
    CHECK(offsetof(wm_navigator_result, anchor_sigma_m) == 200 && offsetof(wm_navigator_result, tracking_state) == 208);
    CHECK(offsetof(wm_navigator_result, reserved_) == 212);
    CHECK(sizeof(wm_compass_reading) == 96 && WM_COMPASS_READING_SIZE == 96);
    CHECK(offsetof(wm_compass_reading, reserved_) == 4 && offsetof(wm_compass_reading, time_s) == 8);
    CHECK(offsetof(wm_compass_reading, true_heading_deg) == 16 && offsetof(wm_compass_reading, accuracy_deg) == 24);
    CHECK(offsetof(wm_compass_reading, camera) == 32);
    CHECK(offsetof(wm_fix, horizontal_accuracy_m) == 32 && offsetof(wm_camera, ground_height_m) == 168);
    CHECK(WM_ESTIMATOR_FILTER == 2 && WM_ALIGNMENT_GRAVITY_AND_HEADING == 0 && WM_ALIGNMENT_GRAVITY == 1);
    CHECK(WM_TRACKING_NORMAL == 0 && WM_TRACKING_LIMITED == 1 && WM_TRACKING_RESET == 2);
    CHECK(WM_SOURCE_NONE == 0 && WM_SOURCE_COMPASS == 1 && WM_SOURCE_TRACK == 2);
    CHECK(readme_example() == 0);
    route_allocations();
    origin_shift_and_old_layouts();
    /* The walk under the filter (the default) and under the window fits, whose timers and
       numbers the 0.1 tests asserted; then the filter with compass readings, limited
       tracking and a session reset. */
    walk(WM_HEIGHTS_ELLIPSOIDAL, WM_ESTIMATOR_FILTER, 0);
    walk(WM_HEIGHTS_NONE, WM_ESTIMATOR_FILTER, 0);
    walk(WM_HEIGHTS_ELLIPSOIDAL, WM_ESTIMATOR_ROBUST, 0);
    walk(WM_HEIGHTS_NONE, WM_ESTIMATOR_ROBUST, 0);
    walk(WM_HEIGHTS_ELLIPSOIDAL, WM_ESTIMATOR_FILTER, 1);
    walk(WM_HEIGHTS_NONE, WM_ESTIMATOR_FILTER, 1);
    walk(WM_HEIGHTS_ELLIPSOIDAL, WM_ESTIMATOR_ROBUST, 1);   /* readings checked, not used; the reset */
    out_and_back_with_outage(WM_ESTIMATOR_FILTER);
    out_and_back_with_outage(WM_ESTIMATOR_ROBUST);
    gravity_compass_and_tracking();
    size_contract();
    nothing_changes_on_error(WM_ESTIMATOR_FILTER, WM_ALIGNMENT_GRAVITY_AND_HEADING);
    nothing_changes_on_error(WM_ESTIMATOR_FILTER, WM_ALIGNMENT_GRAVITY);
    nothing_changes_on_error(WM_ESTIMATOR_ROBUST, WM_ALIGNMENT_GRAVITY_AND_HEADING);
    nothing_changes_on_error(WM_ESTIMATOR_SEED_PAIRS, WM_ALIGNMENT_GRAVITY);
    create_errors();
    velocity_walk();
    config_versions();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
