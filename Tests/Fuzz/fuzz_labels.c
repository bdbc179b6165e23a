/* Labels and picking (wm_screen_label, wm_label_declutter, wm_screen_pick): fuzzed
 * cameras (plausible or raw), axes (named, custom descriptors valid or not), points,
 * heights, rectangles, distances, strides and counts (impossible ones included). On
 * error every output is untouched; on success the outputs are what the header
 * promises: finite anchors, a unit horizontal facing or NaN, offsets <= 0 that leave no
 * two labels overlapping, a pick within the radius.
 * Then the camera helpers on the same matrices: wm_camera_from_view, _from_arkit (every
 * orientation, and unknown ones), _from_unity (projection and viewport copied,
 * has_ground 0, a plausible view's inverse), wm_camera_pose_transform (a rotation of
 * the axes' handedness, the position as translation) and wm_perspective (OK exactly
 * when the header's ranges hold); nothing written on error. */
#include "fuzz_common.h"

static void check_camera(wm_status s, const wm_camera *cam, const wm_mat4f *projection, wm_viewport vp) {
    require_status(s);
    if (s != WM_OK) { FUZZ_REQUIRE(untouched(cam, sizeof *cam)); return; }
    FUZZ_REQUIRE(memcmp(&cam->projection, projection, sizeof *projection) == 0);
    FUZZ_REQUIRE(memcmp(&cam->viewport, &vp, sizeof vp) == 0 && cam->has_ground == 0);
}

static void camera_helpers(fuzz_input *in, uint32_t high, int plausible, const wm_mat4f *view, const wm_mat4f *projection,
                           wm_viewport vp) {
    wm_camera cam;
    wm_status s;
    int32_t orientation = (high & 0x10) ? (int32_t)take_u32(in) : (int32_t)(high >> 5) % 6;
    int i, j, k;
    memset(&cam, SENTINEL, sizeof cam);
    s = wm_camera_from_view(view, projection, vp, &cam);
    check_camera(s, &cam, projection, vp);
    if (s == WM_OK && plausible) {          /* transform * view = I for a rigid view */
        double t = fabs(view->m[12]) + fabs(view->m[13]) + fabs(view->m[14]);
        for (i = 0; i < 4; i++)
            for (j = 0; j < 4; j++) {
                double sum = 0;
                for (k = 0; k < 4; k++) sum += (double)cam.transform.m[k * 4 + i] * view->m[j * 4 + k];
                FUZZ_REQUIRE(fabs(sum - (i == j)) <= 1e-5 * (1 + t));
            }
    }
    memset(&cam, SENTINEL, sizeof cam);
    s = wm_camera_from_arkit(view, projection, vp, orientation, &cam);
    check_camera(s, &cam, projection, vp);
    if (orientation < 1 || orientation > 4) FUZZ_REQUIRE(s != WM_OK);
    memset(&cam, SENTINEL, sizeof cam);
    s = wm_camera_from_unity(view, projection, vp, &cam);
    check_camera(s, &cam, projection, vp);
    if (s == WM_OK) FUZZ_REQUIRE(memcmp(&cam.transform, view, sizeof *view) == 0);   /* the matrix itself */
    {
        wm_vec3 position = take_vec3(in);
        double yaw = take_double(in), pitch = take_double(in), roll = take_double(in), m[16];
        wm_axes axes = axes_from_bits(take_u32(in));
        int32_t right = -1;
        check_axes_describe(axes);
        memset(m, SENTINEL, sizeof m);
        s = wm_camera_pose_transform(position, yaw, pitch, roll, axes, m);
        require_status(s);
        require_axes_status(axes, s);
        if (!(fabs(pitch) <= 90) || !finite3(position.x, position.y, position.z) || !finite3(yaw, pitch, roll))
            FUZZ_REQUIRE(s != WM_OK);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(m, sizeof m));
        else {
            double det;
            FUZZ_REQUIRE(wm_axes_describe(axes, &right, NULL) == WM_OK);
            FUZZ_REQUIRE(memcmp(&m[12], &position.x, 8) == 0 && memcmp(&m[13], &position.y, 8) == 0
                         && memcmp(&m[14], &position.z, 8) == 0);
            FUZZ_REQUIRE(m[3] == 0 && m[7] == 0 && m[11] == 0 && m[15] == 1);
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) {
                    double dot = m[i * 4] * m[j * 4] + m[i * 4 + 1] * m[j * 4 + 1] + m[i * 4 + 2] * m[j * 4 + 2];
                    FUZZ_REQUIRE(fabs(dot - (i == j)) < 1e-9);
                }
            det = m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
            FUZZ_REQUIRE(fabs(det - (right ? 1 : -1)) < 1e-9);
        }
    }
    {
        double fov = take_double(in), aspect = take_double(in), near_m = take_double(in), far_m = take_double(in), p[16];
        int in_range = fov > 0 && fov < 180 && aspect > 0 && isfinite(aspect) && near_m > 0 && near_m < far_m && isfinite(far_m);
        memset(p, SENTINEL, sizeof p);
        s = wm_perspective(fov, aspect, near_m, far_m, (high & 0x20000) ? NULL : p);
        require_status(s);
        if (high & 0x20000) { FUZZ_REQUIRE(s == WM_ERROR_NULL_POINTER); return; }
        if (s != WM_OK) {
            /* Refused: nothing written, and either out of range or a projection that
             * overflows (its entries, computed here with libm, beyond 1e300) or is singular. */
            double t = 1 / tan(fov / 2 * 3.14159265358979323846 / 180);
            double e[4] = {t / aspect, t, (far_m + near_m) / (near_m - far_m), 2 * far_m * near_m / (near_m - far_m)};
            int overflow = 0;
            for (i = 0; i < 4; i++) overflow |= !(fabs(e[i]) <= 1e300);
            /* Singular to a double: the determinant, e0 * e1 * e3 in magnitude, under- or
             * overflows (near its limits by a margin: the library expands it by cofactors). */
            overflow |= !(fabs(e[0] * e[1] * e[3]) > 1e-290 && fabs(e[0] * e[1] * e[3]) < 1e290);
            FUZZ_REQUIRE(untouched(p, sizeof p) && (!in_range || overflow));
        }
        else {
            FUZZ_REQUIRE(in_range);
            for (i = 0; i < 16; i++)
                if (!isfinite(p[i]) && !skip_known()) {   /* known: found-perspective-subnormal-aspect */
                    fprintf(stderr, "contract broken: wm_perspective(%.17g, %.17g, %.17g, %.17g)[%d] = %g\n",
                            fov, aspect, near_m, far_m, i, p[i]);
                    abort();
                }
        }
    }
}

static void camera(fuzz_input *in, uint32_t mode, wm_mat4f *view, wm_mat4f *projection, wm_viewport *vp) {
    int i;
    memset(view, 0, sizeof *view);
    memset(projection, 0, sizeof *projection);
    if (mode & 1) {
        for (i = 0; i < 16; i++) view->m[i] = (float)take_double(in);
        for (i = 0; i < 16; i++) projection->m[i] = (float)take_double(in);
    } else {                       /* a yawed camera at a fuzzed position, perspective */
        double yaw = take_double(in) * 0.0174532925199433;
        float s = (float)sin(yaw), c = (float)cos(yaw);
        view->m[0] = c; view->m[2] = -s; view->m[5] = 1; view->m[8] = s; view->m[10] = c; view->m[15] = 1;
        view->m[12] = (float)take_double(in); view->m[13] = (float)take_double(in); view->m[14] = (float)take_double(in);
        projection->m[0] = 3.7f; projection->m[5] = 1.7f; projection->m[10] = -1; projection->m[11] = -1; projection->m[14] = -0.02f;
    }
    vp->x = (mode & 8) ? take_double(in) : 0;
    vp->y = (mode & 8) ? take_double(in) : 0;
    vp->width = (mode & 2) ? take_double(in) : 390;
    vp->height = (mode & 4) ? take_double(in) : 844;
}

/* The header's viewport rule: finite, x and y within +-WM_VIEWPORT_MAX, width and height
 * from WM_VIEWPORT_MIN_SIZE to WM_VIEWPORT_MAX. */
static int viewport_valid(wm_viewport vp) {
    return isfinite(vp.x) && isfinite(vp.y) && isfinite(vp.width) && isfinite(vp.height)
        && fabs(vp.x) <= WM_VIEWPORT_MAX && fabs(vp.y) <= WM_VIEWPORT_MAX
        && vp.width >= WM_VIEWPORT_MIN_SIZE && vp.width <= WM_VIEWPORT_MAX
        && vp.height >= WM_VIEWPORT_MIN_SIZE && vp.height <= WM_VIEWPORT_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint64_t control64 = take_u64(&in);
    uint32_t control = (uint32_t)control64, high = (uint32_t)(control64 >> 32);
    wm_mat4f view, projection;
    wm_viewport vp;
    wm_status s;
    size_t count = control & 7, bad = 99, i, j;
    camera(&in, control >> 3, &view, &projection, &vp);
    {   /* One label. */
        wm_label label;
        wm_axes axes = pick_axes(high, (wm_axes)((control >> 9) % 5));
        wm_vec3 point = (control & 0x100) ? take_vec3(&in) : (wm_vec3){(double)(int8_t)(control >> 16), 0, -20};
        memset(&label, SENTINEL, sizeof label);
        s = wm_screen_label(&view, &projection, vp, axes, point, (int32_t)((control >> 12) % 3),
                            take_double(&in), &label);
        require_status(s);
        require_axes_status(axes, s);
        if (!viewport_valid(vp)) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(&label, sizeof label));
        else {
            FUZZ_REQUIRE(finite3(label.anchor.x, label.anchor.y, label.anchor.z));
            /* A screen position is a number or not available (NaN), never an infinity. */
            FUZZ_REQUIRE(!isinf(label.screen_x) && !isinf(label.screen_y) && isnan(label.screen_x) == isnan(label.screen_y));
            if (!isnan(label.facing.x)) {
                double n = label.facing.x * label.facing.x + label.facing.y * label.facing.y + label.facing.z * label.facing.z;
                FUZZ_REQUIRE(fabs(n - 1) < 1e-9 && label.facing_azimuth_deg > -180 && label.facing_azimuth_deg <= 180);
            }
        }
    }
    {   /* Projection: within the viewport's bounds every position is finite, or NOT_AVAILABLE
         * (a point in the camera's plane); beyond them INVALID_VALUE; nothing written on error. */
        wm_vec3 point = (control & 0x100) ? take_vec3(&in) : (wm_vec3){(double)(int8_t)(control >> 16), 0, -20};
        double x = 4242, y = 4242, radius = 4242;
        int32_t visible = 42;
        s = wm_screen_project(&view, &projection, vp, point, &x, &y, &visible);
        require_status(s);
        if (!viewport_valid(vp)) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
        if (s == WM_OK) FUZZ_REQUIRE(isfinite(x) && isfinite(y) && (visible == 0 || visible == 1));
        else FUZZ_REQUIRE(x == 4242 && y == 4242 && visible == 42);
        s = wm_screen_sphere_radius(&view, &projection, vp, point, 120, &radius);
        require_status(s);
        if (!viewport_valid(vp)) FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE);
        if (s == WM_OK) FUZZ_REQUIRE(isfinite(radius) && radius >= 0);
        else FUZZ_REQUIRE(radius == 4242);
    }
    {   /* Decluttering. */
        wm_rect rects[8];
        double distances[8], offsets[8];
        size_t n = (control & 0x200) ? impossible_count(control >> 20) : count;
        for (i = 0; i < count; i++) {
            rects[i].x = (control & 0x400) ? take_double(&in) : (double)(int8_t)take_u32(&in);
            rects[i].y = (control & 0x400) ? take_double(&in) : (double)(int8_t)take_u32(&in);
            rects[i].width = (control & 0x800) ? take_double(&in) : 40;
            rects[i].height = (control & 0x800) ? take_double(&in) : 20;
            distances[i] = (control & 0x1000) ? take_double(&in) : (double)(take_u32(&in) % 50);
        }
        memset(offsets, SENTINEL, sizeof offsets);
        s = wm_label_declutter(rects, sizeof rects[0], distances, sizeof distances[0], n, take_double(&in), offsets, &bad);
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(offsets, sizeof offsets));
        else if (n == count) {
            for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(offsets[i]) && offsets[i] <= 0);
            /* No two labels overlap beyond round-off (relative to the coordinates' size). */
            for (i = 0; i < count; i++)
                for (j = i + 1; j < count; j++) {
                    double ti = rects[i].y + offsets[i], tj = rects[j].y + offsets[j];
                    double slack = 1e-9 * (1 + fabs(ti) + fabs(tj) + rects[i].height + rects[j].height);
                    int x_overlap = rects[i].x < rects[j].x + rects[j].width && rects[j].x < rects[i].x + rects[i].width;
                    if (x_overlap && rects[i].height > 0 && rects[j].height > 0)
                        FUZZ_REQUIRE(ti + rects[i].height <= tj + slack || tj + rects[j].height <= ti + slack);
                }
        }
    }
    {   /* Picking. */
        wm_vec3 positions[8];
        size_t index = 12345, n = (control & 0x2000) ? impossible_count(control >> 22) : count;
        double distance = 4242, radius = (control & 0x4000) ? take_double(&in) : 50;
        for (i = 0; i < count; i++) positions[i] = (control & 0x8000) ? take_vec3(&in)
                                                       : (wm_vec3){(double)(int8_t)take_u32(&in), 0, -10.0 - (take_u32(&in) % 90)};
        s = wm_screen_pick(&view, &projection, vp, take_double(&in), take_double(&in), radius, positions, sizeof positions[0], n,
                           &index, &distance, &bad);
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(index == 12345 && distance == 4242);
        else FUZZ_REQUIRE(index < count && distance >= 0 && distance <= radius);
    }
    camera_helpers(&in, high, !((control >> 3) & 1), &view, &projection, vp);
    return 0;
}
