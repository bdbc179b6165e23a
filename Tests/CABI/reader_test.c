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

    /* Issue 52: a broken document is refused with its line and reason, never read as a
     * shorter track; points are not written. */
    static const struct { const char *file; wm_track_format format; uint64_t line; const char *reason; } broken[] = {
        {"cut_after_two_trkpt.gpx", WM_TRACK_FORMAT_GPX, 6, "the document ends inside <trkseg>, opened at line 3 (3 elements not closed: cut short?)"},
        {"swapped_end_tags.gpx", WM_TRACK_FORMAT_GPX, 4, "</trk> closes <trkseg>, opened at line 2: elements must close in the order they opened"},
        {"second_root.gpx", WM_TRACK_FORMAT_GPX, 4, "a second root element <gpx> (the first closed at line 3): a document has one"},
        {"duplicate_lat.gpx", WM_TRACK_FORMAT_GPX, 2, "<wpt> has the attribute 'lat' twice"},
        {"cut_after_linestring.kml", WM_TRACK_FORMAT_KML, 3, "the document ends inside <Placemark>, opened at line 1 (3 elements not closed: cut short?)"},
        {"cut_after_trackpoint.tcx", WM_TRACK_FORMAT_TCX, 3, "the document ends inside <Track>, opened at line 1 (5 elements not closed: cut short?)"},
        {"nul_in_comment.polyline6", WM_TRACK_FORMAT_POLYLINE6, 1, "a NUL byte in a comment (character 11)"},
    };
    before = points[0];
    for (size_t k = 0; k < sizeof broken / sizeof broken[0]; k++) {
        char *text = slurp(dir, broken[k].file, &length);
        report = fresh_report();
        kept = 99;
        wm_status s = wm_track_read(text, length, broken[k].format, NULL, points, 121, &kept, &report);
        if (s != WM_ERROR_INVALID_VALUE || report.line != broken[k].line || strcmp(report.message, broken[k].reason) != 0 || kept != 99
            || memcmp(&points[0], &before, sizeof before) != 0) {
            fprintf(stderr, "%s: status %d line %llu '%s'\n", broken[k].file, (int)s, (unsigned long long)report.line, report.message);
            CHECK(0, "a broken document refused with its line and reason, nothing written");
        }
        free(text);
    }

    /* A NUL inserted before, or written over, every byte of a valid document of each
     * format is refused (the size query too: it reads the whole text). */
    static const struct { wm_track_format format; const char *text; } valid[] = {
        {WM_TRACK_FORMAT_GPX, "<?xml version=\"1.0\"?>\n<!-- c -->\n<gpx version=\"1.1\">\n<trk><name>a</name><trkseg>\n"
                              "<trkpt lat=\"55.7\" lon=\"37.6\"><ele>1</ele><time>2024-05-04T07:00:00Z</time></trkpt>\n"
                              "<trkpt lat=\"55.8\" lon=\"37.6\"/>\n</trkseg></trk>\n</gpx>\n"},
        {WM_TRACK_FORMAT_KML, "<kml><Document><Placemark><name>w</name>\n<LineString><altitudeMode>absolute</altitudeMode>"
                              "<coordinates>37.6,55.7,1 37.6,55.8,2</coordinates></LineString>\n</Placemark></Document></kml>\n"},
        {WM_TRACK_FORMAT_TCX, "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Lap><Track>\n<Trackpoint>"
                              "<Time>2024-05-04T07:00:00Z</Time><Position><LatitudeDegrees>55.7</LatitudeDegrees><LongitudeDegrees>"
                              "37.6</LongitudeDegrees></Position><AltitudeMeters>150</AltitudeMeters></Trackpoint>\n"
                              "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"},
        {WM_TRACK_FORMAT_NMEA, "$GPGGA,120000.00,5544.000,N,03736.000,E,1,08,1.0,150.0,M,14.0,M,,*66\n"},
        {WM_TRACK_FORMAT_GEOJSON, "{\"type\": \"LineString\", \"coordinates\": [[37.6, 55.7], [37.6, 55.8, 1]]}\n"},
        {WM_TRACK_FORMAT_POLYLINE, "# a comment\n_p~iF~ps|U_ulLnnqC\n"},
        {WM_TRACK_FORMAT_POLYLINE6, "# a comment\n_izlhA~rlgdF_{geC~ywl@\n"},
        {WM_TRACK_FORMAT_CSV, "lat,lon,time\n55.7,37.6,2024-05-04T07:00:00Z\n55.8,37.6,2024-05-04T07:00:09Z\n"},
    };
    for (size_t f = 0; f < sizeof valid / sizeof valid[0]; f++) {
        size_t n = strlen(valid[f].text);
        char *buffer = malloc(n + 1);
        report = fresh_report();
        CHECK(wm_track_read(valid[f].text, n, valid[f].format, NULL, points, 121, &count, &report) == WM_OK && count >= 1, "the valid document reads");
        int read_with_nul = 0;
        for (size_t k = 0; k <= n; k++) {
            memcpy(buffer, valid[f].text, k);
            buffer[k] = 0;
            memcpy(buffer + k + 1, valid[f].text + k, n - k);
            report = fresh_report();
            if (wm_track_read(buffer, n + 1, valid[f].format, NULL, points, 121, &kept, &report) != WM_ERROR_INVALID_VALUE) read_with_nul++;
            if (wm_track_read(buffer, n + 1, valid[f].format, NULL, NULL, 0, &kept, &report) != WM_ERROR_INVALID_VALUE) read_with_nul++;
            if (k == n) break;
            memcpy(buffer, valid[f].text, n);
            buffer[k] = 0;
            if (wm_track_read(buffer, n, valid[f].format, NULL, points, 121, &kept, &report) != WM_ERROR_INVALID_VALUE) read_with_nul++;
        }
        if (read_with_nul) fprintf(stderr, "format %d: %d placements of a NUL read\n", (int)valid[f].format, read_with_nul);
        CHECK(read_with_nul == 0, "a NUL anywhere refused");
        free(buffer);
    }

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
