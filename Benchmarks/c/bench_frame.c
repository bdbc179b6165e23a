/* The C ABI's frame calls timed from C against the installed library (what C and C++
 * engines link), with the line names of `waymark bench`: the N-point batches
 * (geo_to_scene, scene_to_geo) and the same points 1 or 16 per call
 * (geo_to_scene_1_point, geo_to_scene_16_point and scene_to_geo_'s twins). Median ns per
 * point over interleaved repetitions; vs_batch = this / the N-point batch's time,
 * scene_to_geo's vs_geo_to_scene = its time / geo_to_scene's. Ratios carry over between
 * machines, absolute times do not. Build and run: Benchmarks/c/run. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <waymark.h>

enum { MAX_LINES = 6 };

static wm_frame frame;
static wm_geodetic *geodetic, *back;
static wm_vec3 *scene;
static size_t n;

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* All n points, `per` per call (0: one call for the whole batch). */
static void run(size_t per, int reverse) {
    size_t i = 0, k;
    if (per == 0) per = n;
    while (i < n) {
        k = n - i < per ? n - i : per;
        if (reverse) (void)wm_frame_reverse(&frame, scene + i, 24, back + i, 24, k, NULL);
        else (void)wm_frame_forward(&frame, geodetic + i, 24, scene + i, 24, k, NULL);
        i += k;
    }
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    static const struct { const char *name; size_t per; int reverse; } lines[MAX_LINES] = {
        {"geo_to_scene", 0, 0}, {"scene_to_geo", 0, 1},
        {"geo_to_scene_1_point", 1, 0}, {"geo_to_scene_16_point", 16, 0},
        {"scene_to_geo_1_point", 1, 1}, {"scene_to_geo_16_point", 16, 1},
    };
    const wm_geodetic origin = {55.7300, 37.6010, 150};
    size_t repeats = 15, i, r, l;
    double *samples, median[MAX_LINES];
    int32_t path;
    n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 10000;
    if (argc > 2) repeats = (size_t)strtoul(argv[2], NULL, 10);
    if (n == 0 || repeats == 0) { fprintf(stderr, "usage: bench_frame [POINTS] [REPEATS]\n"); return 64; }
    geodetic = malloc(n * sizeof *geodetic);
    back = malloc(n * sizeof *back);
    scene = malloc(n * sizeof *scene);
    samples = malloc(MAX_LINES * repeats * sizeof *samples);
    if (!geodetic || !back || !scene || !samples) return 71;
    /* waymark bench's route: a winding 2 km walk near Moscow's Gorky Park. */
    for (i = 0; i < n; i++) {
        double t = (double)i / (double)(n > 1 ? n - 1 : 1);
        geodetic[i].lat_deg = 55.7300 + 0.012 * t + 0.0015 * sin(t * 25);
        geodetic[i].lon_deg = 37.6010 + 0.018 * t + 0.0010 * cos(t * 17);
        geodetic[i].height_m = 150 + 10 * sin(t * 9);
    }
    if (wm_frame_init(&frame, origin, WM_AXES_EUS) != WM_OK) return 70;
    run(0, 0);
    for (r = 0; r < repeats; r++)
        for (l = 0; l < MAX_LINES; l++) {
            double start = now_ns();
            run(lines[l].per, lines[l].reverse);
            samples[l * repeats + r] = (now_ns() - start) / (double)n;
        }
    for (l = 0; l < MAX_LINES; l++) {
        qsort(samples + l * repeats, repeats, sizeof *samples, compare);
        median[l] = repeats % 2 ? samples[l * repeats + repeats / 2]
                                : (samples[l * repeats + repeats / 2 - 1] + samples[l * repeats + repeats / 2]) / 2;
    }
    path = wm_cpu_path();
    printf("# bench_frame (C, installed library): points=%zu repeat=%zu, median ns per point\n", n, repeats);
    printf("# path: %s\n", path == WM_CPU_PATH_AVX512 ? "avx512" : path == WM_CPU_PATH_AVX2_FMA ? "avx2_fma" : "baseline");
    for (l = 0; l < MAX_LINES; l++) {
        printf("%s ns_per_point=%.3g", lines[l].name, median[l]);
        if (lines[l].per != 0) printf(" vs_batch=%.3g", median[l] / median[lines[l].reverse]);
        if (l == 1) printf(" vs_geo_to_scene=%.3g", median[1] / median[0]);
        printf("\n");
    }
    free(geodetic); free(back); free(scene); free(samples);
    return 0;
}
