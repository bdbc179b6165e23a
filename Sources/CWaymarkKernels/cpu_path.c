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

/* The best of the x86 paths the CPU and the OS both support. A CPU feature is usable
 * only when the OS also saves its registers on context switches (XCR0, read by XGETBV
 * once OSXSAVE says the instruction exists); otherwise a thread would lose the upper
 * halves, or the opmask and upper sixteen registers, at any interrupt. */
static int wmk_x86_supported_path(void) {
    unsigned a, b, c, d;
    unsigned xcr0, hi;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return WMK_PATH_BASELINE;
    /* FMA (ecx 12), OSXSAVE (ecx 27: XGETBV usable), AVX (ecx 28). */
    if ((c & (1u << 12)) == 0 || (c & (1u << 27)) == 0 || (c & (1u << 28)) == 0) return WMK_PATH_BASELINE;
    /* The OS saves XMM and YMM state (XCR0 bits 1 and 2). */
    __asm__ volatile("xgetbv" : "=a"(xcr0), "=d"(hi) : "c"(0));
    (void)hi;
    if ((xcr0 & 6u) != 6u) return WMK_PATH_BASELINE;
    if (__get_cpuid_max(0, NULL) < 7) return WMK_PATH_BASELINE;
    __cpuid_count(7, 0, a, b, c, d);
    if ((b & (1u << 5)) == 0) return WMK_PATH_BASELINE;   /* AVX2 (ebx 5) */
    /* AVX512F (ebx 16), AVX512DQ (ebx 17), AVX512BW (ebx 30), AVX512VL (ebx 31), and the
     * OS saving the opmask registers, the upper halves of ZMM0-15 and ZMM16-31 (XCR0
     * bits 5, 6 and 7). */
    if ((b & 0xC0030000u) == 0xC0030000u && (xcr0 & 0xE0u) == 0xE0u) return WMK_PATH_AVX512;
    return WMK_PATH_AVX2_FMA;
}
#endif

static int wmk_cached_supported = -1;

/* Cached as the chosen path is: cpuid traps to the hypervisor in a virtual machine
 * (about 14 us a call measured on this project's machines), too slow for a per-call check. */
int wmk_cpu_supported_path(void) {
    int path = __atomic_load_n(&wmk_cached_supported, __ATOMIC_RELAXED);
    if (path >= 0) return path;
#if defined(__x86_64__)
    path = wmk_x86_supported_path();
#else
    path = WMK_PATH_BASELINE;
#endif
    __atomic_store_n(&wmk_cached_supported, path, __ATOMIC_RELAXED);
    return path;
}

int wmk_cpu_path_cache = -1;

/* The first call's work, out of line: the cached read below is then a few
 * instructions with no register saved (the C ABI's frame calls check a frame's path
 * against it on every call). */
__attribute__((noinline)) static int wmk_choose_path(void) {
    int path = wmk_cpu_supported_path();
#if defined(__x86_64__)
    /* Only where there is a choice: elsewhere the baseline is the only path, and a
     * wasm32 module must not import WASI's environment for nothing. A forced path the
     * machine lacks falls back to the best it has (the paths are ordered, each CPU
     * feature set containing the one before). Other values are ignored. */
    if (path != WMK_PATH_BASELINE) {
        const char *forced = getenv("WAYMARK_CPU");
        if (forced != NULL) {
            int wanted = strcmp(forced, "baseline") == 0 ? WMK_PATH_BASELINE
                       : strcmp(forced, "avx2") == 0 ? WMK_PATH_AVX2_FMA
                       : strcmp(forced, "avx512") == 0 ? WMK_PATH_AVX512 : path;
            if (wanted < path) path = wanted;
        }
    }
#endif
    __atomic_store_n(&wmk_cpu_path_cache, path, __ATOMIC_RELAXED);
    return path;
}

int wmk_cpu_path(void) {
    int path = __atomic_load_n(&wmk_cpu_path_cache, __ATOMIC_RELAXED);
    return path >= 0 ? path : wmk_choose_path();
}
