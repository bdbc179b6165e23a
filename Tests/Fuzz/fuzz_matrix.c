/* 4x4 matrices at C's 4-byte alignment, and point transforms. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    struct { int32_t id; wm_mat4f m[3]; } r;
    float xyz[3 * 8], copy[3 * 8];
    uint32_t control = take_u32(&in);
    size_t count = control & 7, bad = 99, i;
    wm_status s;
    for (i = 0; i < 32; i++) r.m[i / 16].m[i % 16] = (float)take_double(&in);
    for (i = 0; i < 3 * 8; i++) xyz[i] = (float)take_double(&in);
    memset(&r.m[2], SENTINEL, sizeof r.m[2]);
    s = wm_mat4f_multiply(&r.m[0], &r.m[1], &r.m[2]);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&r.m[2], sizeof r.m[2]));
    memset(&r.m[2], SENTINEL, sizeof r.m[2]);
    s = wm_mat4f_inverse(&r.m[0], &r.m[2]);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&r.m[2], sizeof r.m[2]));
    else for (i = 0; i < 16; i++) FUZZ_REQUIRE(isfinite(r.m[2].m[i]));
    memset(&r.m[2], SENTINEL, sizeof r.m[2]);
    s = wm_mat4f_inverse_rigid(&r.m[1], &r.m[2]);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(&r.m[2], sizeof r.m[2]));
    if (control & 0x100) count = impossible_count(control >> 12);
    memcpy(copy, xyz, sizeof xyz);
    s = wm_mat4f_transform_points(&r.m[0], xyz, 12, count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(memcmp(copy, xyz, sizeof xyz) == 0);
    return 0;
}
