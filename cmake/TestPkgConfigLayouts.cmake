# ctest: waymark.pc resolves to the right directories for every usual install layout.
# Usage: cmake -DWORK=dir -DPKG_CONFIG=pkg-config -P TestPkgConfigLayouts.cmake
# Each layout is "prefix|libdir|includedir"; the .pc is written where that install
# would put it (under WORK as a staging root) and pkg-config must name the staged dirs.
include("${CMAKE_CURRENT_LIST_DIR}/WaymarkPkgConfig.cmake")
set(_layouts "/usr|lib/x86_64-linux-gnu|include" "/usr|lib64|include" "/usr/local|lib|include"
             "/opt/waymark|lib|include/waymark" "/usr|/usr/lib/aarch64-linux-gnu|/usr/include")
file(REMOVE_RECURSE "${WORK}")
set(_failed 0)
foreach(_layout IN LISTS _layouts)
    string(REPLACE "|" ";" _parts "${_layout}")
    list(GET _parts 0 _prefix)
    list(GET _parts 1 _libdir)
    list(GET _parts 2 _includedir)
    if(IS_ABSOLUTE "${_libdir}")
        set(_full_libdir "${_libdir}")
        set(_stage "")                 # absolute paths are not relocatable: no staging
    else()
        set(_full_libdir "${_prefix}/${_libdir}")
        set(_stage "${WORK}")
    endif()
    if(IS_ABSOLUTE "${_includedir}")
        set(_full_includedir "${_includedir}")
    else()
        set(_full_includedir "${_prefix}/${_includedir}")
    endif()
    set(_pcdir "${WORK}${_full_libdir}/pkgconfig")
    waymark_write_pkgconfig("${_pcdir}/waymark.pc" "${_libdir}" "${_includedir}" "${_prefix}" "0.0.0")
    set(ENV{PKG_CONFIG_PATH} "${_pcdir}")
    # The variables -I and -L are made of (pkg-config drops -I/usr/include from --cflags).
    execute_process(COMMAND "${PKG_CONFIG}" --dont-define-prefix --variable=includedir waymark
                    OUTPUT_VARIABLE _cflags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc1)
    execute_process(COMMAND "${PKG_CONFIG}" --dont-define-prefix --variable=libdir waymark
                    OUTPUT_VARIABLE _libs OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc2)
    # Collapse the relocatable "pkgconfig/../../.." forms.
    get_filename_component(_inc_real "${_cflags}" ABSOLUTE)
    get_filename_component(_lib_real "${_libs}" ABSOLUTE)
    set(_want_inc "${_stage}${_full_includedir}")
    set(_want_lib "${_stage}${_full_libdir}")
    if(NOT _rc1 EQUAL 0 OR NOT _rc2 EQUAL 0 OR NOT _inc_real STREQUAL _want_inc OR NOT _lib_real STREQUAL _want_lib)
        message(SEND_ERROR "layout ${_layout}: pkg-config gave '${_cflags}' '${_libs}' -> ${_inc_real} ${_lib_real}; want ${_want_inc} ${_want_lib}")
        set(_failed 1)
    else()
        message(STATUS "layout ${_layout}: -I${_inc_real} -L${_lib_real}")
    endif()
endforeach()
# RPATH: Libs carries -Wl,-rpath to the directory the library is in, wherever the .pc
# file was moved (the relocatable form), so pkg-config-linked programs run from any prefix.
set(_pcdir "${WORK}/moved/opt/waymark/lib/pkgconfig")
waymark_write_pkgconfig("${_pcdir}/waymark.pc" "lib" "include" "/usr/local" "0.0.0" RPATH)
set(ENV{PKG_CONFIG_PATH} "${_pcdir}")
execute_process(COMMAND "${PKG_CONFIG}" --dont-define-prefix --libs waymark
                OUTPUT_VARIABLE _libs OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
string(REGEX MATCH "-Wl,-rpath,([^ ]+)" _ "${_libs}")
get_filename_component(_rpath_real "${CMAKE_MATCH_1}" ABSOLUTE)
if(NOT _rc EQUAL 0 OR NOT _rpath_real STREQUAL "${WORK}/moved/opt/waymark/lib")
    message(SEND_ERROR "RPATH: pkg-config --libs gave '${_libs}'; want -Wl,-rpath,${WORK}/moved/opt/waymark/lib")
    set(_failed 1)
else()
    message(STATUS "RPATH: ${_libs}")
endif()
if(_failed)
    message(FATAL_ERROR "waymark.pc is wrong for some layouts")
endif()
