/* The run-time choice of code path, made once per process.
 *
 * No lock and no pthread_once: the choice is a pure function of the CPU and the
 * environment, so racing first callers compute the same value and store the same
 * int. The cache is read and written with relaxed atomics, so the race is benign by
 * construction and ThreadSanitizer-clean. */
#include "waymark_kernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <stdlib.h>
#include <string.h>

static int wmk_x86_has_avx2_fma(void) {
    unsigned a, b, c, d;
    unsigned lo, hi;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    /* FMA (ecx 12), OSXSAVE (ecx 27: XGETBV usable), AVX (ecx 28). */
    if ((c & (1u << 12)) == 0 || (c & (1u << 27)) == 0 || (c & (1u << 28)) == 0) return 0;
    /* The OS saves XMM and YMM state on context switches (XCR0 bits 1 and 2). */
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 6u) != 6u) return 0;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) != 0;   /* AVX2 (ebx 5) */
}
#endif

int wmk_cpu_supported_path(void) {
#if defined(__x86_64__)
    return wmk_x86_has_avx2_fma() ? WMK_PATH_AVX2_FMA : WMK_PATH_BASELINE;
#else
    return WMK_PATH_BASELINE;
#endif
}

static int wmk_cached_path = -1;

int wmk_cpu_path(void) {
    int path = __atomic_load_n(&wmk_cached_path, __ATOMIC_RELAXED);
    if (path >= 0) return path;
    path = wmk_cpu_supported_path();
#if defined(__x86_64__)
    /* Only where there is a choice: elsewhere the baseline is the only path, and a
     * wasm32 module must not import WASI's environment for nothing. */
    if (path != WMK_PATH_BASELINE) {
        const char *forced = getenv("WAYMARK_CPU");
        if (forced != NULL && strcmp(forced, "baseline") == 0) path = WMK_PATH_BASELINE;
    }
#endif
    __atomic_store_n(&wmk_cached_path, path, __ATOMIC_RELAXED);
    return path;
}
