#include "reference_kernels.h"

#include <math.h>
#include <string.h>

static const double deg = 3.14159265358979323846 / 180.0;

void wmref_frame_init(wmref_frame *fr, double lat0, double lon0, double h0, double a, double f) {
    double sphi = sin(lat0 * deg), cphi = cos(lat0 * deg), slam = sin(lon0 * deg), clam = cos(lon0 * deg), n;
    fr->a = a;
    fr->e2 = f * (2 - f);
    fr->e2m = (1 - f) * (1 - f);
    n = a / sqrt(1 - fr->e2 * sphi * sphi);
    fr->x0 = (n + h0) * cphi * clam;
    fr->y0 = (n + h0) * cphi * slam;
    fr->z0 = (fr->e2m * n + h0) * sphi;
    fr->slat0 = sphi; fr->clat0 = cphi; fr->slon0 = slam; fr->clon0 = clam;
}

void wmref_forward_scalar(const wmref_frame *fr, const double *in, double *out, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        double lat = in[3 * i] * deg, lon = in[3 * i + 1] * deg, h = in[3 * i + 2];
        double sphi = sin(lat), cphi = cos(lat), slam = sin(lon), clam = cos(lon);
        double n = fr->a / sqrt(1 - fr->e2 * sphi * sphi);
        double r = (n + h) * cphi;
        double dx = r * clam - fr->x0, dy = r * slam - fr->y0, dz = (fr->e2m * n + h) * sphi - fr->z0;
        double t = fr->clon0 * dx + fr->slon0 * dy;
        out[3 * i] = -fr->slon0 * dx + fr->clon0 * dy;
        out[3 * i + 1] = -fr->slat0 * t + fr->clat0 * dz;
        out[3 * i + 2] = fr->clat0 * t + fr->slat0 * dz;
    }
}

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));

/* sin and cos of degrees, 4 lanes: exact reduction to [-45, 45] degrees, then the
 * fdlibm kernel polynomials (|error| < 2 ulp). */
static inline void sincosd4(v4d x, v4d *s, v4d *c) {
    const v4d magic = {0x1.8p52, 0x1.8p52, 0x1.8p52, 0x1.8p52};
    v4d q = (x * (1.0 / 90.0) + magic) - magic;
    v4d r = (x - q * 90.0) * deg;
    v4d z = r * r;
    v4d sp = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04
             + z * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))));
    v4d cp = 1.0 - 0.5 * z + z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05
             + z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))));
    v4l k = __builtin_convertvector(q, v4l) & 3;
    v4l swap = (k & 1) != 0;               /* quadrants 1, 3: sin <- cos, cos <- sin */
    v4l sneg = (k & 2) != 0;               /* quadrants 2, 3: sin negated */
    v4l cneg = ((k + 1) & 2) != 0;         /* quadrants 1, 2: cos negated */
    v4l spb, cpb, sv, cv;
    const v4l sign = {(long long)0x8000000000000000ULL, (long long)0x8000000000000000ULL,
                      (long long)0x8000000000000000ULL, (long long)0x8000000000000000ULL};
    memcpy(&spb, &sp, sizeof sp);
    memcpy(&cpb, &cp, sizeof cp);
    sv = (spb & ~swap) | (cpb & swap);
    cv = (cpb & ~swap) | (spb & swap);
    sv ^= sneg & sign;
    cv ^= cneg & sign;
    memcpy(s, &sv, sizeof sv);
    memcpy(c, &cv, sizeof cv);
}

void wmref_forward_vector(const wmref_frame *fr, const double *in, double *out, size_t count) {
    size_t i, k;
    for (i = 0; i < count; i += 4) {
        v4d lat, lon, h, sphi, cphi, slam, clam, n, r, dx, dy, dz, t, e, no, u;
        size_t lanes = count - i < 4 ? count - i : 4;
        for (k = 0; k < 4; k++) {
            size_t j = i + (k < lanes ? k : 0);
            lat[k] = in[3 * j]; lon[k] = in[3 * j + 1]; h[k] = in[3 * j + 2];
        }
        sincosd4(lat, &sphi, &cphi);
        sincosd4(lon, &slam, &clam);
        n = 1 - fr->e2 * sphi * sphi;
        for (k = 0; k < 4; k++) n[k] = __builtin_sqrt(n[k]);   /* compiles to sqrtpd */
        n = fr->a / n;
        r = (n + h) * cphi;
        dx = r * clam - fr->x0;
        dy = r * slam - fr->y0;
        dz = (fr->e2m * n + h) * sphi - fr->z0;
        t = fr->clon0 * dx + fr->slon0 * dy;
        e = -fr->slon0 * dx + fr->clon0 * dy;
        no = -fr->slat0 * t + fr->clat0 * dz;
        u = fr->clat0 * t + fr->slat0 * dz;
        for (k = 0; k < lanes; k++) {
            out[3 * (i + k)] = e[k];
            out[3 * (i + k) + 1] = no[k];
            out[3 * (i + k) + 2] = u[k];
        }
    }
}
