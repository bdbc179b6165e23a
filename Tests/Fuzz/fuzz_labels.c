/* Labels and picking (wm_screen_label, wm_label_declutter, wm_screen_pick): fuzzed
 * cameras (plausible or raw), points, heights, rectangles, distances, strides and counts
 * (impossible ones included). On error every output is untouched; on success the
 * outputs are what the header promises: finite anchors, a unit horizontal facing or
 * NaN, offsets <= 0 that leave no two labels overlapping, a pick within the radius. */
#include "fuzz_common.h"

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
    vp->x = 0; vp->y = 0;
    vp->width = (mode & 2) ? take_double(in) : 390;
    vp->height = (mode & 4) ? take_double(in) : 844;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    wm_mat4f view, projection;
    wm_viewport vp;
    wm_status s;
    size_t count = control & 7, bad = 99, i, j;
    camera(&in, control >> 3, &view, &projection, &vp);
    {   /* One label. */
        wm_label label;
        wm_vec3 point = (control & 0x100) ? take_vec3(&in) : (wm_vec3){(double)(int8_t)(control >> 16), 0, -20};
        memset(&label, SENTINEL, sizeof label);
        s = wm_screen_label(&view, &projection, vp, (wm_axes)((control >> 9) % 5), point, (int32_t)((control >> 12) % 3),
                            take_double(&in), &label);
        require_status(s);
        if (s != WM_OK) FUZZ_REQUIRE(untouched(&label, sizeof label));
        else {
            FUZZ_REQUIRE(finite3(label.anchor.x, label.anchor.y, label.anchor.z));
            if (!isnan(label.facing.x)) {
                double n = label.facing.x * label.facing.x + label.facing.y * label.facing.y + label.facing.z * label.facing.z;
                FUZZ_REQUIRE(fabs(n - 1) < 1e-9 && label.facing_azimuth_deg > -180 && label.facing_azimuth_deg <= 180);
            }
        }
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
    return 0;
}
