/* The readers: wm_track_read and wm_field_log_read on fuzzed text (the rest of the input
 * after a control word that picks the call, the format, the options and a capacity),
 * and, for one read in two that gives points, wm_track_compare_page of those points
 * (a documented status; nothing written on a refusal, the length only on BAD_COUNT).
 * Every status is a documented one; on OK the count fits the capacity, every point's
 * latitude and longitude are finite, lines are at least 1, and the report is a
 * NUL-terminated message; on a refused document the report names a line and nothing
 * else is written; BAD_COUNT sets the count above the capacity and writes no point. The
 * seed corpus holds Tests/Data/readers and track and route files of Tests/Data/cli_inputs
 * (NULs, deep nesting, long lines: the cases the issue named). With bit 23 of the control
 * word and an XML format, a document that reads is broken by break_structure and must be
 * refused. */
#include "fuzz_common.h"

/* Structure-breaking mutations (issue 52), for GPX, KML and TCX text the readers take:
 * cut it before its root element's end, append a second root, repeat an attribute of a
 * start tag. Each makes a document XML 1.0 does not
 * allow, so the mutated text must be refused (INVALID_VALUE with a line), never read as
 * a shorter track. Applied to texts without comments, CDATA, declarations or processing
 * instructions after an XML declaration: then the last '>' ends the root element. Returns the mutated length, or
 * 0 when the mutation does not apply. (An XML declaration may come first.) */
static size_t break_structure(const uint8_t *text, size_t size, uint32_t how, uint8_t *out) {
    size_t last = size, i, j, from = 0;
    /* An XML declaration first is allowed (real files have one); nothing else of the kind. */
    if (size >= 2 && text[0] == '<' && text[1] == '?') {
        for (from = 2; from + 1 < size && !(text[from] == '?' && text[from + 1] == '>'); from++) {}
        if (from + 1 >= size) return 0;
        from += 2;
    }
    for (i = from; i + 1 < size; i++) if (text[i] == '<' && (text[i + 1] == '!' || text[i + 1] == '?')) return 0;
    for (i = size; i > 0; i--) if (text[i - 1] == '>') { last = i - 1; break; }
    if (last == size) return 0;
    memcpy(out, text, size);
    switch (how & 3) {
    case 0: /* cut anywhere up to and including the root's closing '>' */
        return (how >> 2) % (last + 1);
    case 1: /* a second root */
        memcpy(out + size, "<a/>", 4);
        return size + 4;
    case 2: { /* the first start tag's first attribute, written twice */
        for (i = from; i + 1 < size; i++) {
            if (text[i] != '=' || text[i + 1] != '"') continue;
            size_t name = i, end = i + 2;
            while (name > 0 && text[name - 1] != ' ' && text[name - 1] != '<') name--;
            if (name == 0 || text[name - 1] != ' ') return 0;
            for (j = name; j > 0 && text[j - 1] != '<'; j--) if (text[j - 1] == '>') return 0;
            if (j == 0 || text[j] == '/') return 0;
            while (end < size && text[end] != '"') end++;
            if (end >= size || end - name + 2 > 64) return 0;
            memmove(out + end + 1 + (end + 1 - name + 1), text + end + 1, size - end - 1);
            out[end + 1] = ' ';
            memcpy(out + end + 2, text + name, end + 1 - name);
            return size + (end + 1 - name) + 1;
        }
        return 0;
    }
    default: /* (two end tags' names exchanged: left out, see Tests/Fuzz/README.md) */
        return 0;
    }
}

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
    } else if ((control & 0x800000) && (control >> 8) % 10 >= 1 && (control >> 8) % 10 <= 3) {
        /* A whole document that reads, broken: refused. */
        uint32_t how = take_u32(&in);
        int32_t format = (int32_t)((control >> 8) % 10);
        s = wm_track_read((const char *)in.data, in.size, format, NULL, points, 64, &count, &report);
        require_status(s);
        if (s == WM_OK || s == WM_ERROR_BAD_COUNT) {
            uint8_t *broken = malloc(2 * in.size + 80);
            size_t n = break_structure(in.data, in.size, how, broken);
            if (n > 0 || (how & 3) == 0) {
                memset(&report, 0x5A, sizeof report);
                report.size = sizeof report;
                points[0].latitude_deg = 42;
                count = 777;
                s = wm_track_read((const char *)broken, n, format, NULL, points, 64, &count, &report);
                if (s != WM_ERROR_INVALID_VALUE) {
                    fprintf(stderr, "fuzz_readers: a broken document (mutation %u, %zu of %zu bytes) read: status %d\n", how & 3, n, in.size, (int)s);
                    abort();
                }
                FUZZ_REQUIRE(report.line >= 1 && count == 777 && points[0].latitude_deg == 42);
                if (getenv("FUZZ_DEBUG")) fprintf(stderr, "fuzz_readers: mutation %u, %zu of %zu bytes: line %llu: %s\n", how & 3, n, in.size,
                                                  (unsigned long long)report.line, report.message);
            }
            free(broken);
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
