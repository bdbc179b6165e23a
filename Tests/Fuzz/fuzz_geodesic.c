/* Geodesics: inverse, direct, batch inverse, short-range batch, polyline length,
 * haversine. wm_geodesic_short_batch either refuses (nothing written; NOT_AVAILABLE at
 * a line it refuses alone too, every line before it taken) or gives the very bits of
 * wm_geodesic_inverse_batch for the same batch. */
#include "fuzz_common.h"

/* The short-range batch against the full batch's status and results (d, a1, a2 from
 * wm_geodesic_inverse_batch when `full` is WM_OK). */
static void check_short_batch(wm_geodetic origin, const wm_geodetic *pts, size_t count, wm_status full, size_t full_bad,
                              const double *d, const double *a1, const double *a2, uint32_t flags) {
    double sd[8], sa1[8], sa2[8];
    size_t bad = 99, i;
    int with_az1 = !(flags & 2), with_az2 = !(flags & 4);
    wm_status s;
    memset(sd, SENTINEL, sizeof sd); memset(sa1, SENTINEL, sizeof sa1); memset(sa2, SENTINEL, sizeof sa2);
    s = wm_geodesic_short_batch(origin, pts, sizeof pts[0], sd, with_az1 ? sa1 : NULL, with_az2 ? sa2 : NULL, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(sd, sizeof sd) && untouched(sa1, sizeof sa1) && untouched(sa2, sizeof sa2));
    if (full != WM_OK) FUZZ_REQUIRE(s != WM_OK);
    if (s == WM_ERROR_INVALID_VALUE && full == WM_ERROR_INVALID_VALUE) FUZZ_REQUIRE(bad == full_bad);
    if (s == WM_OK) {
        FUZZ_REQUIRE(full == WM_OK);
        for (i = 0; i < count; i++) {
            FUZZ_REQUIRE(memcmp(&sd[i], &d[i], 8) == 0 && d[i] <= 10000.001);
            if (with_az1) FUZZ_REQUIRE(memcmp(&sa1[i], &a1[i], 8) == 0);
            if (with_az2) FUZZ_REQUIRE(memcmp(&sa2[i], &a2[i], 8) == 0);
        }
        if (!with_az1) FUZZ_REQUIRE(untouched(sa1, sizeof sa1));
        if (!with_az2) FUZZ_REQUIRE(untouched(sa2, sizeof sa2));
    }
    if (s == WM_ERROR_NOT_AVAILABLE) {
        size_t again = 99;
        FUZZ_REQUIRE(count <= 8 && bad < count);
        /* A line's fate does not depend on its place in the batch. */
        FUZZ_REQUIRE(wm_geodesic_short_batch(origin, &pts[bad], sizeof pts[0], sd, NULL, NULL, 1, &again) == WM_ERROR_NOT_AVAILABLE
                     && again == 0);
        if (bad > 0) FUZZ_REQUIRE(wm_geodesic_short_batch(origin, pts, sizeof pts[0], sd, sa1, sa2, bad, &again) == WM_OK);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    wm_geodetic a = take_geodetic(&in), b = take_geodetic(&in), end, pts[8];
    double az = take_double(&in), dist = take_double(&in), radius = take_double(&in);
    double d[8], a1[8], a2[8], total, one, two, three;
    uint64_t control64 = take_u64(&in);
    uint32_t control = (uint32_t)control64, high = (uint32_t)(control64 >> 32);
    size_t count = control & 7, bad = 99, i;
    wm_status s;
    int finite_ab = finite3(a.lat_deg, a.lon_deg, a.height_m) && finite3(b.lat_deg, b.lon_deg, b.height_m);

    memset(&one, SENTINEL, 8); memset(&two, SENTINEL, 8); memset(&three, SENTINEL, 8);
    s = wm_geodesic_inverse(a, b, &one, &two, &three);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&one, 8) && untouched(&two, 8) && untouched(&three, 8));
    else {
        FUZZ_REQUIRE(finite_ab && isfinite(one) && one >= 0);
        FUZZ_REQUIRE(two > -180 && two <= 180 && three > -180 && three <= 180);
    }
    memset(&end, SENTINEL, sizeof end);
    memset(&two, SENTINEL, 8);
    s = wm_geodesic_direct(a, az, dist, &end, &two);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&end, sizeof end) && untouched(&two, 8));
    else FUZZ_REQUIRE(fabs(end.lat_deg) <= 90 && end.lon_deg >= -180 && end.lon_deg < 180 && two > -180 && two <= 180);

    for (i = 0; i < count; i++) {
        pts[i] = take_geodetic(&in);
        if (high & 1) {            /* near a: offsets of up to about 0.1 degree in the small kinds */
            pts[i].lat_deg = a.lat_deg + pts[i].lat_deg * 1e-4;
            pts[i].lon_deg = a.lon_deg + pts[i].lon_deg * 1e-4;
        }
    }
    if (control & 0x100) count = impossible_count(control >> 12);
    memset(d, SENTINEL, sizeof d); memset(a1, SENTINEL, sizeof a1); memset(a2, SENTINEL, sizeof a2);
    s = wm_geodesic_inverse_batch(a, pts, sizeof pts[0], d, a1, a2, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(d, sizeof d) && untouched(a1, sizeof a1) && untouched(a2, sizeof a2));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(d[i]) && d[i] >= 0 && a1[i] > -180 && a1[i] <= 180 && a2[i] > -180 && a2[i] <= 180);
    check_short_batch(a, pts, count, s, bad, d, a1, a2, high);
    memset(d, SENTINEL, sizeof d); memset(&total, SENTINEL, 8);
    s = wm_polyline_length(pts, sizeof pts[0], count, d, &total, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(d, sizeof d) && untouched(&total, 8));
    else FUZZ_REQUIRE(isfinite(total) && total >= 0);
    memset(&one, SENTINEL, 8);
    s = wm_haversine_inverse(radius, a, b, &one, NULL);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&one, 8));
    else FUZZ_REQUIRE(isfinite(one));
    return 0;
}
