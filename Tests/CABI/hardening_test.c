/* Hostile-caller regression tests (issue 15, D1-D13): every input the header allows
 * gets a status or a right answer, never a crash, hang, leak or silent wrong number.
 * Each case runs in its own child process with a time limit, so a crash or a hang
 * fails that case and the others still run. POSIX (fork, mkfifo, alarm).
 * Usage: hardening_test. Prints "N passed, N failed". */
#define _GNU_SOURCE
#define WAYMARK_EXPERIMENTAL /* wm_simulate */
#include <waymark.h>

#if defined(__SANITIZE_ADDRESS__)
#  define WAYMARK_LSAN 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define WAYMARK_LSAN 1
#  endif
#endif
#ifdef WAYMARK_LSAN
#  include <sanitizer/lsan_interface.h>
#endif

#include <errno.h>
#include <float.h>
#include <malloc.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int child_failures = 0;

#define CHECK(cond) do { if (!(cond)) { child_failures++; \
    fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); } } while (0)

static const size_t huge_count = (size_t)1 << 58;

/* Every allocation of the process is counted (the library's too: the executable's
 * definitions interpose on libc's), to hold the header's "never allocates on these
 * paths". glibc only, and not under AddressSanitizer, which has its own. */
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#  if defined(__has_feature)
#    if __has_feature(address_sanitizer)
#      define WAYMARK_NO_ALLOCATION_COUNT 1
#    endif
#  endif
#else
#  define WAYMARK_NO_ALLOCATION_COUNT 1
#endif
#ifndef WAYMARK_NO_ALLOCATION_COUNT
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static volatile long allocations = 0;
void *malloc(size_t n) { allocations++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { allocations++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void *memalign(size_t alignment, size_t n) { allocations++; return __libc_memalign(alignment, n); }
void *aligned_alloc(size_t alignment, size_t n) { allocations++; return __libc_memalign(alignment, n); }
int posix_memalign(void **out, size_t alignment, size_t n) {
    void *p;
    allocations++;
    p = __libc_memalign(alignment, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
#endif

static wm_frame moscow_frame(wm_axes axes) {
    wm_frame f;
    wm_geodetic origin = {55.7339, 37.5886, 150};
    if (wm_frame_init(&f, origin, axes) != WM_OK) abort();
    return f;
}

/* ---- D1: matrices at the 4-byte alignment C gives wm_mat4f ---------------------- */

static void d1_anchor_transforms_unaligned(void) {
    struct { int32_t id; wm_mat4f m[4]; } record;   /* m at offset 4 */
    wm_mat4f aligned[4];
    wm_frame f = moscow_frame(WM_AXES_EUS);
    wm_geodetic route[4] = {{55.7340, 37.5887, 150}, {55.7341, 37.5889, 151}, {55.7343, 37.5890, 151}, {55.7344, 37.5893, 152}};
    CHECK(((uintptr_t)record.m & 15) != 0);
    CHECK(wm_frame_anchor_transforms(&f, route, 24, aligned, 4, NULL) == WM_OK);
    CHECK(wm_frame_anchor_transforms(&f, route, 24, record.m, 4, NULL) == WM_OK);
    CHECK(memcmp(aligned, record.m, sizeof aligned) == 0);
}

static void d1_matrix_exports_unaligned(void) {
    struct { int32_t id; wm_mat4f m[3]; } r;
    int i;
    memset(&r, 0, sizeof r);
    for (i = 0; i < 4; i++) r.m[0].m[5 * i] = 2;
    r.m[0].m[12] = 1;
    r.m[0].m[15] = 1;
    CHECK(wm_mat4f_multiply(&r.m[0], &r.m[0], &r.m[1]) == WM_OK && r.m[1].m[0] == 4);
    CHECK(wm_mat4f_inverse(&r.m[0], &r.m[2]) == WM_OK && r.m[2].m[0] == 0.5f);
    CHECK(wm_mat4f_inverse_rigid(&r.m[0], &r.m[2]) == WM_OK);
}

/* ---- D3: no trap from finite validated input ------------------------------------ */

static void d3_radar_huge_angles(void) {
    double x = 7, y = 7;
    double ex, ey;
    wm_status s = wm_radar_position(60, 500, 100, 1.7e308, -1.7e308, &x, &y);
    /* The angles' difference overflows to infinity: each is folded first, so the answer
     * is the folded angles' (1.7e308 and -1.7e308 are both multiples of 360 plus r). */
    CHECK(s == WM_OK && isfinite(x) && isfinite(y));
    CHECK(wm_radar_position(60, 500, 100, fmod(1.7e308, 360), -fmod(1.7e308, 360), &ex, &ey) == WM_OK);
    CHECK(fabs(x - ex) < 1e-9 && fabs(y - ey) < 1e-9);
}

static void d3_corrector_extreme_estimate(void) {
    wm_heading_config config;
    wm_heading_corrector *c = NULL;
    wm_frame f = moscow_frame(WM_AXES_EUS);
    int32_t triggered = 0;
    double correction = 0;
    int i;
    wm_heading_config_default(&config);
    CHECK(wm_heading_corrector_create(&config, &c) == WM_OK);
    for (i = 0; i < 30; i++) {
        wm_estimate e = {{55.7339 + i * 1e-4, 37.5886, 150}, 1e-60, 1, (double)i, {0, 0, -1e200}};
        wm_status s = wm_heading_corrector_add(c, &e, &f, &triggered, &correction, NULL);
        CHECK(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
    }
    wm_heading_corrector_destroy(c);
}

static void d3_frame_extreme_estimate(void) {
    wm_frame f = moscow_frame(WM_AXES_EUS);
    wm_vec3 scene = {0, 0, 0}, huge = {5.9, DBL_MAX, DBL_MAX};
    wm_geodetic g = {1, 2, 3}, p = {55.7339, 37.5886, 150};
    wm_estimates *e = NULL;
    wm_estimate est = {{55.7339, 37.5886, 150}, 5, 5, 0, {5.9, DBL_MAX, DBL_MAX}};
    wm_status s;
    wm_geodetic high = {55.7339, 37.5886, 1.7e308};
    size_t bad = 9;
    /* Scene origins and coordinates beyond 1e12 m are refused: nothing past them can
     * overflow to infinity or NaN. */
    s = wm_frame_set_estimate(&f, huge, 0);
    CHECK(s == WM_ERROR_INVALID_VALUE || s == WM_OK);
    s = wm_frame_reverse(&f, &scene, 24, &g, 24, 1, NULL);
    CHECK(s == WM_ERROR_INVALID_VALUE || (s == WM_OK && isfinite(g.lat_deg) && isfinite(g.lon_deg) && isfinite(g.height_m)));
    s = wm_frame_forward(&f, &p, 24, &scene, 24, 1, NULL);
    CHECK(s == WM_ERROR_INVALID_VALUE || (s == WM_OK && isfinite(scene.x) && isfinite(scene.y) && isfinite(scene.z)));
    f = moscow_frame(WM_AXES_EUS);
    s = wm_frame_reverse(&f, &huge, 24, &g, 24, 1, &bad);
    CHECK(s == WM_ERROR_INVALID_VALUE || (s == WM_OK && isfinite(g.lat_deg) && isfinite(g.lon_deg) && isfinite(g.height_m)));
    s = wm_frame_forward(&f, &high, 24, &scene, 24, 1, &bad);
    CHECK(s == WM_ERROR_INVALID_VALUE || (s == WM_OK && isfinite(scene.x) && isfinite(scene.y) && isfinite(scene.z)));
    f = moscow_frame(WM_AXES_EUS);
    CHECK(wm_estimates_create(4, 100, 0, &e) == WM_OK);
    CHECK(wm_estimates_add(e, &est) == WM_OK || 1);
    s = wm_estimates_refined(e, &f, huge, &g, NULL);
    CHECK(s != WM_OK || (isfinite(g.lat_deg) && isfinite(g.lon_deg)));
    wm_estimates_destroy(e);
}

/* ---- D4: impossible counts are BAD_COUNT before any read or allocation --------- */

static void d4_route_create_huge(void) {
    wm_vec3 p[2] = {{0, 0, 0}, {1, 0, 0}};
    wm_route *r = (wm_route *)&child_failures;
    CHECK(wm_route_create(p, 24, huge_count, WM_AXES_EUS, &r) == WM_ERROR_BAD_COUNT);
    CHECK(r == (wm_route *)&child_failures);
}

static void d4_poi_clusters_huge(void) {
    wm_geodetic user = {55.7339, 37.5886, 0}, p[2] = {{55.7340, 37.5886, 0}, {55.7341, 37.5886, 0}};
    int64_t out[2] = {7, 7};
    CHECK(wm_poi_clusters(user, p, 24, huge_count, 500, out, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(out[0] == 7 && out[1] == 7);
}

static void d4_batches_huge(void) {
    wm_frame f = moscow_frame(WM_AXES_EUS);
    wm_geodetic g[1] = {{55.7339, 37.5886, 150}};
    wm_vec3 v[1] = {{0, 0, 0}};
    wm_mat4f m[1];
    double d[1], total = 0;
    float xyz[3] = {0, 0, 0};
    wm_mat4f identity = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
    wm_transform *t = NULL;
    CHECK(wm_frame_forward(&f, g, 24, v, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_frame_reverse(&f, v, 24, g, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_frame_anchor_transforms(&f, g, 24, m, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &f, g, 24, v, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_geodesic_inverse_batch(g[0], g, 24, d, NULL, NULL, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    /* 8-byte outputs: 1 << 61 doubles cannot exist even with a stride of 8. */
    CHECK(wm_geodesic_inverse_batch(g[0], g, 8 * 3, d, NULL, NULL, (size_t)1 << 61, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_polyline_length(g, 24, huge_count, d, &total, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_gcj02_from_wgs84(NULL, g, 24, g, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_wgs84_from_gcj02(NULL, g, 24, g, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_bd09_from_gcj02(NULL, g, 24, g, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_gcj02_from_bd09(NULL, g, 24, g, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_geoid_undulation(g, 24, d, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_mat4f_transform_points(&identity, xyz, 12, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_transform_create("EPSG:4326", "EPSG:32650", &t) == WM_OK);
    CHECK(wm_transform_apply(t, v, 24, v, 24, huge_count, NULL) == WM_ERROR_BAD_COUNT);
    wm_transform_destroy(t);
}

/* ---- D5: wm_simulate's work is bounded and checked before it is done ------------ */

static void d5_simulate_bounds(void) {
    wm_simulation s;
    double h[8], e[8];
    size_t count = 0;
    wm_status st;
    wm_simulation_default(&s);
    s.speed_m_s = 1e-300;                           /* a 300 m walk that never ends */
    st = wm_simulate(&s, h, e, 8, &count);
    CHECK(st == WM_ERROR_INVALID_VALUE || st == WM_ERROR_BAD_COUNT);
    wm_simulation_default(&s);
    s.duration_s = 1e300;
    st = wm_simulate(&s, h, e, 8, &count);
    CHECK(st == WM_ERROR_INVALID_VALUE || st == WM_ERROR_BAD_COUNT);
    /* Capacity is checked before the run: the default walk has 215 samples. */
    wm_simulation_default(&s);
    h[0] = 42;
    CHECK(wm_simulate(&s, h, e, 8, &count) == WM_ERROR_BAD_COUNT && count == 215 && h[0] == 42);
}

/* ---- D5b: the GPS model fit's counts are checked before anything is read --------- */

static void d5_gps_model_bounds(void) {
    double one = 0, out[4] = {42, 42, 42, 42};
    wm_gps_series series[1];
    wm_gps_model model;
    size_t count = 7, bad = 7;
    const char text[] = "Latitude";
    memset(&model, 0, sizeof model);
    model.size = sizeof model;
    /* An impossible count on pointers to one double each: refused, never read. */
    series[0].time_s = series[0].east_m = series[0].north_m = series[0].accuracy_m = &one;
    series[0].count = (size_t)1 << 62;
    CHECK(wm_gps_model_fit(series, 1, &model, &bad) == WM_ERROR_BAD_COUNT && bad == 0 && model.fix_count == 0);
    series[0].count = SIZE_MAX;
    CHECK(wm_gps_model_fit(series, 1, &model, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_gps_model_fit(series, SIZE_MAX, &model, NULL) == WM_ERROR_BAD_COUNT);
    /* A text length beyond 2^56 bytes (or read as negative) is refused before it is read. */
    CHECK(wm_gps_series_from_fix_log(text, (size_t)1 << 60, out, out, out, out, 4, &count, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(wm_gps_series_from_fix_log(text, SIZE_MAX, out, out, out, out, 4, &count, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(out[0] == 42 && count == 7);
}

/* ---- D6: huge finite longitudes give the right answer ---------------------------- */

static double vec_distance(wm_vec3 a, wm_vec3 b) {
    return sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
}

static void d6_huge_longitudes(void) {
    static const double huge[] = {1e18, -1e18, 1e306, -1.7e308, 123456789012345.6};
    wm_frame f = moscow_frame(WM_AXES_EUS);
    size_t i;
    for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        double folded = remainder(huge[i], 360.0);
        wm_geodetic a = {40.0, huge[i], 10}, b = {40.0, folded, 10}, o = {41, 2, 0}, ra, rb;
        wm_vec3 va, vb;
        wm_mat4f ma[2], mb[2];
        wm_geodetic pair_a[2], pair_b[2];
        double da, db, az_a, az_b, ta, tb;
        int64_t ca[1], cb[1];
        wm_region everywhere = {WM_REGION_EVERYWHERE, NULL, 0};
        CHECK(wm_frame_forward(&f, &a, 24, &va, 24, 1, NULL) == WM_OK);
        CHECK(wm_frame_forward(&f, &b, 24, &vb, 24, 1, NULL) == WM_OK);
        CHECK(vec_distance(va, vb) <= 1e-6);
        pair_a[0] = a; pair_a[1] = o; pair_b[0] = b; pair_b[1] = o;
        CHECK(wm_frame_anchor_transforms(&f, pair_a, 24, ma, 2, NULL) == WM_OK);
        CHECK(wm_frame_anchor_transforms(&f, pair_b, 24, mb, 2, NULL) == WM_OK);
        CHECK(fabsf(ma[0].m[12] - mb[0].m[12]) <= 1 && fabsf(ma[0].m[14] - mb[0].m[14]) <= 1 && fabsf(ma[0].m[0] - mb[0].m[0]) < 1e-6f);
        CHECK(wm_baseline_forward(WM_BASELINE_METERS_PER_DEGREE, &f, &a, 24, &va, 24, 1, NULL) == WM_OK);
        CHECK(wm_baseline_forward(WM_BASELINE_METERS_PER_DEGREE, &f, &b, 24, &vb, 24, 1, NULL) == WM_OK);
        CHECK(vec_distance(va, vb) <= 1e-6 * (1 + fabs(vb.x)));
        CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &f, &a, 24, &va, 24, 1, NULL) == WM_OK);
        CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &f, &b, 24, &vb, 24, 1, NULL) == WM_OK);
        CHECK(vec_distance(va, vb) <= 1e-6);
        CHECK(wm_geodesic_inverse_batch(o, &a, 24, &da, &az_a, NULL, 1, NULL) == WM_OK);
        CHECK(wm_geodesic_inverse_batch(o, &b, 24, &db, &az_b, NULL, 1, NULL) == WM_OK);
        CHECK(fabs(da - db) <= 1e-6 && fabs(az_a - az_b) <= 1e-9);
        CHECK(wm_geodesic_inverse(o, a, &da, &az_a, NULL) == WM_OK && wm_geodesic_inverse(o, b, &db, &az_b, NULL) == WM_OK);
        CHECK(fabs(da - db) <= 1e-6 && fabs(az_a - az_b) <= 1e-9);
        CHECK(wm_polyline_length(pair_a, 24, 2, NULL, &ta, NULL) == WM_OK && wm_polyline_length(pair_b, 24, 2, NULL, &tb, NULL) == WM_OK);
        CHECK(fabs(ta - tb) <= 1e-6);
        CHECK(wm_poi_clusters(b, &a, 24, 1, 1, ca, NULL) == WM_OK && ca[0] == 0);
        CHECK(wm_poi_clusters(a, &b, 24, 1, 1, cb, NULL) == WM_OK && cb[0] == 0);
        CHECK(wm_haversine_inverse(6371008.8, o, a, &da, NULL) == WM_OK && wm_haversine_inverse(6371008.8, o, b, &db, NULL) == WM_OK);
        CHECK(fabs(da - db) <= 1e-6);
        CHECK(wm_gcj02_from_wgs84(&everywhere, &a, 24, &ra, 24, 1, NULL) == WM_OK);
        CHECK(wm_gcj02_from_wgs84(&everywhere, &b, 24, &rb, 24, 1, NULL) == WM_OK);
        CHECK(ra.lat_deg == rb.lat_deg && ra.lon_deg == rb.lon_deg);
        CHECK(wm_bd09_from_gcj02(&everywhere, &a, 24, &ra, 24, 1, NULL) == WM_OK);
        CHECK(wm_bd09_from_gcj02(&everywhere, &b, 24, &rb, 24, 1, NULL) == WM_OK);
        CHECK(ra.lat_deg == rb.lat_deg && ra.lon_deg == rb.lon_deg);
    }
}

/* ---- D7: nothing leaks from failed creation ------------------------------------- */

static size_t heap_in_use(void) { return mallinfo2().uordblks; }

/* Rounds of each leak case. Under an emulator (cross builds set
 * WAYMARK_EMULATED=1) the heap counters cannot be trusted: the case re-executes itself
 * through /proc/self/exe to turn glibc's thread cache off, which qemu-user cannot do,
 * and the run is some twenty times slower. There the cases are skipped (reported);
 * the host build runs them, and LeakSanitizer checks the same calls. */
static int leak_rounds(void) { return getenv("WAYMARK_EMULATED") ? 0 : 2000; }

static void d7_no_leak_on_failure(void) {
    wm_transform *t = NULL;
    size_t before, after;
    int i;
    /* Warm up PROJ's own one-time allocations first. */
    for (i = 0; i < 20; i++) wm_transform_create("EPSG:4326", "EPSG:99999999", &t);
    const size_t rounds = (size_t)leak_rounds();
    if (rounds == 0) { printf("skipped under emulation: heap counters\n"); return; }
    before = heap_in_use();
    for (i = 0; i < (int)rounds; i++) CHECK(wm_transform_create("EPSG:4326", "EPSG:99999999", &t) == WM_ERROR_PROJ);
    after = heap_in_use();
    CHECK(after < before + rounds * 16);   /* 64 B per failure leaked before */
    if (after >= before + rounds * 16) fprintf(stderr, "  transform: %zu bytes more\n", after - before);
}

static char fifo_dir[64];

static void d7_no_leak_without_grid(void) {
    wm_geodetic p = {10, 20, 0};
    double n = 42;
    size_t before, after;
    int i;
    setenv("PROJ_DATA", fifo_dir, 1);   /* an empty directory: no egm96_15.gtx */
    for (i = 0; i < 20; i++) CHECK(wm_geoid_undulation(&p, 24, &n, 1, NULL) == WM_ERROR_GRID_MISSING);
    const size_t rounds = (size_t)leak_rounds();
    if (rounds == 0) { printf("skipped under emulation: heap counters\n"); return; }
    before = heap_in_use();
    for (i = 0; i < (int)rounds; i++) wm_geoid_undulation(&p, 24, &n, 1, NULL);
    after = heap_in_use();
    CHECK(n == 42);
    CHECK(after < before + rounds * 8);   /* 33 B per call leaked before */
    if (after >= before + rounds * 8) fprintf(stderr, "  geoid: %zu bytes more\n", after - before);
}

/* ---- D8: CRS strings cannot open paths or block ---------------------------------- */

static void d8_fifo_grid(void) {
    char path[128], crs[256], pipeline[256];
    wm_transform *t = (wm_transform *)&child_failures;
    wm_status s;
    snprintf(path, sizeof path, "%s/grid.gtx", fifo_dir);
    CHECK(mkfifo(path, 0600) == 0);
    snprintf(crs, sizeof crs, "+proj=longlat +datum=WGS84 +geoidgrids=%s +type=crs", path);
    snprintf(pipeline, sizeof pipeline, "+proj=longlat +datum=WGS84 +geoidgrids=%s", path);
    /* A 2-D source never needs the grid: created without touching the FIFO. */
    s = wm_transform_create("+proj=longlat +datum=WGS84", pipeline, &t);
    CHECK(s == WM_OK || s == WM_ERROR_PROJ);
    if (s == WM_OK) wm_transform_destroy(t);
    t = (wm_transform *)&child_failures;
    /* A 3-D source needs it: refused (outside the resource directories), at once. */
    s = wm_transform_create("EPSG:4979", crs, &t);
    CHECK(s == WM_ERROR_PROJ && t == (wm_transform *)&child_failures);
#ifdef WM_TRANSFORM_ALLOW_PATHS   /* (so this file also runs against older libraries) */
    /* Trusted callers may name paths, but a FIFO is still refused without blocking. */
    s = wm_transform_create_ex("EPSG:4979", crs, WM_TRANSFORM_ALLOW_PATHS, &t);
    CHECK(s == WM_ERROR_PROJ && t == (wm_transform *)&child_failures);
    s = wm_transform_create_ex(crs, "EPSG:4979", WM_TRANSFORM_ALLOW_PATHS, &t);
    CHECK(s == WM_ERROR_PROJ && t == (wm_transform *)&child_failures);
#endif
    unlink(path);
}

static int copy_file(const char *from, const char *to) {
    char buffer[65536];
    size_t n;
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    if (!in || !out) { if (in) fclose(in); return 0; }
    while ((n = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, n, out);
    fclose(in);
    return fclose(out) == 0;
}

static void d8_paths_only_when_allowed(void) {
    /* The installed grid by name works; a copy outside PROJ's resource directories,
     * by absolute or relative path, only with WM_TRANSFORM_ALLOW_PATHS. */
    static const char *by_name = "+proj=longlat +datum=WGS84 +geoidgrids=egm96_15.gtx +type=crs";
    static const char *relative = "+proj=longlat +datum=WGS84 +geoidgrids=./copy.gtx +type=crs";
    char by_path[512], copy_path[128];
    const char *grid = "/usr/share/proj/egm96_15.gtx";
    wm_transform *t = NULL, *untouched = (wm_transform *)&child_failures, *copy = NULL;
    wm_vec3 p = {20, 10, 0};
    if (access(grid, R_OK) != 0) { fprintf(stderr, "  (skipped: no %s)\n", grid); return; }
    snprintf(copy_path, sizeof copy_path, "%s/copy.gtx", fifo_dir);
    CHECK(copy_file(grid, copy_path));
    snprintf(by_path, sizeof by_path, "+proj=longlat +datum=WGS84 +geoidgrids=%s +type=crs", copy_path);
    CHECK(chdir(fifo_dir) == 0);
    CHECK(wm_transform_create(by_name, "EPSG:4979", &t) == WM_OK);
    CHECK(t && wm_transform_apply(t, &p, 24, &p, 24, 1, NULL) == WM_OK && fabs(p.z) > 1);
    wm_transform_destroy(t);
    CHECK(wm_transform_create(by_path, "EPSG:4979", &untouched) == WM_ERROR_PROJ);
    CHECK(wm_transform_create(relative, "EPSG:4979", &untouched) == WM_ERROR_PROJ);
#ifdef WM_TRANSFORM_ALLOW_PATHS
    CHECK(wm_transform_create_ex(by_path, "EPSG:4979", 0, &untouched) == WM_ERROR_PROJ);
    CHECK(untouched == (wm_transform *)&child_failures);
    CHECK(wm_transform_create_ex(by_path, "EPSG:4979", 2, &untouched) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_transform_create_ex(by_path, "EPSG:4979", WM_TRANSFORM_ALLOW_PATHS, &t) == WM_OK);
    p.x = 20; p.y = 10; p.z = 0;
    CHECK(t && wm_transform_apply(t, &p, 24, &p, 24, 1, NULL) == WM_OK && fabs(p.z) > 1);
    CHECK(wm_transform_clone(t, &copy) == WM_OK);
    wm_transform_destroy(copy);
    wm_transform_destroy(t);
    CHECK(wm_transform_create_ex(relative, "EPSG:4979", WM_TRANSFORM_ALLOW_PATHS, &t) == WM_OK);
    wm_transform_destroy(t);
#endif
    unlink(copy_path);
}

/* ---- P: one file rule, grids checked at creation ------------------------------------ */

static void p1_missing_grid_at_create(void) {
    /* A definition whose operation needs a grid that is not installed: GRID_MISSING at
     * creation naming it (PROJ builds the operation and failed every apply before). */
    static const char *missing = "+proj=longlat +datum=WGS84 +geoidgrids=waymark_no_such_grid.gtx +type=crs";
    wm_transform *t = (wm_transform *)&child_failures;
    char message[256];
    memset(message, 0, sizeof message);
    CHECK(wm_transform_create(missing, "EPSG:4979", &t) == WM_ERROR_GRID_MISSING);
    CHECK(wm_transform_create_with_message("EPSG:4979", missing, &t, message, sizeof message) == WM_ERROR_GRID_MISSING);
    CHECK(strstr(message, "waymark_no_such_grid.gtx") != NULL);
    CHECK(t == (wm_transform *)&child_failures);
    /* A 2D source keeps no height: PROJ drops the vertical step, nothing is missing. */
    CHECK(wm_transform_create("EPSG:4326", missing, &t) == WM_OK);
    wm_transform_destroy(t);
}

static void p2_init_files_one_rule(void) {
    /* Init files follow the grids' rule: by path only with WM_TRANSFORM_ALLOW_PATHS, and
     * one a trusted definition opened stays usable by the same name for the process (PROJ
     * keeps it), even after the file is gone. */
    char path[128], crs[256];
    FILE *f;
    wm_transform *t = (wm_transform *)&child_failures;
    wm_vec3 p = {20, 10, 0};
    snprintf(path, sizeof path, "%s/waymark_init", fifo_dir);
    f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("<longlat> +proj=longlat +datum=WGS84 +type=crs <>\n", f);
    fclose(f);
    snprintf(crs, sizeof crs, "+init=%s:longlat", path);
    CHECK(wm_transform_create(crs, "EPSG:4326", &t) == WM_ERROR_PROJ);
    CHECK(t == (wm_transform *)&child_failures);
#ifdef WM_TRANSFORM_ALLOW_PATHS
    CHECK(wm_transform_create_ex(crs, "EPSG:4326", WM_TRANSFORM_ALLOW_PATHS, &t) == WM_OK);
    CHECK(wm_transform_apply(t, &p, 24, &p, 24, 1, NULL) == WM_OK && fabs(p.x - 20) < 1e-9);
    wm_transform_destroy(t);
    unlink(path);
    CHECK(wm_transform_create(crs, "EPSG:4326", &t) == WM_OK);
    wm_transform_destroy(t);
#endif
    unlink(path);
}

/* ---- D9: contract slips ------------------------------------------------------------ */

static void d9_everywhere_at_the_poles(void) {
    wm_region everywhere = {WM_REGION_EVERYWHERE, NULL, 0};
    wm_geodetic p[2] = {{90, 37, 0}, {-90, -120, 0}}, r[2];
    int i;
    CHECK(wm_gcj02_from_wgs84(&everywhere, p, 24, r, 24, 2, NULL) == WM_OK);
    for (i = 0; i < 2; i++) CHECK(isfinite(r[i].lat_deg) && isfinite(r[i].lon_deg) && r[i].lon_deg >= -180 && r[i].lon_deg < 180);
    CHECK(wm_bd09_from_gcj02(&everywhere, p, 24, r, 24, 2, NULL) == WM_OK);
    for (i = 0; i < 2; i++) CHECK(isfinite(r[i].lat_deg) && isfinite(r[i].lon_deg));
    {
        wm_status s = wm_wgs84_from_gcj02(&everywhere, p, 24, r, 24, 2, NULL);
        CHECK(s == WM_OK || s == WM_ERROR_NO_CONVERGENCE);
        if (s == WM_OK) for (i = 0; i < 2; i++) CHECK(isfinite(r[i].lat_deg) && isfinite(r[i].lon_deg));
    }
}

static void d9_tiny_steps(void) {
    wm_geodetic o = {0, 20, 0}, p[3] = {{1e-160, 20, 0}, {1e-160, 20 + 1e-160, 0}, {-1e-300, 20 - 1e-300, 0}};
    double d[3], a1[3], a2[3], total, cumulative[3];
    int i;
    CHECK(wm_geodesic_inverse_batch(o, p, 24, d, a1, a2, 3, NULL) == WM_OK);
    for (i = 0; i < 3; i++) CHECK(isfinite(d[i]) && d[i] >= 0 && d[i] < 1e-100 && isfinite(a1[i]) && isfinite(a2[i]));
    CHECK(wm_polyline_length(p, 24, 3, cumulative, &total, NULL) == WM_OK && isfinite(total) && total < 1e-100);
}

static void d9_azimuth_range(void) {
    /* Nearly due south with a hair west: the short-range azimuth rounds to 180 - 0. */
    wm_geodetic o = {10, 20, 0};
    int i, bad = 0;
    for (i = 1; i < 2000; i++) {
        wm_geodetic p = {10 - 1e-3 * i, 20 - 1e-19 * i, 0};
        double d, a1, a2;
        CHECK(wm_geodesic_inverse_batch(o, &p, 24, &d, &a1, &a2, 1, NULL) == WM_OK);
        if (!(a1 > -180 && a1 <= 180 && a2 > -180 && a2 <= 180)) bad++;
        CHECK(wm_geodesic_inverse(o, p, &d, &a1, &a2) == WM_OK);
        if (!(a1 > -180 && a1 <= 180 && a2 > -180 && a2 <= 180)) bad++;
        p.lon_deg = 20 - 1e-15 * i;
        p.lat_deg = 10 - 1e-1 * i / 20;
        CHECK(wm_geodesic_inverse_batch(o, &p, 24, &d, &a1, &a2, 1, NULL) == WM_OK);
        if (!(a1 > -180 && a1 <= 180 && a2 > -180 && a2 <= 180)) bad++;
    }
    /* Antipodal lines: geod_inverse itself answers -180 for some. */
    for (i = 0; i < 200; i++) {
        wm_geodetic a = {-80 + 0.8 * i, -179 + 1.7 * i, 0}, b = {80 - 0.8 * i, 1 + 1.7 * i, 0};
        double d, a1, a2;
        CHECK(wm_geodesic_inverse(a, b, &d, &a1, &a2) == WM_OK);
        if (!(a1 > -180 && a1 <= 180 && a2 > -180 && a2 <= 180)) bad++;
        CHECK(wm_geodesic_inverse_batch(a, &b, 24, &d, &a1, &a2, 1, NULL) == WM_OK);
        if (!(a1 > -180 && a1 <= 180 && a2 > -180 && a2 <= 180)) bad++;
    }
    CHECK(bad == 0);
    if (bad) fprintf(stderr, "  %d azimuths outside (-180, 180]\n", bad);
}

static void d9_gcj_inverse_antimeridian(void) {
    wm_region everywhere = {WM_REGION_EVERYWHERE, NULL, 0};
    int i, j, missed = 0;
    for (i = 0; i < 181; i++) {
        for (j = 0; j < 40; j++) {
            wm_geodetic g = {-89.5 + i * 0.99, j < 20 ? 179.0 + j * 0.05 : -180.0 + (j - 20) * 0.05, 0}, w, back;
            wm_status s = wm_wgs84_from_gcj02(&everywhere, &g, 24, &w, 24, 1, NULL);
            CHECK(s == WM_OK || s == WM_ERROR_NO_CONVERGENCE);
            if (s != WM_OK) continue;
            CHECK(wm_gcj02_from_wgs84(&everywhere, &w, 24, &back, 24, 1, NULL) == WM_OK);
            if (fabs(back.lat_deg - g.lat_deg) > 1e-9 || fabs(remainder(back.lon_deg - g.lon_deg, 360)) > 1e-9) missed++;
        }
    }
    CHECK(missed == 0);
    if (missed) fprintf(stderr, "  %d silent misses\n", missed);
}

/* ---- D10: no allocation on the batch and POI paths ------------------------------ */

static void d10_no_allocation(void) {
#ifndef WAYMARK_NO_ALLOCATION_COUNT
    wm_frame f = moscow_frame(WM_AXES_EUS);
    wm_geodetic user = {55.7339, 37.5886, 150}, pts[64], back[64];
    wm_vec3 scene[64];
    wm_mat4f m[64];
    double d[64], a1[64], total;
    int64_t heads[64];
    wm_region everywhere = {WM_REGION_EVERYWHERE, NULL, 0};
    long before;
    int i, round;
    for (i = 0; i < 64; i++) {
        pts[i].lat_deg = 55.7339 + 0.0004 * (i % 8) - 0.0013;
        pts[i].lon_deg = 37.5886 + 0.0007 * (i / 8) - 0.0025;
        pts[i].height_m = 150 + i;
    }
    CHECK(wm_poi_clusters(user, pts, 24, 64, 500, heads, NULL) == WM_OK);   /* warm-up */
    before = allocations;
    for (round = 0; round < 10; round++) {
        CHECK(wm_poi_clusters(user, pts, 24, 64, 500, heads, NULL) == WM_OK);
        CHECK(wm_frame_forward(&f, pts, 24, scene, 24, 64, NULL) == WM_OK);
        CHECK(wm_frame_reverse(&f, scene, 24, back, 24, 64, NULL) == WM_OK);
        CHECK(wm_frame_anchor_transforms(&f, pts, 24, m, 64, NULL) == WM_OK);
        CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &f, pts, 24, scene, 24, 64, NULL) == WM_OK);
        CHECK(wm_geodesic_inverse_batch(user, pts, 24, d, a1, NULL, 64, NULL) == WM_OK);
        CHECK(wm_polyline_length(pts, 24, 64, d, &total, NULL) == WM_OK);
        CHECK(wm_gcj02_from_wgs84(NULL, pts, 24, back, 24, 64, NULL) == WM_OK);
        CHECK(wm_wgs84_from_gcj02(&everywhere, back, 24, back, 24, 64, NULL) == WM_OK);
        CHECK(wm_mat4f_multiply(&m[0], &m[1], &m[2]) == WM_OK);
    }
    CHECK(allocations == before);
    if (allocations != before) fprintf(stderr, "  %ld allocations in 10 rounds\n", allocations - before);
#endif
}

/* ---- D13: count == 0 succeeds whatever the other arguments; bad frames ----------- */

static void d13_count_zero(void) {
    wm_region bad_kind = {99, NULL, 0};
    wm_geodetic bad_origin = {NAN, 0, 0};
    wm_frame never;
    memset(&never, 0, sizeof never);
    CHECK(wm_gcj02_from_wgs84(&bad_kind, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_geodesic_inverse_batch(bad_origin, NULL, 0, NULL, NULL, NULL, 0, NULL) == WM_OK);
    CHECK(wm_frame_forward(NULL, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_frame_reverse(&never, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_frame_anchor_transforms(NULL, NULL, 0, NULL, 0, NULL) == WM_OK);
    CHECK(wm_baseline_forward(99, NULL, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_transform_apply(NULL, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_mat4f_transform_points(NULL, NULL, 0, 0, NULL) == WM_OK);
    CHECK(wm_geoid_undulation(NULL, 0, NULL, 0, NULL) == WM_OK);
    CHECK(wm_poi_clusters(bad_origin, NULL, 0, 0, -1, NULL, NULL) == WM_OK);
}

static void d13_garbage_frame(void) {
    /* A frame with the right tag and random bytes after it: a status or numbers,
     * never a crash. */
    wm_frame f = moscow_frame(WM_AXES_EUS);
    unsigned char *bytes = (unsigned char *)&f;
    unsigned seed = 12345;
    int round, i;
    for (round = 0; round < 2000; round++) {
        wm_geodetic g = {55.7, 37.6, 100};
        wm_vec3 v = {1, 2, 3};
        wm_mat4f m[2];
        wm_geodetic two[2] = {{55.7, 37.6, 100}, {55.71, 37.61, 100}};
        f = moscow_frame(WM_AXES_EUS);
        for (i = 16; i < WM_FRAME_SIZE; i++) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % (1 + round % 4) == 0) bytes[i] = (unsigned char)(seed >> 24);
        }
        (void)wm_frame_forward(&f, &g, 24, &v, 24, 1, NULL);
        (void)wm_frame_reverse(&f, &v, 24, &g, 24, 1, NULL);
        (void)wm_frame_anchor_transforms(&f, two, 24, m, 2, NULL);
        (void)wm_baseline_forward(WM_BASELINE_HAVERSINE, &f, &g, 24, &v, 24, 1, NULL);
        (void)wm_frame_set_estimate(&f, v, 10);
    }
    CHECK(1);
}

/* ---- N: the navigator's compass readings, tracking states and clock (ABI 0.2) ------- */

static wm_navigator *hostile_navigator(int32_t estimator, int32_t alignment, int32_t heights) {
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[3] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 151}, {55.7366, 37.5920, 152}};
    wm_navigator_config_default(&config);
    config.estimator = estimator;
    config.alignment = alignment;
    config.heights = heights;
    if (wm_navigator_create(&config, route, sizeof route[0], 3, &nav, NULL) != WM_OK) abort();
    return nav;
}

static void hostile_camera(wm_camera *c, double x, double z, double yaw_deg) {
    double yaw = yaw_deg * 3.14159265358979323846 / 180;
    memset(c, 0, sizeof *c);
    c->transform.m[0] = (float)cos(yaw); c->transform.m[2] = (float)sin(yaw);
    c->transform.m[5] = 1;
    c->transform.m[8] = (float)-sin(yaw); c->transform.m[10] = (float)cos(yaw);
    c->transform.m[12] = (float)x; c->transform.m[13] = 1.4f; c->transform.m[14] = (float)z; c->transform.m[15] = 1;
    c->projection.m[0] = 3.7f; c->projection.m[5] = 1.7f;
    c->projection.m[10] = -1.0f; c->projection.m[11] = -1.0f; c->projection.m[14] = -0.002f;
    c->viewport.width = 390;
    c->viewport.height = 844;
}

/* ---- H: the second audit's navigator findings (issue 28) --------------------------- */

static void h1_navigator_create_impossible_counts(void) {
    /* A route whose buffer would pass 2^56 bytes, or that has more than 2^24 points: BAD_COUNT
     * before anything is read (it trapped), *out untouched. */
    wm_navigator_config config;
    wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 151}};
    wm_navigator *untouched = (wm_navigator *)&config;
    size_t bad = 77;
    wm_navigator_config_default(&config);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], ((size_t)1 << 56) / 24 + 1, &untouched, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], SIZE_MAX, &untouched, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(wm_navigator_create(&config, route, (size_t)1 << 40, (size_t)1 << 20, &untouched, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], ((size_t)1 << 24) + 1, &untouched, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(untouched == (wm_navigator *)&config && bad == 77);
}

static void h2_navigator_update_unlimited_capacity(void) {
    /* arrow_capacity = SIZE_MAX (it trapped, even before a fix): unlimited, so at most the
     * config's capacity is written. */
    wm_navigator_config config;
    wm_navigator *nav = hostile_navigator(WM_ESTIMATOR_FILTER, WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_HEIGHTS_ELLIPSOIDAL);
    wm_navigator_result r;
    wm_camera cam;
    wm_fix fix;
    wm_arrow *arrows;
    size_t n = 99, capacity;
    wm_navigator_config_default(&config);
    capacity = wm_navigator_arrow_capacity(&config);
    arrows = calloc(capacity, sizeof *arrows);
    hostile_camera(&cam, 0, 0, 0);
    memset(&r, 0, sizeof r);
    r.size = WM_NAVIGATOR_RESULT_SIZE;
    CHECK(wm_navigator_update(nav, 0.5, &cam, &r, arrows, SIZE_MAX, &n) == WM_OK && n == 0);
    memset(&fix, 0, sizeof fix);
    fix.position.lat_deg = 55.7339; fix.position.lon_deg = 37.5886;
    fix.horizontal_accuracy_m = 5; fix.vertical_accuracy_m = 5; fix.time_s = 1;
    CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    CHECK(wm_navigator_update(nav, 1.5, &cam, &r, arrows, SIZE_MAX, &n) == WM_OK);
    CHECK(n > 0 && n <= capacity && n == r.arrow_total);
    CHECK(wm_navigator_update(nav, 1.6, &cam, &r, arrows, (size_t)1 << 63, &n) == WM_OK && n > 0 && n <= capacity);
    CHECK(wm_navigator_update(nav, 1.7, &cam, &r, NULL, SIZE_MAX, &n) == WM_ERROR_NULL_POINTER);
    free(arrows);
    wm_navigator_destroy(nav);
}

static void h4_unlimited_output_capacities(void) {
    /* The header's one rule: an output capacity of 2^63 or more is unlimited, in every
     * call that takes one (route arrows and legs, navigator legs; update in H2). It was
     * BAD_COUNT in these and unlimited in wm_navigator_update. */
    wm_vec3 pts[3] = {{0, 0, 0}, {0, 0, -50}, {40, 0, -50}};
    wm_route *route = NULL;
    wm_route_position from;
    wm_arrow arrows[64];
    wm_arrow_leg legs[16];
    size_t n = 0, m = 0;
    CHECK(wm_route_create(pts, sizeof pts[0], 3, WM_AXES_EUS, &route) == WM_OK);
    CHECK(wm_route_project(route, pts[0], &from) == WM_OK);
    CHECK(wm_route_arrows(route, &from, 3, 30, arrows, 64, &m) == WM_OK && m > 0);
    CHECK(wm_route_arrows(route, &from, 3, 30, arrows, SIZE_MAX, &n) == WM_OK && n == m);
    CHECK(wm_route_arrows(route, &from, 3, 30, arrows, (size_t)1 << 63, &n) == WM_OK && n == m);
    CHECK(wm_route_arrows(route, &from, 3, 30, NULL, SIZE_MAX, &n) == WM_ERROR_NULL_POINTER);
    CHECK(wm_route_legs(route, 0, 80, legs, 16, &m) == WM_OK && m == 2);
    CHECK(wm_route_legs(route, 0, 80, legs, SIZE_MAX, &n) == WM_OK && n == m);
    wm_route_destroy(route);
    {
        wm_navigator *nav = hostile_navigator(WM_ESTIMATOR_FILTER, WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_HEIGHTS_ELLIPSOIDAL);
        wm_navigator_result r;
        wm_camera cam;
        wm_fix fix;
        memset(&fix, 0, sizeof fix);
        fix.position.lat_deg = 55.7339; fix.position.lon_deg = 37.5886;
        fix.horizontal_accuracy_m = 5; fix.vertical_accuracy_m = 5; fix.time_s = 1;
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
        hostile_camera(&cam, 0, 0, 0);
        memset(&r, 0, sizeof r);
        r.size = WM_NAVIGATOR_RESULT_SIZE;
        CHECK(wm_navigator_update(nav, 1.5, &cam, &r, arrows, 64, &n) == WM_OK && n > 0);
        CHECK(wm_navigator_legs(nav, 0, legs, 16, &m) == WM_OK);
        CHECK(wm_navigator_legs(nav, 0, legs, SIZE_MAX, &n) == WM_OK && n == m);
        wm_navigator_destroy(nav);
    }
}

/* A navigator after two fixes 10 m apart along the route. */
static void h_two_fixes(wm_navigator *nav) {
    wm_fix fix;
    int i;
    memset(&fix, 0, sizeof fix);
    for (i = 0; i < 2; i++) {
        fix.position.lat_deg = 55.7339 + i * 9e-5; fix.position.lon_deg = 37.5886;
        fix.horizontal_accuracy_m = 5; fix.vertical_accuracy_m = 5; fix.time_s = 1 + i;
        fix.scene_position.z = -10.0 * i;
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_OK);
    }
}

static void h3_navigator_refused_calls_change_nothing(void) {
    /* A ground height of 1e200 is refused before the arrows and progress move (arrow 0's
     * legs went to y = 1e200); a fix at scene x = 1e200 is refused (it was accepted, and
     * every later update failed). A twin that never saw the calls draws the same frame. */
    int32_t estimators[2] = {WM_ESTIMATOR_FILTER, WM_ESTIMATOR_ROBUST};
    int k;
    for (k = 0; k < 2; k++) {
        wm_navigator *nav = hostile_navigator(estimators[k], WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_HEIGHTS_ELLIPSOIDAL);
        wm_navigator *twin = hostile_navigator(estimators[k], WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_HEIGHTS_ELLIPSOIDAL);
        wm_navigator_result r, t;
        wm_camera cam;
        wm_fix fix;
        wm_arrow a[64], b[64];
        wm_arrow_leg la[16], lb[16];
        size_t n = 0, m = 0, nl = 0, ml = 0;
        h_two_fixes(nav);
        h_two_fixes(twin);
        hostile_camera(&cam, 0, -10, 0);
        memset(&r, 0, sizeof r); memset(&t, 0, sizeof t);
        r.size = t.size = WM_NAVIGATOR_RESULT_SIZE;
        CHECK(wm_navigator_update(nav, 2.5, &cam, &r, a, 64, &n) == WM_OK);
        CHECK(wm_navigator_update(twin, 2.5, &cam, &t, b, 64, &m) == WM_OK);
        cam.has_ground = 1;
        cam.ground_height_m = 1e200;
        CHECK(wm_navigator_update(nav, 2.6, &cam, &r, a, 64, &n) == WM_ERROR_INVALID_VALUE);
        memset(&fix, 0, sizeof fix);
        fix.position.lat_deg = 55.7341; fix.position.lon_deg = 37.5886;
        fix.horizontal_accuracy_m = 5; fix.vertical_accuracy_m = 5; fix.time_s = 2.7;
        fix.scene_position.x = 1e200;
        CHECK(wm_navigator_add_fix(nav, &fix) == WM_ERROR_INVALID_VALUE);
        cam.has_ground = 0;
        memset(a, 0, sizeof a); memset(b, 0, sizeof b);
        CHECK(wm_navigator_update(nav, 3, &cam, &r, a, 64, &n) == WM_OK);
        CHECK(wm_navigator_update(twin, 3, &cam, &t, b, 64, &m) == WM_OK);
        CHECK(memcmp(&r, &t, sizeof r) == 0 && n == m && memcmp(a, b, sizeof a) == 0);
        if (n > 0) {
            CHECK(wm_navigator_legs(nav, 0, la, 16, &nl) == WM_OK && wm_navigator_legs(twin, 0, lb, 16, &ml) == WM_OK);
            CHECK(nl == ml && memcmp(la, lb, nl * sizeof la[0]) == 0 && fabs(la[0].start.y) < 100);
        }
        wm_navigator_destroy(nav);
        wm_navigator_destroy(twin);
    }
}

static wm_compass_reading hostile_reading(double time, double heading, double accuracy, const wm_camera *camera) {
    wm_compass_reading r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    r.time_s = time;
    r.true_heading_deg = heading;
    r.accuracy_deg = accuracy;
    r.camera = camera->transform;
    return r;
}

static int add_fix_at(wm_navigator *nav, double time, double north_m, double x, double z) {
    wm_fix fix;
    memset(&fix, 0, sizeof fix);
    fix.position.lat_deg = 55.7339 + north_m / 111320.0;
    fix.position.lon_deg = 37.5886;
    fix.position.height_m = 151.4;
    fix.has_height = 1;
    fix.horizontal_accuracy_m = 5;
    fix.vertical_accuracy_m = 10;
    fix.time_s = time;
    fix.scene_position.x = x;
    fix.scene_position.y = 1.4;
    fix.scene_position.z = z;
    return wm_navigator_add_fix(nav, &fix);
}

/* An update after hostile calls: OK, and every number finite or NaN (not available),
 * never an infinity; the enums in range. */
static int sane_update(wm_navigator *nav, double time, const wm_camera *cam, wm_navigator_result *r) {
    wm_arrow arrows[40];
    size_t n = 0, i;
    const double *d;
    memset(r, 0, sizeof *r);
    r->size = sizeof *r;
    if (wm_navigator_update(nav, time, cam, r, arrows, 40, &n) != WM_OK) return 0;
    if (r->size != sizeof *r || n > 40) return 0;
    if (r->correction_state < WM_CORRECTION_NONE || r->correction_state > WM_CORRECTION_APPLIED) return 0;
    if (r->correction_source < WM_SOURCE_NONE || r->correction_source > WM_SOURCE_TRACK) return 0;
    if (r->tracking_state != WM_TRACKING_NORMAL && r->tracking_state != WM_TRACKING_LIMITED) return 0;
    if (!isnan(r->anchor_sigma_m) && !(r->anchor_sigma_m >= 0 && isfinite(r->anchor_sigma_m))) return 0;
    for (d = &r->correction_deg; d <= &r->label_roll_deg; d++)
        if (isinf(*d)) return 0;
    for (i = 0; i < n; i++)
        if (!isfinite(arrows[i].position.x) || !isfinite(arrows[i].position.y) || !isfinite(arrows[i].position.z)) return 0;
    return 1;
}

static void n1_compass_hostile_values(void) {
    static const double non_finite[] = {NAN, INFINITY, -INFINITY};
    static const double bad_accuracy[] = {0, -0.0, -1, -4.9e-324, 181, 180.00000000001, -DBL_MAX, DBL_MAX};
    static const double fine_accuracy[] = {1e-300, DBL_MIN, 4.9e-324, 0.5, 179.999, 180};
    static const double fine_heading[] = {0, -0.0, 360, -360, 720.5, 1e18, -1e18, 1.7e308, -DBL_MAX, 4.9e-324};
    int32_t estimators[3] = {WM_ESTIMATOR_FILTER, WM_ESTIMATOR_ROBUST, WM_ESTIMATOR_SEED_PAIRS};
    int e, alignment;
    for (e = 0; e < 3; e++) for (alignment = 0; alignment <= 1; alignment++) {
        wm_navigator *nav = hostile_navigator(estimators[e], alignment, WM_HEIGHTS_ELLIPSOIDAL);
        wm_navigator_result r;
        wm_camera cam, odd;
        wm_compass_reading reading;
        size_t i;
        int j;
        double t = 1;
        hostile_camera(&cam, 0, 0, 30);
        CHECK(wm_navigator_add_heading(NULL, NULL) == WM_ERROR_NULL_POINTER);
        CHECK(wm_navigator_add_heading(nav, NULL) == WM_ERROR_NULL_POINTER);
        reading = hostile_reading(t, 40, 10, &cam);
        CHECK(wm_navigator_add_heading(NULL, &reading) == WM_ERROR_NULL_POINTER);
        /* Before any fix, and after one. */
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
        CHECK(add_fix_at(nav, t, 0, 0, 0) == WM_OK);
        for (i = 0; i < 3; i++) {
            reading = hostile_reading(t, 40, 10, &cam); reading.time_s = non_finite[i];
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
            reading = hostile_reading(t, 40, 10, &cam); reading.true_heading_deg = non_finite[i];
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
            reading = hostile_reading(t, 40, 10, &cam); reading.accuracy_deg = non_finite[i];
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
            for (j = 0; j < 16; j++) {
                reading = hostile_reading(t, 40, 10, &cam);
                reading.camera.m[j] = (float)non_finite[i];
                CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
            }
        }
        for (i = 0; i < sizeof bad_accuracy / sizeof bad_accuracy[0]; i++) {
            reading = hostile_reading(t, 40, bad_accuracy[i], &cam);
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
        }
        /* Valid but extreme: OK (used or skipped), and the frame stays sane. */
        for (i = 0; i < sizeof fine_accuracy / sizeof fine_accuracy[0]; i++) {
            t += 1;
            reading = hostile_reading(t, 40, fine_accuracy[i], &cam);
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
            CHECK(sane_update(nav, t, &cam, &r));
        }
        for (i = 0; i < sizeof fine_heading / sizeof fine_heading[0]; i++) {
            t += 1;
            reading = hostile_reading(t, fine_heading[i], 10, &cam);
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
            CHECK(sane_update(nav, t, &cam, &r));
        }
        /* Cameras the header calls not rigid, degenerate or straight up/down: a status,
           never a crash (skipped readings are OK). */
        for (j = 0; j < 7; j++) {
            wm_status s;
            odd = cam;
            if (j == 0) memset(&odd.transform, 0, sizeof odd.transform);
            if (j == 1) { odd.transform.m[8] = 0; odd.transform.m[10] = 0; odd.transform.m[9] = 1; }    /* facing down */
            if (j == 2) { odd.transform.m[8] = 0; odd.transform.m[10] = 0; odd.transform.m[9] = -1; }   /* facing up */
            if (j == 3) { int k; for (k = 0; k < 16; k++) odd.transform.m[k] *= 1e30f; }
            if (j == 4) { odd.transform.m[12] = FLT_MAX; odd.transform.m[14] = -FLT_MAX; }
            if (j == 5) { int k; for (k = 0; k < 16; k++) odd.transform.m[k] = FLT_MIN; }
            if (j == 6) { odd.transform.m[8] = 1e-38f; odd.transform.m[10] = -1e-38f; odd.transform.m[9] = 0; }
            t += 1;
            reading = hostile_reading(t, 10, 10, &odd);
            s = wm_navigator_add_heading(nav, &reading);
            CHECK(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
            CHECK(sane_update(nav, t, &cam, &r));
        }
        /* And a fix after all of it still works. */
        CHECK(add_fix_at(nav, t + 1, 3, 0, -3) == WM_OK);
        CHECK(sane_update(nav, t + 1, &cam, &r) && isfinite(r.progress_m));
        wm_navigator_destroy(nav);
    }
}

static void n2_tracking_hostile_states(void) {
    static const int32_t bad_states[] = {-1, 3, 4, 255, 256, 65538, INT32_MAX, INT32_MIN, -2};
    static const double non_finite[] = {NAN, INFINITY, -INFINITY};
    int32_t estimators[3] = {WM_ESTIMATOR_FILTER, WM_ESTIMATOR_ROBUST, WM_ESTIMATOR_SEED_PAIRS};
    int e;
    for (e = 0; e < 3; e++) {
        wm_navigator *nav = hostile_navigator(estimators[e], WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_HEIGHTS_NONE);
        wm_navigator_result r;
        wm_camera cam;
        size_t i, j;
        int32_t s;
        hostile_camera(&cam, 0, 0, 0);
        CHECK(wm_navigator_tracking(NULL, 0, WM_TRACKING_NORMAL) == WM_ERROR_NULL_POINTER);
        CHECK(wm_navigator_tracking(NULL, NAN, -1) == WM_ERROR_NULL_POINTER);
        for (i = 0; i < sizeof bad_states / sizeof bad_states[0]; i++) {
            CHECK(wm_navigator_tracking(nav, 0, bad_states[i]) == WM_ERROR_INVALID_VALUE);
            CHECK(wm_navigator_tracking(nav, NAN, bad_states[i]) == WM_ERROR_INVALID_VALUE);
        }
        for (s = WM_TRACKING_NORMAL; s <= WM_TRACKING_RESET; s++)
            for (j = 0; j < 3; j++) CHECK(wm_navigator_tracking(nav, non_finite[j], s) == WM_ERROR_INVALID_VALUE);
        /* Every state before any fix, repeated, in any order. */
        for (s = WM_TRACKING_RESET; s >= WM_TRACKING_NORMAL; s--) {
            CHECK(wm_navigator_tracking(nav, 0, s) == WM_OK);
            CHECK(wm_navigator_tracking(nav, 0, s) == WM_OK);
            CHECK(sane_update(nav, 0, &cam, &r));
        }
        CHECK(add_fix_at(nav, 1, 0, 0, 0) == WM_OK);
        CHECK(sane_update(nav, 1, &cam, &r) && isfinite(r.progress_m));
        /* Reset after reset with no scene position between, limited across a reset. */
        CHECK(wm_navigator_tracking(nav, 2, WM_TRACKING_LIMITED) == WM_OK);
        CHECK(wm_navigator_tracking(nav, 2, WM_TRACKING_RESET) == WM_OK);
        CHECK(wm_navigator_tracking(nav, 2, WM_TRACKING_RESET) == WM_OK);
        CHECK(sane_update(nav, 3, &cam, &r) && r.tracking_state == WM_TRACKING_NORMAL);
        CHECK(wm_navigator_tracking(nav, 4, WM_TRACKING_RESET) == WM_OK);
        CHECK(add_fix_at(nav, 5, 2, 100, -100) == WM_OK);   /* the new scene's first position: a fix */
        CHECK(sane_update(nav, 5, &cam, &r) && isfinite(r.progress_m));
        /* Many resets, each followed by a frame at a new place. */
        for (i = 0; i < 200; i++) {
            hostile_camera(&cam, (double)i * 37 - 3000, (double)(i % 7) * 1000, (double)i * 13);
            CHECK(wm_navigator_tracking(nav, 6 + (double)i, i % 3 == 0 ? WM_TRACKING_RESET : (int32_t)(i % 2)) == WM_OK);
            CHECK(sane_update(nav, 6.5 + (double)i, &cam, &r));
        }
        wm_navigator_destroy(nav);
    }
}

static void n3_clock_backwards_and_gaps(void) {
    int32_t estimators[3] = {WM_ESTIMATOR_FILTER, WM_ESTIMATOR_ROBUST, WM_ESTIMATOR_SEED_PAIRS};
    int e, alignment;
    for (e = 0; e < 3; e++) for (alignment = 0; alignment <= 1; alignment++) {
        wm_navigator *nav = hostile_navigator(estimators[e], alignment, WM_HEIGHTS_ELLIPSOIDAL);
        wm_navigator_result r;
        wm_camera cam;
        wm_compass_reading reading;
        int i;
        hostile_camera(&cam, 0, 0, 10);
        /* Backwards: a fix at 100, then a reading at 50, tracking at 10, a fix at 0, a frame at 5. */
        CHECK(add_fix_at(nav, 100, 0, 0, 0) == WM_OK);
        reading = hostile_reading(50, 15, 10, &cam);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
        CHECK(wm_navigator_tracking(nav, 10, WM_TRACKING_LIMITED) == WM_OK);
        CHECK(wm_navigator_tracking(nav, 9, WM_TRACKING_NORMAL) == WM_OK);
        CHECK(add_fix_at(nav, 0, 1, 0, -1) == WM_OK);
        CHECK(sane_update(nav, 5, &cam, &r) && isfinite(r.progress_m) && isfinite(r.user.lat_deg));
        CHECK(estimators[e] != WM_ESTIMATOR_FILTER || (isfinite(r.anchor_sigma_m) && r.anchor_sigma_m > 0));
        /* A walk whose clock runs backwards every other step. */
        for (i = 0; i < 60; i++) {
            double t = 100 + (i % 2 ? -30.0 * i : 0.5 * i);
            hostile_camera(&cam, 0, -0.7 * i, 10);
            CHECK(add_fix_at(nav, t, 0.7 * i, 0, -0.7 * i) == WM_OK);
            reading = hostile_reading(t - 0.25, 10 + i, 10, &cam);
            CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
            CHECK(sane_update(nav, t - 1000, &cam, &r) && isfinite(r.progress_m));
        }
        /* Gaps: a backgrounded app, 1e9 s (32 years), then 1e15, then back to 0. */
        {
            static const double gaps[] = {1e9, 1e9 + 0.5, 1e15, 1e15 + 1, 0, 1e9};
            size_t g;
            for (g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
                double t = gaps[g];
                CHECK(wm_navigator_tracking(nav, t, WM_TRACKING_NORMAL) == WM_OK);
                reading = hostile_reading(t + 0.1, 10, 10, &cam);
                CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
                CHECK(add_fix_at(nav, t + 0.2, 42, 0, -42) == WM_OK);
                CHECK(sane_update(nav, t + 0.3, &cam, &r));
                /* After a gap the fix places the user again: a right answer, not NaN. */
                CHECK(isfinite(r.progress_m) && isfinite(r.user.lat_deg) && isfinite(r.finish.x));
                CHECK(fabs(r.user.lat_deg - (55.7339 + 42 / 111320.0)) < 100 / 111320.0);
                CHECK(estimators[e] != WM_ESTIMATOR_FILTER || (isfinite(r.anchor_sigma_m) && r.anchor_sigma_m > 0));
            }
        }
        /* The far ends of the finite doubles: a status or a sane frame, never a crash. */
        {
            static const double extremes[] = {DBL_MAX, -DBL_MAX, 1e300, -1e300, 4.9e-324, 0};
            size_t g;
            for (g = 0; g < sizeof extremes / sizeof extremes[0]; g++) {
                double t = extremes[g];
                wm_status s;
                CHECK(wm_navigator_tracking(nav, t, (int32_t)(g % 3)) == WM_OK);
                reading = hostile_reading(t, 10, 10, &cam);
                CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
                s = (wm_status)add_fix_at(nav, t, 42, 0, -42);
                CHECK(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
                CHECK(sane_update(nav, t, &cam, &r));
            }
        }
        wm_navigator_destroy(nav);
    }
}

static void n4_config_new_fields(void) {
    /* Offsets of the twelve doubles after finish_far_m, with values the header refuses
       for every one of them and values at and beyond each documented range. */
    static const double refused_everywhere[] = {NAN, INFINITY, -INFINITY, -1};
    static const double probes[] = {0, -0.0, 1e-300, 0.5, 0.9999999, 1, 1.0000001, 75, 90, 90.0000001, 180, 180.5, 1e6, 1e300, DBL_MAX};
    wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 151}};
    size_t field, i;
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_navigator_config_default(&config);
    for (field = 0; field < 12; field++) {
        size_t offset = offsetof(wm_navigator_config, alignment_sigma_deg) + field * sizeof(double);
        for (i = 0; i < sizeof refused_everywhere / sizeof refused_everywhere[0]; i++) {
            wm_navigator *untouched = (wm_navigator *)&config;
            wm_navigator_config_default(&config);
            memcpy((char *)&config + offset, &refused_everywhere[i], sizeof(double));
            CHECK(wm_navigator_create(&config, route, 24, 2, &untouched, NULL) == WM_ERROR_INVALID_VALUE);
            CHECK(untouched == (wm_navigator *)&config && wm_navigator_arrow_capacity(&config) == 0);
        }
        for (i = 0; i < sizeof probes / sizeof probes[0]; i++) {
            wm_status s;
            wm_navigator_config_default(&config);
            memcpy((char *)&config + offset, &probes[i], sizeof(double));
            nav = NULL;
            s = wm_navigator_create(&config, route, 24, 2, &nav, NULL);
            CHECK(s == WM_OK || s == WM_ERROR_INVALID_VALUE);
            CHECK((s == WM_OK) == (nav != NULL));
            if (nav) {   /* accepted: it must run */
                wm_navigator_result r;
                wm_camera cam;
                wm_compass_reading reading;
                int k;
                for (k = 0; k < 12; k++) {
                    hostile_camera(&cam, 0, -1.0 * k, 5);
                    CHECK(add_fix_at(nav, k, 1.0 * k, 0, -1.0 * k) == WM_OK);
                    reading = hostile_reading(k + 0.5, 20, 10, &cam);
                    CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
                    if (k == 5) CHECK(wm_navigator_tracking(nav, k + 0.6, WM_TRACKING_LIMITED) == WM_OK);
                    if (k == 8) CHECK(wm_navigator_tracking(nav, k + 0.6, WM_TRACKING_RESET) == WM_OK);
                    CHECK(sane_update(nav, k + 0.7, &cam, &r));
                }
                wm_navigator_destroy(nav);
            }
        }
    }
    /* The documented ranges, at their edges. */
    {
        struct { size_t offset; double value; int ok; } edges[] = {
            {offsetof(wm_navigator_config, alignment_sigma_deg), 0, 0},
            {offsetof(wm_navigator_config, alignment_sigma_deg), 180, 1},
            {offsetof(wm_navigator_config, alignment_sigma_deg), 180.001, 0},
            {offsetof(wm_navigator_config, gps_correlation_s), 0, 0},
            {offsetof(wm_navigator_config, gps_correlation_s), 1e-9, 1},
            {offsetof(wm_navigator_config, gps_correlated_share), 0, 1},
            {offsetof(wm_navigator_config, gps_correlated_share), 1, 0},
            {offsetof(wm_navigator_config, compass_correlated_share), 0, 1},
            {offsetof(wm_navigator_config, compass_correlated_share), 1, 0},
            {offsetof(wm_navigator_config, compass_maximum_pitch_deg), 0, 1},
            {offsetof(wm_navigator_config, compass_maximum_pitch_deg), 90, 1},
            {offsetof(wm_navigator_config, compass_maximum_pitch_deg), 90.001, 0},
        };
        for (i = 0; i < sizeof edges / sizeof edges[0]; i++) {
            wm_status s;
            wm_navigator_config_default(&config);
            memcpy((char *)&config + edges[i].offset, &edges[i].value, sizeof(double));
            nav = NULL;
            s = wm_navigator_create(&config, route, 24, 2, &nav, NULL);
            if ((s == WM_OK) != edges[i].ok)
                fprintf(stderr, "  field at offset %lu = %g: %s\n", (unsigned long)edges[i].offset, edges[i].value, wm_status_string(s));
            CHECK((s == WM_OK) == edges[i].ok);
            wm_navigator_destroy(nav);
        }
    }
    /* Sizes and selectors. */
    {
        static const uint32_t sizes[] = {0, 1, 184, WM_NAVIGATOR_CONFIG_SIZE - 1, WM_NAVIGATOR_CONFIG_SIZE + 1,
                                         WM_NAVIGATOR_CONFIG_SIZE + 8, 0x80000000u, UINT32_MAX};
        static const int32_t selectors[] = {-1, 2, 3, INT32_MAX, INT32_MIN};
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            wm_navigator_config_default(&config);
            config.size = sizes[i];
            CHECK(wm_navigator_create(&config, route, 24, 2, &nav, NULL) == WM_ERROR_INVALID_VALUE);
            CHECK(wm_navigator_arrow_capacity(&config) == 0);
        }
        for (i = 0; i < sizeof selectors / sizeof selectors[0]; i++) {
            wm_navigator_config_default(&config);
            config.alignment = selectors[i];
            CHECK(wm_navigator_create(&config, route, 24, 2, &nav, NULL) == WM_ERROR_INVALID_VALUE);
            wm_navigator_config_default(&config);
            config.estimator = selectors[i] == 2 ? 3 : selectors[i];
            CHECK(wm_navigator_create(&config, route, 24, 2, &nav, NULL) == WM_ERROR_INVALID_VALUE);
        }
    }
}

/* The new calls' error paths allocate nothing either. */
/* ---- Q: the third audit's C findings (issue 37) ------------------------------------ */

static void q1_counts_untouched_on_refusal(void) {
    /* *count is written on WM_OK and BAD_COUNT (the size query) only: a NULL out with room
     * for the elements is NULL_POINTER and leaves it as it was (it was set to 2). */
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 151}};
    wm_vec3 scene[3] = {{0, 0, 0}, {0, 0, -100}, {50, 0, -100}};
    wm_route *r = NULL;
    wm_route_position at;
    wm_camera cam;
    wm_navigator_result res;
    size_t count = 77;
    int k;
    wm_navigator_config_default(&config);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, NULL) == WM_OK);
    for (k = 0; k < 6; k++) {
        hostile_camera(&cam, 0, -1.0 * k, 0);
        CHECK(add_fix_at(nav, k, 1.0 * k, 0, -1.0 * k) == WM_OK);
        CHECK(sane_update(nav, k + 0.5, &cam, &res));
    }
    CHECK(res.arrow_total > 0);
    CHECK(wm_navigator_legs(nav, 0, NULL, 16, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_navigator_legs(nav, 0, NULL, SIZE_MAX, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_navigator_legs(nav, 0, NULL, 0, &count) == WM_ERROR_BAD_COUNT && count >= 1);
    wm_navigator_destroy(nav);
    CHECK(wm_route_create(scene, sizeof scene[0], 3, WM_AXES_EUS, &r) == WM_OK);
    count = 77;
    CHECK(wm_route_legs(r, 0, 150, NULL, 16, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_route_legs(r, 0, 150, NULL, SIZE_MAX, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_route_legs(r, 0, 150, NULL, 0, &count) == WM_ERROR_BAD_COUNT && count == 2);
    CHECK(wm_route_project(r, scene[0], &at) == WM_OK);
    count = 77;
    CHECK(wm_route_arrows(r, &at, 10, 50, NULL, 16, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_route_arrows(r, &at, 10, 50, NULL, SIZE_MAX, &count) == WM_ERROR_NULL_POINTER && count == 77);
    CHECK(wm_route_arrows(r, &at, 10, 50, NULL, 0, &count) == WM_ERROR_BAD_COUNT && count == 6);
    wm_route_destroy(r);
}

/* A camera at the origin looking along -z (identity view) and a 60-degree projection. */
static void q_camera(wm_mat4f *view, wm_mat4f *projection) {
    double p[16];
    int i;
    memset(view, 0, sizeof *view);
    view->m[0] = view->m[5] = view->m[10] = view->m[15] = 1;
    CHECK(wm_perspective(60, 390.0 / 844, 0.05, 1000, p) == WM_OK);
    for (i = 0; i < 16; i++) projection->m[i] = (float)p[i];
}

static void q2_screen_extremes(void) {
    wm_mat4f view, projection;
    wm_viewport phone = {0, 0, 390, 844};
    wm_viewport huge = {0, 0, 1.7e308, 1.7e308}, thin = {0, 0, 5e-324, 844}, far = {1e10, 0, 390, 844};
    wm_vec3 ahead = {0, 0, -10}, plane = {1e12, 0, -5e-324};
    double x = 7, y = 7, radius = 7, turn = 7, p[16];
    int32_t visible = 7, needed = 7;
    size_t index = 7, first_bad = 7;
    double distance = 7;
    q_camera(&view, &projection);
    /* Viewports whose projections overflow or divide to infinity are refused. */
    CHECK(wm_screen_project(&view, &projection, huge, ahead, &x, &y, &visible) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_project(&view, &projection, thin, ahead, &x, &y, &visible) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_project(&view, &projection, far, ahead, &x, &y, &visible) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_sphere_radius(&view, &projection, huge, ahead, 20, &radius) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_sphere_radius(&view, &projection, thin, ahead, 20, &radius) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_hint(&view, &projection, huge, WM_AXES_EUS, ahead, &needed, &x, &y, &turn) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_screen_hint(&view, &projection, thin, WM_AXES_EUS, ahead, &needed, &x, &y, &turn) == WM_ERROR_INVALID_VALUE);
    CHECK(x == 7 && y == 7 && visible == 7 && radius == 7 && needed == 7 && turn == 7);
    /* The bounds themselves are taken. */
    {
        wm_viewport edge = {-WM_VIEWPORT_MAX, WM_VIEWPORT_MAX, WM_VIEWPORT_MAX, WM_VIEWPORT_MIN_SIZE};
        CHECK(wm_screen_project(&view, &projection, edge, ahead, &x, &y, &visible) == WM_OK);
        CHECK(isfinite(x) && isfinite(y));
    }
    /* A point in the camera's own plane has no screen position: NOT_AVAILABLE, nothing written. */
    x = 7; y = 7; visible = 7;
    CHECK(wm_screen_project(&view, &projection, phone, plane, &x, &y, &visible) == WM_ERROR_NOT_AVAILABLE);
    CHECK(x == 7 && y == 7 && visible == 7);
    CHECK(wm_screen_sphere_radius(&view, &projection, phone, plane, 20, &radius) == WM_ERROR_NOT_AVAILABLE);
    /* A tap 1e200 points from the only candidate, radius 1e300: picked (the squared distance overflowed). */
    CHECK(wm_screen_project(&view, &projection, phone, ahead, &x, &y, &visible) == WM_OK);
    CHECK(wm_screen_pick(&view, &projection, phone, x + 1e200, y, 1e300, &ahead, sizeof ahead, 1, &index, &distance,
                         &first_bad) == WM_OK);
    CHECK(index == 0 && distance > 0.99e200 && distance < 1.01e200);
    /* near * far underflowing to a singular projection is refused, nothing written. */
    p[14] = 7;
    CHECK(wm_perspective(60, 1, 1e-200, 1e-150, p) == WM_ERROR_INVALID_VALUE && p[14] == 7);
}

static void q3_label_extremes(void) {
    wm_mat4f view, projection;
    wm_viewport phone = {0, 0, 390, 844};
    wm_label out;
    int32_t axes[] = {WM_AXES_EUS, WM_AXES_ENU};
    size_t i;
    q_camera(&view, &projection);
    for (i = 0; i < sizeof axes / sizeof axes[0]; i++) {
        /* A point within +-1e12 whose anchor 1 m above it lies beyond: NOT_AVAILABLE, *out untouched. */
        wm_vec3 top = {0, 0, -10};
        int up = axes[i] == WM_AXES_ENU ? 2 : 1;
        if (up == 2) top.z = 1e12 - 0.5; else top.y = 1e12 - 0.5;
        memset(&out, 0x5a, sizeof out);
        CHECK(wm_screen_label(&view, &projection, phone, axes[i], top, WM_LABEL_METRES, 1, &out) == WM_ERROR_NOT_AVAILABLE);
        CHECK(((unsigned char *)&out)[0] == 0x5a);
    }
    /* A label exactly at the camera, in metres as in points: NOT_AVAILABLE (it has no
     * facing, screen position or transform). */
    {
        wm_vec3 camera = {0, 0, 0};
        memset(&out, 0x5a, sizeof out);
        CHECK(wm_screen_label(&view, &projection, phone, WM_AXES_EUS, camera, WM_LABEL_METRES, 0, &out) == WM_ERROR_NOT_AVAILABLE);
        CHECK(wm_screen_label(&view, &projection, phone, WM_AXES_EUS, camera, WM_LABEL_POINTS, 0, &out) == WM_ERROR_NOT_AVAILABLE);
        CHECK(((unsigned char *)&out)[0] == 0x5a);
    }
}

static void q4_reset_then_huge_time(void) {
    /* A tracking reset, then fixes and updates at t = 1e200: the gap only widens the
     * uncertainty (it counts as a day); the anchor sigma stays a number and the fixes
     * that follow correct the heading again. */
    wm_navigator_config config;
    wm_navigator *nav = NULL;
    wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 151}};
    wm_camera cam;
    wm_navigator_result r;
    int k;
    wm_navigator_config_default(&config);
    CHECK(wm_navigator_create(&config, route, sizeof route[0], 2, &nav, NULL) == WM_OK);
    for (k = 0; k < 30; k++) {
        hostile_camera(&cam, 0, -1.4 * k, 0);
        CHECK(add_fix_at(nav, k, 1.4 * k, 0, -1.4 * k) == WM_OK);
        CHECK(sane_update(nav, k + 0.5, &cam, &r));
    }
    CHECK(wm_navigator_tracking(nav, 30, WM_TRACKING_RESET) == WM_OK);
    /* All at 1e200: doubles there are 1e184 apart, so a clock in seconds cannot tick. */
    for (k = 0; k < 60; k++) {
        double t = 1e200;
        hostile_camera(&cam, 0, -1.4 * k, 0);
        CHECK(add_fix_at(nav, t, 1.4 * (30 + k), 0, -1.4 * k) == WM_OK);
        CHECK(sane_update(nav, t, &cam, &r));
        if (k > 0) CHECK(isfinite(r.anchor_sigma_m));
    }
    CHECK(r.correction_state == WM_CORRECTION_APPLIED);
    wm_navigator_destroy(nav);
}

static void n5_no_allocation_on_errors(void) {
#ifndef WAYMARK_NO_ALLOCATION_COUNT
    wm_navigator *nav = hostile_navigator(WM_ESTIMATOR_FILTER, WM_ALIGNMENT_GRAVITY, WM_HEIGHTS_ELLIPSOIDAL);
    wm_navigator_result r;
    wm_camera cam;
    wm_compass_reading reading;
    long before;
    size_t count = 0;
    int i;
    hostile_camera(&cam, 0, 0, 0);
    CHECK(add_fix_at(nav, 0, 0, 0, 0) == WM_OK);
    CHECK(sane_update(nav, 0, &cam, &r));   /* warm-up */
    before = allocations;
    for (i = 0; i < 100; i++) {
        reading = hostile_reading(i, 10, i % 2 ? NAN : 0, &cam);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
        reading.accuracy_deg = 10;
        reading.size = 0;
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_tracking(nav, i, 3 + i) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_navigator_tracking(nav, NAN, WM_TRACKING_RESET) == WM_ERROR_INVALID_VALUE);
        r.size = 1;
        CHECK(wm_navigator_update(nav, i, &cam, &r, NULL, 0, &count) == WM_ERROR_INVALID_VALUE);
        reading = hostile_reading(i + 0.5, 10, 10, &cam);
        CHECK(wm_navigator_add_heading(nav, &reading) == WM_OK);
        CHECK(wm_navigator_tracking(nav, i + 0.6, i % 10 == 0 ? WM_TRACKING_RESET : WM_TRACKING_NORMAL) == WM_OK);
    }
    CHECK(allocations == before);
    if (allocations != before) fprintf(stderr, "  %ld allocations\n", allocations - before);
    wm_navigator_destroy(nav);
#endif
}

/* ---- The runner ---------------------------------------------------------------------- */

typedef struct { const char *name; void (*run)(void); unsigned seconds; } test_case;

static const test_case cases[] = {
    {"D1 anchor transforms into a 4-byte-aligned wm_mat4f", d1_anchor_transforms_unaligned, 10},
    {"D1 matrix exports at 4-byte alignment", d1_matrix_exports_unaligned, 10},
    {"D3 radar with huge finite angles", d3_radar_huge_angles, 10},
    {"D3 heading corrector with extreme estimates", d3_corrector_extreme_estimate, 10},
    {"D3 frame and estimates with DBL_MAX scene positions", d3_frame_extreme_estimate, 10},
    {"D4 wm_route_create with an impossible count", d4_route_create_huge, 10},
    {"D4 wm_poi_clusters with an impossible count", d4_poi_clusters_huge, 10},
    {"D4 batch calls with impossible counts", d4_batches_huge, 10},
    {"D5 wm_simulate bounds", d5_simulate_bounds, 10},
    {"D5 wm_gps_model_fit and wm_gps_series_from_fix_log bounds", d5_gps_model_bounds, 10},
    {"D6 huge finite longitudes", d6_huge_longitudes, 20},
    {"D7 failed wm_transform_create leaks nothing", d7_no_leak_on_failure, 180},
    {"D7 wm_geoid_undulation without the grid leaks nothing", d7_no_leak_without_grid, 180},
    {"D8 a FIFO as a grid neither blocks nor opens", d8_fifo_grid, 10},
    {"D8 grids by path only with WM_TRANSFORM_ALLOW_PATHS", d8_paths_only_when_allowed, 10},
    {"H1 wm_navigator_create: impossible counts are BAD_COUNT, never a trap", h1_navigator_create_impossible_counts, 10},
    {"H2 wm_navigator_update: a capacity of SIZE_MAX or 2^63 is unlimited, never a trap", h2_navigator_update_unlimited_capacity, 10},
    {"H4 output capacities of 2^63 or more are unlimited in every call", h4_unlimited_output_capacities, 10},
    {"H3 the navigator's refused calls (ground 1e200, a fix at 1e200) change nothing", h3_navigator_refused_calls_change_nothing, 10},
    {"P1 a definition needing a grid that is not installed: GRID_MISSING at creation", p1_missing_grid_at_create, 10},
    {"P2 init files follow the grids' file rule, PROJ's process-wide cache included", p2_init_files_one_rule, 10},
    {"D9 WM_REGION_EVERYWHERE at the poles", d9_everywhere_at_the_poles, 10},
    {"D9 geodesics over 1e-160 degree steps", d9_tiny_steps, 10},
    {"D9 azimuths in (-180, 180]", d9_azimuth_range, 10},
    {"D9 exact GCJ inverse near the antimeridian", d9_gcj_inverse_antimeridian, 20},
    {"D10 POI clusters and the batch paths allocate nothing", d10_no_allocation, 10},
    {"D13 count == 0 succeeds whatever the other arguments", d13_count_zero, 10},
    {"D13 garbage bytes in a tagged frame", d13_garbage_frame, 20},
    {"N1 navigator compass readings with hostile values", n1_compass_hostile_values, 20},
    {"N2 navigator tracking with hostile states and times", n2_tracking_hostile_states, 20},
    {"N3 navigator clock going backwards and huge gaps", n3_clock_backwards_and_gaps, 20},
    {"N4 navigator config's new fields at and beyond their ranges", n4_config_new_fields, 60},
    {"N5 navigator error paths of the new calls allocate nothing", n5_no_allocation_on_errors, 10},
    {"Q1 *count untouched on a refused call (wm_navigator_legs, wm_route_legs, wm_route_arrows)", q1_counts_untouched_on_refusal, 10},
    {"Q2 extreme viewports, a point in the camera's plane, a far tap, an underflowing projection", q2_screen_extremes, 10},
    {"Q3 labels beyond +-1e12 m and at the camera", q3_label_extremes, 10},
    {"Q4 a tracking reset, then fixes at t = 1e200", q4_reset_then_huge_time, 20},
};

int main(int argc, char **argv) {
    size_t i;
    int passed = 0, failed = 0;
    const char *only = argc > 1 ? argv[1] : NULL;
    /* The leak cases read glibc's heap counters, which count chunks parked in the
     * per-thread cache as in use: run once more with the cache off. */
    if (!getenv("WAYMARK_HARDENING_CHILD")) {
        setenv("WAYMARK_HARDENING_CHILD", "1", 1);
        setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
        execv("/proc/self/exe", argv);
    }
    snprintf(fifo_dir, sizeof fifo_dir, "/tmp/waymark-hardening-XXXXXX");
    if (!mkdtemp(fifo_dir)) { perror("mkdtemp"); return 2; }
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pid_t pid;
        int status = 0;
        if (only && !strstr(cases[i].name, only)) continue;
        fflush(stdout);
        fflush(stderr);
        pid = fork();
        if (pid == 0) {
            /* A hang guard, not a speed limit: six times what a quiet machine needs, so a
             * loaded one under the sanitizers still passes and a hang still fails loudly. */
            alarm(cases[i].seconds * 6);
            cases[i].run();
#ifdef WAYMARK_LSAN
            /* _exit skips LeakSanitizer's exit check: run it for this case now. */
            if (__lsan_do_recoverable_leak_check()) child_failures++;
#endif
            _exit(child_failures ? 1 : 0);
        }
        if (pid < 0 || waitpid(pid, &status, 0) < 0) { perror("fork"); return 2; }
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            passed++;
        } else {
            failed++;
            if (WIFSIGNALED(status))
                fprintf(stderr, "FAILED %s: %s\n", cases[i].name,
                        WTERMSIG(status) == SIGALRM ? "timed out" : strsignal(WTERMSIG(status)));
            else
                fprintf(stderr, "FAILED %s\n", cases[i].name);
        }
    }
    rmdir(fifo_dir);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
