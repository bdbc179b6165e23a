/* The floor Waymark's speed is measured against: geodetic -> local ENU by the closed
 * form (geodetic -> ECEF, subtract the origin, rotate), written plainly in C, scalar
 * with libm and 4-wide (8-wide for AVX-512) with compiler vector extensions and a
 * polynomial sincos.
 * Used only by `waymark bench` and Benchmarks/; not part of the library. */
#ifndef WAYMARK_REFERENCE_KERNELS_H
#define WAYMARK_REFERENCE_KERNELS_H

#include <stddef.h>

typedef struct wmref_frame {
    double a, e2, e2m;              /* equatorial radius, e^2, (1 - f)^2 */
    double x0, y0, z0;              /* origin, ECEF metres */
    double slat0, clat0, slon0, clon0;
} wmref_frame;

/* Origin in degrees and metres on an ellipsoid (a, f). */
void wmref_frame_init(wmref_frame *frame, double lat0, double lon0, double h0, double a, double f);

/* count points of 3 doubles (lat, lon, h) -> 3 doubles (e, n, u), packed (stride 24). */
void wmref_forward_scalar(const wmref_frame *frame, const double *in, double *out, size_t count);
void wmref_forward_vector(const wmref_frame *frame, const double *in, double *out, size_t count);
/* The same vector source compiled for AVX2 + FMA (x86-64 only: call it only when the
 * CPU has both, e.g. when CPUPath.supported is .avx2FMA; elsewhere it is the vector form). */
void wmref_forward_vector_avx2(const wmref_frame *frame, const double *in, double *out, size_t count);
/* The same vector source eight lanes wide for AVX-512 F/DQ/BW/VL + FMA (x86-64 only:
 * call it only when CPUPath.supported is .avx512; elsewhere it is the vector form). */
void wmref_forward_vector_avx512(const wmref_frame *frame, const double *in, double *out, size_t count);

#endif
