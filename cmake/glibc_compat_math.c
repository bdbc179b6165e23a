/* Linked into the shared libraries on glibc (x86-64, aarch64) with -Wl,--wrap=exp
 * -Wl,--wrap=log -Wl,--wrap=pow: every call to exp, log and pow in the Swift and C
 * objects goes to __wrap_exp / __wrap_log / __wrap_pow here, which bind glibc's oldest
 * versions of them (GLIBC_2.2.5 on x86-64, GLIBC_2.17 on aarch64) instead of the
 * GLIBC_2.29 ones a new glibc links by default (pow since the report pages' axes,
 * WaymarkReports). Those three were the only symbols above 2.28, so the libraries
 * load on glibc 2.28 (manylinux_2_28: RHEL 8, Debian 10) — the Python wheel's and the
 * Unity plugins' floor. Same numbers: since glibc 2.29 the old entry points call the
 * same implementation and differ only in errno/SVID error handling of overflow. */
#if defined(__GLIBC__) || defined(__linux__)
#if defined(__x86_64__)
#define WM_OLD_GLIBC "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define WM_OLD_GLIBC "GLIBC_2.17"
#endif
#endif
#ifdef WM_OLD_GLIBC
double wm_glibc_exp_compat(double);
double wm_glibc_log_compat(double);
double wm_glibc_pow_compat(double, double);
__asm__(".symver wm_glibc_exp_compat,exp@" WM_OLD_GLIBC);
__asm__(".symver wm_glibc_log_compat,log@" WM_OLD_GLIBC);
__asm__(".symver wm_glibc_pow_compat,pow@" WM_OLD_GLIBC);
double __wrap_exp(double x);
double __wrap_log(double x);
double __wrap_pow(double x, double y);
double __wrap_exp(double x) { return wm_glibc_exp_compat(x); }
double __wrap_log(double x) { return wm_glibc_log_compat(x); }
double __wrap_pow(double x, double y) { return wm_glibc_pow_compat(x, y); }
#endif
