/* China's datums under every region kind, polygons included. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    wm_geodetic pts[8], out[8], ring[6];
    uint32_t control = take_u32(&in);
    size_t count = control & 7, bad = 99, i;
    wm_region region;
    wm_status s;
    int k;
    region.kind = (wm_region_kind)((control >> 3) % 4);
    region.polygon_count = (control >> 5) % 7;
    for (i = 0; i < region.polygon_count; i++) ring[i] = take_geodetic(&in);
    region.polygon = ring;
    if (control & 0x10000) region.polygon_count = (size_t)1 << (30 + (control >> 17) % 30);
    for (i = 0; i < count; i++) pts[i] = take_geodetic(&in);
    if (control & 0x100) count = impossible_count(control >> 12);
    for (k = 0; k < 4; k++) {
        memset(out, SENTINEL, sizeof out);
        switch (k) {
        case 0: s = wm_gcj02_from_wgs84(control & 0x200 ? NULL : &region, pts, 24, out, 24, count, &bad); break;
        case 1: s = wm_wgs84_from_gcj02(&region, pts, 24, out, 24, count, &bad); break;
        case 2: s = wm_bd09_from_gcj02(&region, pts, 24, out, 24, count, &bad); break;
        default: s = wm_gcj02_from_bd09(&region, pts, 24, out, 24, count, &bad); break;
        }
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(out, sizeof out));
        else for (i = 0; i < count; i++) {
            FUZZ_REQUIRE(finite3(out[i].lat_deg, out[i].lon_deg, out[i].height_m));
            FUZZ_REQUIRE(fabs(out[i].lat_deg) <= 90 && out[i].lon_deg >= -180 && out[i].lon_deg < 180);
        }
    }
    return 0;
}
