/* The readers: wm_track_read and wm_field_log_read on fuzzed text (the rest of the input
 * after a control word that picks the call, the format, the options and a capacity),
 * and, for one read in two that gives points, wm_track_compare_page of those points
 * (a documented status; nothing written on a refusal, the length only on BAD_COUNT).
 * Every status is a documented one; on OK the count fits the capacity, every point's
 * latitude and longitude are finite, lines are at least 1, and the report is a
 * NUL-terminated message; on a refused document the report names a line and nothing
 * else is written; BAD_COUNT sets the count above the capacity and writes no point. The
 * seed corpus holds Tests/Data/readers and track and route files of Tests/Data/cli_inputs
 * (NULs, deep nesting, long lines: the cases the issue named). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    static wm_track_point points[64];
    static wm_log_row rows[64];
    wm_read_report report;
    wm_track_options options;
    size_t count = 777, capacity, i;
    uint32_t control = take_u32(&in);
    wm_status s;
    capacity = control % 65;
    memset(&report, 0x5A, sizeof report);
    report.size = sizeof report;
    points[0].latitude_deg = 42;
    rows[0].time_s = 42;
    if (control & 0x80) {
        s = wm_field_log_read((const char *)in.data, in.size, rows, capacity, &count, &report);
        require_status(s);
        if (s == WM_OK) {
            FUZZ_REQUIRE(count <= capacity && (report.columns == 12 || report.columns == 15 || report.columns == 19));
            for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(rows[i].time_s) && rows[i].line >= 2 && rows[i].event >= 1 && rows[i].event <= 4);
            for (i = 1; i < count; i++) FUZZ_REQUIRE(rows[i].time_s >= rows[i - 1].time_s && rows[i].line > rows[i - 1].line);
        } else if (s == WM_ERROR_BAD_COUNT) {
            FUZZ_REQUIRE(count > capacity && rows[0].time_s == 42);
        } else {
            FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE && report.line >= 1 && count == 777 && rows[0].time_s == 42);
        }
    } else {
        options.size = sizeof options;
        options.gpx_part = (control >> 11) & 3;
        options.polygon_rings = (control >> 13) & 1;
        options.reserved_ = 0;
        options.maximum_points = (control >> 14) & 1 ? (control >> 15) % 50 : 0;
        s = wm_track_read((const char *)in.data, in.size, (int32_t)((control >> 8) % 10), (control >> 20) & 1 ? &options : NULL,
                          points, capacity, &count, &report);
        require_status(s);
        if (s == WM_OK) {
            /* Every format gives a point, but a polyline text of blank lines gives none. */
            uint32_t format = (control >> 8) % 10;
            FUZZ_REQUIRE(count <= capacity && (count >= 1 || format == 6 || format == 7));
            for (i = 0; i < count; i++) FUZZ_REQUIRE(isfinite(points[i].latitude_deg) && isfinite(points[i].longitude_deg) && points[i].line >= 1);
            if (count >= 1 && ((control >> 21) & 1)) {
                static char page[4096];
                size_t length = 777;
                wm_status p = wm_track_compare_page(points, count, NULL, "fuzz", (control >> 22) & 1 ? WM_PAGE_SVG : WM_PAGE_HTML,
                                                    page, sizeof page, &length);
                require_status(p);
                FUZZ_REQUIRE(p == WM_OK ? length <= sizeof page
                             : p == WM_ERROR_BAD_COUNT ? length > sizeof page : p == WM_ERROR_INVALID_VALUE && length == 777);
            }
        } else if (s == WM_ERROR_BAD_COUNT) {
            FUZZ_REQUIRE(count > capacity && points[0].latitude_deg == 42);
        } else {
            /* Formats 0 and 9 are the caller's error (no line); a refused document names one. */
            uint32_t format = (control >> 8) % 10;
            FUZZ_REQUIRE(s == WM_ERROR_INVALID_VALUE && count == 777 && points[0].latitude_deg == 42);
            FUZZ_REQUIRE((format == 0 || format == 9) == (report.line == 0x5A5A5A5A5A5A5A5Aull));
        }
    }
    if (s == WM_OK || s == WM_ERROR_BAD_COUNT || report.line != 0x5A5A5A5A5A5A5A5Aull) {
        FUZZ_REQUIRE(memchr(report.message, 0, sizeof report.message) != NULL);
    }
    return 0;
}
