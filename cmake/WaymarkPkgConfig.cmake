# waymark_write_pkgconfig(OUTPUT LIBDIR INCLUDEDIR PREFIX VERSION)
#
# Writes waymark.pc for an install with the given GNUInstallDirs values. With relative
# LIBDIR and INCLUDEDIR (the usual case) the file is relocatable: `prefix` is found from
# the .pc file's own directory by walking up as many levels as LIBDIR/pkgconfig has
# (two for lib, three for lib/x86_64-linux-gnu), so a staged or moved install still
# works. Absolute LIBDIR or INCLUDEDIR values are written as given.
function(waymark_write_pkgconfig output libdir includedir prefix version)
    if(IS_ABSOLUTE "${libdir}")
        set(_prefix "${prefix}")
        set(_libdir "${libdir}")
    else()
        file(RELATIVE_PATH _up "/_prefix_/${libdir}/pkgconfig" "/_prefix_")
        string(REGEX REPLACE "/$" "" _up "${_up}")
        set(_prefix "\${pcfiledir}/${_up}")
        set(_libdir "\${prefix}/${libdir}")
    endif()
    if(IS_ABSOLUTE "${includedir}")
        set(_includedir "${includedir}")
    else()
        set(_includedir "\${prefix}/${includedir}")
    endif()
    file(WRITE "${output}" "# Written by CMake (cmake/WaymarkPkgConfig.cmake).\n"
        "prefix=${_prefix}\nlibdir=${_libdir}\nincludedir=${_includedir}\n\n"
        "Name: waymark\n"
        "Description: Geodesy kernel for AR navigation (C ABI, no Swift runtime)\n"
        "Version: ${version}\n"
        "Requires.private: proj\n"
        "Libs: -L\${libdir} -lwaymark\n"
        "Libs.private: -lm\n"
        "Cflags: -I\${includedir}\n")
endfunction()
