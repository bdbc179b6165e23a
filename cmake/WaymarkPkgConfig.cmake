# waymark_write_pkgconfig(OUTPUT LIBDIR INCLUDEDIR PREFIX VERSION [CORE] [RPATH])
#
# Writes waymark.pc (or, with CORE, waymark-core.pc: no PROJ, -DWAYMARK_CORE) for an install with the given GNUInstallDirs values. With relative
# LIBDIR and INCLUDEDIR (the usual case) the file is relocatable: `prefix` is found from
# the .pc file's own directory by walking up as many levels as LIBDIR/pkgconfig has
# (two for lib, three for lib/x86_64-linux-gnu), so a staged or moved install still
# works. Absolute LIBDIR or INCLUDEDIR values are written as given. With RPATH, Libs
# also carries -Wl,-rpath,${libdir}: a program linked through pkg-config then runs
# against an install in any prefix without LD_LIBRARY_PATH.
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
    # list(FIND), not IN_LIST: this file also runs in script mode (-P), without policies.
    set(_rpath "")
    list(FIND ARGN RPATH _has_rpath)
    if(_has_rpath GREATER -1)
        set(_rpath " -Wl,-rpath,\${libdir}")
    endif()
    list(FIND ARGN CORE _is_core)
    if(_is_core GREATER -1)
        set(_name waymark-core)
        set(_description "Geodesy kernel for AR navigation, core flavour without PROJ (C ABI, no Swift runtime)")
        set(_requires "")
        set(_cflags " -DWAYMARK_CORE")
    else()
        set(_name waymark)
        set(_description "Geodesy kernel for AR navigation (C ABI, no Swift runtime)")
        set(_requires "Requires.private: proj\n")
        set(_cflags "")
    endif()
    file(WRITE "${output}" "# Written by CMake (cmake/WaymarkPkgConfig.cmake).\n"
        "prefix=${_prefix}\nlibdir=${_libdir}\nincludedir=${_includedir}\n\n"
        "Name: ${_name}\n"
        "Description: ${_description}\n"
        "Version: ${version}\n"
        "${_requires}"
        "Libs: -L\${libdir}${_rpath} -l${_name}\n"
        "Libs.private: -lm\n"
        "Cflags: -I\${includedir}${_cflags}\n")
endfunction()
