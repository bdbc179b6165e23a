/* Geodesics: inverse, direct, batch inverse, polyline length, haversine. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    wm_geodetic a = take_geodetic(&in), b = take_geodetic(&in), end, pts[8];
    double az = take_double(&in), dist = take_double(&in), radius = take_double(&in);
    double d[8], a1[8], a2[8], total, one, two, three;
    uint32_t control = take_u32(&in);
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

    for (i = 0; i < count; i++) pts[i] = take_geodetic(&in);
    if (control & 0x100) count = impossible_count(control >> 12);
    memset(d, SENTINEL, sizeof d); memset(a1, SENTINEL, sizeof a1); memset(a2, SENTINEL, sizeof a2);
    s = wm_geodesic_inverse_batch(a, pts, sizeof pts[0], d, a1, a2, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(d, sizeof d) && untouched(a1, sizeof a1) && untouched(a2, sizeof a2));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(d[i]) && d[i] >= 0 && a1[i] > -180 && a1[i] <= 180 && a2[i] > -180 && a2[i] <= 180);
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
