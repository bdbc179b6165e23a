# ctest: fails when a shared library needs a glibc symbol version newer than FLOOR.
# Usage: cmake -DLIBRARY=path -DOBJDUMP=objdump -DFLOOR=2.28 -P CheckGlibcFloor.cmake
# Why: every GLIBC_x.y a library references must exist on the user's system, so the
# newest one decides the oldest distribution it loads on (2.28: RHEL 8, Debian 10, manylinux_2_28; exp and log
# of 2.29 are bound to their old versions by cmake/glibc_compat_math.c; RHEL 9 has
# 2.34; arc4random_buf, 2.36, was once pulled in by Swift's hashing).
execute_process(COMMAND "${OBJDUMP}" -T "${LIBRARY}" OUTPUT_VARIABLE _symbols RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${OBJDUMP} -T ${LIBRARY} failed (${_rc})")
endif()
string(REGEX MATCHALL "GLIBC_[0-9]+\\.[0-9]+(\\.[0-9]+)?[ )][^\n]*" _uses "${_symbols}")
set(_newest "0")
set(_newest_symbol "")
foreach(_use IN LISTS _uses)
    string(REGEX MATCH "GLIBC_([0-9]+\\.[0-9]+(\\.[0-9]+)?)" _ "${_use}")
    set(_version "${CMAKE_MATCH_1}")
    if(_version VERSION_GREATER _newest)
        set(_newest "${_version}")
        string(REGEX REPLACE ".*[ )] *([A-Za-z_0-9]+)$" "\\1" _newest_symbol "${_use}")
    endif()
endforeach()
if(_newest STREQUAL "0")
    message(FATAL_ERROR "no GLIBC symbol versions found in ${LIBRARY}: is it a glibc shared library?")
endif()
message(STATUS "newest glibc symbol version needed: GLIBC_${_newest} (${_newest_symbol}); floor ${FLOOR}")
if(_newest VERSION_GREATER FLOOR)
    message(FATAL_ERROR "${LIBRARY} needs GLIBC_${_newest} (${_newest_symbol}), newer than the floor GLIBC_${FLOOR}")
endif()
