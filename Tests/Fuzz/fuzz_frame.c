/* Frames: init (WGS-84 or any ellipsoid) under named or custom axes (WM_AXES_CUSTOM,
 * valid or not), wm_axes_describe, estimate, forward, reverse, anchor transforms (into
 * a 4-byte-aligned record, and through wm_frame_anchor_transforms_ex at any stride and
 * alignment), baselines. A custom frame's points are its ENU frame's, permuted, signed
 * and scaled by the unit; a descriptor equal to ENU, EUS or EUN gives that value's bytes. */
#include "fuzz_common.h"

#define EX_MAX_STRIDE 200
static unsigned char ex_buffer[8 + 8 * EX_MAX_STRIDE + 64];

/* Every anchor's rotation is proper: determinant +1 up to float rounding, whatever the
 * axes (a scaled or mirrored "rotation" would stretch the model). */
static void check_rotations(const wm_mat4f *m, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        const float *r = m[i].m;
        double det = (double)r[0] * ((double)r[5] * r[10] - (double)r[9] * r[6])
                   - (double)r[4] * ((double)r[1] * r[10] - (double)r[9] * r[2])
                   + (double)r[8] * ((double)r[1] * r[6] - (double)r[5] * r[2]);
        if (!(fabs(det - 1) < 1e-6) && !skip_known()) {   /* known: found-anchor-rotation-scaled-* */
            fprintf(stderr, "contract broken: anchor %zu of %zu has determinant %.9g: %g %g %g / %g %g %g / %g %g %g\n",
                    i, count, det, r[0], r[1], r[2], r[4], r[5], r[6], r[8], r[9], r[10]);
            abort();
        }
    }
}

/* wm_frame_anchor_transforms_ex into ex_buffer + offset every stride bytes: the same
 * status as the plain call, the same matrices bit for bit, the gaps untouched. */
static void check_anchor_ex(const wm_frame *frame, const wm_geodetic *g, size_t count, wm_status plain,
                            const wm_mat4f *m, size_t plain_bad, uint32_t pick) {
    size_t stride = 64 + pick % (EX_MAX_STRIDE - 63), offset = (pick >> 8) % 8, bad = 99, i, k;
    wm_status s;
    if ((pick >> 11) % 16 == 0) stride = (pick >> 15) % 64;          /* too small: BAD_STRIDE */
    memset(ex_buffer, SENTINEL, sizeof ex_buffer);
    s = wm_frame_anchor_transforms_ex(frame, g, sizeof g[0], ex_buffer + offset, stride, count, &bad);
    require_status(s);
    if (stride < 64) {
        FUZZ_REQUIRE(count == 0 || s != WM_OK);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(ex_buffer, sizeof ex_buffer));
        return;
    }
    FUZZ_REQUIRE(s == plain);
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched(ex_buffer, sizeof ex_buffer));
        if (s == WM_ERROR_INVALID_VALUE) FUZZ_REQUIRE(bad == plain_bad);
        return;
    }
    for (i = 0; i < count; i++) {
        const unsigned char *at = ex_buffer + offset + i * stride;
        FUZZ_REQUIRE(memcmp(at, &m[i], 64) == 0);
        if (i + 1 < count) FUZZ_REQUIRE(untouched(at + 64, stride - 64));
    }
    FUZZ_REQUIRE(untouched(ex_buffer, offset));
    k = count ? offset + (count - 1) * stride + 64 : offset;
    FUZZ_REQUIRE(untouched(ex_buffer + k, sizeof ex_buffer - k));
}

/* Before any estimate, a custom frame's scene points are the ENU frame's east, north,
 * up in its directions and unit (equal bytes for a descriptor naming ENU, EUS or EUN). */
static void check_against_enu(const wm_frame *frame, wm_axes axes, int ellipsoid, double a, double f,
                              wm_geodetic origin, const wm_geodetic *g, size_t count) {
    wm_frame enu_frame, named_frame;
    wm_vec3 v[8], e[8], n[8];
    size_t bad = 99, i;
    int named = axes_named_equivalent(axes), j;
    wm_status s1, s2;
    if (count > 8) return;
    s1 = ellipsoid ? wm_frame_init_ellipsoid(&enu_frame, a, f, origin, WM_AXES_ENU) : wm_frame_init(&enu_frame, origin, WM_AXES_ENU);
    FUZZ_REQUIRE(s1 == WM_OK);                  /* the same origin was accepted with `axes` */
    s1 = wm_frame_forward(frame, g, sizeof g[0], v, sizeof v[0], count, &bad);
    s2 = wm_frame_forward(&enu_frame, g, sizeof g[0], e, sizeof e[0], count, &bad);
    if (named >= 0) {
        wm_status s3;
        s3 = ellipsoid ? wm_frame_init_ellipsoid(&named_frame, a, f, origin, named) : wm_frame_init(&named_frame, origin, named);
        FUZZ_REQUIRE(s3 == WM_OK);
        s3 = wm_frame_forward(&named_frame, g, sizeof g[0], n, sizeof n[0], count, &bad);
        FUZZ_REQUIRE(s3 == s1);
        if (s1 == WM_OK) FUZZ_REQUIRE(memcmp(v, n, count * sizeof v[0]) == 0);
    }
    if (axes_units_per_metre(axes) == 1) FUZZ_REQUIRE(s1 == s2);   /* larger units may overflow */
    if (s1 != WM_OK || s2 != WM_OK) return;
    for (i = 0; i < count; i++) {
        double enu[3] = {e[i].x, e[i].y, e[i].z}, got[3] = {v[i].x, v[i].y, v[i].z};
        double norm = (fabs(enu[0]) + fabs(enu[1]) + fabs(enu[2])) * axes_units_per_metre(axes);
        for (j = 0; j < 3; j++) {
            double want = axes_component(axes, j, enu);
            if (!(fabs(got[j] - want) <= 1e-9 * norm + 1e-300)) {
                fprintf(stderr, "contract broken: axes 0x%08x point %zu component %d: %.17g, ENU gives %.17g\n",
                        (unsigned)axes, i, j, got[j], want);
                abort();
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    wm_frame frame;
    wm_geodetic origin = take_geodetic(&in), g[8], back[8];
    wm_vec3 v[8], scene_origin;
    struct { int32_t id; wm_mat4f m[8]; } record;
    uint64_t control64 = take_u64(&in);
    uint32_t control = (uint32_t)control64;
    size_t count = control & 7, bad = 99, plain_bad, i;
    wm_axes axes = pick_axes((uint32_t)(control64 >> 32), (wm_axes)((control >> 3) % 4));
    wm_status s, plain;
    double heading, a = 0, f = 0;
    check_axes_describe(axes);
    memset(&frame, SENTINEL, sizeof frame);
    if (control & 0x100) {
        a = take_double(&in), f = take_double(&in);
        s = wm_frame_init_ellipsoid(&frame, a, f, origin, axes);
    } else {
        s = wm_frame_init(&frame, origin, axes);
    }
    require_status(s);
    require_axes_status(axes, s);
    if (s != WM_OK) {
        FUZZ_REQUIRE(untouched(&frame, sizeof frame));
        return 0;
    }
    scene_origin = take_vec3(&in);
    heading = take_double(&in);
    for (i = 0; i < count; i++) g[i] = take_geodetic(&in);
    if (control & 0x20) check_against_enu(&frame, axes, (control & 0x100) != 0, a, f, origin, g, count);
    require_status(wm_frame_set_estimate(&frame, scene_origin, heading));
    if (control & 0x200) count = impossible_count(control >> 12);   /* an impossible count */

    memset(v, SENTINEL, sizeof v);
    bad = 99;
    s = wm_frame_forward(&frame, g, sizeof g[0], v, sizeof v[0], count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(v, sizeof v));
    else for (i = 0; i < count; i++) FUZZ_REQUIRE(finite3(v[i].x, v[i].y, v[i].z));
    {   /* the check answers as the conversion: status and first_bad */
        size_t check_bad = 99;
        FUZZ_REQUIRE(wm_frame_check_geodetic(&frame, g, sizeof g[0], count, &check_bad) == s && check_bad == bad);
    }

    if (s == WM_OK) {
        size_t check_bad = 99;
        wm_status checked;
        if (count > 0 && (control & 0x400)) v[(control >> 24) % count].y = (control & 0x800) ? NAN : 2e15;
        checked = wm_frame_check_scene(&frame, v, sizeof v[0], count, &check_bad);
        memset(back, SENTINEL, sizeof back);
        bad = 99;
        s = wm_frame_reverse(&frame, v, sizeof v[0], back, sizeof back[0], count, &bad);
        require_status(s);
        FUZZ_REQUIRE(checked == s && check_bad == bad);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(back, sizeof back));
        else for (i = 0; i < count; i++) {
            FUZZ_REQUIRE(finite3(back[i].lat_deg, back[i].lon_deg, back[i].height_m));
            FUZZ_REQUIRE(fabs(back[i].lat_deg) <= 90 && back[i].lon_deg >= -180 && back[i].lon_deg < 180);
        }
    }
    memset(&record, SENTINEL, sizeof record);
    bad = 99;
    plain = wm_frame_anchor_transforms(&frame, g, sizeof g[0], record.m, count, &bad);
    plain_bad = bad;
    require_status(plain);
    if (plain != WM_OK) FUZZ_REQUIRE(untouched(record.m, sizeof record.m));
    else {
        for (i = 0; i < count * 16; i++) FUZZ_REQUIRE(isfinite(record.m[i / 16].m[i % 16]));
        check_rotations(record.m, count);
    }
    {
        wm_mat4f m[8];
        memcpy(m, record.m, sizeof m);
        check_anchor_ex(&frame, g, count, plain, m, plain_bad, take_u32(&in) ^ (control >> 16));
    }

    memset(v, SENTINEL, sizeof v);
    s = wm_baseline_forward((wm_baseline)((control >> 9) % 3), &frame, g, sizeof g[0], v, sizeof v[0], count, &bad);
    require_status(s);
    if (s != WM_OK) FUZZ_REQUIRE(untouched(v, sizeof v));
    return 0;
}
