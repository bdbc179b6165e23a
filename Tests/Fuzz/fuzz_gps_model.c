/* The GPS error model fit: wm_gps_series_from_fix_log on fuzzed text (the rest of the
 * input after a control word), then wm_gps_model_fit on what it read or on fuzzed
 * arrays. Nothing is written on error; on success the counts and the fit's values are
 * in their documented ranges. Capacities stay small, so every fit is quick. */
#define WAYMARK_EXPERIMENTAL /* wm_gps_model_fit, wm_gps_series_from_fix_log */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    static double t[300], e[300], n[300], a[300];
    wm_gps_series series[2];
    wm_gps_model model;
    size_t count = 7, bad = 7, capacity, i, rows;
    uint32_t control = take_u32(&in);
    wm_status s;
    capacity = control % 301;
    t[0] = 42;
    if (control & 0x10000) {
        /* Fuzzed arrays: up to 300 doubles per column. */
        rows = (control >> 17) % 301;
        for (i = 0; i < rows; i++) { t[i] = take_double(&in); e[i] = take_double(&in); n[i] = take_double(&in); a[i] = take_double(&in); }
    } else {
        s = wm_gps_series_from_fix_log((const char *)in.data, in.size, t, e, n, a, capacity, &count, &bad);
        require_status(s);
        if (s == WM_OK) FUZZ_REQUIRE(count <= capacity && count >= 10 && t[0] == 0);
        else if (s == WM_ERROR_BAD_COUNT) FUZZ_REQUIRE(count > capacity && t[0] == 42);
        else FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE && t[0] == 42 && bad >= 1);
        if (s != WM_OK) return 0;
        rows = count;
    }
    series[0].time_s = t; series[0].east_m = e; series[0].north_m = n; series[0].accuracy_m = a; series[0].count = rows;
    series[1] = series[0];
    memset(&model, 0xA5, sizeof model);
    model.size = sizeof model;
    s = wm_gps_model_fit(series, 1 + ((control >> 26) & 1), &model, &bad);
    require_status(s);
    if (s == WM_OK) {
        FUZZ_REQUIRE(model.fix_count == rows * (1 + ((control >> 26) & 1)));
        FUZZ_REQUIRE(model.white_sigma_m >= 0 && model.correlated_sigma_m >= 0 && model.sigma_m >= 0);
        FUZZ_REQUIRE(model.correlation_time_s >= 0.5 && model.correlation_time_s <= 3600);
        FUZZ_REQUIRE(model.correlation_time_lo_s <= model.correlation_time_hi_s);
        FUZZ_REQUIRE(model.navigator_accuracy_confidence >= 0.01 && model.navigator_accuracy_confidence <= 0.9999);
        FUZZ_REQUIRE(model.navigator_gps_correlated_share >= 0 && model.navigator_gps_correlated_share <= 0.9999);
    } else {
        FUZZ_REQUIRE(model.reserved_ == 0xA5A5A5A5u);
    }
    return 0;
}
