/* The host library's answers to the inputs Tests/WASM/smoke.mjs converts, so the node
 * test can compare the WebAssembly module with x86-64 (or whatever the host is) number
 * by number. Linked by scripts/test-wasm against the host's core flavour
 * (build/libwaymark-core.a) when that exists.
 * Usage: host_outputs <Tests/Data>. Prints one line per input, %.17g (round-trips
 * exactly): "enu" + forward x y z + reverse lat lon h, "city" + GCJ-02 lat lon + BD-09
 * of the file's GCJ-02 lat lon + WGS-84 back from the computed GCJ-02 lat lon, and
 * "arrow" + x y z yaw distance for the arrows of examples/c-engine/route.csv (a route
 * handle: the library's own allocation) as Tests/WASM/smoke.mjs builds them. */
#define WAYMARK_CORE
#include <waymark.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *open_data(const char *dir, const char *name) {
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "host_outputs: cannot open %s\n", path);
        exit(66);
    }
    return f;
}

/* The n-th comma-separated field of line (0-based) as a double; no quoted fields
 * precede the numeric columns read here. */
static double field(const char *line, int n) {
    while (n-- > 0) {
        line = strchr(line, ',');
        if (!line) return 0;
        line++;
    }
    return strtod(line, NULL);
}

static void fail(const char *what) {
    fprintf(stderr, "host_outputs: %s failed\n", what);
    exit(1);
}

/* The c-engine example's route in an EUS frame at its first point, the estimate
 * (1, 2, 3) m and 10 degrees, as a route; the user 0.5 m east of its first point; the
 * arrows every 2 m for 50 m from there. */
static void route_arrows(const char *data_dir) {
    char path[4096], line[256];
    wm_geodetic points[16];
    wm_vec3 scene[16], user;
    wm_frame frame;
    wm_route *route = NULL;
    wm_route_position at;
    wm_arrow arrows[64];
    size_t n = 0, count = 0, i;
    wm_vec3 estimate = {1, 2, 3};
    FILE *f;
    snprintf(path, sizeof path, "%s/../../examples/c-engine/route.csv", data_dir);
    f = fopen(path, "r");
    if (!f) fail("opening examples/c-engine/route.csv");
    while (n < 16 && fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        points[n].lat_deg = field(line, 0); points[n].lon_deg = field(line, 1); points[n].height_m = field(line, 2);
        n++;
    }
    fclose(f);
    if (wm_frame_init(&frame, points[0], WM_AXES_EUS) != WM_OK) fail("wm_frame_init");
    if (wm_frame_set_estimate(&frame, estimate, 10) != WM_OK) fail("wm_frame_set_estimate");
    if (wm_frame_forward(&frame, points, 24, scene, 24, n, NULL) != WM_OK) fail("wm_frame_forward");
    if (wm_route_create(scene, 24, n, WM_AXES_EUS, &route) != WM_OK) fail("wm_route_create");
    user = scene[0];
    user.x += 0.5;
    if (wm_route_project(route, user, &at) != WM_OK) fail("wm_route_project");
    if (wm_route_arrows(route, &at, 2, 50, arrows, 64, &count) != WM_OK) fail("wm_route_arrows");
    for (i = 0; i < count; i++) {
        printf("arrow %.17g %.17g %.17g %.17g %.17g\n", arrows[i].position.x, arrows[i].position.y,
               arrows[i].position.z, arrows[i].yaw_deg, arrows[i].distance_along_m);
    }
    wm_route_destroy(route);
}

int main(int argc, char **argv) {
    char line[4096];
    FILE *f;
    if (argc < 2) {
        fprintf(stderr, "usage: %s <Tests/Data>\n", argv[0]);
        return 64;
    }
    f = open_data(argv[1], "enu_wgs84.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        wm_frame frame;
        wm_geodetic origin = {field(line, 0), field(line, 1), field(line, 2)};
        wm_geodetic point = {field(line, 3), field(line, 4), field(line, 5)}, back;
        wm_vec3 enu;
        if (wm_frame_init(&frame, origin, WM_AXES_ENU) != WM_OK) fail("wm_frame_init");
        if (wm_frame_forward(&frame, &point, sizeof point, &enu, sizeof enu, 1, NULL) != WM_OK) fail("wm_frame_forward");
        if (wm_frame_reverse(&frame, &enu, sizeof enu, &back, sizeof back, 1, NULL) != WM_OK) fail("wm_frame_reverse");
        printf("enu %.17g %.17g %.17g %.17g %.17g %.17g\n", enu.x, enu.y, enu.z, back.lat_deg, back.lon_deg, back.height_m);
    }
    fclose(f);
    f = open_data(argv[1], "external/gcj_gcoord_china_cities.csv");
    fgets(line, sizeof line, f);
    while (fgets(line, sizeof line, f)) {
        /* idx,province,city,district,name,wgs_lat,wgs_lon,gcj_lat,gcj_lon,bd_lat,... */
        wm_geodetic wgs = {field(line, 5), field(line, 6), 0}, gcj = {field(line, 7), field(line, 8), 0};
        wm_geodetic gcj_out, bd_out, back;
        if (wm_gcj02_from_wgs84(NULL, &wgs, 24, &gcj_out, 24, 1, NULL) != WM_OK) fail("wm_gcj02_from_wgs84");
        if (wm_bd09_from_gcj02(NULL, &gcj, 24, &bd_out, 24, 1, NULL) != WM_OK) fail("wm_bd09_from_gcj02");
        if (wm_wgs84_from_gcj02(NULL, &gcj_out, 24, &back, 24, 1, NULL) != WM_OK) fail("wm_wgs84_from_gcj02");
        printf("city %.17g %.17g %.17g %.17g %.17g %.17g\n", gcj_out.lat_deg, gcj_out.lon_deg, bd_out.lat_deg,
               bd_out.lon_deg, back.lat_deg, back.lon_deg);
    }
    fclose(f);
    route_arrows(argv[1]);
    return 0;
}
