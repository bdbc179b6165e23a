# Cross-compiles Waymark's C library for 64-bit Arm Linux (phones' Linux, headsets,
# Raspberry Pi, Graviton) on an x86-64 Debian or Ubuntu machine:
#
#   cmake -S . -B build-aarch64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake
#
# Needs gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu, libproj-dev:arm64 (Debian
# multiarch) and, to run the tests, qemu-user; scripts/test-aarch64 installs them.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Swift has no Embedded standard library for aarch64-unknown-linux-gnu; the bare-metal
# one is the same code, and the clang target makes the importer read Linux's arm64
# headers (glibc, PROJ) from Debian's multiarch directories.
set(WAYMARK_SWIFT_TARGET aarch64-none-none-elf CACHE STRING "swiftc -target for the Embedded build")
set(WAYMARK_CLANG_TARGET aarch64-unknown-linux-gnu CACHE STRING "clang --target for Swift's C importer")

# Tests run the arm64 programs under user-mode QEMU, which finds the multiarch loader
# (/lib/ld-linux-aarch64.so.1) and libraries by itself. (Do not add
# -L /usr/aarch64-linux-gnu: that mixes two glibc builds and hangs threaded programs.)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)

# PROJ for arm64 from multiarch: pkg-config searches the arm64 .pc files instead of the
# host's (PKG_CONFIG_PATH still adds a staged Waymark for the consumer tests).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
