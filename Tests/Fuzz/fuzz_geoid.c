/* EGM96 undulations: any points, any count; nothing written on error. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    wm_geodetic pts[8];
    double n[8];
    size_t count = control & 7, bad = 99, i;
    wm_status s;
    for (i = 0; i < count; i++) pts[i] = take_geodetic(&in);
    if (control & 0x100) count = impossible_count(control >> 12);
    memset(n, SENTINEL, sizeof n);
    s = wm_geoid_undulation(pts, control & 0x200 ? 8 : 24, n, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(n, sizeof n));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(n[i]) && fabs(n[i]) < 200);
    return 0;
}
