# Sourced by the scripts that compile the library's Swift modules themselves (outside
# SwiftPM and CMake): check-embedded, check-apple, build-wasm, test-wasm, fuzz. The
# module list and their order live here once, so a new module is one edit here and one
# in CMakeLists.txt.

# The PROJ-free modules in dependency order: each is compiled against those before it.
waymark_swift_modules=(WaymarkCore WaymarkNavigation WaymarkIO WaymarkSimulation WaymarkReports)

# Every Swift source of those modules, for up-to-date checks.
waymark_swift_sources() {
    local module
    for module in "${waymark_swift_modules[@]}"; do find "Sources/$module" -name '*.swift'; done | sort
}

# waymark_compile_swift_modules OUT SWIFTC [FLAGS...]: compiles each module into OUT/NAME.o
# and OUT/NAME.swiftmodule. The C modules they import (the maths, strtod, the kernels'
# header) are on the search path; PROJ is not, so a module importing it fails here.
waymark_compile_swift_modules() {
    local out=$1 swiftc=$2 module sources
    shift 2
    for module in "${waymark_swift_modules[@]}"; do
        mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
        "$swiftc" "$@" -module-name "$module" -I "$out" -I Sources/CWaymarkMath -I Sources/CWaymarkText \
            -I Sources/CWaymarkKernels/include -emit-module -emit-module-path "$out/$module.swiftmodule" \
            -c "${sources[@]}" -o "$out/$module.o"
    done
}

# The objects waymark_compile_swift_modules leaves in OUT, in link order.
waymark_swift_objects() {
    local module
    for module in "${waymark_swift_modules[@]}"; do echo "$1/$module.o"; done
}
