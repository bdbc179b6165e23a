/* Issue 52: every forward result reads back. For every axes preset (ENU, EUS, EUN,
 * Unreal's centimetres, a custom millimetre frame) and estimates at the limits (scene
 * origins at the corners of +-1e12 m, heading corrections 0, 37 and 180 degrees), origins
 * at heights 0 and +-1e12 m: points at heights +-1e12 m (the geodetic limit) all round
 * the Earth convert forward, and wm_frame_check_scene and wm_frame_reverse take every
 * result and give the point back. The reverse's limit is the header's one number, the
 * farthest a forward result can lie (3e12 + 2e7 m in the axes' unit): at it a scene
 * point is taken, just beyond it refused.
 * Usage: frame_limit_test */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <waymark.h>

static int failures = 0;
#define CHECK(cond, what) do { if (!(cond)) { failures++; if (failures < 20) fprintf(stderr, "FAIL %s:%d %s\n", __FILE__, __LINE__, what); } } while (0)

int main(void) {
    const wm_axes presets[] = {WM_AXES_ENU, WM_AXES_EUS, WM_AXES_EUN, WM_AXES_UNREAL,
                               WM_AXES_CUSTOM(WM_DIR_NORTH, WM_DIR_WEST, WM_DIR_DOWN, WM_FORWARD_POS_X, WM_UNIT_MILLIMETRE)};
    const double origin_heights[] = {0, 1e12, -1e12};
    const double corrections[] = {0, 37, 180};
    const double limit = 3e12 + 2e7;
    size_t converted = 0, worst_index = 0;
    double worst_lat = 0, worst_height = 0, worst_relative = 0;
    size_t forwarded_again = 0;
    for (size_t a = 0; a < sizeof presets / sizeof presets[0]; a++) {
        double units = 0;
        int32_t right = 0;
        CHECK(wm_axes_describe(presets[a], &right, &units) == WM_OK, "wm_axes_describe");
        for (size_t oh = 0; oh < 3; oh++) {
            for (int corner = 0; corner < 9; corner++) {
                wm_frame frame;
                wm_geodetic origin = {55.7339, 37.5886, origin_heights[oh]};
                CHECK(wm_frame_init(&frame, origin, presets[a]) == WM_OK, "wm_frame_init");
                if (corner < 8) {
                    /* The estimate's scene origin at a corner of the cube of +-1e12 m. */
                    wm_vec3 s = {corner & 1 ? 1e12 : -1e12, corner & 2 ? 1e12 : -1e12, corner & 4 ? 1e12 : -1e12};
                    CHECK(wm_frame_set_estimate(&frame, s, corrections[corner % 3]) == WM_OK, "wm_frame_set_estimate at the limit");
                }
                wm_geodetic in[2 * 7 * 8];
                size_t n = 0;
                for (int h = 0; h < 2; h++)
                    for (int la = 0; la < 7; la++)
                        for (int lo = 0; lo < 8; lo++) {
                            wm_geodetic g = {-90 + 30.0 * la, -180 + 45.0 * lo + 7.5886, h ? 1e12 : -1e12};
                            in[n++] = g;
                        }
                wm_vec3 out[2 * 7 * 8];
                wm_geodetic back[2 * 7 * 8];
                size_t bad = 999;
                CHECK(wm_frame_forward(&frame, in, sizeof in[0], out, sizeof out[0], n, &bad) == WM_OK, "forward at the limits");
                bad = 999;
                wm_status check = wm_frame_check_scene(&frame, out, sizeof out[0], n, &bad);
                wm_status reverse = wm_frame_reverse(&frame, out, sizeof out[0], back, sizeof back[0], n, &bad);
                if (check != WM_OK || reverse != WM_OK) {
                    fprintf(stderr, "axes %zu origin h %g corner %d: check %d reverse %d first_bad %zu (%.15g, %.15g, %.15g)\n", a,
                            origin_heights[oh], corner, (int)check, (int)reverse, bad, out[bad < n ? bad : 0].x, out[bad < n ? bad : 0].y,
                            out[bad < n ? bad : 0].z);
                    CHECK(0, "every forward result reads back");
                    continue;
                }
                /* Heights of -1e12 m pass through the Earth: such a point's own geodetic
                 * coordinates are another latitude and height (the reverse gives those),
                 * so it is checked by going forward again; +1e12 m is compared as given. */
                for (size_t i = 0; i < n; i++) {
                    double m = 0;
                    for (int c = 0; c < 3; c++) {
                        double v = c == 0 ? out[i].x : c == 1 ? out[i].y : out[i].z;
                        CHECK(isfinite(v) && fabs(v) <= limit * units, "a forward result within the reverse's limit");
                        if (fabs(v) > m) m = fabs(v);
                    }
                    CHECK(isfinite(back[i].lat_deg) && isfinite(back[i].lon_deg) && isfinite(back[i].height_m), "a finite read-back");
                    if (in[i].height_m > 0) {
                        double dl = fabs(back[i].lat_deg - in[i].lat_deg), dh = fabs(back[i].height_m - in[i].height_m);
                        double dlon = fabs(in[i].lat_deg) == 90 ? 0 : fabs(remainder(back[i].lon_deg - in[i].lon_deg, 360));
                        if (dl > worst_lat) { worst_lat = dl; worst_index = i; }
                        if (dh > worst_height) worst_height = dh;
                        CHECK(dl < 1e-9 && dlon < 1e-9 && dh < 0.1, "a point 1e12 m up read back");
                    } else {
                        /* (Each on its own: a read-back height a rounding beyond 1e12 m
                         * is one forward refuses, and such a point is not compared.) */
                        wm_vec3 again_v;
                        if (fabs(back[i].height_m) > 1e12) continue;
                        CHECK(wm_frame_forward(&frame, &back[i], sizeof back[0], &again_v, sizeof again_v, 1, &bad) == WM_OK, "forward again");
                        forwarded_again++;
                        double d = fmax(fabs(again_v.x - out[i].x), fmax(fabs(again_v.y - out[i].y), fabs(again_v.z - out[i].z)));
                        if (d / m > worst_relative) worst_relative = d / m;
                        CHECK(d <= 1e-13 * m, "a point 1e12 m down: its read-back goes forward to the same scene point");
                    }
                    converted++;
                }
            }
        }
        /* The limit itself, in the axes' unit: taken; the next double beyond it: refused. */
        wm_frame frame;
        wm_geodetic origin = {0, 0, 0};
        CHECK(wm_frame_init(&frame, origin, presets[a]) == WM_OK, "wm_frame_init");
        wm_vec3 edge[3] = {{limit * units, 0, 0}, {0, -limit * units, 0}, {0, 0, limit * units}};
        wm_geodetic g[3];
        size_t bad = 999;
        CHECK(wm_frame_check_scene(&frame, edge, sizeof edge[0], 3, &bad) == WM_OK
              && wm_frame_reverse(&frame, edge, sizeof edge[0], g, sizeof g[0], 3, &bad) == WM_OK, "the limit itself: taken");
        for (int k = 0; k < 3; k++) CHECK(isfinite(g[k].lat_deg) && isfinite(g[k].lon_deg) && isfinite(g[k].height_m), "finite at the limit");
        edge[1].y = nextafter(-limit * units, -INFINITY);
        bad = 999;
        CHECK(wm_frame_check_scene(&frame, edge, sizeof edge[0], 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 1, "beyond the limit: check refuses");
        bad = 999;
        CHECK(wm_frame_reverse(&frame, edge, sizeof edge[0], g, sizeof g[0], 3, &bad) == WM_ERROR_INVALID_VALUE && bad == 1, "beyond: reverse refuses");
        /* Forward's own limits are unchanged: a height past 1e12 m is refused. */
        wm_geodetic high = {0, 0, nextafter(1e12, INFINITY)};
        wm_vec3 v;
        CHECK(wm_frame_forward(&frame, &high, sizeof high, &v, sizeof v, 1, &bad) == WM_ERROR_INVALID_VALUE, "forward: h beyond 1e12 refused");
    }
    printf("frame_limit_test: %zu points at the limits forward and back; 1e12 m up: worst latitude %.3g deg (point %zu), height %.3g m; "
           "1e12 m down: forward again within %.3g of the magnitude (%zu points)\n", converted, worst_lat, worst_index, worst_height,
           worst_relative, forwarded_again);
    if (failures) { fprintf(stderr, "frame_limit_test: %d failures\n", failures); return 1; }
    printf("frame_limit_test: every check passed\n");
    return 0;
}
