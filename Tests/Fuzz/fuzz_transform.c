/* PROJ transformations from fuzzed CRS strings: never a block, a crash or a file
 * outside PROJ's resource directories; apply checked like every batch. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *known[] = {"EPSG:4326", "EPSG:4979", "EPSG:32650", "EPSG:4490", "+proj=longlat +datum=WGS84",
                                  "+proj=longlat +datum=WGS84 +geoidgrids=egm96_15.gtx +type=crs", "EPSG:3857"};
    char from[256], to[256];
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    wm_transform *t = NULL, *copy = NULL;
    wm_vec3 pts[4], out[4];
    size_t count = control & 3, bad = 99, i, n;
    wm_status s;
    /* The first string from the input (up to a NUL), the second a known CRS or more input. */
    n = 0;
    while (n < sizeof from - 1 && in.size && in.data[0]) { from[n++] = (char)in.data[0]; in.data++; in.size--; }
    from[n] = '\0';
    if (in.size) { in.data++; in.size--; }
    if (control & 4) {
        n = 0;
        while (n < sizeof to - 1 && in.size && in.data[0]) { to[n++] = (char)in.data[0]; in.data++; in.size--; }
        to[n] = '\0';
    } else {
        strcpy(to, known[(control >> 3) % (sizeof known / sizeof known[0])]);
    }
    if (control & 0x100) { char tmp[256]; strcpy(tmp, from); strcpy(from, to); strcpy(to, tmp); }
    s = wm_transform_create_ex(from, to, (control >> 9) & 3, &t);
    require_status(s);
    if (s != WM_OK) return 0;
    for (i = 0; i < count; i++) pts[i] = take_vec3(&in);
    memset(out, SENTINEL, sizeof out);
    s = wm_transform_apply(t, pts, 24, out, 24, control & 0x800 ? impossible_count(control >> 12) : count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(out, sizeof out));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(finite3(out[i].x, out[i].y, out[i].z));
    if (wm_transform_clone(t, &copy) == WM_OK) wm_transform_destroy(copy);
    wm_transform_destroy(t);
    return 0;
}
