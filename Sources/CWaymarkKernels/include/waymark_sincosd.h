/* Sine and cosine of angles in degrees: the one home of the polynomials every hot path
 * uses (the four-lane kernel bodies through WMK_SINCOS_POLYNOMIALS, Swift's scalar
 * callers through wmk_sincosd, the benchmark floor in CReferenceKernels).
 *
 * Reduction in degrees: q = the nearest integer to x/90 (the 1.5 * 2^52 rounding trick,
 * exact for |x| < 2^51 * 90) and r = x - 90q, exact for |x| < 2^53 because both terms
 * are multiples of ulp(x); so multiples of 90 degrees give exactly 0 and +-1 (as
 * GeographicLib's Math::sincosd). Angles of 2^48 degrees and more are first folded by
 * remainder(x, 360). The residual (|r| <= pi/4 radians) goes through fdlibm's
 * __kernel_sin and __kernel_cos polynomials (truncation below 2^-58).
 *
 * Error: against an 80-bit reference over 2 * 10^6 random angles (a test keeps it), at
 * most 2.2e-16 absolute and 3.2e-16 relative: 1.4e-9 m at the Earth's radius. */
#ifndef WAYMARK_SINCOSD_H
#define WAYMARK_SINCOSD_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* fdlibm's polynomials on r (radians, |r| <= pi/4) into sp and cp, for T double or a
 * vector of doubles (the same operations in the same order, so every form has the
 * same bits lane by lane when nothing fuses multiply-adds). */
#define WMK_SINCOS_POLYNOMIALS(T, r, sp, cp) do {                                     \
        T wmk_r_ = (r), wmk_z_ = wmk_r_ * wmk_r_, wmk_s_, wmk_c_;                     \
        wmk_s_ = wmk_z_ * 1.58969099521155010221e-10 + -2.50507602534068634195e-08;   \
        wmk_s_ = wmk_z_ * wmk_s_ + 2.75573137070700676789e-06;                        \
        wmk_s_ = wmk_z_ * wmk_s_ + -1.98412698298579493134e-04;                       \
        wmk_s_ = wmk_z_ * wmk_s_ + 8.33333333332248946124e-03;                        \
        wmk_s_ = wmk_z_ * wmk_s_ + -1.66666666666666324348e-01;                       \
        (sp) = wmk_r_ + wmk_r_ * wmk_z_ * wmk_s_;                                     \
        wmk_c_ = wmk_z_ * -1.13596475577881948265e-11 + 2.08757232129817482790e-09;   \
        wmk_c_ = wmk_z_ * wmk_c_ + -2.75573143513906633035e-07;                       \
        wmk_c_ = wmk_z_ * wmk_c_ + 2.48015872894767294178e-05;                        \
        wmk_c_ = wmk_z_ * wmk_c_ + -1.38888888888741095749e-03;                       \
        wmk_c_ = wmk_z_ * wmk_c_ + 4.16666666666666019037e-02;                        \
        (cp) = (1.0 - 0.5 * wmk_z_) + wmk_z_ * wmk_z_ * wmk_c_;                       \
    } while (0)

/* The reduction's constants: 1.5 * 2^52 (rounds x/90 to an integer in the low bits of
 * the significand) and the folding threshold. */
#define WMK_SINCOSD_MAGIC 0x1.8p52
#define WMK_SINCOSD_FOLD 0x1p48

#if defined(__GNUC__) && !defined(__clang__)
#define WMK_SINCOSD_NO_CONTRACT __attribute__((optimize("fp-contract=off")))
#else
#define WMK_SINCOSD_NO_CONTRACT
#endif

/* sin and cos of x degrees; exact at multiples of 90 degrees, +0 rather than -0; NaN for
 * NaN and +-infinity. Portable arithmetic (no fused multiply-adds), so the same bits on
 * every architecture and as each lane of the four-lane kernels' portable body. */
static inline WMK_SINCOSD_NO_CONTRACT void wmk_sincosd(double x, double *s, double *c) {
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
    double shifted, q, sp, cp;
    uint64_t bits;
    if (!(fabs(x) < WMK_SINCOSD_FOLD)) x = remainder(x, 360.0);
    shifted = x * (1.0 / 90.0) + WMK_SINCOSD_MAGIC;
    q = shifted - WMK_SINCOSD_MAGIC;
    WMK_SINCOS_POLYNOMIALS(double, (x - q * 90) * (3.14159265358979323846 / 180), sp, cp);
    /* The quadrant from the significand's low bits: no integer conversion of a NaN. */
    memcpy(&bits, &shifted, sizeof bits);
    switch (bits & 3) {
    case 0: *s = sp + 0; *c = cp + 0; break;
    case 1: *s = cp + 0; *c = -sp + 0; break;
    case 2: *s = -sp + 0; *c = -cp + 0; break;
    default: *s = -cp + 0; *c = sp + 0; break;
    }
}

#endif
