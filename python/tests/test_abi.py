"""The generated constants (waymark/_abi.py, written from include/waymark.h by
scripts/generate-bindings-constants): up to date with the header, and every value —
constants, families, WM_AXES_CUSTOM over every valid argument — what this host's C
compiler makes of the header. The generator's struct layout rules are checked here too,
for this 64-bit host (js/test/abi.test.mjs checks the wasm32 offsets the JS package
uses against clang)."""
import ctypes
import importlib.machinery
import importlib.util
import itertools
import os
import shutil
import subprocess
import sys

import pytest

import waymark
from waymark import _abi, navigation

from conftest import REPO

GENERATOR = REPO / "scripts" / "generate-bindings-constants"


def c_compiler():
    for cc in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if cc and shutil.which(cc):
            return cc
    pytest.skip("no C compiler (set CC)")


def compile_asserts(tmp_path, lines):
    """Compiles `lines` of _Static_asserts after the header; fails with the compiler's
    first complaints."""
    source = tmp_path / "abi_check.c"
    source.write_text("\n".join(["#include <stddef.h>", "#define WAYMARK_EXPERIMENTAL", '#include "waymark.h"',
                                 '#define SAME(a, b) _Static_assert((a) == (b), #a " is " #b)', *lines]) + "\n")
    run = subprocess.run([c_compiler(), "-std=gnu11", "-fsyntax-only", "-I", str(REPO / "include"), str(source)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[:4000]


def test_generated_files_are_up_to_date():
    run = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_constants_and_custom_axes_are_the_compilers(tmp_path):
    lines = []
    for name in dir(_abi):
        value = getattr(_abi, name)
        if name.startswith(("WM_", "WAYMARK_")) and isinstance(value, (int, float)) and not isinstance(value, bool):
            lines.append(f"SAME({name}, {value!r});")
    for family, members in _abi.ENUMS.items():
        lines += [f"SAME({family}_{name}, {value});" for name, value in members.items()]
    for args in itertools.product(range(6), range(6), range(6), range(6), range(4)):
        lines.append(f"SAME(WM_AXES_CUSTOM{args}, {_abi.WM_AXES_CUSTOM(*args)});")
    assert len(lines) > 5000
    compile_asserts(tmp_path, lines)


def test_layout_rules_are_the_compilers_on_this_host(tmp_path):
    if ctypes.sizeof(ctypes.c_void_p) != 8 or ctypes.sizeof(ctypes.c_size_t) != 8:
        pytest.skip("not a 64-bit host")
    loader = importlib.machinery.SourceFileLoader("generate_bindings_constants", str(GENERATOR))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    generator = importlib.util.module_from_spec(spec)
    loader.exec_module(generator)
    _, _, structs, int_types, _ = generator.read_header((REPO / "include" / "waymark.h").read_text())
    lines = []
    for struct, (size, _, paths) in generator.layouts(structs, int_types, 8).items():
        lines.append(f"SAME(sizeof({struct}), {size});")
        lines += [f"SAME(offsetof({struct}, {path}), {offset});" for path, offset in paths]
    # wm_region holds a pointer and a size_t, wm_gps_series four pointers: the
    # width-dependent cases are among them.
    assert any(line.startswith("SAME(offsetof(wm_region, polygon_count)") for line in lines)
    compile_asserts(tmp_path, lines)


def test_the_packages_names_are_the_headers_values():
    assert waymark.AXES["unreal"] == _abi.WM_AXES_UNREAL
    assert waymark.AXES["arcore-unity"] == _abi.WM_AXES_ARCORE_UNITY
    assert waymark.custom_axes("east", "south", "up", "+x", "centimetre") == _abi.WM_AXES_UNREAL
    assert waymark.custom_axes("north", "east", "down", "-z", "millimetre") == _abi.WM_AXES_CUSTOM(
        _abi.WM_DIR_NORTH, _abi.WM_DIR_EAST, _abi.WM_DIR_DOWN, _abi.WM_FORWARD_NEG_Z, _abi.WM_UNIT_MILLIMETRE)
    assert navigation.CORRECTION_STATES[_abi.WM_CORRECTION_APPLIED] == "applied"
    assert navigation.CORRECTION_SOURCES[_abi.WM_SOURCE_TRACK] == "track"
    assert navigation.ROUTE_EVIDENCE[_abi.WM_ROUTE_EVIDENCE_OFF] == "off"
    assert navigation.TRACKING["reset"] == _abi.WM_TRACKING_RESET
    assert navigation.ALIGNMENTS["gravity-and-heading"] == _abi.WM_ALIGNMENT_GRAVITY_AND_HEADING
