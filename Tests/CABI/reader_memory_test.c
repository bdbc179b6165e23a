/* Issue 52: wm_track_read reads a polyline in memory bounded by the caller's output,
 * under an address-space limit the caller sets (RLIMIT_AS): a 64 MiB polyline is read,
 * or refused for its point count, with a status, never a trap. The old reader took
 * about 30 bytes per byte of text (2 GB for 64 MiB: SIGILL under a 2 GiB limit).
 * Here everything the test needs (the text, the output) is allocated first; then the
 * limit is set 64 MiB above the address space in use, a bound of 1x the text beyond
 * the caller's own buffers, and the library must do with that.
 * Not under a sanitizer or an emulator: both reserve address space of their own.
 * Usage: reader_memory_test */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <waymark.h>

static int failures = 0;
#define CHECK(cond, what) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d %s\n", __FILE__, __LINE__, what); } } while (0)

/* The process's address space in use (VmSize), bytes. */
static size_t address_space(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    size_t kb = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmSize:", 7) == 0) { kb = strtoull(line + 7, NULL, 10); break; }
    }
    if (f) fclose(f);
    return kb * 1024;
}

/* Peak resident set (VmHWM), bytes. */
static size_t peak_resident(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    size_t kb = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) { kb = strtoull(line + 6, NULL, 10); break; }
    }
    if (f) fclose(f);
    return kb * 1024;
}

/* One polyline number: zigzag, then 5-bit chunks from the low end. */
static size_t encode(int64_t v, char *out) {
    uint64_t z = v < 0 ? ~((uint64_t)v << 1) : (uint64_t)v << 1;
    size_t n = 0;
    while (z >= 0x20) { out[n++] = (char)((0x20 | (z & 0x1F)) + 63); z >>= 5; }
    out[n++] = (char)(z + 63);
    return n;
}

int main(void) {
    const size_t text_bytes = (size_t)64 << 20;
    char *text = malloc(text_bytes);
    /* 8 bytes a point, lat and lon deltas of +-2^15 (0.33 degrees) in turn: 8 Mi points,
     * within the 2^24 limit, every coordinate in range. */
    char plus[8], minus[8];
    size_t a = encode(1 << 15, plus), b = encode(-(1 << 15), minus);
    CHECK(a == 4 && b == 4, "four characters a number");
    size_t points_in_text = text_bytes / 8;
    for (size_t k = 0; k < points_in_text; k++) {
        const char *d = k % 2 == 0 ? plus : minus;
        memcpy(text + 8 * k, d, 4);
        memcpy(text + 8 * k + 4, d, 4);
    }
    wm_track_point *points = malloc(points_in_text * sizeof *points);
    memset(points, 0, points_in_text * sizeof *points);   /* resident before the limit */

    size_t before = address_space();
    struct rlimit limit = { before + ((size_t)64 << 20), before + ((size_t)64 << 20) };
    CHECK(before > 0 && setrlimit(RLIMIT_AS, &limit) == 0, "the address-space limit set");
    size_t resident = peak_resident();

    wm_read_report report;
    memset(&report, 0, sizeof report);
    report.size = sizeof report;
    size_t count = 0;
    CHECK(wm_track_read(text, text_bytes, WM_TRACK_FORMAT_POLYLINE6, NULL, NULL, 0, &count, &report) == WM_ERROR_BAD_COUNT
          && count == points_in_text, "the size query of a 64 MiB polyline, under the limit");
    CHECK(wm_track_read(text, text_bytes, WM_TRACK_FORMAT_POLYLINE6, NULL, points, points_in_text, &count, &report) == WM_OK
          && count == points_in_text && report.is_route == 1, "the read, under the limit");
    CHECK(points[0].latitude_deg == 0.032768 && points[0].longitude_deg == 0.032768 && points[1].latitude_deg == 0
          && points[points_in_text - 1].latitude_deg == 0 && points[points_in_text - 1].line == 1, "the points");

    /* 32 Mi points (2 bytes each): more than the output holds, BAD_COUNT with the count;
     * with a limit of 2^24 points, refused at the first point past it. */
    memset(text, '?', text_bytes);
    count = 0;
    CHECK(wm_track_read(text, text_bytes, WM_TRACK_FORMAT_POLYLINE, NULL, points, points_in_text, &count, &report)
          == WM_ERROR_BAD_COUNT && count == text_bytes / 2, "more points than the output holds: BAD_COUNT and the count");
    wm_track_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.maximum_points = (uint64_t)1 << 24;
    CHECK(wm_track_read(text, text_bytes, WM_TRACK_FORMAT_POLYLINE, &options, points, points_in_text, &count, &report)
          == WM_ERROR_INVALID_VALUE && report.line == 1 && strstr(report.message, "more than 16777216 points") != NULL,
          "past maximum_points: refused, not a trap");
    /* A fault at the end of 64 MiB: refused, nothing written. */
    memset(text, '?', text_bytes);
    text[text_bytes - 1] = '_';   /* a number cut short */
    points[0].latitude_deg = 42;
    options.maximum_points = UINT64_MAX;
    CHECK(wm_track_read(text, text_bytes, WM_TRACK_FORMAT_POLYLINE, &options, points, points_in_text, &count, &report)
          == WM_ERROR_INVALID_VALUE && strstr(report.message, "cut short") != NULL && points[0].latitude_deg == 42,
          "a fault at the end: refused, nothing written");

    size_t grown = peak_resident() - resident;
    printf("reader_memory_test: 64 MiB polyline, limit %zu MiB above %zu MiB; peak resident grew %zu KiB\n",
           (size_t)64, before >> 20, grown >> 10);
    CHECK(grown <= ((size_t)4 << 20), "the reads add at most 4 MiB resident beyond the caller's buffers");
    free(points);
    free(text);
    if (failures) { fprintf(stderr, "reader_memory_test: %d failures\n", failures); return 1; }
    printf("reader_memory_test: every check passed\n");
    return 0;
}
