/* C99 consumer test of the installed Waymark library: reference vectors at the core's
 * tolerances, every status path, outputs untouched on error, first_bad, layouts.
 * Usage: c_abi_test <Tests/Data directory>. Prints "N passed, N failed". */
#define WAYMARK_EXPERIMENTAL /* wm_simulate */
#if defined(__unix__) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200112L /* fork, pipe, unsetenv: foreign_frame_first */
#endif
#include <waymark.h>

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__)
#include <sys/wait.h>
#include <unistd.h>
#endif

static int passed = 0, failed = 0;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)
static void check(int ok, const char *what, const char *file, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed <= 20) fprintf(stderr, "%s:%d: failed: %s\n", file, line, what);
    }
}

/* Compile-time layout checks that work in C99: a negative array size fails. */
typedef char check_geodetic_size[sizeof(wm_geodetic) == 24 ? 1 : -1];
typedef char check_vec3_size[sizeof(wm_vec3) == 24 ? 1 : -1];
typedef char check_mat4f_size[sizeof(wm_mat4f) == 64 ? 1 : -1];
typedef char check_frame_size[sizeof(wm_frame) == WM_FRAME_SIZE ? 1 : -1];
typedef char check_lon_offset[offsetof(wm_geodetic, lon_deg) == 8 ? 1 : -1];
typedef char check_height_offset[offsetof(wm_geodetic, height_m) == 16 ? 1 : -1];
typedef char check_z_offset[offsetof(wm_vec3, z) == 16 ? 1 : -1];

/* Reads the numeric columns of a CSV line into v (non-numeric fields become NAN). */
static int split(char *line, double *v, int max, char **first_field) {
    int n = 0;
    char *p = line;
    *first_field = line;
    while (n < max) {
        char *end;
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        v[n] = strtod(p, &end);
        if (end == p) v[n] = NAN;
        n++;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

static FILE *open_data(const char *dir, const char *name) {
    char path[4096];
    FILE *f;
    sprintf(path, "%.4000s/%s", dir, name);
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    return f;
}

/* Scaffolding distances and destinations. The full flavour uses Karney's geodesics;
 * the core flavour (WAYMARK_CORE: no PROJ, no wm_geodesic_*) goes through a local ENU
 * frame, which agrees with the geodesic to 2e-5 m at 900 m and to round-off at 1e-6 m —
 * far inside what the checks that use these need. */
static wm_status test_direct(wm_geodetic start, double azimuth_deg, double distance_m, wm_geodetic *out) {
#ifndef WAYMARK_CORE
    return wm_geodesic_direct(start, azimuth_deg, distance_m, out, NULL);
#else
    wm_frame frame;
    wm_vec3 enu;
    wm_status st;
    const double pi = 3.14159265358979323846;
    enu.x = distance_m * sin(azimuth_deg * pi / 180);
    enu.y = distance_m * cos(azimuth_deg * pi / 180);
    enu.z = 0;
    if ((st = wm_frame_init(&frame, start, WM_AXES_ENU)) != WM_OK) return st;
    st = wm_frame_reverse(&frame, &enu, sizeof enu, out, sizeof *out, 1, NULL);
    out->height_m = start.height_m;
    return st;
#endif
}

static wm_status test_distance(wm_geodetic a, wm_geodetic b, double *distance_m) {
#ifndef WAYMARK_CORE
    return wm_geodesic_inverse(a, b, distance_m, NULL, NULL);
#else
    wm_frame frame;
    wm_vec3 enu;
    wm_status st;
    if ((st = wm_frame_init(&frame, a, WM_AXES_ENU)) != WM_OK) return st;
    if ((st = wm_frame_forward(&frame, &b, sizeof b, &enu, sizeof enu, 1, NULL)) != WM_OK) return st;
    *distance_m = sqrt(enu.x * enu.x + enu.y * enu.y);
    return WM_OK;
#endif
}

static double angle_diff(double a, double b) { return fabs(remainder(a - b, 360.0)); }

/* How far an azimuth moves when the printed inputs (1e-12 degree) move by half their
 * quantum: where this exceeds 1e-9 degree the row is compared by position instead. */
static double rounding_sensitivity_deg(double s12) {
    const double pi = 3.14159265358979323846;
    double quantum = 0.5e-12 * pi / 180 * 6378137.0;
    return 2 * sqrt(2.0) * quantum / (s12 > 1e-12 ? s12 : 1e-12) * 180 / pi;
}

#ifndef WAYMARK_CORE

static void geodesic_vectors(const char *dir) {
    char line[1024], *kind;
    double v[8];
    int rows = 0;
    double worst = 0;
    FILE *f = open_data(dir, "geodesic_wgs84.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        wm_geodetic a, b, reached;
        double s12, azi1, azi2, back;
        split(line, v, 8, &kind);
        a.lat_deg = v[1]; a.lon_deg = v[2]; a.height_m = 0;
        b.lat_deg = v[3]; b.lon_deg = v[4]; b.height_m = 0;
        CHECK(wm_geodesic_inverse(a, b, &s12, &azi1, &azi2) == WM_OK);
        CHECK(fabs(s12 - v[5]) <= 1e-6);
        if (fabs(s12 - v[5]) > worst) worst = fabs(s12 - v[5]);
        if (strncmp(kind, "antipodal", 9) != 0 && rounding_sensitivity_deg(s12) <= 1e-9) {
            CHECK(angle_diff(azi1, v[6]) <= 1e-9 && angle_diff(azi2, v[7]) <= 1e-9);
        } else {
            /* Ill-conditioned azimuths: the position reached must be right. */
            CHECK(wm_geodesic_direct(a, azi1, s12, &reached, NULL) == WM_OK);
            CHECK(wm_geodesic_inverse(reached, b, &back, NULL, NULL) == WM_OK && back <= 1e-6);
        }
        rows++;
    }
    fclose(f);
    CHECK(rows == 3000);
    printf("geodesic_wgs84: %d rows, worst distance %.3g m\n", rows, worst);
}

#endif
static void enu_vectors(const char *dir) {
    char line[1024], *first;
    double v[9];
    int rows = 0;
    double worst = 0, worst_round = 0;
    FILE *f = open_data(dir, "enu_wgs84.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        wm_frame frame;
        wm_geodetic origin, point, back;
        wm_vec3 enu;
        double err;
        split(line, v, 9, &first);
        origin.lat_deg = v[0]; origin.lon_deg = v[1]; origin.height_m = v[2];
        point.lat_deg = v[3]; point.lon_deg = v[4]; point.height_m = v[5];
        CHECK(wm_frame_init(&frame, origin, WM_AXES_ENU) == WM_OK);
        CHECK(wm_frame_forward(&frame, &point, sizeof point, &enu, sizeof enu, 1, NULL) == WM_OK);
        err = sqrt((enu.x - v[6]) * (enu.x - v[6]) + (enu.y - v[7]) * (enu.y - v[7]) + (enu.z - v[8]) * (enu.z - v[8]));
        CHECK(err <= 1e-6);
        if (err > worst) worst = err;
        CHECK(wm_frame_reverse(&frame, &enu, sizeof enu, &back, sizeof back, 1, NULL) == WM_OK);
        CHECK(fabs(back.lat_deg - point.lat_deg) <= 1e-12 && angle_diff(back.lon_deg, point.lon_deg) * cos(point.lat_deg * 3.14159265358979323846 / 180) <= 1e-12);
        CHECK(fabs(back.height_m - point.height_m) <= 1e-6);
        if (fabs(back.height_m - point.height_m) > worst_round) worst_round = fabs(back.height_m - point.height_m);
        rows++;
    }
    fclose(f);
    CHECK(rows == 2000);
    printf("enu_wgs84: %d rows, worst %.3g m, round trip height %.3g m\n", rows, worst, worst_round);
}

static void axes_and_estimate(void) {
    wm_frame frame;
    wm_geodetic origin = {0, 0, 0}, north, east;
    wm_vec3 p, zero = {10, 0, 0};
    CHECK(test_direct(origin, 0, 100, &north) == WM_OK);
    CHECK(test_direct(origin, 90, 100, &east) == WM_OK);
    CHECK(wm_frame_init(&frame, origin, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_forward(&frame, &north, 24, &p, 24, 1, NULL) == WM_OK);
    CHECK(fabs(p.z + 100) < 1e-6 && fabs(p.x) < 1e-9);
    CHECK(wm_frame_init(&frame, origin, WM_AXES_EUN) == WM_OK);
    CHECK(wm_frame_forward(&frame, &north, 24, &p, 24, 1, NULL) == WM_OK);
    CHECK(fabs(p.z - 100) < 1e-6);
    /* Heading correction 90: true north appears at scene azimuth -90 (west, -x in EUS). */
    CHECK(wm_frame_init(&frame, origin, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_set_estimate(&frame, zero, 90) == WM_OK);
    CHECK(wm_frame_forward(&frame, &north, 24, &p, 24, 1, NULL) == WM_OK);
    CHECK(fabs(p.x - (10 - 100)) < 1e-6 && fabs(p.z) < 1e-6);
    /* Baselines: haversine x = d sin b, z = -d cos b. */
    {
        double d, b;
        CHECK(wm_frame_init(&frame, origin, WM_AXES_EUS) == WM_OK);
        CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &frame, &east, 24, &p, 24, 1, NULL) == WM_OK);
        CHECK(wm_haversine_inverse(6371008.8, origin, east, &d, &b) == WM_OK);
        CHECK(fabs(p.x - d) < 1e-9 && fabs(b - 90) < 1e-12);
        CHECK(wm_baseline_forward(WM_BASELINE_METERS_PER_DEGREE, &frame, &north, 24, &p, 24, 1, NULL) == WM_OK);
        CHECK(fabs(p.z + north.lat_deg * 2 * 3.14159265358979323846 * 6371008.8 / 360) < 1e-9);
        CHECK(wm_baseline_forward(7, &frame, &north, 24, &p, 24, 1, NULL) == WM_ERROR_INVALID_VALUE);
    }
}

#ifndef WAYMARK_CORE
static void geodesic_batches(void) {
    wm_geodetic pts[4] = {{55.70, 37.60, 0}, {55.71, 37.61, 0}, {55.72, 37.63, 0}, {55.73, 37.60, 0}};
    double dist[4], az1[4], cum[4], total, d;
    size_t bad = 99;
    int i;
    CHECK(wm_geodesic_inverse_batch(pts[0], pts, sizeof pts[0], dist, az1, NULL, 4, &bad) == WM_OK);
    for (i = 0; i < 4; i++) {
        /* The batch solves these short lines by the short-range method: same to 1 um. */
        CHECK(wm_geodesic_inverse(pts[0], pts[i], &d, NULL, NULL) == WM_OK && fabs(d - dist[i]) <= 1e-6);
    }
    CHECK(wm_polyline_length(pts, sizeof pts[0], 4, cum, &total, &bad) == WM_OK);
    CHECK(cum[0] == 0 && cum[3] == total && total > 0);
    CHECK(wm_polyline_length(pts, sizeof pts[0], 4, NULL, &total, NULL) == WM_OK && total == cum[3]);
    CHECK(wm_polyline_length(pts, sizeof pts[0], 0, NULL, &total, NULL) == WM_OK && total == 0);
    pts[2].lat_deg = 91;
    dist[2] = -1;
    CHECK(wm_polyline_length(pts, sizeof pts[0], 4, cum, &total, &bad) == WM_ERROR_INVALID_VALUE && bad == 2);
    CHECK(wm_geodesic_inverse_batch(pts[0], pts, sizeof pts[0], dist, NULL, NULL, 4, &bad) == WM_ERROR_INVALID_VALUE && bad == 2);
    CHECK(dist[2] == -1);
}

#endif
static void status_paths(void) {
    wm_frame frame, zeroed;
    wm_geodetic good = {48.0, 11.0, 500}, in[3] = {{48.0, 11.0, 500}, {48.1, 11.1, 500}, {48.2, 11.2, 500}};
    wm_vec3 out[3], vin[2] = {{1, 2, 3}, {4, 5, 6}};
    wm_geodetic gout[2];
    wm_mat4f mats[3], m, inv;
    size_t bad = 77;
    double d = -5;
#ifndef WAYMARK_CORE
    double az = -5;
#endif
    const double nan = NAN, inf = INFINITY;
    int i;

    memset(&zeroed, 0, sizeof zeroed);
    memset(out, 0x5a, sizeof out);
    CHECK(wm_frame_init(NULL, good, WM_AXES_EUS) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_init(&frame, good, 3) == WM_ERROR_INVALID_VALUE);
    good.lat_deg = 91;
    memset(&frame, 0x11, sizeof frame);
    CHECK(wm_frame_init(&frame, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    CHECK(((unsigned char *)&frame)[0] == 0x11);   /* untouched */
    good.lat_deg = nan;
    CHECK(wm_frame_init(&frame, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    good.lat_deg = 48.0; good.height_m = inf;
    CHECK(wm_frame_init(&frame, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    good.height_m = 500;
    CHECK(wm_frame_init_ellipsoid(&frame, 0, 0, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_frame_init_ellipsoid(&frame, 6378137, 1, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_frame_init_ellipsoid(&frame, 6378137, nan, good, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    /* A frame that was never initialised. */
    CHECK(wm_frame_forward(&zeroed, in, 24, out, 24, 1, NULL) == WM_ERROR_INVALID_FRAME);
    CHECK(wm_frame_set_estimate(&zeroed, vin[0], 0) == WM_ERROR_INVALID_FRAME);
    CHECK(wm_frame_init(&frame, good, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_set_estimate(NULL, vin[0], 0) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_set_estimate(&frame, vin[0], inf) == WM_ERROR_INVALID_VALUE);

    /* NULL buffers, zero strides, impossible counts, count 0. */
    CHECK(wm_frame_forward(NULL, in, 24, out, 24, 1, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_forward(&frame, NULL, 24, out, 24, 1, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_forward(&frame, in, 24, NULL, 24, 1, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_forward(&frame, NULL, 24, NULL, 24, 0, NULL) == WM_OK);
    CHECK(wm_frame_forward(&frame, in, 0, out, 24, 3, NULL) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_frame_forward(&frame, in, 24, out, 0, 3, NULL) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_frame_forward(&frame, in, 24, out, 16, 3, NULL) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, (size_t)-1 / 8, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, (size_t)-1, NULL) == WM_ERROR_BAD_COUNT);
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, 0, &bad) == WM_OK && bad == 77);
    CHECK(wm_frame_forward(&frame, in, 0, out, 0, 0, &bad) == WM_OK && bad == 77);
    for (i = 0; i < (int)sizeof out; i++) CHECK(((unsigned char *)out)[i] == 0x5a);

    /* A bad element: status, first_bad, nothing written. */
    in[2].lon_deg = nan;
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 2);
    in[2].lon_deg = 11.2; in[1].lat_deg = -90.5;
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
    CHECK(wm_frame_forward(&frame, in, 24, out, 24, 3, NULL) == WM_ERROR_INVALID_VALUE);
    in[1].lat_deg = 48.1; in[0].height_m = -inf;
    CHECK(wm_frame_anchor_transforms(&frame, in, 24, mats, 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 0);
    CHECK(wm_baseline_forward(WM_BASELINE_HAVERSINE, &frame, in, 24, out, 24, 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 0);
    for (i = 0; i < (int)sizeof out; i++) CHECK(((unsigned char *)out)[i] == 0x5a);
    in[0].height_m = 500;
    vin[1].y = nan;
    memset(gout, 0x5a, sizeof gout);
    CHECK(wm_frame_reverse(&frame, vin, 24, gout, 24, 2, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
    for (i = 0; i < (int)sizeof gout; i++) CHECK(((unsigned char *)gout)[i] == 0x5a);

    /* Anchor transforms: translation of point 0 is the origin, -Z faces point 1. */
    CHECK(wm_frame_anchor_transforms(&frame, in, 24, mats, 3, &bad) == WM_OK);
    CHECK(mats[0].m[12] == 0 && mats[0].m[13] == 0 && mats[0].m[14] == 0 && mats[0].m[15] == 1);
    {
        wm_vec3 p1;
        double fx = -mats[0].m[8], fz = -mats[0].m[10], h;
        CHECK(wm_frame_forward(&frame, &in[1], 24, &p1, 24, 1, NULL) == WM_OK);
        h = sqrt(p1.x * p1.x + p1.z * p1.z);
        CHECK(fabs(fx - p1.x / h) < 1e-6 && fabs(fz - p1.z / h) < 1e-6);
    }

    /* Scalar geodesics. */
#ifndef WAYMARK_CORE
    CHECK(wm_geodesic_inverse(in[0], in[1], NULL, &az, NULL) == WM_ERROR_NULL_POINTER);
#endif
    in[1].lat_deg = inf;
#ifndef WAYMARK_CORE
    CHECK(wm_geodesic_inverse(in[0], in[1], &d, &az, NULL) == WM_ERROR_INVALID_VALUE && d == -5 && az == -5);
    CHECK(wm_geodesic_direct(in[0], nan, 10, &gout[0], NULL) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_geodesic_direct(in[0], 0, 10, NULL, NULL) == WM_ERROR_NULL_POINTER);
#endif
    CHECK(wm_haversine_inverse(0, in[0], in[2], &d, NULL) == WM_ERROR_INVALID_VALUE && d == -5);
    CHECK(wm_haversine_inverse(-inf, in[0], in[2], &d, NULL) == WM_ERROR_INVALID_VALUE);

    /* Matrices. */
    memset(&m, 0, sizeof m);
    m.m[0] = m.m[5] = m.m[10] = 2;
    m.m[15] = 1;
    m.m[12] = 1; m.m[13] = 2; m.m[14] = 3;
    CHECK(wm_mat4f_inverse(&m, &inv) == WM_OK);
    CHECK(fabs(inv.m[0] - 0.5) < 1e-7 && fabs(inv.m[12] + 0.5) < 1e-7);
    CHECK(wm_mat4f_multiply(&m, &inv, &inv) == WM_OK);
    for (i = 0; i < 16; i++) CHECK(fabs(inv.m[i] - ((i % 5 == 0) ? 1.0f : 0.0f)) < 1e-6);
    m.m[0] = 0; m.m[5] = 0;
    CHECK(wm_mat4f_inverse(&m, &inv) == WM_ERROR_SINGULAR);
    m.m[3] = (float)nan;
    CHECK(wm_mat4f_multiply(&m, &m, &inv) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_mat4f_inverse_rigid(&m, &inv) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_mat4f_inverse_rigid(NULL, &inv) == WM_ERROR_NULL_POINTER);
    {
        float pts[8] = {1, 2, 3, 99, 4, 5, 6, 99};
        wm_mat4f t;
        memset(&t, 0, sizeof t);
        t.m[0] = t.m[5] = t.m[10] = t.m[15] = 1;
        t.m[12] = 10;
        CHECK(wm_mat4f_transform_points(&t, pts, 16, 2, &bad) == WM_OK);
        CHECK(pts[0] == 11 && pts[3] == 99 && pts[4] == 14 && pts[7] == 99);
        pts[5] = (float)inf;
        CHECK(wm_mat4f_transform_points(&t, pts, 16, 2, &bad) == WM_ERROR_INVALID_VALUE && bad == 1 && pts[0] == 11);
        CHECK(wm_mat4f_transform_points(&t, pts, 8, 2, &bad) == WM_ERROR_BAD_STRIDE);
        CHECK(wm_mat4f_transform_points(&t, NULL, 12, 0, &bad) == WM_OK);
        CHECK(wm_mat4f_inverse_rigid(&t, &inv) == WM_OK && inv.m[12] == -10);
    }

    /* Every status has a distinct, static description. */
    CHECK(strcmp(wm_status_string(WM_OK), "ok") == 0);
    for (i = 1; i <= WM_ERROR_NOT_AVAILABLE; i++) {
        CHECK(strcmp(wm_status_string(i), wm_status_string(i - 1)) != 0);
        CHECK(strcmp(wm_status_string(i), "unknown status") != 0);
    }
    CHECK(strcmp(wm_status_string(1000), "unknown status") == 0);
    CHECK(wm_version() == WAYMARK_VERSION_NUMBER);
    CHECK(strcmp(wm_version_string(), WAYMARK_VERSION_STRING) == 0);
}

static void china_datums(void) {
    /* eviltransform's Shanghai / Shenzhen / Beijing vectors: bit-exact forward. */
    wm_geodetic wgs[3] = {{31.1774276, 121.5272106, 7}, {22.543847, 113.912316, 0}, {39.911954, 116.377817, 0}};
    const wm_geodetic gcj_expected[3] = {{31.17530398364597, 121.531541859215, 7}, {22.540796131694766, 113.9171764808363, 0},
                                         {39.91334545536069, 116.38404722455657, 0}};
    wm_geodetic gcj[3], back[3], bd[3], gcj2[3], outside = {39.7392, -104.9903, 0}, res;
    wm_geodetic ring[4] = {{20, 100, 0}, {20, 125, 0}, {45, 125, 0}, {45, 100, 0}};
    wm_region everywhere = {WM_REGION_EVERYWHERE, NULL, 0}, polygon = {WM_REGION_POLYGON, ring, 4};
    wm_region bad_kind = {9, NULL, 0}, short_polygon = {WM_REGION_POLYGON, ring, 2};
    size_t bad = 0;
    int i;
    CHECK(wm_gcj02_from_wgs84(NULL, wgs, sizeof wgs[0], gcj, sizeof gcj[0], 3, &bad) == WM_OK);
    for (i = 0; i < 3; i++) {
        double d;
        CHECK(fabs(gcj[i].lat_deg - gcj_expected[i].lat_deg) <= 1e-12 && fabs(gcj[i].lon_deg - gcj_expected[i].lon_deg) <= 1e-12);
        CHECK(gcj[i].height_m == wgs[i].height_m);
        CHECK(wm_wgs84_from_gcj02(NULL, &gcj[i], 24, &back[i], 24, 1, NULL) == WM_OK);
        CHECK(test_distance(back[i], wgs[i], &d) == WM_OK && d <= 1e-6);
    }
    CHECK(wm_bd09_from_gcj02(&polygon, gcj, 24, bd, 24, 3, &bad) == WM_OK);
    CHECK(wm_gcj02_from_bd09(&polygon, bd, 24, gcj2, 24, 3, &bad) == WM_OK);
    for (i = 0; i < 3; i++) CHECK(fabs(gcj2[i].lat_deg - gcj[i].lat_deg) < 1e-11 && fabs(gcj2[i].lon_deg - gcj[i].lon_deg) < 1e-11);
    /* coordTransform / hutool gcj -> bd vector. */
    {
        wm_geodetic g = {39.915, 116.404, 0};
        CHECK(wm_bd09_from_gcj02(NULL, &g, 24, &res, 24, 1, NULL) == WM_OK);
        CHECK(fabs(res.lat_deg - 39.92133699351022) < 1e-12 && fabs(res.lon_deg - 116.41036949371029) < 1e-12);
    }
    /* Identity outside the region, unless everywhere. */
    CHECK(wm_gcj02_from_wgs84(NULL, &outside, 24, &res, 24, 1, NULL) == WM_OK && res.lat_deg == outside.lat_deg && res.lon_deg == outside.lon_deg);
    CHECK(wm_gcj02_from_wgs84(&everywhere, &outside, 24, &res, 24, 1, NULL) == WM_OK && res.lat_deg != outside.lat_deg);
    /* In place, and errors. */
    CHECK(wm_gcj02_from_wgs84(NULL, wgs, 24, wgs, 24, 3, NULL) == WM_OK && wgs[0].lat_deg == gcj[0].lat_deg);
    CHECK(wm_gcj02_from_wgs84(&bad_kind, wgs, 24, gcj, 24, 3, NULL) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_gcj02_from_wgs84(&short_polygon, wgs, 24, gcj, 24, 3, NULL) == WM_ERROR_INVALID_VALUE);
    wgs[1].lon_deg = NAN;
    memset(gcj, 0x5a, sizeof gcj);
    CHECK(wm_wgs84_from_gcj02(NULL, wgs, 24, gcj, 24, 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
    for (i = 0; i < (int)sizeof gcj; i++) CHECK(((unsigned char *)gcj)[i] == 0x5a);
    CHECK(wm_wgs84_from_gcj02(NULL, NULL, 24, gcj, 24, 1, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_wgs84_from_gcj02(NULL, wgs, 0, gcj, 24, 1, NULL) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_wgs84_from_gcj02(NULL, NULL, 0, NULL, 0, 0, NULL) == WM_OK);
}

#ifndef WAYMARK_CORE
static void crs_transforms(void) {
    wm_transform *t = NULL, *copy = NULL, *untouched = (wm_transform *)&passed;
    wm_vec3 in[2] = {{116.4, 39.9, 0}, {117, 40, 5}}, out[2];
    size_t bad = 0;
    CHECK(wm_transform_create("EPSG:4326", "EPSG:32650", &t) == WM_OK && t != NULL);
    CHECK(wm_transform_apply(t, in, sizeof in[0], out, sizeof out[0], 2, &bad) == WM_OK);
    CHECK(fabs(out[0].x - 448709.380192) < 1e-5 && fabs(out[0].y - 4416830.562172) < 1e-5);
    CHECK(fabs(out[1].x - 500000) < 1e-6 && out[1].z == 5);
    CHECK(wm_transform_clone(t, &copy) == WM_OK && copy != NULL && copy != t);
    CHECK(wm_transform_apply(copy, in, 24, in, 24, 2, NULL) == WM_OK && in[0].x == out[0].x && in[1].y == out[1].y);
    in[1].y = INFINITY;
    out[0].x = -1;
    CHECK(wm_transform_apply(t, in, 24, out, 24, 2, &bad) == WM_ERROR_INVALID_VALUE && bad == 1 && out[0].x == -1);
    CHECK(wm_transform_apply(NULL, in, 24, out, 24, 1, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_transform_create("EPSG:4326", "EPSG:99999999", &untouched) == WM_ERROR_PROJ && untouched == (wm_transform *)&passed);
    CHECK(wm_transform_create(NULL, "EPSG:4326", &t) == WM_ERROR_NULL_POINTER);
    {   /* The reason in PROJ's words, into the caller's buffer, cut to fit. */
        char message[256], small[8], one[1] = {'x'}, none[1] = {'x'};
        memset(message, 'x', sizeof message);
        CHECK(wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, message, sizeof message) == WM_ERROR_PROJ);
        CHECK(untouched == (wm_transform *)&passed);
        CHECK(memchr(message, 0, sizeof message) != NULL && strstr(message, "crs not found") != NULL);
        printf("# wm_transform_create_with_message(\"EPSG:999999\"): %s\n", message);
        CHECK(wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, small, sizeof small) == WM_ERROR_PROJ);
        CHECK(strlen(small) == sizeof small - 1 && strncmp(small, message, sizeof small - 1) == 0);
        CHECK(wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, one, 1) == WM_ERROR_PROJ && one[0] == 0);
        CHECK(wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, none, 0) == WM_ERROR_PROJ && none[0] == 'x');
        CHECK(wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, NULL, 64) == WM_ERROR_PROJ);
        wm_transform *made = NULL;
        strcpy(message, "unchanged");
        CHECK(wm_transform_create_with_message("EPSG:4326", "EPSG:32650", &made, message, sizeof message) == WM_OK && made != NULL);
        CHECK(strcmp(message, "unchanged") == 0);
        CHECK(wm_transform_create_with_message("EPSG:4326", NULL, &made, message, sizeof message) == WM_ERROR_NULL_POINTER);
        wm_transform_destroy(made);
    }
    wm_transform_destroy(t);
    wm_transform_destroy(copy);
    wm_transform_destroy(NULL);
}

static void geoid_heights(const char *dir) {
    char line[256], *first;
    double v[3], n[1];
    int rows = 0;
    wm_geodetic p[2] = {{38.628155, -90.220845, 0}, {91, 0, 0}};
    size_t bad = 0;
    FILE *f = open_data(dir, "external/geoid_egm96_ww15mgh_nodes_sample.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f) && rows < 200) {
        wm_geodetic node;
        split(line, v, 3, &first);
        node.lat_deg = v[0]; node.lon_deg = v[1]; node.height_m = 0;
        CHECK(wm_geoid_undulation(&node, 24, n, 1, NULL) == WM_OK && fabs(n[0] - v[2]) <= 0.0006);
        rows++;
    }
    fclose(f);
    CHECK(wm_geoid_undulation(p, 24, n, 1, NULL) == WM_OK && fabs(n[0] + 31.628) < 0.05);
    n[0] = 42;
    CHECK(wm_geoid_undulation(p, 24, n, 2, &bad) == WM_ERROR_INVALID_VALUE && bad == 1 && n[0] == 42);
    CHECK(wm_geoid_undulation(NULL, 24, n, 1, NULL) == WM_ERROR_NULL_POINTER);
}

/* wm_geoid_undulation_ex at the 22,000 cell centres of NGA's interpolation program
 * (Tests/Data/geoid_egm96_nga_cell_centres.csv): the header's bounds, both methods. */
static void geoid_interpolations(const char *dir) {
    enum { ROWS = 22000 };
    char line[256], *kind;
    double v[4], worst_cubic = 0, worst_bilinear = 0, n[2] = {42, 42};
    wm_geodetic *points = malloc(ROWS * sizeof *points), p[2] = {{19.625, -155.375, 0}, {-91, 0, 0}};
    double *reference = malloc(ROWS * sizeof *reference), *cubic = malloc(ROWS * sizeof *cubic);
    double *bilinear = malloc(ROWS * sizeof *bilinear);
    size_t rows = 0, bad = 7;
    FILE *f = open_data(dir, "geoid_egm96_nga_cell_centres.csv");
    CHECK(points && reference && cubic && bilinear);
    fgets(line, sizeof line, f);
    while (rows < ROWS && fgets(line, sizeof line, f)) {
        split(line, v, 4, &kind);
        points[rows].lat_deg = v[1]; points[rows].lon_deg = v[2]; points[rows].height_m = 0;
        reference[rows++] = v[3];
    }
    fclose(f);
    CHECK(rows == ROWS);
    CHECK(wm_geoid_undulation_ex(points, sizeof *points, cubic, rows, WM_GEOID_CUBIC, NULL) == WM_OK);
    CHECK(wm_geoid_undulation_ex(points, sizeof *points, bilinear, rows, WM_GEOID_BILINEAR, NULL) == WM_OK);
    for (size_t i = 0; i < rows; i++) {
        worst_cubic = fmax(worst_cubic, fabs(cubic[i] - reference[i]));
        worst_bilinear = fmax(worst_bilinear, fabs(bilinear[i] - reference[i]));
    }
    printf("geoid vs NGA at %zu cell centres: cubic worst %.6f m, bilinear worst %.4f m\n", rows, worst_cubic, worst_bilinear);
    CHECK(worst_cubic <= 0.000710);
    CHECK(worst_bilinear <= 1.2365 && worst_bilinear > 1.2);
    /* The plain call is the bilinear one. */
    CHECK(wm_geoid_undulation(points, sizeof *points, cubic, 1, NULL) == WM_OK && cubic[0] == bilinear[0]);
    /* An unknown method, a bad point, NULL: a status, and nothing written. */
    CHECK(wm_geoid_undulation_ex(p, 24, n, 1, 2, NULL) == WM_ERROR_INVALID_VALUE && n[0] == 42);
    CHECK(wm_geoid_undulation_ex(p, 24, n, 0, -1, NULL) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_geoid_undulation_ex(p, 24, n, 2, WM_GEOID_CUBIC, &bad) == WM_ERROR_INVALID_VALUE && bad == 1 && n[0] == 42);
    CHECK(wm_geoid_undulation_ex(NULL, 24, n, 1, WM_GEOID_CUBIC, NULL) == WM_ERROR_NULL_POINTER);
    CHECK(wm_geoid_undulation_ex(p, 8, n, 1, WM_GEOID_CUBIC, NULL) == WM_ERROR_BAD_STRIDE && n[0] == 42);
    CHECK(wm_geoid_undulation_ex(NULL, 24, NULL, 0, WM_GEOID_CUBIC, NULL) == WM_OK);
    CHECK(wm_geoid_undulation_ex(p, 24, n, 1, WM_GEOID_CUBIC, NULL) == WM_OK && fabs(n[0] - reference[21600]) < 1e-3);
    free(points); free(reference); free(cubic); free(bilinear);
}

#endif
static void navigation(void) {
    wm_vec3 pts[3] = {{0, 0, 0}, {0, 0, -30}, {12, 0, -30}}, user = {2, 1.5, -20};
    wm_route *route = NULL;
    wm_route_position at;
    wm_arrow arrows[16];
    wm_arrow_leg legs[4];
    size_t n = 0, bad = 0;
    int i;
    CHECK(wm_route_create(pts, sizeof pts[0], 3, WM_AXES_EUS, &route) == WM_OK && route != NULL);
    CHECK(wm_route_project(route, user, &at) == WM_OK);
    CHECK(at.segment == 0 && fabs(at.offset_m - 2) < 1e-12 && fabs(at.distance_along_m - 20) < 1e-12 && fabs(at.remaining_m - 22) < 1e-12);
    CHECK(wm_route_arrows(route, &at, 3, 100, arrows, 4, &n) == WM_ERROR_BAD_COUNT && n == 8);
    CHECK(wm_route_arrows(route, &at, 3, 100, arrows, 16, &n) == WM_OK && n == 8);
    /* Anchored to the route at k * 3 m: 21, 24, ..., 42; a right turn is positive. */
    CHECK(arrows[0].yaw_deg == 0 && arrows[0].distance_along_m == 21 && fabs(arrows[4].yaw_deg + 90) < 1e-12 && arrows[4].position.x == 3);
    CHECK(wm_route_legs(route, 29, 32, legs, 4, &n) == WM_OK && n == 2 && fabs(legs[1].turn_deg - 90) < 1e-12);
    at.distance_along_m = 1e9;                     /* past the end: once a trap */
    CHECK(wm_route_arrows(route, &at, 3, 100, arrows, 16, &n) == WM_OK && n == 1 && arrows[0].distance_along_m == 42);
    at.distance_along_m = 20;
    CHECK(wm_route_arrows(route, &at, 1e-9, 100, arrows, 16, &n) == WM_ERROR_BAD_COUNT && n > 16);   /* counted, not built */
    CHECK(wm_route_arrows(route, &at, 0, 100, arrows, 16, &n) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_route_create(pts, 8, 3, WM_AXES_EUS, &route) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_route_create(pts, 24, 0, WM_AXES_EUS, &route) == WM_ERROR_BAD_COUNT);
    wm_route_destroy(route);
    wm_route_destroy(NULL);

    /* Estimates and heading: the session's compass is 15 degrees off. */
    {
        wm_geodetic origin = {55.73397, 37.58864, 0}, refined;
        wm_frame app, truth;
        wm_estimates *est = NULL;
        wm_heading_config config;
        wm_heading_corrector *corrector = NULL;
        wm_vec3 zero = {0, 0, 0};
        int32_t triggered = 0, fired = 0;
        double correction = 0, sigma = 0, unc = 0;
        CHECK(wm_frame_init(&app, origin, WM_AXES_EUS) == WM_OK && wm_frame_init(&truth, origin, WM_AXES_EUS) == WM_OK);
        CHECK(wm_frame_set_estimate(&truth, zero, 15) == WM_OK);
        CHECK(wm_estimates_create(16, 100, 0, &est) == WM_OK);
        CHECK(wm_estimates_refined(est, &app, zero, &refined, &unc) == WM_ERROR_NOT_AVAILABLE);
        wm_heading_config_default(&config);
        CHECK(config.estimator == 1 && config.buffer_count == 10);
        CHECK(wm_heading_corrector_create(&config, &corrector) == WM_OK);
        for (i = 0; i < 10; i++) {
            wm_estimate e;
            memset(&e, 0, sizeof e);
            CHECK(test_direct(origin, 0, 1.4 * i, &e.fix) == WM_OK);
            e.horizontal_accuracy_m = 5; e.vertical_accuracy_m = 10; e.timestamp_s = i;
            CHECK(wm_frame_forward(&truth, &e.fix, 24, &e.scene_position, 24, 1, NULL) == WM_OK);
            CHECK(wm_estimates_add(est, &e) == WM_OK);
            CHECK(wm_heading_corrector_add(corrector, &e, &app, &triggered, &correction, &sigma) == WM_OK);
            if (triggered) fired++;
        }
        CHECK(fired == 1 && fabs(correction - 15) < 1e-6 && sigma > 0);
        CHECK(wm_estimates_refined(est, &app, zero, &refined, &unc) == WM_OK && unc == 5);
        config.buffer_count = 0;
        CHECK(wm_heading_corrector_create(&config, &corrector) == WM_ERROR_INVALID_VALUE);
        wm_heading_corrector_destroy(corrector);
        wm_estimates_destroy(est);
    }

    /* The simulator through the C ABI: reference scenario, reproducible. */
    {
        wm_simulation sim;
        static double heading[400], finish[400], heading2[400];
        size_t samples = 0, again = 0;
        wm_simulation_default(&sim);
        CHECK(sim.gps_sigma_m == 5 && sim.heading_error_deg == 15 && sim.speed_m_s == 1.4);
        CHECK(wm_simulate(&sim, heading, finish, 10, &samples) == WM_ERROR_BAD_COUNT && samples == 215);
        CHECK(wm_simulate(&sim, heading, finish, 400, &samples) == WM_OK && samples == 215);
        CHECK(fabs(heading[0] + 15) < 1e-9 && fabs(heading[200]) < 3);
        CHECK(wm_simulate(&sim, heading2, finish, 400, &again) == WM_OK && memcmp(heading, heading2, sizeof(double) * samples) == 0);
        sim.speed_m_s = -1;
        CHECK(wm_simulate(&sim, heading, finish, 400, &samples) == WM_ERROR_INVALID_VALUE);
    }

#ifndef WAYMARK_CORE
    /* The GPS error model fit (full flavour only): a log's text to a series, the fit, and the refusals. */
    {
        static char text[4096];
        static double t[64], e[64], n[64], a[64], t2[64];
        size_t rows = 0, bad = 0, len = 0, k;
        wm_gps_series series[2];
        wm_gps_model model, untouched;
        len += (size_t)snprintf(text + len, sizeof text - len, "Provider,Latitude,Longitude,Accuracy,UtcTimeMillis\r\n");
        for (k = 0; k < 40; k++) /* a slow wander of about 1 m (a drift that 40 s cannot bound: σ is extrapolated) and a 0.1 m wobble */
            len += (size_t)snprintf(text + len, sizeof text - len, "gps,%.7f,%.7f,3.0,%d\r\n",
                                    45.5 + 1e-5 * sin(k / 7.0) + 1e-6 * (k % 3), -122.6 + 1e-5 * cos(k / 9.0), 1000 * (int)k);
        CHECK(wm_gps_series_from_fix_log(text, len, t, e, n, a, 10, &rows, &bad) == WM_ERROR_BAD_COUNT && rows == 40);
        CHECK(wm_gps_series_from_fix_log(text, len, t, e, n, a, 64, &rows, &bad) == WM_OK && rows == 40);
        CHECK(t[0] == 0 && t[39] == 39 && e[0] == 0 && n[0] == 0 && a[7] == 3 && fabs(n[39]) < 2);
        series[0].time_s = t; series[0].east_m = e; series[0].north_m = n; series[0].accuracy_m = a; series[0].count = 40;
        series[1] = series[0];
        memset(&model, 0, sizeof model);
        model.size = sizeof model;
        CHECK(model.size == WM_GPS_MODEL_SIZE);
        CHECK(wm_gps_model_fit(series, 2, &model, &bad) == WM_OK && model.fix_count == 80 && model.series_count == 2);
        CHECK(model.sigma_m > 0.1 && model.sigma_m < 20 && model.correlation_time_lo_s <= model.correlation_time_s
              && model.correlation_time_s <= model.correlation_time_hi_s && model.median_accuracy_m == 3);
        CHECK(model.navigator_gps_correlation_s == model.correlation_time_s && model.navigator_accuracy_confidence > 0
              && model.navigator_accuracy_confidence < 1 && model.navigator_gps_correlated_share <= 0.9999);
        untouched = model;
        memcpy(t2, t, sizeof t);
        t2[5] = t2[4];                                      /* a time not after the previous one */
        series[1].time_s = t2;
        bad = 99;
        CHECK(wm_gps_model_fit(series, 2, &model, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
        series[1].time_s = t; series[1].count = 9;
        CHECK(wm_gps_model_fit(series, 2, &model, &bad) == WM_ERROR_BAD_COUNT && bad == 1);
        CHECK(wm_gps_model_fit(series, 0, &model, NULL) == WM_ERROR_BAD_COUNT);
        series[1].count = 40; series[1].accuracy_m = NULL;
        CHECK(wm_gps_model_fit(series, 2, &model, NULL) == WM_ERROR_NULL_POINTER);
        model.size = 8;
        CHECK(wm_gps_model_fit(series, 1, &model, NULL) == WM_ERROR_INVALID_VALUE);
        model.size = sizeof model;
        CHECK(memcmp(&model, &untouched, sizeof model) == 0);  /* refused calls wrote nothing */
        memcpy(text + 60, "9x", 2);                          /* row 1 (line 2): an unreadable latitude */
        CHECK(wm_gps_series_from_fix_log(text, len, t, e, n, a, 64, &rows, &bad) == WM_ERROR_INVALID_VALUE && bad == 2);
        CHECK(wm_gps_series_from_fix_log(text, 20, t, e, n, a, 64, &rows, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
        CHECK(wm_gps_series_from_fix_log(NULL, 0, t, e, n, a, 64, &rows, &bad) == WM_ERROR_NULL_POINTER);
    }
#endif

    /* Screen math with an identity camera and a 60-degree perspective. */
    {
        wm_mat4f view, proj;
        wm_viewport vp = {0, 0, 390, 844};
        wm_vec3 ahead = {0, 0, -10}, right = {10, 0, -1};
        double x, y, r, roll, turn, f = 1 / tan(30 * 3.14159265358979323846 / 180), aspect = 390.0 / 844;
        int32_t visible, needed;
        memset(&view, 0, sizeof view);
        memset(&proj, 0, sizeof proj);
        view.m[0] = view.m[5] = view.m[10] = view.m[15] = 1;
        proj.m[0] = (float)(f / aspect); proj.m[5] = (float)f; proj.m[10] = -1.0f; proj.m[11] = -1; proj.m[14] = -0.02f;
        CHECK(wm_screen_project(&view, &proj, vp, ahead, &x, &y, &visible) == WM_OK && fabs(x - 195) < 1e-4 && fabs(y - 422) < 1e-4 && visible);
        CHECK(wm_screen_sphere_radius(&view, &proj, vp, ahead, 80, &r) == WM_OK && r > 0);
        CHECK(wm_screen_billboard_roll(&view, &proj, vp, ahead, &roll) == WM_OK && fabs(roll) < 1e-6);
        CHECK(wm_screen_hint(&view, &proj, vp, WM_AXES_EUS, ahead, &needed, &x, &y, &turn) == WM_OK && needed == 0);
        CHECK(wm_screen_hint(&view, &proj, vp, WM_AXES_EUS, right, &needed, &x, &y, &turn) == WM_OK && needed == 1 && fabs(x - 390) < 1e-6 && turn > 0);
        ahead.z = 10;
        CHECK(wm_screen_sphere_radius(&view, &proj, vp, ahead, 80, &r) == WM_ERROR_NOT_AVAILABLE);
        CHECK(wm_finish_mark_diameter(120, 40, 50, 2000, 1025, &r) == WM_OK && fabs(r - 80) < 1e-12);
        {   /* Labels: 2 m over a mark 20 m ahead faces the camera (due south of it: 180). */
            wm_label label, untouched;
            wm_vec3 mark = {0, 0, -20}, marks[3] = {{0, 0, -20}, {3, 0, -20}, {0, 0, 20}};
            wm_rect rects[3] = {{100, 400, 120, 28}, {150, 410, 120, 28}, {500, 400, 50, 20}};
            double distances[3] = {20, 60, 30}, offsets[3] = {7, 7, 7};
            size_t index = 99;
            memset(&untouched, 0x5A, sizeof untouched);
            label = untouched;
            CHECK(wm_screen_label(&view, &proj, vp, WM_AXES_EUS, mark, WM_LABEL_METRES, 2, &label) == WM_OK);
            CHECK(label.anchor.y == 2 && label.anchor.z == -20 && fabs(label.facing.z - 1) < 1e-15);
            CHECK(fabs(label.facing_azimuth_deg - 180) < 1e-12 && fabs(label.screen_x - 195) < 1e-4 && label.screen_y < 422);
            CHECK(label.transform.m[15] == 1 && label.transform.m[13] == 2 && label.transform.m[0] == 1);
            CHECK(wm_screen_label(&view, &proj, vp, WM_AXES_EUS, mark, WM_LABEL_POINTS, 40, &label) == WM_OK);
            CHECK(fabs(label.screen_y - (422 - 40)) < 1e-6);
            label = untouched;
            CHECK(wm_screen_label(&view, &proj, vp, WM_AXES_EUS, mark, 2, 40, &label) == WM_ERROR_INVALID_VALUE);
            CHECK(wm_screen_label(&view, &proj, vp, WM_AXES_EUS, mark, WM_LABEL_METRES, NAN, &label) == WM_ERROR_INVALID_VALUE);
            CHECK(memcmp(&label, &untouched, sizeof label) == 0);
            CHECK(wm_screen_label(&view, &proj, vp, WM_AXES_EUS, mark, WM_LABEL_METRES, 2, NULL) == WM_ERROR_NULL_POINTER);
            /* Decluttering: the nearest (20 m) stays, the 60 m label it covers goes above it;
               the lone one stays. */
            CHECK(wm_label_declutter(rects, sizeof rects[0], distances, sizeof distances[0], 3, 2, offsets, &bad) == WM_OK);
            CHECK(offsets[0] == 0 && offsets[2] == 0 && fabs(410 + offsets[1] + 28 + 2 - 400) < 1e-9);
            distances[2] = NAN;
            offsets[0] = offsets[1] = offsets[2] = 7;
            CHECK(wm_label_declutter(rects, sizeof rects[0], distances, sizeof distances[0], 3, 2, offsets, &bad) == WM_ERROR_INVALID_VALUE);
            CHECK(bad == 2 && offsets[0] == 7 && offsets[1] == 7 && offsets[2] == 7);
            CHECK(wm_label_declutter(rects, sizeof rects[0], distances, sizeof distances[0], 257, 2, offsets, &bad) == WM_ERROR_BAD_COUNT);
            CHECK(wm_label_declutter(rects, 8, distances, sizeof distances[0], 3, 2, offsets, &bad) == WM_ERROR_BAD_STRIDE);
            CHECK(wm_label_declutter(NULL, 0, NULL, 0, 0, 2, NULL, &bad) == WM_OK);
            {   /* In place over the distances (negative ones too): the same offsets as
                   into a separate buffer (the inputs are read before anything is written). */
                wm_rect stack[3] = {{100, 400, 120, 28}, {110, 405, 120, 28}, {120, 410, 120, 28}};
                double d[3] = {-10, 20, 30}, apart[3];
                CHECK(wm_label_declutter(stack, sizeof stack[0], d, sizeof d[0], 3, 2, apart, &bad) == WM_OK);
                CHECK(wm_label_declutter(stack, sizeof stack[0], d, sizeof d[0], 3, 2, d, &bad) == WM_OK);
                CHECK(memcmp(d, apart, sizeof d) == 0 && apart[0] == 0 && apart[1] < 0 && apart[2] < apart[1]);
            }
            /* Picking: exact at the projected centre; nothing beyond the radius. */
            CHECK(wm_screen_pick(&view, &proj, vp, 195, 422, 5, marks, sizeof marks[0], 3, &index, &r, &bad) == WM_OK);
            CHECK(index == 0 && r < 1e-9);
            index = 99;
            CHECK(wm_screen_pick(&view, &proj, vp, 10, 10, 5, marks, sizeof marks[0], 3, &index, &r, &bad) == WM_ERROR_NOT_AVAILABLE);
            CHECK(index == 99);
            marks[1].x = INFINITY;
            CHECK(wm_screen_pick(&view, &proj, vp, 195, 422, 5, marks, sizeof marks[0], 3, &index, &r, &bad) == WM_ERROR_INVALID_VALUE);
            CHECK(bad == 1 && index == 99);
        }
        CHECK(wm_finish_mark_diameter(120, 40, 2000, 50, 1025, &r) == WM_ERROR_INVALID_VALUE);
    }

    /* Points of interest. */
    {
        wm_geodetic user_geo = {55.75, 37.62, 0}, poi[3];
        int64_t cluster[3];
        double x, y, placement, scale;
        wm_proximity gate;
        int32_t inside;
        CHECK(test_direct(user_geo, 0, 100, &poi[0]) == WM_OK);
        CHECK(test_direct(user_geo, 0, 140, &poi[1]) == WM_OK);
        CHECK(test_direct(user_geo, 180, 900, &poi[2]) == WM_OK);
        CHECK(wm_poi_clusters(user_geo, poi, 24, 3, 500, cluster, &bad) == WM_OK);
        CHECK(cluster[0] == 0 && cluster[1] == 0 && cluster[2] == -1);
        poi[1].lat_deg = NAN;
        CHECK(wm_poi_clusters(user_geo, poi, 24, 3, 500, cluster, &bad) == WM_ERROR_INVALID_VALUE && bad == 1);
        CHECK(wm_radar_position(60, 500, 250, 90, 0, &x, &y) == WM_OK && x == 90 && y == 60);
        CHECK(wm_placement(2, 100, 400, &placement, &scale) == WM_OK && placement == 100 && scale == 0.25);
        CHECK(wm_placement(1, 0, 2000, &placement, &scale) == WM_OK && placement == 12);
        CHECK(wm_placement(7, 0, 2000, &placement, &scale) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_proximity_init(&gate, 40, 50) == WM_OK);
        CHECK(wm_proximity_update(&gate, 45, &inside) == WM_OK && inside == 0);
        CHECK(wm_proximity_update(&gate, 39, &inside) == WM_OK && inside == 1);
        CHECK(wm_proximity_update(&gate, 48, &inside) == WM_OK && inside == 1);
        CHECK(wm_proximity_update(&gate, 51, &inside) == WM_OK && inside == 0);
        CHECK(wm_proximity_init(&gate, 50, 40) == WM_ERROR_INVALID_VALUE);
    }
}

#ifdef WAYMARK_CORE
/* What only the core flavour promises: no geoid, so an orthometric route is refused
 * with GRID_MISSING and *out stays untouched; ellipsoidal routes work. */
static void core_flavour(void) {
    wm_navigator_config config;
    wm_navigator *navigator = (wm_navigator *)&config;   /* a sentinel: must stay as it is */
    wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 150}};
    size_t bad = 7;
    wm_navigator_config_default(&config);
    config.heights = WM_HEIGHTS_ORTHOMETRIC;
    CHECK(wm_navigator_create(&config, route, 24, 2, &navigator, &bad) == WM_ERROR_GRID_MISSING);
    CHECK(navigator == (wm_navigator *)&config && bad == 7);
    config.heights = WM_HEIGHTS_ELLIPSOIDAL;
    CHECK(wm_navigator_create(&config, route, 24, 2, &navigator, &bad) == WM_OK && navigator != NULL);
    wm_navigator_destroy(navigator);
    printf("core flavour: orthometric routes refused (GRID_MISSING), ellipsoidal ones work\n");
}
#endif

/* A frame's bytes from another process, used before this one has chosen its CPU path
 * (the first call of the test): a child made them with the best path the machine has
 * (WAYMARK_CPU unset), and this process may be forced to a lesser one (ctest runs the
 * test with WAYMARK_CPU=avx2 and baseline too). A frame prepared for a path this process
 * does not run is INVALID_FRAME, one point or sixteen, whatever was chosen before;
 * otherwise it converts as in the child, bit for bit. */
static void foreign_frame_first(void) {
#if defined(__unix__)
    const wm_geodetic origin = {55.73397, 37.58864, 158};
    wm_geodetic points[16];
    struct { wm_frame frame; int32_t path; wm_vec3 scene[16]; } made, seen;
    int fds[2], status = 0, i;
    wm_status one, sixteen;
    pid_t child;
    for (i = 0; i < 16; i++) {
        points[i].lat_deg = 55.7359 + 1e-4 * i;
        points[i].lon_deg = 37.5943 - 1e-4 * i;
        points[i].height_m = 156.5 + i;
    }
    memset(&made, 0, sizeof made);
    CHECK(pipe(fds) == 0);
    child = fork();
    if (child == 0) {
        ssize_t written;
        unsetenv("WAYMARK_CPU");
        if (wm_frame_init(&made.frame, origin, WM_AXES_EUS) != WM_OK) _exit(3);
        made.path = wm_cpu_path();
        if (wm_frame_forward(&made.frame, points, 24, made.scene, 24, 16, NULL) != WM_OK) _exit(4);
        written = write(fds[1], &made, sizeof made);
        _exit(written == (ssize_t)sizeof made ? 0 : 5);
    }
    CHECK(child > 0 && read(fds[0], &seen, sizeof seen) == (ssize_t)sizeof seen);
    CHECK(waitpid(child, &status, 0) == child && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(fds[0]);
    close(fds[1]);
    {
        wm_vec3 out[16], before;
        memset(out, 0x5a, sizeof out);
        before = out[0];
        one = wm_frame_forward(&seen.frame, points, 24, out, 24, 1, NULL);   /* this process's first call */
        sixteen = wm_frame_forward(&seen.frame, points + 1, 24, out + 1, 24, 15, NULL);
        if (seen.path > wm_cpu_path()) {
            CHECK(one == WM_ERROR_INVALID_FRAME && sixteen == WM_ERROR_INVALID_FRAME);
            CHECK(memcmp(&out[0], &before, sizeof before) == 0);
        } else {
            CHECK(one == WM_OK && sixteen == WM_OK && memcmp(out, seen.scene, sizeof out) == 0);
        }
        printf("foreign frame first: prepared for path %d, this process %d: %s\n", (int)seen.path,
               (int)wm_cpu_path(), one == WM_OK ? "converted as there" : "INVALID_FRAME");
    }
#endif
}

/* The dispatched path: baseline when WAYMARK_CPU=baseline, at most AVX2 + FMA when it
 * is avx2 (ctest runs this test all three ways), and stable across calls. */
static void cpu_path(void) {
    const char *forced = getenv("WAYMARK_CPU");
    int32_t path = wm_cpu_path();
    CHECK(path == WM_CPU_PATH_BASELINE || path == WM_CPU_PATH_AVX2_FMA || path == WM_CPU_PATH_AVX512);
    if (forced != NULL && strcmp(forced, "baseline") == 0) CHECK(path == WM_CPU_PATH_BASELINE);
    if (forced != NULL && strcmp(forced, "avx2") == 0) CHECK(path != WM_CPU_PATH_AVX512);
#if !defined(__x86_64__)
    CHECK(path == WM_CPU_PATH_BASELINE);
#endif
    CHECK(wm_cpu_path() == path);
    printf("cpu path: %s\n", path == WM_CPU_PATH_AVX512 ? "avx512" : path == WM_CPU_PATH_AVX2_FMA ? "avx2_fma" : "baseline");
}

/* Every engine's frame: presets, a custom descriptor, the strided anchor output and the
 * camera helpers. */
static int same_bytes(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

static void engines(void) {
    const wm_geodetic origin = {48.8584, 2.2945, 35};
    wm_frame enu, frame;
    wm_vec3 local = {0, 100, 2}, p;
    wm_geodetic north, route[9];
    wm_mat4f contiguous[9];
    unsigned char strided[9 * 80 + 3];
    int32_t right = -1;
    double units = 0;
    size_t i, bad = 0;
    struct { wm_axes axes; double x, y, z; int right; double units; } presets[] = {
        {WM_AXES_ARKIT, 0, 2, -100, 1, 1}, {WM_AXES_REALITYKIT, 0, 2, -100, 1, 1}, {WM_AXES_GODOT, 0, 2, -100, 1, 1},
        {WM_AXES_THREEJS, 0, 2, -100, 1, 1}, {WM_AXES_BEVY, 0, 2, -100, 1, 1}, {WM_AXES_ARCORE, 0, 2, -100, 1, 1},
        {WM_AXES_UNITY, 0, 2, 100, 0, 1}, {WM_AXES_ARCORE_UNITY, 0, 2, 100, 0, 1},
        {WM_AXES_UNREAL, 0, -10000, 200, 0, 100},
        {WM_AXES_CUSTOM(WM_DIR_NORTH, WM_DIR_EAST, WM_DIR_DOWN, WM_FORWARD_POS_X, WM_UNIT_MILLIMETRE), 100000, 0, -2000, 1, 1000},
    };
    CHECK(wm_frame_init(&enu, origin, WM_AXES_ENU) == WM_OK);
    CHECK(wm_frame_reverse(&enu, &local, 24, &north, 24, 1, NULL) == WM_OK);
    for (i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        CHECK(wm_frame_init(&frame, origin, presets[i].axes) == WM_OK);
        CHECK(wm_frame_forward(&frame, &north, 24, &p, 24, 1, NULL) == WM_OK);
        CHECK(fabs(p.x - presets[i].x) < 1e-6 && fabs(p.y - presets[i].y) < 1e-6 && fabs(p.z - presets[i].z) < 1e-6);
        CHECK(wm_axes_describe(presets[i].axes, &right, &units) == WM_OK);
        CHECK(right == presets[i].right && units == presets[i].units);
    }
    CHECK(wm_axes_describe(WM_AXES_EUS, NULL, NULL) == WM_OK);
    right = 7; units = 7;
    CHECK(wm_axes_describe(WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_WEST, WM_DIR_UP, WM_FORWARD_POS_Y, WM_UNIT_METRE), &right, &units)
          == WM_ERROR_INVALID_VALUE && right == 7 && units == 7);
    CHECK(wm_axes_describe(WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_NORTH, WM_DIR_UP, WM_FORWARD_POS_Z, WM_UNIT_METRE), NULL, NULL)
          == WM_ERROR_INVALID_VALUE);
    CHECK(wm_axes_describe(3, NULL, NULL) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_frame_init(&frame, origin, WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_NORTH, WM_DIR_UP, WM_FORWARD_POS_Y, 4))
          == WM_ERROR_INVALID_VALUE);

    /* The strided anchor output: the contiguous bits, the gaps untouched, at an odd address. */
    for (i = 0; i < 9; i++) {
        wm_vec3 step = {3.0 * (double)(i % 3), 4.0 * (double)i, 0.5 * (double)i};
        CHECK(wm_frame_reverse(&enu, &step, 24, &route[i], 24, 1, NULL) == WM_OK);
    }
    {
        wm_axes each[] = {WM_AXES_EUS, WM_AXES_EUN, WM_AXES_ENU, WM_AXES_UNREAL};
        size_t a;
        for (a = 0; a < 4; a++) {
            CHECK(wm_frame_init(&frame, origin, each[a]) == WM_OK);
            CHECK(wm_frame_anchor_transforms(&frame, route, 24, contiguous, 9, NULL) == WM_OK);
            memset(strided, 0xA5, sizeof strided);
            CHECK(wm_frame_anchor_transforms_ex(&frame, route, 24, strided + 3, 80, 9, &bad) == WM_OK);
            for (i = 0; i < 9; i++) {
                size_t k;
                CHECK(same_bytes(strided + 3 + 80 * i, &contiguous[i], 64));
                for (k = 64; k < 80 && 3 + 80 * i + k < sizeof strided; k++) CHECK(strided[3 + 80 * i + k] == 0xA5);
            }
            CHECK(strided[0] == 0xA5 && strided[1] == 0xA5 && strided[2] == 0xA5);
        }
        CHECK(wm_frame_anchor_transforms_ex(&frame, route, 24, strided, 63, 9, &bad) == WM_ERROR_BAD_STRIDE);
        CHECK(wm_frame_anchor_transforms_ex(&frame, route, 24, NULL, 64, 9, &bad) == WM_ERROR_NULL_POINTER);
        CHECK(wm_frame_anchor_transforms_ex(&frame, route, 24, NULL, 64, 0, &bad) == WM_OK);
        /* Unreal: the route starts due north, so +X (forward) turns onto -Y (north). */
        CHECK(wm_frame_init(&frame, origin, WM_AXES_UNREAL) == WM_OK);
        CHECK(wm_frame_anchor_transforms(&frame, route, 24, contiguous, 9, NULL) == WM_OK);
        {
            double fx = contiguous[0].m[0], fy = contiguous[0].m[1], h;
            wm_vec3 q;
            CHECK(wm_frame_forward(&frame, &route[1], 24, &q, 24, 1, NULL) == WM_OK);
            h = sqrt(q.x * q.x + q.y * q.y);
            CHECK(fabs(fx - q.x / h) < 1e-6 && fabs(fy - q.y / h) < 1e-6 && q.y < 0);
        }
    }

    /* A logged pose: looking east (yaw 90), level: back (column 2) is west, up is +y. */
    {
        double m[16], q[16], before;
        CHECK(wm_camera_pose_transform((wm_vec3){1, 1.4, -2}, 90, 0, 0, WM_AXES_EUS, m) == WM_OK);
        CHECK(fabs(m[8] + 1) < 1e-15 && fabs(m[9]) < 1e-15 && fabs(m[10]) < 1e-15 && fabs(m[5] - 1) < 1e-15);
        CHECK(m[12] == 1 && m[13] == 1.4 && m[14] == -2 && m[15] == 1);
        CHECK(wm_camera_pose_transform((wm_vec3){1, 1.4, -2}, 90, 0, 0, WM_AXES_UNREAL, m) == WM_OK);
        CHECK(fabs(m[8] + 1) < 1e-15 && fabs(m[10]) < 1e-15 && fabs(m[6] - 1) < 1e-15);   /* Unreal: up is +z */
        before = m[0];
        CHECK(wm_camera_pose_transform((wm_vec3){0, 0, 0}, 0, 91, 0, WM_AXES_EUS, m) == WM_ERROR_INVALID_VALUE && m[0] == before);
        CHECK(wm_camera_pose_transform((wm_vec3){0, 0, 0}, NAN, 0, 0, WM_AXES_EUS, m) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_camera_pose_transform((wm_vec3){0, 0, 0}, 0, 0, 0, 3, m) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_camera_pose_transform((wm_vec3){0, 0, 0}, 0, 0, 0, WM_AXES_EUS, NULL) == WM_ERROR_NULL_POINTER);
        CHECK(wm_perspective(60, 390.0 / 844, 0.05, 10000, q) == WM_OK);
        CHECK(fabs(q[5] - 1 / tan(30 * 3.14159265358979323846 / 180)) < 1e-12 && q[11] == -1 && q[15] == 0);
        CHECK(wm_perspective(180, 1, 0.05, 10000, q) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_perspective(60, 1, 1, 1, q) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_perspective(60, 1, 0.05, 10000, NULL) == WM_ERROR_NULL_POINTER);
    }

    /* Cameras: a view's inverse; ARKit's sensor frame turned for portrait; Unity as is. */
    {
        const wm_mat4f t = {{0, 0, -1, 0,  0, 1, 0, 0,  1, 0, 0, 0,  3, 1.5f, -7, 1}};   /* looking east */
        const wm_mat4f proj = {{1.5f, 0, 0, 0,  0, 2, 0, 0,  0, 0, -1, -1,  0, 0, -0.1f, 0}};
        const wm_mat4f zero = {{0}};
        wm_mat4f view, sensor;
        wm_viewport vp = {0, 0, 390, 844};
        wm_camera cam, untouched;
        int k;
        CHECK(wm_mat4f_inverse_rigid(&t, &view) == WM_OK);
        CHECK(wm_camera_from_view(&view, &proj, vp, &cam) == WM_OK);
        for (k = 0; k < 16; k++) CHECK(fabs(cam.transform.m[k] - t.m[k]) < 1e-6);
        CHECK(same_bytes(&cam.projection, &proj, sizeof proj) && cam.has_ground == 0 && cam.viewport.height == 844);
        /* Portrait: the sensor frame's columns are (-y, x, z) of the screen frame. */
        for (k = 0; k < 4; k++) {
            sensor.m[k] = -t.m[4 + k];
            sensor.m[4 + k] = t.m[k];
            sensor.m[8 + k] = t.m[8 + k];
            sensor.m[12 + k] = t.m[12 + k];
        }
        CHECK(wm_camera_from_arkit(&sensor, &proj, vp, WM_ORIENTATION_PORTRAIT, &cam) == WM_OK);
        for (k = 0; k < 16; k++) CHECK(cam.transform.m[k] == t.m[k]);
        CHECK(wm_camera_from_arkit(&t, &proj, vp, WM_ORIENTATION_LANDSCAPE_RIGHT, &cam) == WM_OK);
        CHECK(same_bytes(&cam.transform, &t, sizeof t));
        CHECK(wm_camera_from_unity(&t, &proj, vp, &cam) == WM_OK && same_bytes(&cam.transform, &t, sizeof t));
        memset(&untouched, 0x5a, sizeof untouched);
        cam = untouched;
        CHECK(wm_camera_from_arkit(&t, &proj, vp, 0, &cam) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_camera_from_arkit(&t, &proj, vp, 5, &cam) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_camera_from_view(&zero, &proj, vp, &cam) == WM_ERROR_SINGULAR);
        vp.width = 0;
        CHECK(wm_camera_from_unity(&t, &proj, vp, &cam) == WM_ERROR_INVALID_VALUE);
        vp.width = 390;
        sensor.m[3] = (float)NAN;
        CHECK(wm_camera_from_arkit(&sensor, &proj, vp, WM_ORIENTATION_PORTRAIT, &cam) == WM_ERROR_INVALID_VALUE);
        CHECK(wm_camera_from_unity(&t, NULL, vp, &cam) == WM_ERROR_NULL_POINTER);
        CHECK(same_bytes(&cam, &untouched, sizeof cam));
    }
}

/* The short-range geodesic without PROJ (both flavours): the reference vectors' lines up
 * to 10 km at 1e-6 m and 1e-8 degree; a longer line refused with its index, nothing
 * written; bad points and arguments. */
static void short_geodesics(const char *dir) {
    char line[1024], *kind;
    double v[8], worst = 0, d[4], a1[4], a2[4];
    int rows = 0;
    size_t bad = 77, i;
    FILE *f = open_data(dir, "geodesic_wgs84.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        wm_geodetic a, b;
        double s12, azi1, azi2;
        split(line, v, 8, &kind);
        if (v[5] > 10000 || fabs(v[1]) > 89.9 || fabs(v[3]) > 89.9 || fabs(v[1] - v[3]) > 0.1) continue;
        a.lat_deg = v[1]; a.lon_deg = v[2]; a.height_m = 0;
        b.lat_deg = v[3]; b.lon_deg = v[4]; b.height_m = 0;
        CHECK(wm_geodesic_short_batch(a, &b, sizeof b, &s12, &azi1, &azi2, 1, NULL) == WM_OK);
        CHECK(fabs(s12 - v[5]) <= 1e-6);
        if (fabs(s12 - v[5]) > worst) worst = fabs(s12 - v[5]);
        if (rounding_sensitivity_deg(s12) <= 1e-9) CHECK(angle_diff(azi1, v[6]) <= 1e-8 && angle_diff(azi2, v[7]) <= 1e-8);
        rows++;
    }
    fclose(f);
    CHECK(rows > 1000);
    printf("wm_geodesic_short_batch: %d reference lines up to 10 km, worst distance %.3g m\n", rows, worst);
    {
        wm_geodetic o = {55.7339, 37.5886, 150};
        wm_geodetic p[4] = {{55.7349, 37.5886, 0}, {55.7339, 37.5986, 0}, {55.9339, 37.5886, 0}, {55.7339, 37.5896, 0}};
        for (i = 0; i < 4; i++) d[i] = a1[i] = a2[i] = -7;
        CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], d, a1, a2, 4, &bad) == WM_ERROR_NOT_AVAILABLE && bad == 2);
        for (i = 0; i < 4; i++) CHECK(d[i] == -7 && a1[i] == -7 && a2[i] == -7);
        p[2].lat_deg = NAN;
        CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], d, a1, a2, 4, &bad) == WM_ERROR_INVALID_VALUE && bad == 2);
        p[2].lat_deg = 55.7340;
        CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], d, NULL, NULL, 4, &bad) == WM_OK);
        CHECK(fabs(d[0] - 111.5) < 1 && d[1] > 600 && d[1] < 640 && a1[0] == -7);
        CHECK(wm_geodesic_short_batch(o, p, 8, d, NULL, NULL, 4, &bad) == WM_ERROR_BAD_STRIDE);
        CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], NULL, NULL, NULL, 4, &bad) == WM_ERROR_NULL_POINTER);
        CHECK(wm_geodesic_short_batch(o, NULL, 0, NULL, NULL, NULL, 0, &bad) == WM_OK);
        o.lat_deg = 91;
        CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], d, NULL, NULL, 4, &bad) == WM_ERROR_INVALID_VALUE);
#ifndef WAYMARK_CORE
        {   /* The full flavour's batch takes the same method for these lines: the same bits. */
            double e[4];
            o.lat_deg = 55.7339;
            CHECK(wm_geodesic_short_batch(o, p, sizeof p[0], d, NULL, NULL, 4, NULL) == WM_OK);
            CHECK(wm_geodesic_inverse_batch(o, p, sizeof p[0], e, NULL, NULL, 4, NULL) == WM_OK);
            CHECK(memcmp(d, e, sizeof d) == 0);
        }
#endif
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s <Tests/Data>\n", argv[0]);
        return 2;
    }
    foreign_frame_first();
#ifndef WAYMARK_CORE
    geodesic_vectors(argv[1]);
#endif
    cpu_path();
    enu_vectors(argv[1]);
    axes_and_estimate();
    engines();
    short_geodesics(argv[1]);
#ifndef WAYMARK_CORE
    geodesic_batches();
#endif
    status_paths();
    china_datums();
#ifndef WAYMARK_CORE
    crs_transforms();
    geoid_heights(argv[1]);
    geoid_interpolations(argv[1]);
#else
    core_flavour();
#endif
    navigation();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
