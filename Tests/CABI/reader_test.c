/* The readers' C contract (the header's "Reading files"): sizes, counts and the report,
 * nothing written on error, faults named by line and reason. The same files go through
 * the CLI, Python and JavaScript in their own tests (readers.test.mjs, test_readers.py).
 * Usage: reader_test TESTDATA_DIR */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <waymark.h>

#include "test_files.h"

static int failures = 0;
#define CHECK(cond, what) do { if (!(cond)) { failures++; fprintf(stderr, "FAIL %s:%d %s\n", __FILE__, __LINE__, what); } } while (0)

static wm_read_report fresh_report(void) {
    wm_read_report r;
    memset(&r, 0x5A, sizeof r);
    r.size = sizeof r;
    return r;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: reader_test TESTDATA_DIR\n"); return 64; }
    const char *data = argv[1];
    char dir[4096];
    size_t length;

    /* An ordinary GPX: a size query, then the read. */
    snprintf(dir, sizeof dir, "%s/cli_inputs", data);
    char *gpx = slurp(dir, "walk_strava.gpx", &length);
    wm_read_report report = fresh_report();
    size_t count = 7;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, NULL, 0, &count, &report) == WM_ERROR_BAD_COUNT, "size query");
    CHECK(count == 121 && report.line == 0 && report.is_route == 1, "the size query sets the count and the report");
    wm_track_point *points = calloc(count, sizeof *points);
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, points, count, &count, &report) == WM_OK, "the read");
    CHECK(fabs(points[0].latitude_deg - 55.73397) < 1e-3 && !isnan(points[0].height_m) && !isnan(points[0].time_s) && points[0].line > 1,
          "the first point, with its height, time and line");
    CHECK(report.warning_count == 0 && report.message[0] == 0, "no warnings");

    /* Refusals that are the caller's: nothing written, not even the count. */
    wm_track_point before = points[0];
    size_t kept = 99;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, points, 121, NULL, &report) == WM_ERROR_NULL_POINTER, "count NULL");
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, points, 121, &kept, NULL) == WM_ERROR_NULL_POINTER, "report NULL");
    CHECK(wm_track_read(NULL, 5, WM_TRACK_FORMAT_GPX, NULL, points, 121, &kept, &report) == WM_ERROR_NULL_POINTER, "text NULL");
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, NULL, 121, &kept, &report) == WM_ERROR_NULL_POINTER, "points NULL");
    CHECK(wm_track_read(gpx, length, 0, NULL, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "format 0");
    CHECK(wm_track_read(gpx, length, 5, NULL, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "format 5");
    CHECK(wm_track_read(gpx, (size_t)1 << 60, WM_TRACK_FORMAT_GPX, NULL, points, 121, &kept, &report) == WM_ERROR_BAD_COUNT, "length 2^60");
    wm_track_options options = {sizeof options, WM_GPX_PART_TRACK, 0, 0, 0};
    options.size = 16;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, &options, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "options size");
    options.size = sizeof options;
    options.gpx_part = 4;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, &options, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "gpx_part 4");
    options.gpx_part = WM_GPX_PART_TRACK;
    options.reserved_ = 1;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, &options, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "reserved_");
    wm_read_report wrong = fresh_report();
    wrong.size = 256;
    wm_read_report wrong_before = wrong;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, NULL, points, 121, &kept, &wrong) == WM_ERROR_INVALID_VALUE, "report size");
    CHECK(memcmp(&wrong, &wrong_before, sizeof wrong) == 0, "a report of another size is not written");
    CHECK(kept == 99 && memcmp(&points[0], &before, sizeof before) == 0, "nothing written on the caller's errors");

    /* A point limit: a fault at the first point past it. */
    options.reserved_ = 0;
    options.maximum_points = 10;
    CHECK(wm_track_read(gpx, length, WM_TRACK_FORMAT_GPX, &options, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE
          && report.line > 1 && strstr(report.message, "more than 10 points") != NULL && kept == 99, "maximum_points");

    /* A refused document: the report says where and why; nothing else is written. */
    snprintf(dir, sizeof dir, "%s/readers", data);
    char *nul = slurp(dir, "nul_in_lat.gpx", &length);
    report = fresh_report();
    CHECK(wm_track_read(nul, length, WM_TRACK_FORMAT_GPX, NULL, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE, "NUL refused");
    CHECK(report.line == 3 && strcmp(report.message, "a NUL byte in the document") == 0, "the NUL's line and reason");
    CHECK(kept == 99 && memcmp(&points[0], &before, sizeof before) == 0, "nothing written for a refused document");
    free(nul);

    /* CSV by the CLI's rules: a logger's header names its columns in its own order. */
    char *csv = slurp(dir, "logger_columns.csv", &length);
    report = fresh_report();
    CHECK(wm_track_read(csv, length, WM_TRACK_FORMAT_CSV, NULL, points, 121, &count, &report) == WM_OK && count == 2
          && points[0].line == 3 && points[0].latitude_deg == 55.7339 && points[0].longitude_deg == 37.5886
          && points[0].height_m == 150 && points[1].time_s == 1714806001.5 && report.is_route == 0, "CSV rows, reordered by the header");
    free(csv);
    csv = slurp(dir, "separator_in_lat.csv", &length);
    report = fresh_report();
    CHECK(wm_track_read(csv, length, WM_TRACK_FORMAT_CSV, NULL, points, 121, &kept, &report) == WM_ERROR_INVALID_VALUE
          && report.line == 2 && strcmp(report.message, "field 1 '55.733_97' is not a number") == 0, "a CSV number the CLI refuses");
    free(csv);

    /* An empty text is a document without points. */
    report = fresh_report();
    CHECK(wm_track_read(NULL, 0, WM_TRACK_FORMAT_NMEA, NULL, NULL, 0, &kept, &report) == WM_ERROR_INVALID_VALUE && report.line == 1,
          "an empty NMEA log");

    /* Warnings on success. */
    char *mixed = slurp(dir, "mixed_parts.gpx", &length);
    report = fresh_report();
    CHECK(wm_track_read(mixed, length, WM_TRACK_FORMAT_GPX, NULL, points, 121, &count, &report) == WM_OK && count == 2, "mixed parts");
    CHECK(report.warning_count == 1 && strncmp(report.message, "GPX: read the first track (2 points)", 36) == 0, "its warning");
    CHECK(points[1].latitude_deg == 55.734375 && points[1].time_s == 1714806009.5, "hexadecimal latitude and a time zone offset");
    free(mixed);

    /* A field log with every event and the velocity columns. */
    char *log = slurp(dir, "velocity.log", &length);
    wm_log_row rows[8];
    report = fresh_report();
    CHECK(wm_field_log_read(log, length, NULL, 0, &count, &report) == WM_ERROR_BAD_COUNT && count == 4 && report.columns == 19, "log size query");
    CHECK(wm_field_log_read(log, length, rows, 8, &count, &report) == WM_OK && count == 4, "log read");
    CHECK(rows[0].event == WM_LOG_FIX && rows[0].height_m == 151.4 && rows[0].course_deg == 90 && rows[0].course_accuracy_deg == -1
          && isnan(rows[0].speed_accuracy_mps) && isnan(rows[0].yaw_deg) && rows[0].line == 2, "the fix row");
    CHECK(rows[1].event == WM_LOG_FRAME && rows[1].yaw_deg == -15 && isnan(rows[1].latitude_deg), "the frame row");
    CHECK(rows[2].event == WM_LOG_HEADING && rows[2].true_heading_deg == 3.5 && rows[2].heading_accuracy_deg == 5, "the heading row");
    CHECK(rows[3].event == WM_LOG_TRACKING && rows[3].tracking == WM_TRACKING_LIMITED && rows[3].time_s == 1.0, "the tracking row");
    free(log);
    char *late = slurp(dir, "late_row.log", &length);
    report = fresh_report();
    kept = 99;
    CHECK(wm_field_log_read(late, length, rows, 8, &kept, &report) == WM_ERROR_INVALID_VALUE && report.line == 3 && kept == 99
          && strstr(report.message, "t_s 1e200 is later than the next row's 1.0 (line 4)") != NULL, "a row later than both neighbours");
    free(late);

    /* A line past 1 MiB, in bounded memory. */
    size_t big = ((size_t)1 << 20) + 200;
    char *long_log = malloc(big);
    const char *header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg\n";
    memcpy(long_log, header, strlen(header));
    memset(long_log + strlen(header), '1', big - strlen(header));
    report = fresh_report();
    CHECK(wm_field_log_read(long_log, big, rows, 8, &kept, &report) == WM_ERROR_INVALID_VALUE && report.line == 2
          && strcmp(report.message, "longer than 1048576 bytes (1 MiB)") == 0, "the 1 MiB rule");
    free(long_log);

    free(points);
    free(gpx);
    if (failures) { fprintf(stderr, "reader_test: %d failures\n", failures); return 1; }
    printf("reader_test: every check passed\n");
    return 0;
}
