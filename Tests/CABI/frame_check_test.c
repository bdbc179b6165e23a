/* wm_frame_check_geodetic and wm_frame_check_scene against the conversions they check.
 * For many inputs (valid points; NaN, infinities, |lat| > 90, heights and scene
 * components just beyond their limits, at lane edges, first, last, twice; bad strides,
 * NULLs, count 0, counts whose buffers cannot exist; frames with any byte overwritten)
 * each check returns exactly the status of wm_frame_forward and
 * wm_frame_anchor_transforms (geodetic) or wm_frame_reverse (scene) with a valid output
 * buffer, with the same first_bad, and writes nothing: input and frame byte for byte as
 * they were, first_bad set only with INVALID_VALUE. Then the split the checks are for: a
 * batch checked whole converts chunk by chunk into the output to the single call's bytes,
 * and a chunk's check names its bad point from the chunk's start.
 * Usage: frame_check_test. Prints "N passed, N failed". */
#include <waymark.h>

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0, failed = 0;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__, what)
static void check(int ok, const char *cond, const char *file, int line, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed <= 30) fprintf(stderr, "%s:%d: failed: %s (%s)\n", file, line, cond, what);
    }
}

#define N 200                 /* points in the buffers */
#define MAX_ROW 6             /* doubles a row may take: strides up to 48 bytes */
#define UNSET ((size_t)0x5EEDF00Du)

static double in_rows[N * MAX_ROW], in_before[N * MAX_ROW];
static double out_rows[N * MAX_ROW];
static wm_mat4f matrices[N];

static const size_t strides[] = {24, 32, 40, 48};
static const size_t counts[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, N};
static const size_t positions[] = {0, 1, 3, 4, 7, 8, 9, 16, N / 2, N - 1};

static double *row(size_t stride, size_t i) { return (double *)((char *)in_rows + i * stride); }

/* The frames: WGS-84 ENU, EUS with an estimate, Unreal (centimetres: scene limit
 * 100 times the metres'), millimetres (1000 times) on another ellipsoid, a sphere near
 * the pole. The scene limit is the farthest a forward result can lie, 3e12 + 2e7 m
 * (issue 52: it was 1e12 m, which forward results beyond it could not read back). */
#define FRAMES 5
#define SCENE_LIMIT_M (3e12 + 2e7)
static wm_frame frames[FRAMES];
static const double scene_limits[FRAMES] = {SCENE_LIMIT_M, SCENE_LIMIT_M, 100 * SCENE_LIMIT_M, 1000 * SCENE_LIMIT_M, SCENE_LIMIT_M};

static void make_frames(void) {
    wm_geodetic beijing = {39.9042, 116.4074, 50.0}, moscow = {55.7539, 37.6208, 150.0}, pole = {89.9, -170.0, 0};
    wm_vec3 shift = {0.5, -1.25, 3.0};
    const char *what = "frames";
    CHECK(wm_frame_init(&frames[0], beijing, WM_AXES_ENU) == WM_OK);
    CHECK(wm_frame_init(&frames[1], moscow, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_set_estimate(&frames[1], shift, 7.5) == WM_OK);
    CHECK(wm_frame_init(&frames[2], moscow, WM_AXES_UNREAL) == WM_OK);
    CHECK(wm_frame_init_ellipsoid(&frames[3], 6378388.0, 1 / 297.0, beijing,
                                  WM_AXES_CUSTOM(WM_DIR_NORTH, WM_DIR_WEST, WM_DIR_UP, WM_FORWARD_POS_X,
                                                 WM_UNIT_MILLIMETRE)) == WM_OK);
    CHECK(wm_frame_init_ellipsoid(&frames[4], 6371008.8, 0, pole, WM_AXES_EUN) == WM_OK);
}

/* count valid points (deterministic, spread over a degree), every stride bytes. */
static double points[N][3];
static void make_points(void) {
    size_t i;
    for (i = 0; i < N; i++) {
        points[i][0] = 45.0 + 0.37 * sin(1.3 * (double)i);
        points[i][1] = 60.0 + 0.51 * cos(0.7 * (double)i);
        points[i][2] = 100.0 * sin(0.3 * (double)i);
    }
}

static void fill_geodetic(size_t stride, size_t count) {
    size_t i;
    memset(in_rows, 0xA5, sizeof in_rows);   /* the gaps between rows: not doubles anyone reads */
    for (i = 0; i < count; i++) memcpy(row(stride, i), points[i], 24);
}

/* The scene points of valid geodetic ones in this frame: reverse's valid input. */
static void fill_scene(const wm_frame *frame, size_t stride, size_t count) {
    static double scene[N * 3];
    size_t i;
    fill_geodetic(24, count);
    if (wm_frame_forward(frame, (const wm_geodetic *)in_rows, 24, (wm_vec3 *)scene, 24, count, NULL) != WM_OK) abort();
    memset(in_rows, 0xA5, sizeof in_rows);
    for (i = 0; i < count; i++) memcpy(row(stride, i), scene + 3 * i, 24);
}

/* One geodetic batch: the check against forward and the anchor transforms. The check
 * writes nothing; it matches the anchor transforms exactly, and forward exactly too
 * except where the frame's axes bytes were overwritten (the check and the anchors say
 * INVALID_FRAME there; forward, which does not read them, converts). */
static int axes_only = 0;   /* such frames seen */
static wm_status compare_geodetic(const wm_frame *frame, const void *in, size_t stride, size_t count, const char *what) {
    size_t bad = UNSET, forward_bad = UNSET, anchor_bad = UNSET;
    wm_status s, forward, anchors;
    wm_frame frame_before;
    if (frame) memcpy(&frame_before, frame, sizeof frame_before);
    memcpy(in_before, in_rows, sizeof in_rows);
    s = wm_frame_check_geodetic(frame, (const wm_geodetic *)in, stride, count, &bad);
    CHECK(memcmp(in_before, in_rows, sizeof in_rows) == 0);
    CHECK(!frame || memcmp(&frame_before, frame, sizeof frame_before) == 0);
    CHECK(s == WM_ERROR_INVALID_VALUE || bad == UNSET);
    CHECK(wm_frame_check_geodetic(frame, (const wm_geodetic *)in, stride, count, NULL) == s);
    forward = wm_frame_forward(frame, (const wm_geodetic *)in, stride, (wm_vec3 *)out_rows, 24, count, &forward_bad);
    anchors = wm_frame_anchor_transforms(frame, (const wm_geodetic *)in, stride, matrices, count, &anchor_bad);
    CHECK(s == anchors && bad == anchor_bad);
    if (s == WM_ERROR_INVALID_FRAME && forward != WM_ERROR_INVALID_FRAME) {
        axes_only++;
    } else {
        CHECK(s == forward && bad == forward_bad);
    }
    if (s == WM_OK) CHECK(forward == WM_OK && anchors == WM_OK);   /* the promise */
    return s;
}

/* One scene batch: the check against reverse, which it matches exactly. */
static wm_status compare_scene(const wm_frame *frame, const void *in, size_t stride, size_t count, const char *what) {
    size_t bad = UNSET, reverse_bad = UNSET;
    wm_status s, reverse;
    wm_frame frame_before;
    if (frame) memcpy(&frame_before, frame, sizeof frame_before);
    memcpy(in_before, in_rows, sizeof in_rows);
    s = wm_frame_check_scene(frame, (const wm_vec3 *)in, stride, count, &bad);
    CHECK(memcmp(in_before, in_rows, sizeof in_rows) == 0);
    CHECK(!frame || memcmp(&frame_before, frame, sizeof frame_before) == 0);
    CHECK(s == WM_ERROR_INVALID_VALUE || bad == UNSET);
    CHECK(wm_frame_check_scene(frame, (const wm_vec3 *)in, stride, count, NULL) == s);
    reverse = wm_frame_reverse(frame, (const wm_vec3 *)in, stride, (wm_geodetic *)out_rows, 24, count, &reverse_bad);
    CHECK(s == reverse && bad == reverse_bad);
    return s;
}

/* Values a geodetic component may take, valid or not, by component. */
static double geodetic_value(int component, int k, int *valid) {
    static const double lat[] = {90.0, -90.0, -0.0, 90.000000000001, -91.0, 180.0, NAN, INFINITY, -INFINITY, DBL_MAX};
    static const double lon[] = {180.0, -1e300, 1e18, -DBL_MAX, DBL_MAX, NAN, INFINITY, -INFINITY, 0x1p-1074, 720.5};
    static const double h[] = {1e12, -1e12, 0x1p-1074, 1.0000000000000002e12, -1.5e12, DBL_MAX, NAN, INFINITY,
                               -INFINITY, 6e11};
    static const int lat_ok[] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0}, lon_ok[] = {1, 1, 1, 1, 1, 0, 0, 0, 1, 1},
                     h_ok[] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 1};
    const double *v = component == 0 ? lat : component == 1 ? lon : h;
    const int *ok = component == 0 ? lat_ok : component == 1 ? lon_ok : h_ok;
    *valid = ok[k];
    return v[k];
}
#define VALUES 10

static void geodetic_values(void) {
    char what[160];
    size_t f, si, ci, pi, extra;
    int component, k, valid;
    for (f = 0; f < FRAMES; f++)
        for (si = 0; si < sizeof strides / sizeof strides[0]; si++)
            for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
                size_t stride = strides[si], count = counts[ci];
                sprintf(what, "geodetic frame %zu stride %zu count %zu valid", f, stride, count);
                fill_geodetic(stride, count);
                compare_geodetic(&frames[f], in_rows, stride, count, what);
                for (pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
                    size_t at = positions[pi];
                    if (at >= count) continue;
                    for (component = 0; component < 3; component++)
                        for (k = 0; k < VALUES; k++) {
                            double value = geodetic_value(component, k, &valid);
                            sprintf(what, "geodetic frame %zu stride %zu count %zu: %g at %zu[%d]", f, stride,
                                    count, value, at, component);
                            fill_geodetic(stride, count);
                            row(stride, at)[component] = value;
                            CHECK((compare_geodetic(&frames[f], in_rows, stride, count, what) == WM_OK) == valid);
                            /* a second bad point after the first, and before it */
                            for (extra = at + 1; extra < count; extra += count / 3 + 1) {
                                row(stride, extra)[2] = NAN;
                                compare_geodetic(&frames[f], in_rows, stride, count, what);
                            }
                            if (at > 0) {
                                row(stride, at - 1)[0] = -95.0;
                                compare_geodetic(&frames[f], in_rows, stride, count, what);
                            }
                        }
                }
            }
}

static void scene_values(void) {
    char what[160];
    size_t f, si, ci, pi, extra;
    int component, k;
    for (f = 0; f < FRAMES; f++) {
        const double limit = scene_limits[f];
        const double values[] = {limit, -limit, nextafter(limit, INFINITY), -nextafter(limit, INFINITY),
                                 1e12, -1.5e12, 5e13, -2e14, 9e14, 2e15, 4e15, NAN, INFINITY, -INFINITY, DBL_MAX, 0x1p-1074, -0.0};
        for (si = 0; si < sizeof strides / sizeof strides[0]; si++)
            for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
                size_t stride = strides[si], count = counts[ci];
                sprintf(what, "scene frame %zu stride %zu count %zu valid", f, stride, count);
                fill_scene(&frames[f], stride, count);
                compare_scene(&frames[f], in_rows, stride, count, what);
                for (pi = 0; pi < sizeof positions / sizeof positions[0]; pi++) {
                    size_t at = positions[pi];
                    if (at >= count) continue;
                    for (component = 0; component < 3; component++)
                        for (k = 0; k < (int)(sizeof values / sizeof values[0]); k++) {
                            sprintf(what, "scene frame %zu stride %zu count %zu: %g at %zu[%d]", f, stride, count,
                                    values[k], at, component);
                            fill_scene(&frames[f], stride, count);
                            row(stride, at)[component] = values[k];
                            CHECK((compare_scene(&frames[f], in_rows, stride, count, what) == WM_OK)
                                  == (fabs(values[k]) <= limit));
                            for (extra = at + 1; extra < count; extra += count / 3 + 1) {
                                row(stride, extra)[1] = -INFINITY;
                                compare_scene(&frames[f], in_rows, stride, count, what);
                            }
                            if (at > 0) {
                                row(stride, at - 1)[2] = NAN;
                                compare_scene(&frames[f], in_rows, stride, count, what);
                            }
                        }
                }
            }
    }
}

/* Shapes: count 0 with anything, NULLs, strides too small, counts whose buffers cannot
 * exist (none of them reads a point), a huge stride with one point (read: fits). */
static void shapes(void) {
    const char *what = "shapes";
    static const size_t small_strides[] = {0, 1, 8, 16, 23, SIZE_MAX, (size_t)1 << 63};
    static const size_t huge_counts[] = {SIZE_MAX, (size_t)1 << 63, (size_t)1 << 58, ((size_t)1 << 56) / 24 + 1};
    wm_frame zeroed;
    size_t i, j, bad;
    memset(&zeroed, 0, sizeof zeroed);
    fill_geodetic(24, N);
    for (i = 0; i < FRAMES; i++) {
        /* count 0: WM_OK whatever the other arguments, first_bad untouched */
        bad = UNSET;
        CHECK(wm_frame_check_geodetic(NULL, NULL, 0, 0, &bad) == WM_OK && bad == UNSET);
        CHECK(wm_frame_check_scene(NULL, NULL, 0, 0, &bad) == WM_OK && bad == UNSET);
        CHECK(wm_frame_check_geodetic(&zeroed, NULL, 3, 0, &bad) == WM_OK && bad == UNSET);
        CHECK(wm_frame_check_scene(&frames[i], (const wm_vec3 *)in_rows, 1, 0, &bad) == WM_OK && bad == UNSET);
        compare_geodetic(&frames[i], in_rows, 7, 0, "count 0, stride 7");
        compare_scene(&frames[i], in_rows, SIZE_MAX, 0, "count 0, stride SIZE_MAX");
        compare_geodetic(NULL, in_rows, 24, 5, "NULL frame");
        compare_scene(NULL, in_rows, 24, 5, "NULL frame");
        compare_geodetic(&frames[i], NULL, 24, 5, "NULL input");
        compare_scene(&frames[i], NULL, 24, 5, "NULL input");
        compare_geodetic(NULL, NULL, 3, 5, "NULL both, bad stride");
        compare_geodetic(&zeroed, NULL, 24, 5, "zeroed frame, NULL input");
        compare_scene(&zeroed, in_rows, 3, 5, "zeroed frame, bad stride");
        compare_geodetic(&zeroed, in_rows, 24, SIZE_MAX, "zeroed frame, huge count");
        compare_scene(&frames[i], NULL, 3, SIZE_MAX, "NULL input, bad stride, huge count");
        for (j = 0; j < sizeof small_strides / sizeof small_strides[0]; j++) {
            compare_geodetic(&frames[i], in_rows, small_strides[j], 1, "small stride");
            compare_geodetic(&frames[i], in_rows, small_strides[j], SIZE_MAX, "small stride, huge count");
            compare_scene(&frames[i], in_rows, small_strides[j], 3, "small stride");
        }
        for (j = 0; j < sizeof huge_counts / sizeof huge_counts[0]; j++) {
            compare_geodetic(&frames[i], in_rows, 24, huge_counts[j], "huge count");
            compare_scene(&frames[i], in_rows, 48, huge_counts[j], "huge count");
            compare_geodetic(&frames[i], NULL, 24, huge_counts[j], "huge count, NULL input");
        }
        compare_geodetic(&frames[i], in_rows, ((size_t)1 << 56) / 2 + 8, 2, "two points 2^56 bytes apart");
        compare_geodetic(&frames[i], in_rows, ((size_t)1 << 56) + 8, 1, "a stride beyond 2^56 bytes");
        compare_geodetic(&frames[i], in_rows, (size_t)1 << 56, 1, "one point, stride 2^56");   /* fits: read */
        compare_scene(&frames[i], in_rows, (size_t)1 << 56, 1, "one point, stride 2^56");
    }
    /* Plain answers, not only agreement. */
    bad = UNSET;
    CHECK(wm_frame_check_geodetic(&frames[0], (const wm_geodetic *)in_rows, 24, N, &bad) == WM_OK && bad == UNSET);
    CHECK(wm_frame_check_geodetic(NULL, (const wm_geodetic *)in_rows, 24, N, &bad) == WM_ERROR_NULL_POINTER);
    CHECK(wm_frame_check_geodetic(&zeroed, (const wm_geodetic *)in_rows, 24, N, &bad) == WM_ERROR_INVALID_FRAME);
    CHECK(wm_frame_check_geodetic(&frames[0], (const wm_geodetic *)in_rows, 16, N, &bad) == WM_ERROR_BAD_STRIDE);
    CHECK(wm_frame_check_geodetic(&frames[0], (const wm_geodetic *)in_rows, 24, SIZE_MAX, &bad) == WM_ERROR_BAD_COUNT);
    CHECK(bad == UNSET);
    row(24, 150)[2] = 2e12;
    row(24, 170)[0] = NAN;
    CHECK(wm_frame_check_geodetic(&frames[0], (const wm_geodetic *)in_rows, 24, N, &bad) == WM_ERROR_INVALID_VALUE
          && bad == 150);
}

/* Frames with one byte overwritten (each byte of the 512, by several values): whatever
 * the bytes say, each check answers as its conversion does. */
static void corrupted_frames(void) {
    char what[120];
    size_t f, b, v, i;
    for (f = 0; f < FRAMES; f++)
        for (b = 0; b < sizeof(wm_frame); b++)
            for (v = 0; v < 4; v++) {
                wm_frame frame = frames[f];
                unsigned char *bytes = (unsigned char *)&frame;
                bytes[b] = v == 0 ? 0x00 : v == 1 ? 0xFF : (unsigned char)(bytes[b] ^ (v == 2 ? 0x01 : 0x80));
                sprintf(what, "frame %zu, byte %zu overwritten (%zu)", f, b, v);
                fill_geodetic(24, 9);
                compare_geodetic(&frame, in_rows, 24, 9, what);
                row(24, 4)[2] = 5e11;
                compare_geodetic(&frame, in_rows, 24, 9, what);
                row(24, 6)[2] = 2e12;
                compare_geodetic(&frame, in_rows, 24, 1, what);
                compare_geodetic(&frame, in_rows, 24, 9, what);
                fill_scene(&frames[f], 24, 9);
                compare_scene(&frame, in_rows, 24, 9, what);
                for (i = 0; i < 3; i++) row(24, 2 + i)[i] = scene_limits[f] * (i == 0 ? 0.5 : i == 1 ? 50 : 2);
                compare_scene(&frame, in_rows, 24, 1, what);
                compare_scene(&frame, in_rows, 24, 9, what);
            }
}

/* The use the checks are for: checked whole, a batch converts chunk by chunk straight
 * into the output (the single call's bytes; every chunk succeeds); refused, each
 * chunk's check names the bad point from its own start, and the first chunk refused
 * has the single check's first_bad. */
static void split(void) {
    static double whole[N * 3], chunked[N * 3];
    static const size_t chunks[] = {2, 3, 7, 64};
    const char *what = "split";
    size_t f, c, k, bad;
    for (f = 0; f < FRAMES; f++)
        for (c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            size_t n = chunks[c], first = UNSET;
            fill_geodetic(40, N);
            CHECK(wm_frame_check_geodetic(&frames[f], (const wm_geodetic *)in_rows, 40, N, NULL) == WM_OK);
            CHECK(wm_frame_forward(&frames[f], (const wm_geodetic *)in_rows, 40, (wm_vec3 *)whole, 24, N, NULL) == WM_OK);
            memset(chunked, 0, sizeof chunked);
            for (k = 0; k < n; k++) {
                size_t start = N * k / n, stop = N * (k + 1) / n;
                CHECK(wm_frame_forward(&frames[f], (const wm_geodetic *)row(40, start), 40,
                                       (wm_vec3 *)(chunked + 3 * start), 24, stop - start, NULL) == WM_OK);
            }
            CHECK(memcmp(whole, chunked, sizeof whole) == 0);
            row(40, N - 2)[0] = 91;
            row(40, N / 3)[1] = NAN;
            bad = UNSET;
            CHECK(wm_frame_check_geodetic(&frames[f], (const wm_geodetic *)in_rows, 40, N, &bad) == WM_ERROR_INVALID_VALUE
                  && bad == N / 3);
            for (k = 0; k < n; k++) {
                size_t start = N * k / n, stop = N * (k + 1) / n, b = UNSET;
                wm_status s = wm_frame_check_geodetic(&frames[f], (const wm_geodetic *)row(40, start), 40, stop - start, &b);
                int has = (start <= N / 3 && N / 3 < stop) || (start <= N - 2 && N - 2 < stop);
                CHECK(s == (has ? WM_ERROR_INVALID_VALUE : WM_OK));
                if (has) CHECK(b == (start <= N / 3 && N / 3 < stop ? N / 3 : N - 2) - start);
                if (has && first == UNSET) first = start + b;
            }
            CHECK(first == bad);
            /* scene: the same */
            fill_scene(&frames[f], 48, N);
            CHECK(wm_frame_check_scene(&frames[f], (const wm_vec3 *)in_rows, 48, N, NULL) == WM_OK);
            CHECK(wm_frame_reverse(&frames[f], (const wm_vec3 *)in_rows, 48, (wm_geodetic *)whole, 24, N, NULL) == WM_OK);
            for (k = 0; k < n; k++) {
                size_t start = N * k / n, stop = N * (k + 1) / n;
                CHECK(wm_frame_reverse(&frames[f], (const wm_vec3 *)row(48, start), 48,
                                       (wm_geodetic *)(chunked + 3 * start), 24, stop - start, NULL) == WM_OK);
            }
            CHECK(memcmp(whole, chunked, sizeof whole) == 0);
        }
}

int main(void) {
    make_points();
    make_frames();
    geodetic_values();
    scene_values();
    shapes();
    corrupted_frames();
    split();
    printf("%d passed, %d failed (%d corrupted frames refused by the geodetic check and the anchors, "
           "converted by forward", passed, failed, axes_only);
    printf(")\n");
    return failed ? 1 : 0;
}
