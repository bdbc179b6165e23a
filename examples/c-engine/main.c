/* What an engine needs from Waymark, in one page: read an origin and a route, get one
 * ARKit anchor transform per route point (x east, y up, z south; -Z faces the next point).
 *
 *   cc -std=c99 main.c $(pkg-config --cflags --libs waymark) -o c-engine
 *   ./c-engine 55.73397,37.58864,158 route.csv
 *
 * For Waymark in another prefix (an unpacked release archive), point pkg-config there:
 * PKG_CONFIG_PATH=PREFIX/lib/pkgconfig; waymark.pc's -Wl,-rpath lets the program find
 * the library when it runs. With CMake: CMakeLists.txt beside this file.
 */
#include <waymark.h>

#include <stdio.h>
#include <stdlib.h>

#define MAX_POINTS 4096

int main(int argc, char **argv) {
    static wm_geodetic route[MAX_POINTS];
    static wm_mat4f anchors[MAX_POINTS];
    wm_geodetic origin = {0, 0, 0};
    wm_frame frame;
    wm_status status;
    size_t count = 0, bad = 0, i;
    char line[256];
    FILE *file;

    if (argc != 3 || sscanf(argv[1], "%lf,%lf,%lf", &origin.lat_deg, &origin.lon_deg, &origin.height_m) < 2) {
        fprintf(stderr, "usage: %s LAT,LON[,H] ROUTE.csv   (rows: lat,lon[,h])\n", argv[0]);
        return 64;
    }
    if (!(file = fopen(argv[2], "r"))) {
        perror(argv[2]);
        return 66;
    }
    while (count < MAX_POINTS && fgets(line, sizeof line, file)) {
        wm_geodetic *p = &route[count];
        p->height_m = 0;
        if (sscanf(line, "%lf,%lf,%lf", &p->lat_deg, &p->lon_deg, &p->height_m) >= 2) count++;
    }
    fclose(file);

    /* The ten lines to copy: one frame per origin, one call per route. */
    status = wm_frame_init(&frame, origin, WM_AXES_EUS);
    if (status == WM_OK) status = wm_frame_anchor_transforms(&frame, route, sizeof route[0], anchors, count, &bad);
    if (status != WM_OK) {
        fprintf(stderr, "waymark: %s (point %lu)\n", wm_status_string(status), (unsigned long)bad);
        return 65;
    }
    for (i = 0; i < count; i++) {
        const float *m = anchors[i].m;   /* column-major, like simd_float4x4 */
        printf("anchor %lu position %.3f %.3f %.3f forward %.4f %.4f %.4f\n", (unsigned long)i,
               m[12], m[13], m[14], -m[8], -m[9], -m[10]);
    }
    return 0;
}
