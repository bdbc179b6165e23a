/* The stack protector's two symbols for the WebAssembly build. Swift compiles the
 * functions that keep arrays on the stack with canaries (as on Linux, where glibc
 * provides these); Debian's wasi-libc does not, so the module brings its own. The
 * canary is a constant: a WebAssembly module has no entropy before its host gives it
 * some, and asking for it would add a WASI import every page must provide. A smashed
 * canary traps (unreachable), which the host sees as a RuntimeError. */
#include <stdint.h>

uintptr_t __stack_chk_guard = (uintptr_t)0x5761796dU; /* "Waym" */

__attribute__((noreturn)) void __stack_chk_fail(void) { __builtin_trap(); }
