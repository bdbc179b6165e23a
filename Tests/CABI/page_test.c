/* The report pages' C contract (the header's "Report pages"): a size query, then the
 * page; the refusals write nothing, not even the length. That the page is the CLI's byte
 * for byte is checked where both are at hand (python/tests/test_compare.py).
 * Usage: page_test TESTDATA_DIR */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <waymark.h>

#include "test_files.h"

static int failures = 0;
#define CHECK(cond, what) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d %s\n", __FILE__, __LINE__, what); } } while (0)

static int starts(const char *page, size_t length, const char *prefix) {
    size_t n = strlen(prefix);
    return length >= n && memcmp(page, prefix, n) == 0;
}

static int ends(const char *page, size_t length, const char *suffix) {
    size_t n = strlen(suffix);
    return length >= n && memcmp(page + length - n, suffix, n) == 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: page_test TESTDATA_DIR\n"); return 64; }
    size_t length;
    char *gpx = slurp(argv[1], "cli_inputs/walk_strava.gpx", &length);
    wm_read_report report;
    memset(&report, 0, sizeof report);
    report.size = sizeof report;
    size_t count = 0;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, NULL, 0, &count, &report) == WM_ERROR_BAD_COUNT, "size the track");
    wm_track_point *points = calloc(count, sizeof *points);
    CHECK(points && wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, points, count, &count, &report) == WM_OK, "read the track");

    /* A size query, then the page: HTML and SVG. */
    size_t size = 7;
    CHECK(wm_track_compare_page(points, count, NULL, "walk_strava.gpx", WM_PAGE_HTML, NULL, 0, &size) == WM_ERROR_BAD_COUNT, "size query");
    CHECK(size > 100000, "the size query sets the length");
    char *page = malloc(size + 1);
    page[size] = 'X';
    size_t written = 0;
    CHECK(wm_track_compare_page(points, count, NULL, "walk_strava.gpx", WM_PAGE_HTML, page, size, &written) == WM_OK, "the page");
    CHECK(written == size && page[size] == 'X', "exactly the length written, no NUL after it");
    CHECK(starts(page, written, "<!DOCTYPE html>\n<html lang=\"en\">") && ends(page, written, "</html>\n"), "an HTML page");
    CHECK(strstr(page, "walk_strava.gpx: 121 points") != NULL, "the page names the track and its points");
    size_t svg_size = 0;
    CHECK(wm_track_compare_page(points, count, NULL, "walk_strava.gpx", WM_PAGE_SVG, NULL, 0, &svg_size) == WM_ERROR_BAD_COUNT, "SVG size");
    char *svg = malloc(svg_size);
    CHECK(wm_track_compare_page(points, count, NULL, "walk_strava.gpx", WM_PAGE_SVG, svg, svg_size, &svg_size) == WM_OK, "the SVG");
    CHECK(starts(svg, svg_size, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg") && ends(svg, svg_size, "</svg>\n"), "an SVG drawing");
    wm_geodetic origin = {55.73397, 37.58864, 150};
    size_t about = 0;
    CHECK(wm_track_compare_page(points, count, &origin, "walk_strava.gpx", WM_PAGE_HTML, NULL, 0, &about) == WM_ERROR_BAD_COUNT
          && about > 100000, "an origin of the caller's");

    /* Refusals: nothing written, not even the length. */
    memset(page, 'Q', size);
    size_t kept = 99;
    CHECK(wm_track_compare_page(NULL, count, NULL, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_NULL_POINTER, "points NULL");
    CHECK(wm_track_compare_page(points, count, NULL, NULL, WM_PAGE_HTML, page, size, &kept) == WM_ERROR_NULL_POINTER, "name NULL");
    CHECK(wm_track_compare_page(points, count, NULL, "n", WM_PAGE_HTML, page, size, NULL) == WM_ERROR_NULL_POINTER, "length NULL");
    CHECK(wm_track_compare_page(points, count, NULL, "n", WM_PAGE_HTML, NULL, size, &kept) == WM_ERROR_NULL_POINTER, "page NULL");
    CHECK(wm_track_compare_page(points, count, NULL, "n", 0, page, size, &kept) == WM_ERROR_INVALID_VALUE, "format 0");
    CHECK(wm_track_compare_page(points, count, NULL, "n", 3, page, size, &kept) == WM_ERROR_INVALID_VALUE, "format 3");
    CHECK(wm_track_compare_page(points, 0, NULL, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_BAD_COUNT, "no points");
    CHECK(wm_track_compare_page(points, (size_t)1 << 60, NULL, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_BAD_COUNT, "2^60 points");
    wm_track_point bad = points[3];
    points[3].latitude_deg = 91;
    CHECK(wm_track_compare_page(points, count, NULL, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_INVALID_VALUE, "latitude 91");
    points[3] = bad;
    points[3].longitude_deg = NAN;
    CHECK(wm_track_compare_page(points, count, NULL, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_INVALID_VALUE, "longitude NaN");
    points[3] = bad;
    origin.height_m = INFINITY;
    CHECK(wm_track_compare_page(points, count, &origin, "n", WM_PAGE_HTML, page, size, &kept) == WM_ERROR_INVALID_VALUE, "origin not finite");
    /* Issue 52: finite heights beyond the frame limit (+-1e12 m) would print infinite
     * errors: refused like a height that is not finite, for a point and for the origin. */
    double heights[] = {1e300, -1e300, 1.0000000000001e12};
    for (size_t k = 0; k < sizeof heights / sizeof heights[0]; k++) {
        points[3].height_m = heights[k];
        CHECK(wm_track_compare_page(points, count, NULL, "n", WM_PAGE_SVG, page, size, &kept) == WM_ERROR_INVALID_VALUE, "a height beyond 1e12 m");
        points[3] = bad;
        origin.height_m = heights[k];
        CHECK(wm_track_compare_page(points, count, &origin, "n", WM_PAGE_SVG, page, size, &kept) == WM_ERROR_INVALID_VALUE, "an origin beyond 1e12 m");
    }
    CHECK(kept == 99, "the length untouched by every refusal");
    int untouched = 1;
    for (size_t i = 0; i < size; i++) untouched &= page[i] == 'Q';
    CHECK(untouched, "the page untouched by every refusal");
    /* A small buffer: BAD_COUNT with the length, the page untouched. */
    CHECK(wm_track_compare_page(points, count, NULL, "walk_strava.gpx", WM_PAGE_HTML, page, size - 1, &kept) == WM_ERROR_BAD_COUNT
          && kept == size && page[0] == 'Q', "a buffer one byte short");

    /* The limit itself is a page of finite figures; every control byte in the name is
     * written out by its code (or as a character reference: tab, LF, CR), none raw. */
    points[3].height_m = 1e12;
    origin.height_m = -1e12;
    char name[64];
    size_t at = 0;
    for (int c = 1; c < 32; c++) name[at++] = (char)c;
    name[at++] = 0x7F; name[at++] = (char)0xC2; name[at++] = (char)0x85; name[at] = 0;
    for (int f = WM_PAGE_HTML; f <= WM_PAGE_SVG; f++) {
        size_t n = 0;
        CHECK(wm_track_compare_page(points, count, &origin, name, f, NULL, 0, &n) == WM_ERROR_BAD_COUNT, "the limit's size query");
        char *text = malloc(n + 1);
        CHECK(wm_track_compare_page(points, count, &origin, name, f, text, n, &n) == WM_OK, "the limit's page");
        text[n] = 0;
        int raw = 0;
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)text[i];
            if ((c < 0x20 && c != 9 && c != 10 && c != 13) || c == 0x7F) raw++;
            if (c == 0xC2 && i + 1 < n && (unsigned char)text[i + 1] >= 0x80 && (unsigned char)text[i + 1] <= 0x9F) raw++;
        }
        CHECK(raw == 0, "no raw control byte on the page");
        CHECK(strstr(text, "\\x01\\x02") != NULL && strstr(text, "&#9;&#10;\\x0b\\x0c&#13;") != NULL && strstr(text, "\\x7f\\u0085") != NULL,
              "the name's control bytes written by their codes");
        CHECK(strstr(text, "inf m") == NULL && strstr(text, "nan m") == NULL && strstr(text, "NaN") == NULL, "finite figures at the limit");
        free(text);
    }

    free(gpx); free(points); free(page); free(svg);
    if (failures) { fprintf(stderr, "%d failure(s)\n", failures); return 1; }
    puts("page_test: ok");
    return 0;
}
