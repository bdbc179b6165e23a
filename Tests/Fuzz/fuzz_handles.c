/* The stateful handles besides the navigator (its own harness): the estimate buffer
 * (wm_estimates_*) and the heading corrector (wm_heading_corrector_*), created with
 * fuzzed settings and driven by a random interleaving of adds and queries, with values
 * across the whole double range, clocks that run backwards, repeat and jump, and NULLs.
 * A twin of each handle gets every call that succeeded and none that failed; after
 * every call the two must answer every query the same, byte for byte, so a refused call
 * that changed anything shows. Outputs are untouched on error and finite on success. */
#include "fuzz_common.h"

static void take_estimate(fuzz_input *in, uint32_t op, double t, wm_estimate *e) {
    static const wm_geodetic moscow = {55.7339, 37.5886, 150};
    memset(e, 0, sizeof *e);
    if (op & 2) e->fix = take_geodetic(in);
    else {                                       /* near the frame's origin, plausibly */
        e->fix = moscow;
        e->fix.lat_deg += (double)(int32_t)take_u32(in) * 1e-11;
        e->fix.lon_deg += (double)(int32_t)take_u32(in) * 1e-11;
    }
    e->horizontal_accuracy_m = (op & 4) ? take_double(in) : 5;
    e->vertical_accuracy_m = (op & 8) ? take_double(in) : 8;
    e->timestamp_s = t;
    e->scene_position = (op & 0x10) ? take_vec3(in) : (wm_vec3){(double)(int8_t)(op >> 8), 0, (double)(int8_t)(op >> 16)};
}

/* Both buffers answer the same query the same way. */
static void same_refined(const wm_estimates *a, const wm_estimates *b, const wm_frame *frame, wm_vec3 at) {
    wm_geodetic pa, pb;
    double ua, ub;
    wm_status sa, sb;
    memset(&pa, SENTINEL, sizeof pa);
    memset(&pb, SENTINEL, sizeof pb);
    ua = ub = 4242;
    sa = wm_estimates_refined(a, frame, at, &pa, &ua);
    sb = wm_estimates_refined(b, frame, at, &pb, &ub);
    require_status(sa);
    FUZZ_REQUIRE(sa == sb);
    FUZZ_REQUIRE(memcmp(&pa, &pb, sizeof pa) == 0 && memcmp(&ua, &ub, sizeof ua) == 0);
    if (sa == WM_OK) FUZZ_REQUIRE(finite3(pa.lat_deg, pa.lon_deg, pa.height_m) && isfinite(ua));
    else FUZZ_REQUIRE(untouched(&pa, sizeof pa) && ua == 4242);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    uint32_t control = take_u32(&in);
    wm_frame frame;
    wm_geodetic origin = {55.7339, 37.5886, 150};
    wm_estimates *est = NULL, *est_twin = NULL, *untouched_est = (wm_estimates *)&frame;
    wm_heading_corrector *cor = NULL, *cor_twin = NULL, *untouched_cor = (wm_heading_corrector *)&frame;
    wm_heading_config config;
    size_t capacity = (control & 0x10) ? (size_t)take_u64(&in) : 1 + (control & 7);
    double window = (control & 0x20) ? take_double(&in) : 100, t = 0;
    int32_t rule = (int32_t)((control >> 6) % 3);              /* 2 is unknown */
    int steps = 0;
    wm_status s;

    FUZZ_REQUIRE(wm_frame_init(&frame, origin, WM_AXES_EUS) == WM_OK);
    if (control & 0x100) require_status(wm_frame_set_estimate(&frame, take_vec3(&in), take_double(&in)));

    s = wm_estimates_create(capacity, window, rule, &untouched_est);
    require_status(s);
    if (s == WM_OK) {
        est = untouched_est;
        FUZZ_REQUIRE(wm_estimates_create(capacity, window, rule, &est_twin) == WM_OK);
    } else {
        FUZZ_REQUIRE(untouched_est == (wm_estimates *)&frame);
        /* A capacity beyond 2^24 must be refused before anything is allocated. */
        if (capacity == 0 || capacity > ((size_t)1 << 24)) FUZZ_REQUIRE(s == WM_ERROR_BAD_COUNT || s == WM_ERROR_INVALID_VALUE);
    }

    wm_heading_config_default(&config);
    if (control & 0x200) {
        config.estimator = (int32_t)(take_u32(&in) % 3);          /* 2: the filter, navigator only */
        config.pair_selection = (int32_t)(take_u32(&in) % 5);
        config.pair_percent = take_double(&in);
        config.buffer_count = (int32_t)take_u32(&in);
        config.buffer_interval_s = take_double(&in);
        config.rejection = take_double(&in);
        config.history_s = take_double(&in);
    }
    s = wm_heading_corrector_create(&config, &untouched_cor);
    require_status(s);
    if (s == WM_OK) {
        cor = untouched_cor;
        FUZZ_REQUIRE(wm_heading_corrector_create(&config, &cor_twin) == WM_OK);
    } else {
        FUZZ_REQUIRE(untouched_cor == (wm_heading_corrector *)&frame);
    }

    while (in.size > 0 && steps++ < 48) {
        uint32_t op = take_u32(&in);
        uint32_t kind = (op >> 28) % 4;
        wm_estimate e;
        if (op & 0x20000000u) t += take_double(&in);      /* any step, NaN, 1e300, backwards */
        else if (op & 0x40) t -= 1;
        else t += 1;
        take_estimate(&in, op, t, &e);
        if (kind == 0 && est) {                     /* an estimate into the buffer */
            s = wm_estimates_add((op & 0x20) ? NULL : est, &e);
            require_status(s);
            if (op & 0x20) FUZZ_REQUIRE(s == WM_ERROR_NULL_POINTER);
            if (s == WM_OK) FUZZ_REQUIRE(wm_estimates_add(est_twin, &e) == WM_OK);
        } else if (kind == 1 && est) {              /* a query, anywhere */
            same_refined(est, est_twin, &frame, (op & 0x80) ? take_vec3(&in) : e.scene_position);
        } else if (cor) {                           /* an estimate into the corrector */
            int32_t triggered = 7, twin_triggered = 7;
            double correction = 4242, uncertainty = 4242, twin_correction = 4242, twin_uncertainty = 4242;
            s = wm_heading_corrector_add(cor, &e, &frame, &triggered, &correction, (op & 0x80) ? NULL : &uncertainty);
            require_status(s);
            if (s == WM_OK) {
                FUZZ_REQUIRE(triggered == 0 || triggered == 1);
                FUZZ_REQUIRE(wm_heading_corrector_add(cor_twin, &e, &frame, &twin_triggered, &twin_correction,
                                                      (op & 0x80) ? NULL : &twin_uncertainty) == WM_OK);
                FUZZ_REQUIRE(triggered == twin_triggered);
                if (triggered) {
                    FUZZ_REQUIRE(isfinite(correction));
                    FUZZ_REQUIRE(memcmp(&correction, &twin_correction, sizeof correction) == 0);
                    FUZZ_REQUIRE(memcmp(&uncertainty, &twin_uncertainty, sizeof uncertainty) == 0);
                }
            } else {
                FUZZ_REQUIRE(triggered == 7 && correction == 4242 && uncertainty == 4242);
            }
        }
        /* After every call, the two buffers agree at the frame's origin and the last point. */
        if (est) {
            same_refined(est, est_twin, &frame, (wm_vec3){0, 0, 0});
            same_refined(est, est_twin, &frame, e.scene_position);
        }
    }
    wm_estimates_destroy(est);
    wm_estimates_destroy(est_twin);
    wm_heading_corrector_destroy(cor);
    wm_heading_corrector_destroy(cor_twin);
    return 0;
}
