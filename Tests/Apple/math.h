/* Stand-in for Apple's <math.h> in scripts/check-apple, which has no Apple SDK: the
 * C standard's prototypes of the double functions (C11 7.12), which Apple's libm
 * (libSystem) provides with these same signatures. The check proves the Swift code
 * type-checks and compiles for arm64 iOS against them; it does not test Apple's
 * header itself (its macros, inline functions, availability annotations). */
#ifndef WAYMARK_APPLE_CHECK_MATH_H
#define WAYMARK_APPLE_CHECK_MATH_H
double acos(double);
double asin(double);
double atan(double);
double atan2(double, double);
double cos(double);
double sin(double);
double tan(double);
double cosh(double);
double sinh(double);
double tanh(double);
double exp(double);
double exp2(double);
double expm1(double);
double log(double);
double log10(double);
double log1p(double);
double log2(double);
double cbrt(double);
double fabs(double);
double hypot(double, double);
double pow(double, double);
double sqrt(double);
double ceil(double);
double floor(double);
double round(double);
double trunc(double);
double fmod(double, double);
double remainder(double, double);
double copysign(double, double);
double nextafter(double, double);
double fmax(double, double);
double fmin(double, double);
double fma(double, double, double);
#endif
