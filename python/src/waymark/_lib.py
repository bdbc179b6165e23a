"""The C library: cffi declarations read from the bundled ``waymark.h``, the loaded
``libwaymark.so``, errors and the numpy <-> C buffer helpers shared by every module.

ABI mode (``ffi.dlopen``): no compiler is needed at install or import time, and cffi
releases the GIL around every foreign call, so batch calls run in parallel from
threads.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Optional, Sequence, Tuple

import numpy as np
from cffi import FFI

from . import _abi

_HERE = Path(__file__).resolve().parent
SIZE_MAX = (1 << 64) - 1


def _header_path() -> Path:
    env = os.environ.get("WAYMARK_HEADER")
    if env:
        return Path(env)
    bundled = _HERE / "waymark.h"
    if bundled.exists():
        return bundled
    # An editable checkout: the repository's header.
    return _HERE.parents[2] / "include" / "waymark.h"


def _library_paths() -> list:
    """The libraries to try, in order: WAYMARK_LIBRARY alone when set; else the full
    flavour (``libwaymark.so``, which needs PROJ's ``libproj.so.25``) and then the core
    flavour (``libwaymark-core.so``: no PROJ), both installed next to the package.
    ``WAYMARK_FLAVOUR=core`` skips the full one."""
    env = os.environ.get("WAYMARK_LIBRARY")
    if env:
        return [env]
    names = ["libwaymark.so", "libwaymark-core.so"]
    if os.environ.get("WAYMARK_FLAVOUR") == "core":
        names = names[1:]
    paths = [str(_HERE / n) for n in names if (_HERE / n).exists()]
    if not paths:
        raise ImportError(
            "libwaymark.so is not installed next to the waymark package; install the release wheel "
            "(pip install waymark_geo-VERSION-py3-none-manylinux_2_28_x86_64.whl), or `pip install ./python` "
            "from a Waymark clone with Swift 6.3, or set WAYMARK_LIBRARY to a built libwaymark.so")
    return paths


def cdef_from_header(text: str) -> Tuple[str, dict]:
    """The C declarations of ``waymark.h`` as cffi's ``cdef`` takes them, and the
    header's integer constants: comments dropped, the preprocessor's conditions decided
    for the full flavour on Linux with the experimental section (no C++, no Windows, no
    static asserts), ``WM_API`` removed, array sizes evaluated."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"\\\n", " ", text)

    def condition(expr: str) -> bool:
        if "__cplusplus" in expr or "_WIN32" in expr or "__STDC_VERSION__" in expr:
            return False
        if "!defined(WAYMARK_CORE)" in expr.replace(" ", ""):
            return True
        if expr.replace(" ", "") == "defined(WAYMARK_EXPERIMENTAL)":   # the library exports it too
            return True
        if "WAYMARK_H" in expr:                 # the include guard (#ifndef)
            return True
        if "__GNUC__" in expr or "__clang__" in expr:
            return True
        raise ValueError(f"waymark.h: a preprocessor condition this reader does not know: {expr}")

    lines, constants = [], {}
    stack: list = []   # [this branch active, some branch taken]
    for raw in text.splitlines():
        line = raw.strip()
        active = all(s[0] for s in stack)
        if line.startswith("#"):
            directive = line[1:].strip()
            word = directive.split(None, 1)[0] if directive else ""
            rest = directive[len(word):].strip()
            if word in ("if", "ifdef", "ifndef"):
                if word == "ifdef":
                    c = condition(f"defined({rest})")
                elif word == "ifndef":
                    c = condition(f"!defined({rest})") if rest != "WAYMARK_H" else True
                else:
                    c = condition(rest)
                stack.append([c, c])
            elif word == "elif":
                c = (not stack[-1][1]) and condition(rest)
                stack[-1] = [c, stack[-1][1] or c]
            elif word == "else":
                stack[-1] = [not stack[-1][1], True]
            elif word == "endif":
                stack.pop()
            elif word == "define" and active:
                m = re.match(r"(\w+)\s+\(?\s*(-?\d+)u?\s*\)?\s*$", rest)
                if m:
                    constants[m.group(1)] = int(m.group(2))
                    lines.append(f"#define {m.group(1)} {int(m.group(2))}")
            continue
        if active and line:
            lines.append(line)
    body = "\n".join(lines).replace("WM_API ", "")

    def size(m: "re.Match[str]") -> str:
        expr = m.group(1)
        for name, value in constants.items():
            expr = re.sub(rf"\b{name}\b", str(value), expr)
        if re.fullmatch(r"[\d\s+\-*/()]+", expr):
            return f"[{int(eval(expr))}]"   # digits and operators only
        return m.group(0)

    body = re.sub(r"\[([^\]]+)\]", size, body)
    return body, constants


ffi = FFI()
_CDEF, CONSTANTS = cdef_from_header(_header_path().read_text())
ffi.cdef(_CDEF)


class PROJUnavailableError(ImportError):
    """A function that needs PROJ (Karney's geodesics, CRS transforms, the EGM96 geoid,
    polyline lengths, the GPS model fit) was called while the core flavour is loaded:
    the wheel's ``libwaymark.so`` could not load ``libproj.so.25``. Everything else
    (frames, scene conversions, the pymap3d-compatible functions, GCJ-02/BD-09, the
    navigator and replay) works without PROJ."""


class _CoreLibrary:
    """The core flavour's cffi library, with the functions it lacks (those that need
    PROJ) raising PROJUnavailableError that names the function, instead of cffi's
    "symbol not found". Found symbols are cached on the instance (one dict lookup)."""

    def __init__(self, library, path: str, why: str):
        self._library, self._path, self._why = library, path, why

    def __getattr__(self, name: str):
        try:
            value = getattr(self._library, name)
        except AttributeError:
            if not name.startswith("wm_"):
                raise
            raise PROJUnavailableError(
                f"{name} needs PROJ, and the core flavour of libwaymark is loaded ({self._path}: {self._why}). "
                "Install PROJ 9's library and data (Debian 12 / Ubuntu 23.04+: apt-get install libproj25 proj-data; "
                "Fedora/RHEL: dnf install proj) and restart Python, or use the functions that need no PROJ") from None
        setattr(self, name, value)
        return value


def _load():
    """(library, path, HAS_PROJ, why the full flavour is not loaded or "")."""
    why = ""
    paths = _library_paths()
    for i, path in enumerate(paths):
        try:
            library = ffi.dlopen(path)
        except OSError as e:
            if i + 1 < len(paths):   # the full flavour without libproj.so.25: try the core
                why = str(e)
                continue
            raise ImportError(f"waymark: cannot load {path}: {e}") from None
        try:
            library.wm_geodesic_inverse
            return library, path, True, ""
        except AttributeError:
            return _CoreLibrary(library, path, why or "a build without PROJ"), path, False, (
                why or "a build without PROJ")
    raise ImportError("waymark: no library loaded")   # pragma: no cover - _library_paths is never empty


lib, LIBRARY_PATH, HAS_PROJ, PROJ_UNAVAILABLE_REASON = _load()

STATUS_NAMES = {v: k for k, v in _abi.ENUMS["WM_ERROR"].items()}
STATUS_NAMES[_abi.WM_OK] = "OK"


class WaymarkError(ValueError):
    """A call into libwaymark failed, or was refused in Python before it was made
    because it breaks the C ABI's contract in a way the library cannot see (an ``out=``
    overlapping an input other than exactly: INVALID_VALUE).

    Attributes:
        status: the C status code (``WM_ERROR_*``, an int).
        status_name: its name without the prefix, e.g. ``"INVALID_VALUE"``.
        first_bad: index of the first bad element of a batch (``None`` when the call
            does not name one). Nothing was written to any output.
        function: the C function that refused (or was not called).
        fields: for an INVALID_VALUE of a navigator's config or a fix, the names of the
            fields found out of range (``("horizontal_accuracy_m",)``), else ``()``; the
            message's detail gives each one's value and range.

    The message is "function: text (WM_ERROR_NAME)[ at index first_bad][: detail]";
    ``text`` defaults to the library's description of the status.
    """

    def __init__(self, status: int, function: str, first_bad: Optional[int] = None, detail: str = "",
                 text: Optional[str] = None, fields: Tuple[str, ...] = ()):
        self.status = int(status)
        self.fields = tuple(fields)
        self.status_name = STATUS_NAMES.get(self.status, str(self.status))
        self.first_bad = first_bad
        self.function = function
        # A refusal made here on the library's behalf says what it is about itself.
        if text is None:
            text = ffi.string(lib.wm_status_string(status)).decode()
        message = f"{function}: {text} (WM_ERROR_{self.status_name})"
        if first_bad is not None:
            message += f" at index {first_bad}"
        if detail:
            message += f": {detail}"
        super().__init__(message)


def check(status: int, function: str, first_bad=None, detail: str = "") -> None:
    if status != _abi.WM_OK:
        index = None
        if first_bad is not None and first_bad[0] != SIZE_MAX:
            index = int(first_bad[0])
        raise WaymarkError(status, function, index, detail)


def first_bad_cell():
    cell = ffi.new("size_t *")
    cell[0] = SIZE_MAX
    return cell


# ---- numpy buffers --------------------------------------------------------------------

def _real_array(x, name: str) -> np.ndarray:
    if isinstance(x, np.ndarray):
        if x.dtype == np.float64:
            return x
        if x.dtype.kind in "iuf":
            return x.astype(np.float64)
        raise TypeError(f"{name}: expected a float64 array (integers and float32 are converted), got dtype {x.dtype}")
    try:
        a = np.asarray(x)
    except Exception as e:  # pragma: no cover - numpy's own message
        raise TypeError(f"{name}: not an array of numbers ({e})") from None
    if a.dtype.kind not in "iuf":
        raise TypeError(f"{name}: expected numbers, got dtype {a.dtype}")
    return a.astype(np.float64, copy=False)


def triples(x, name: str = "points", allow_pairs: bool = False):
    """(array, address, byte stride, count, single) for an (n, 3) float64 input.

    A float64 array whose rows are three consecutive doubles (C-contiguous (n, 3), or
    any row stride >= 24 bytes: a slice, a view into a wider table) is passed to C as
    it is, without a copy. Anything else is converted (copied) first. (n, 2) is
    accepted where ``allow_pairs`` (height 0; a copy). A single point (3,) gives
    ``single`` True.
    """
    a = _real_array(x, name)
    single = False
    if a.ndim == 1:
        if a.shape[0] == 3 or (allow_pairs and a.shape[0] == 2):
            a = a.reshape(1, -1)
            single = True
        else:
            raise TypeError(f"{name}: expected shape (n, 3){' or (n, 2)' if allow_pairs else ''} or (3,), got {a.shape}")
    if a.ndim != 2 or a.shape[1] not in ((2, 3) if allow_pairs else (3,)):
        raise TypeError(f"{name}: expected shape (n, 3){' or (n, 2)' if allow_pairs else ''}, got {a.shape}")
    if a.shape[1] == 2:
        full = np.zeros((a.shape[0], 3))
        full[:, :2] = a
        a = full
    if not (a.strides[1] == 8 and a.strides[0] >= 24) or a.shape[0] == 0:
        if a.shape[0] <= 1 and a.flags.c_contiguous:
            pass
        else:
            a = np.ascontiguousarray(a)
    stride = a.strides[0] if a.shape[0] > 1 else 24
    if a.shape[0] > 1 and a.strides[0] < 24:
        a = np.ascontiguousarray(a)
        stride = 24
    return a, a.ctypes.data, stride, a.shape[0], single


def output_triples(out, n: int, name: str = "out", inputs: Sequence[Tuple[np.ndarray, str]] = (),
                   function: str = "", alias: Optional[np.ndarray] = None):
    """(array, address, stride) for an output of n triples: a new (n, 3) float64 array,
    or ``out`` (float64, shape (n, 3), rows of three consecutive doubles, writeable).

    ``inputs`` are the (array, name) buffers the C call ``function`` reads while it
    writes ``out``, as they will be passed to it. ``out`` may be exactly ``alias`` (the
    same address and row stride: the one overlap the C ABI allows); any other overlap
    with an input raises WaymarkError (INVALID_VALUE), before anything is written.
    Raises TypeError (dtype, shape, layout) and ValueError (read-only) too."""
    if out is None:
        a = np.empty((n, 3))
        return a, a.ctypes.data, 24
    if not isinstance(out, np.ndarray) or out.dtype != np.float64:
        raise TypeError(f"{name}: expected a float64 numpy array")
    if out.shape != (n, 3):
        raise TypeError(f"{name}: expected shape ({n}, 3), got {out.shape}")
    if not out.flags.writeable:
        raise ValueError(f"{name}: the array is read-only")
    if n > 1 and not (out.strides[1] == 8 and out.strides[0] >= 24):
        raise TypeError(f"{name}: rows must be three consecutive doubles with a row stride >= 24 bytes")
    for source, source_name in inputs:
        if source is alias and _same_rows(source, out):
            continue
        if _overlap(source, out):
            raise WaymarkError(_abi.WM_ERROR_INVALID_VALUE, function, text=f"{name} overlaps {source_name}",
                               detail=(f"{name} must be {source_name} itself (same start and row stride) or share "
                                       f"no memory with it" if source is alias else "they must share no memory"))
    return out, out.ctypes.data, (out.strides[0] if n > 1 else 24)


# numpy 1.25 moved TooHardError to numpy.exceptions (and 2.0 removed the old name).
_TooHardError = getattr(getattr(np, "exceptions", np), "TooHardError")
# Bounds the exact overlap test's search; (n, 3) row views settle in a few steps.
_OVERLAP_WORK = 1 << 16


def _same_rows(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two (n, 3) row views are the same rows (start and row stride)."""
    return (a.shape == b.shape and a.ctypes.data == b.ctypes.data
            and (a.shape[0] <= 1 or a.strides[0] == b.strides[0]))


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two arrays share a byte. Interleaved views (a table's columns 0-2 read,
    3-5 written) share none although their bounds overlap, hence the exact test; one it
    cannot settle within _OVERLAP_WORK counts as overlapping (refused, never wrong)."""
    if a.size == 0 or b.size == 0 or not np.may_share_memory(a, b):
        return False
    try:
        # numpy's stubs allow only -1 and 0 here; the function takes any bound.
        return bool(np.shares_memory(a, b, max_work=_OVERLAP_WORK))  # type: ignore[arg-type]
    except _TooHardError:
        return True


def vector(x, name: str, sizes: Tuple[int, ...], what: str) -> np.ndarray:
    """``x`` as a one-dimensional float64 array of exactly one of ``sizes`` numbers
    (``what`` describes them in the message). Raises TypeError naming ``name`` for
    anything else: another shape (a (1, 3) or (2, 3) array, four numbers, one), a
    ragged sequence, a non-numeric dtype."""
    a = _real_array(x, name)
    if a.ndim != 1 or a.shape[0] not in sizes:
        raise TypeError(f"{name}: expected {what}, got shape {a.shape}")
    return a


def doubles(x, name: str):
    a = np.ascontiguousarray(_real_array(x, name))
    return a


def ptr(ctype: str, address: int):
    return ffi.cast(ctype, address)
