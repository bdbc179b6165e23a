"""Frames, geodesics, baselines, China's datums, geoid heights and CRS transforms over
numpy arrays, each a call into libwaymark (no formula is computed in Python).

Units: degrees and metres throughout. Geodetic points are rows (lat_deg, lon_deg,
height_m) above the WGS-84 ellipsoid; scene points rows (x, y, z) in the frame's axes.
"""
from __future__ import annotations

import threading
from typing import Literal, Optional, Sequence, Tuple, Union, overload

import numpy as np

from . import _abi, _parallel
from ._lib import (SIZE_MAX, WaymarkError, _real_array, check, ffi, first_bad_cell, lib, output_triples, ptr,
                   triples, vector)

ArrayLike = Union[np.ndarray, Sequence]

# custom_axes' names for the header's WM_DIR_*, WM_FORWARD_* (POS_X: "+x") and WM_UNIT_*.
_DIRECTIONS = {name.lower(): value for name, value in _abi.ENUMS["WM_DIR"].items()}
_FORWARD_AXES = {("+" if name.startswith("POS_") else "-") + name[4:].lower(): value
                 for name, value in _abi.ENUMS["WM_FORWARD"].items()}
_UNITS = {name.lower(): value for name, value in _abi.ENUMS["WM_UNIT"].items()}


def custom_axes(x: str, y: str, z: str, forward: str, unit: str = "metre") -> int:
    """The ``WM_AXES_CUSTOM(x, y, z, forward, unit)`` value of ``waymark.h``: the direction
    each scene axis points along ("east", "north", "up", "west", "south", "down"; one of
    each pair), the model's forward axis ("+x", "+y", "+z", "-x", "-y", "-z"; horizontal)
    and the unit of scene lengths ("metre", "decimetre", "centimetre", "millimetre").
    The library checks the combination (``WaymarkError`` INVALID_VALUE where it is used)."""
    try:
        return _abi.WM_AXES_CUSTOM(_DIRECTIONS[x], _DIRECTIONS[y], _DIRECTIONS[z], _FORWARD_AXES[forward], _UNITS[unit])
    except KeyError as e:
        raise ValueError(f"custom_axes: unknown name {e.args[0]!r}") from None


#: Axes conventions by name: the three of the C ABI and the engine presets (the README's
#: table), every WM_AXES_* of the header ("arcore-unity" is WM_AXES_ARCORE_UNITY). "unreal"
#: is x east, y south, z up, centimetres (Cesium for Unreal's).
AXES = {name.lower().replace("_", "-"): value for name, value in _abi.ENUMS["WM_AXES"].items()}
BASELINES = {name.lower(): value for name, value in _abi.ENUMS["WM_BASELINE"].items()}
MEAN_EARTH_RADIUS_M = 6371008.8


def axes_code(axes: Union[str, int]) -> int:
    if isinstance(axes, str):
        try:
            return AXES[axes.lower()]
        except KeyError:
            raise ValueError(f"axes must be one of {sorted(AXES)}, got {axes!r}") from None
    return int(axes)


def version() -> str:
    """The loaded libwaymark's version, "MAJOR.MINOR.PATCH"."""
    return ffi.string(lib.wm_version_string()).decode()


def cpu_path() -> str:
    """The hot kernels' code path in this process: "avx512", "avx2_fma" or "baseline"."""
    path = lib.wm_cpu_path()
    if path == _abi.WM_CPU_PATH_AVX512:
        return "avx512"
    return "avx2_fma" if path == _abi.WM_CPU_PATH_AVX2_FMA else "baseline"


def _geodetic(point, name="point") -> "ffi.CData":
    p = vector(point, name, (2, 3), "(lat, lon[, h]): two or three numbers")
    g = ffi.new("wm_geodetic *")
    g.lat_deg, g.lon_deg = float(p[0]), float(p[1])
    g.height_m = float(p[2]) if p.shape[0] == 3 else 0.0
    return g


def _shape_result(a: np.ndarray, single: bool) -> np.ndarray:
    return a[0] if single else a


def _triples_call(fn, function: str, in_type: str, out_type: str, src: int, stride: int, o: np.ndarray,
                  dst: int, ostride: int, n: int, workers, guard: bool, check_fn=None) -> None:
    """One triples -> triples batch call, ``fn(in, in_stride, out, out_stride, count,
    first_bad)``, split over ``workers`` (``_parallel.resolve_workers``).

    Split, a chunk may fail after another has written its rows. Where the caller can
    see ``o`` afterwards (``guard``: an ``out=`` of theirs, or the points themselves)
    nothing may be written on error, as in the single call:

    - a call with a check entry (``check_fn(in, in_stride, count, first_bad)``: the
      frame conversions' ``wm_frame_check_geodetic`` / ``wm_frame_check_scene``, which
      return exactly the conversion's status and first_bad and write nothing) runs in
      two phases: every chunk checked in parallel, the error raised if any chunk fails,
      then every chunk converted straight into ``o`` in parallel (the header promises
      that a checked batch converts; no scratch array, no copy). The default
      (``workers=None``) splits it by the ``PARALLEL_THRESHOLD`` rule, guarded from
      ``_parallel.CHECKED_SPLIT`` times as many points (two rounds of the pool);
    - any other call (the datum shifts, which may fail after their checks:
      NO_CONVERGENCE) writes into a scratch array copied into ``o`` only when every
      chunk succeeded, and ``workers=None`` with ``guard`` is one thread: the scratch
      array's allocation and copy cost about what a second core saves.

    A fresh result array (``guard`` False) is written directly (on error it is dropped
    unseen)."""
    if workers is None and guard and check_fn is None:
        w = 1
    else:
        w = _parallel.resolve_workers(workers, n, function, checked=guard and check_fn is not None)
    if w == 1:
        fb = first_bad_cell()
        check(fn(ptr(in_type, src), stride, ptr(out_type, dst), ostride, n, fb), function, fb)
        return
    ranges = _parallel.bounds(n, w)
    if guard and check_fn is not None:
        def check_chunk(start: int, stop: int):
            fb = first_bad_cell()
            status = check_fn(ptr(in_type, src + start * stride), stride, stop - start, fb)
            return status, (None if fb[0] == SIZE_MAX else int(fb[0]))

        status, bad = _parallel.first_error(ranges, _parallel.run(ranges, check_chunk))
        if status != _abi.WM_OK:
            raise WaymarkError(status, function, bad)
        # Every chunk now converts (the checks' promise, while nobody changes the input
        # or the frame meanwhile, which the threading rules forbid anyway): straight into o.
        guard = False
    scratch = np.empty((n, 3)) if guard else None
    tdst, tstride = (scratch.ctypes.data, 24) if scratch is not None else (dst, ostride)

    def chunk(start: int, stop: int):
        fb = first_bad_cell()
        status = fn(ptr(in_type, src + start * stride), stride, ptr(out_type, tdst + start * tstride), tstride,
                    stop - start, fb)
        return status, (None if fb[0] == SIZE_MAX else int(fb[0]))

    status, bad = _parallel.first_error(ranges, _parallel.run(ranges, chunk))
    if status != _abi.WM_OK:
        raise WaymarkError(status, function, bad)
    if scratch is not None:
        def copy(start: int, stop: int):
            o[start:stop] = scratch[start:stop]    # numpy copies without the GIL
            return _abi.WM_OK, None
        _parallel.run(ranges, copy)


def _small_call(frame, fn, in_type: str, out_type: str, function: str, points, workers):
    """A frame conversion into a new array for the common small call: a C-contiguous
    float64 (3,) or (n, 3) input, 0 < n below the split threshold (or ``workers=1``).
    One C call on the caller's buffer as it is, none of ``triples``' and
    ``output_triples``' general checks (the library checks the points); the same bits
    and errors. None for any other call, which the general path takes."""
    if type(points) is not np.ndarray or points.dtype != np.float64 or not points.flags.c_contiguous:
        return None
    shape = points.shape
    if not (shape == (3,) or (len(shape) == 2 and shape[1] == 3 and shape[0] > 0)):
        return None
    n = 1 if len(shape) == 1 else shape[0]
    if workers is None:
        if n * _parallel.COST.get(function, 1) >= _parallel.PARALLEL_THRESHOLD:
            return None
    elif not (type(workers) is int and workers == 1):
        return None
    result = np.empty(shape)
    fb = ffi.new("size_t *", SIZE_MAX)
    status = fn(frame, ffi.from_buffer(in_type, points), 24, ffi.from_buffer(out_type, result, require_writable=True), 24, n,
                fb)
    if status != _abi.WM_OK:
        raise WaymarkError(status, function, None if fb[0] == SIZE_MAX else int(fb[0]))
    return result


class Frame:
    """A scene frame at a geographic origin (``wm_frame``): exact WGS-84 (or another
    ellipsoid's) geodetic <-> scene conversion.

    Args:
        lat, lon: origin, degrees. h: origin height above the ellipsoid, metres.
        axes: "enu" (x east, y north, z up), "eus" (x east, y up, z south: ARKit,
            ARCore, SceneKit; 100 m due north is z = -100), "eun" (Unity), an engine
            preset of ``AXES`` ("unreal": x east, y south, z up, centimetres) or a
            ``custom_axes`` value. Scene lengths are in the axes' unit.
        ellipsoid: None for WGS-84, or (a_m, f) (1 <= a <= 1e10 m, -1 <= f < 1).

    Raises:
        WaymarkError: INVALID_VALUE for a non-finite origin, |lat| > 90, |h| > 1e12 m,
            an unknown axes code or a bad ellipsoid.
        TypeError: an ellipsoid that is not exactly two numbers.

    A frame may be used from many threads at once (the batch calls release the GIL,
    and big batches are split over the cores: ``workers=``); ``set_estimate`` must not
    run while another thread converts with the frame.
    """

    def __init__(self, lat: float, lon: float, h: float = 0.0, axes: Union[str, int] = "enu",
                 ellipsoid: Optional[Tuple[float, float]] = None):
        self._frame = ffi.new("wm_frame *")
        self.axes = axes if isinstance(axes, str) else {v: k for k, v in reversed(list(AXES.items()))}.get(axes, axes)
        origin = _geodetic((lat, lon, h), "origin")[0]
        if ellipsoid is None:
            check(lib.wm_frame_init(self._frame, origin, axes_code(axes)), "wm_frame_init")
        else:
            a, f = vector(ellipsoid, "ellipsoid", (2,), "(a_m, f): two numbers")
            check(lib.wm_frame_init_ellipsoid(self._frame, float(a), float(f), origin, axes_code(axes)),
                  "wm_frame_init_ellipsoid")
        self.origin = (float(lat), float(lon), float(h))
        self.ellipsoid = ellipsoid

    def __repr__(self) -> str:
        return f"Frame(lat={self.origin[0]!r}, lon={self.origin[1]!r}, h={self.origin[2]!r}, axes={self.axes!r})"

    def set_estimate(self, scene_origin: ArrayLike = (0.0, 0.0, 0.0), heading_correction_deg: float = 0.0) -> None:
        """Sets where the geographic origin is in the scene (``scene_origin``: exactly
        three numbers (x, y, z), metres in the scene axes, each within 1e12 m) and the
        heading correction (true azimuth = scene azimuth + correction, degrees).

        Raises TypeError naming scene_origin for any other shape ((4,), (1,), (2, 3),
        (1, 3)) or non-numbers, WaymarkError (INVALID_VALUE) for non-finite values or
        components beyond 1e12 m; the estimate is unchanged then."""
        o = vector(scene_origin, "scene_origin", (3,), "three numbers (x, y, z)")
        v = ffi.new("wm_vec3 *", (float(o[0]), float(o[1]), float(o[2])))
        check(lib.wm_frame_set_estimate(self._frame, v[0], float(heading_correction_deg)), "wm_frame_set_estimate")

    def forward(self, points: ArrayLike, out: Optional[np.ndarray] = None, *, workers: Optional[int] = None) -> np.ndarray:
        """Geodetic -> scene. ``points``: (n, 3) rows (lat_deg, lon_deg, h_m) or (n, 2)
        (h = 0) or one point (3,). Returns (n, 3) scene metres in the frame's axes
        (written into ``out`` when given; ``out`` may be ``points`` itself, the same
        rows with the same stride, or memory ``points`` does not use).

        A float64 input whose rows are three consecutive doubles is read in place
        (no copy; any row stride). Raises TypeError (dtype, shape), WaymarkError
        (INVALID_VALUE with first_bad: NaN, Inf, |lat| > 90, |h| > 1e12 m; INVALID_VALUE
        without first_bad: ``out`` overlapping ``points`` otherwise, e.g. shifted by a
        row). Nothing is written on error. Releases the GIL.

        ``workers``: how many threads share the batch (contiguous chunks, one C call
        each, the GIL released). None (default): every core this process may run on
        (``waymark.default_workers()``) for ``waymark.PARALLEL_THRESHOLD`` points or
        more (32,768; the costlier calls from proportionally fewer: ``reverse`` from
        8,192), the calling thread alone below; with ``out`` (or in place) from four
        times as many (131,072; ``reverse`` from 32,768: see below). 1 is the plain
        single call; an integer > 1 splits any batch into that many chunks (at most one
        per point). Results are the single call's bits whatever the split, and an error
        names the same first_bad and writes nothing: a split call with ``out`` (or in
        place) first checks every chunk in parallel (``wm_frame_check_geodetic``, which
        reads the points and writes nothing) and raises before any chunk is converted,
        then converts the chunks straight into ``out`` (nothing allocated, no copy; two
        rounds of the thread pool, hence the higher threshold).
        TypeError / ValueError for a ``workers`` other than None or an integer >= 1.
        Pass ``workers=1`` where the caller already runs one conversion per core (its
        own thread pool; ``waymark.dask`` does).
        """
        return self._forward(points, out, workers, guard=out is not None)

    def _forward(self, points, out, workers, guard: bool) -> np.ndarray:
        # guard False: the caller owns ``out`` privately and drops it on error (the
        # pymap3d drop-ins' temporaries), so split chunks may write it directly.
        if out is None:
            result = _small_call(self._frame, lib.wm_frame_forward, "wm_geodetic[]", "wm_vec3[]", "wm_frame_forward", points,
                                 workers)
            if result is not None:
                return result
        a, src, stride, n, single = triples(points, "points", allow_pairs=True)
        o, dst, ostride = output_triples(out, n, inputs=[(a, "points")], alias=a, function="wm_frame_forward")
        _triples_call(lambda *args: lib.wm_frame_forward(self._frame, *args), "wm_frame_forward", "wm_geodetic *",
                      "wm_vec3 *", src, stride, o, dst, ostride, n, workers, guard,
                      lambda *args: lib.wm_frame_check_geodetic(self._frame, *args))
        return _shape_result(o, single)

    def reverse(self, scene: ArrayLike, out: Optional[np.ndarray] = None, *, workers: Optional[int] = None) -> np.ndarray:
        """Scene -> geodetic (the exact inverse of ``forward``): (n, 3) scene metres in,
        (n, 3) rows (lat_deg, lon_deg, h_m) out, longitudes in [-180, 180). ``out``,
        ``workers`` and errors as ``forward`` (components beyond 3e12 + 2e7 m, the
        farthest a forward result lies, are
        INVALID_VALUE; a split call with ``out`` checks through
        ``wm_frame_check_scene``)."""
        return self._reverse(scene, out, workers, guard=out is not None)

    def _reverse(self, scene, out, workers, guard: bool) -> np.ndarray:
        if out is None:
            result = _small_call(self._frame, lib.wm_frame_reverse, "wm_vec3[]", "wm_geodetic[]", "wm_frame_reverse", scene,
                                 workers)
            if result is not None:
                return result
        a, src, stride, n, single = triples(scene, "scene")
        o, dst, ostride = output_triples(out, n, inputs=[(a, "scene")], alias=a, function="wm_frame_reverse")
        _triples_call(lambda *args: lib.wm_frame_reverse(self._frame, *args), "wm_frame_reverse", "wm_vec3 *",
                      "wm_geodetic *", src, stride, o, dst, ostride, n, workers, guard,
                      lambda *args: lib.wm_frame_check_scene(self._frame, *args))
        return _shape_result(o, single)

    def anchor_transforms(self, points: ArrayLike) -> np.ndarray:
        """Anchor transforms of a route: (n, 4, 4) float32, ``m[i] @ (x, y, z, 1)``
        maps model to scene; translation ``m[i, :3, 3]`` is the exact scene position
        of point i, the rotation turns the model's forward axis (-Z in eus, +Z in eun,
        +Y in enu) towards point i + 1 about the scene's up axis.

        The array is a view of the C layout (column-major 16 floats per matrix, as
        simd_float4x4 / OpenGL): ``result.transpose(0, 2, 1)`` is C-contiguous and
        can be handed to an engine as it is. Errors as ``forward``.

        One thread: a matrix's heading depends on the next point, and across repeated
        points on points further away, so the batch is not split (routes are far
        smaller than ``PARALLEL_THRESHOLD`` anyway)."""
        a, src, stride, n, single = triples(points, "points", allow_pairs=True)
        buf = np.empty((n, 16), dtype=np.float32)
        fb = first_bad_cell()
        check(lib.wm_frame_anchor_transforms(self._frame, ptr("wm_geodetic *", src), stride,
                                             ptr("wm_mat4f *", buf.ctypes.data), n, fb),
              "wm_frame_anchor_transforms", fb)
        return buf.reshape(n, 4, 4).transpose(0, 2, 1)

    def baseline_forward(self, points: ArrayLike, method: str = "haversine", out: Optional[np.ndarray] = None, *,
                         workers: Optional[int] = None) -> np.ndarray:
        """The AR apps' spherical methods ("haversine" or "meters_per_degree", mean
        Earth radius 6371008.8 m), through this frame's estimate and axes, comparable
        with ``forward`` (they are 0.3-0.6 % wrong on purpose). ``out``, ``workers``
        and errors as ``forward``, except that the C ABI has no check for them: a split
        call with ``out`` converts into a scratch array copied into ``out`` once every
        chunk succeeded, and ``out`` with ``workers=None`` is one thread (the scratch
        array's allocation and copy cost about what a second core saves)."""
        try:
            code = BASELINES[method]
        except KeyError:
            raise ValueError(f"method must be one of {sorted(BASELINES)}") from None
        a, src, stride, n, single = triples(points, "points", allow_pairs=True)
        o, dst, ostride = output_triples(out, n, inputs=[(a, "points")], alias=a, function="wm_baseline_forward")
        _triples_call(lambda *args: lib.wm_baseline_forward(code, self._frame, *args), "wm_baseline_forward",
                      "wm_geodetic *", "wm_vec3 *", src, stride, o, dst, ostride, n, workers, out is not None)
        return _shape_result(o, single)


# ---- geodesics ------------------------------------------------------------------------

def geodesic_inverse(a: ArrayLike, b: ArrayLike) -> Tuple[float, float, float]:
    """Karney's inverse problem on WGS-84 (through PROJ) between two points (lat, lon):
    (distance_m, azimuth1_deg, azimuth2_deg), azimuths clockwise from north in
    (-180, 180]. Raises WaymarkError (INVALID_VALUE) for bad points."""
    d, a1, a2 = ffi.new("double *"), ffi.new("double *"), ffi.new("double *")
    check(lib.wm_geodesic_inverse(_geodetic(a, "a")[0], _geodetic(b, "b")[0], d, a1, a2), "wm_geodesic_inverse")
    return d[0], a1[0], a2[0]


def geodesic_direct(start: ArrayLike, azimuth_deg: float, distance_m: float) -> Tuple[np.ndarray, float]:
    """Karney's direct problem: the point ``distance_m`` along the geodesic leaving
    ``start`` (lat, lon[, h]) at ``azimuth_deg``, as (lat, lon, h) (height copied), and
    the forward azimuth there. Raises WaymarkError (INVALID_VALUE)."""
    end, a2 = ffi.new("wm_geodetic *"), ffi.new("double *")
    check(lib.wm_geodesic_direct(_geodetic(start, "start")[0], float(azimuth_deg), float(distance_m), end, a2),
          "wm_geodesic_direct")
    return np.array([end.lat_deg, end.lon_deg, end.height_m]), a2[0]


def geodesic_direct_many(start: ArrayLike, azimuth_deg: ArrayLike, distance_m: ArrayLike) -> Tuple[np.ndarray, np.ndarray]:
    """``geodesic_direct`` for arrays: ``start`` one point (lat, lon[, h]) or (n, 2|3)
    rows, broadcast with the flattened ``azimuth_deg`` and ``distance_m`` (numpy's rule:
    equal lengths, or one of length 1). Returns (n, 3) end points and (n,) azimuths.
    Raises TypeError naming the argument for shapes that do not broadcast, WaymarkError
    (INVALID_VALUE, first_bad the row). The C ABI has no batch direct call: this loops
    in Python (about 1 us per line)."""
    s = _real_array(start, "start")
    if s.ndim == 1:
        s = vector(s, "start", (2, 3), "(lat, lon[, h]) or (n, 2|3) rows").reshape(1, -1)
    else:
        s, _, _, _, _ = triples(s, "start", allow_pairs=True)
    try:
        az, dist = np.broadcast_arrays(np.asarray(azimuth_deg, dtype=np.float64), np.asarray(distance_m, dtype=np.float64))
        az, dist = az.ravel(), dist.ravel()
        n = np.broadcast_shapes((s.shape[0],), az.shape)[0]
    except ValueError:
        raise TypeError(f"start, azimuth_deg, distance_m: {s.shape[0]} start points do not broadcast with the "
                        f"shapes {np.shape(azimuth_deg)} and {np.shape(distance_m)}") from None
    starts = np.broadcast_to(s, (n, s.shape[1]))
    az, dist = np.broadcast_to(az, (n,)), np.broadcast_to(dist, (n,))
    ends, azs = np.empty((n, 3)), np.empty(n)
    end, a2 = ffi.new("wm_geodetic *"), ffi.new("double *")
    for i in range(n):
        status = lib.wm_geodesic_direct(_geodetic(starts[i], "start")[0], float(az[i]), float(dist[i]), end, a2)
        if status:
            raise WaymarkError(status, "wm_geodesic_direct", i)
        ends[i] = (end.lat_deg, end.lon_deg, end.height_m)
        azs[i] = a2[0]
    return ends, azs


def geodesic_inverse_batch(origin: ArrayLike, points: ArrayLike, *,
                           workers: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inverse problems from one origin (lat, lon) to n points ((n, 2) or (n, 3), read
    in place when float64 rows): (distance_m, azimuth1_deg, azimuth2_deg), each (n,).
    Lines up to 10 km use Waymark's short-range geodesic (1 um, 1e-8 degree), longer
    ones Karney's. ``workers`` as ``Frame.forward``'s. Raises WaymarkError with
    first_bad. Releases the GIL."""
    a, src, stride, n, single = triples(points, "points", allow_pairs=True)
    o = _geodetic(origin, "origin")[0]
    d, a1, a2 = np.empty(n), np.empty(n), np.empty(n)

    def chunk(start: int, stop: int):
        fb = first_bad_cell()
        status = lib.wm_geodesic_inverse_batch(o, ptr("wm_geodetic *", src + start * stride), stride,
                                               ptr("double *", d.ctypes.data + 8 * start),
                                               ptr("double *", a1.ctypes.data + 8 * start),
                                               ptr("double *", a2.ctypes.data + 8 * start), stop - start, fb)
        return status, (None if fb[0] == SIZE_MAX else int(fb[0]))

    # The results are new arrays, dropped on error: split chunks write them directly.
    ranges = _parallel.bounds(n, _parallel.resolve_workers(workers, n, "wm_geodesic_inverse_batch"))
    status, bad = _parallel.first_error(ranges, _parallel.run(ranges, chunk))
    if status != _abi.WM_OK:
        raise WaymarkError(status, "wm_geodesic_inverse_batch", bad)
    return d, a1, a2


def _polyline(points: ArrayLike, cumulative: bool) -> Tuple[float, Optional[np.ndarray]]:
    a, src, stride, n, single = triples(points, "points", allow_pairs=True)
    total = ffi.new("double *")
    cum = np.empty(n) if cumulative else None
    fb = first_bad_cell()
    check(lib.wm_polyline_length(ptr("wm_geodetic *", src), stride, n,
                                 ffi.NULL if cum is None else ptr("double *", cum.ctypes.data), total, fb),
          "wm_polyline_length", fb)
    return float(total[0]), cum


@overload
def polyline_length(points: ArrayLike, cumulative: Literal[False] = False) -> float: ...
@overload
def polyline_length(points: ArrayLike, cumulative: Literal[True]) -> Tuple[float, np.ndarray]: ...


def polyline_length(points: ArrayLike, cumulative: bool = False) -> Union[float, Tuple[float, np.ndarray]]:
    """Geodesic length (metres) of a polyline of (n, 2|3) points (heights ignored; legs
    up to 10 km by the short-range geodesic, longer ones by Karney's); with
    ``cumulative`` also the (n,) lengths from point 0 to each point. Raises
    WaymarkError with first_bad."""
    total, cum = _polyline(points, cumulative)
    return (total, cum) if cum is not None else total


def haversine_inverse(a: ArrayLike, b: ArrayLike, radius_m: float = MEAN_EARTH_RADIUS_M) -> Tuple[float, float]:
    """The apps' haversine baseline: (distance_m, initial bearing_deg) on a sphere of
    ``radius_m``. Raises WaymarkError (INVALID_VALUE)."""
    d, brg = ffi.new("double *"), ffi.new("double *")
    check(lib.wm_haversine_inverse(float(radius_m), _geodetic(a, "a")[0], _geodetic(b, "b")[0], d, brg),
          "wm_haversine_inverse")
    return d[0], brg[0]


def haversine_many(origin: ArrayLike, points: ArrayLike, radius_m: float = MEAN_EARTH_RADIUS_M) -> Tuple[np.ndarray, np.ndarray]:
    """``haversine_inverse`` from one origin to (n, 2|3) points: (distance_m, bearing_deg).
    The C ABI's haversine is per pair: this loops in Python."""
    a, _, _, n, _ = triples(points, "points", allow_pairs=True)
    o = _geodetic(origin, "origin")[0]
    d, brg = np.empty(n), np.empty(n)
    g, dc, bc = ffi.new("wm_geodetic *"), ffi.new("double *"), ffi.new("double *")
    for i in range(n):
        g.lat_deg, g.lon_deg, g.height_m = float(a[i, 0]), float(a[i, 1]), float(a[i, 2])
        status = lib.wm_haversine_inverse(float(radius_m), o, g[0], dc, bc)
        if status:
            raise WaymarkError(status, "wm_haversine_inverse", i)
        d[i], brg[i] = dc[0], bc[0]
    return d, brg


def haversine_pairs(a: ArrayLike, b: ArrayLike, radius_m: float = MEAN_EARTH_RADIUS_M) -> Tuple[np.ndarray, np.ndarray]:
    """``haversine_inverse`` pairwise between (n, 2|3) arrays a[i] -> b[i]:
    (distance_m, bearing_deg). The C ABI's haversine is per pair: this loops in Python."""
    pa, _, _, n, _ = triples(a, "a", allow_pairs=True)
    pb, _, _, nb, _ = triples(b, "b", allow_pairs=True)
    if n != nb:
        raise TypeError(f"a and b: {n} and {nb} points")
    d, brg = np.empty(n), np.empty(n)
    ga, gb, dc, bc = ffi.new("wm_geodetic *"), ffi.new("wm_geodetic *"), ffi.new("double *"), ffi.new("double *")
    for i in range(n):
        ga.lat_deg, ga.lon_deg, ga.height_m = float(pa[i, 0]), float(pa[i, 1]), float(pa[i, 2])
        gb.lat_deg, gb.lon_deg, gb.height_m = float(pb[i, 0]), float(pb[i, 1]), float(pb[i, 2])
        status = lib.wm_haversine_inverse(float(radius_m), ga[0], gb[0], dc, bc)
        if status:
            raise WaymarkError(status, "wm_haversine_inverse", i)
        d[i], brg[i] = dc[0], bc[0]
    return d, brg


# ---- China's datums --------------------------------------------------------------------

class _Region:
    def __init__(self, region):
        self.keep = None
        # A polygon may be an ndarray, whose == with a string is elementwise.
        named = region if isinstance(region, str) else None
        if region is None or named == "china":
            self.c = ffi.NULL
            return
        self.c = ffi.new("wm_region *")
        if named == "everywhere":
            self.c.kind = _abi.WM_REGION_EVERYWHERE
        else:
            poly, _, _, n, _ = triples(region, "region", allow_pairs=True)
            poly = np.ascontiguousarray(poly)
            self.keep = poly
            self.c.kind = _abi.WM_REGION_POLYGON
            self.c.polygon = ptr("wm_geodetic *", poly.ctypes.data)
            self.c.polygon_count = n


def _datum(fn, name: str, points, region, out, workers):
    r = _Region(region)
    a, src, stride, n, single = triples(points, "points", allow_pairs=True)
    # One rule for every input: out is the points' own rows or shares no memory. The
    # library copies the polygon first, but its contract names only `in` as out's alias.
    inputs = [(a, "points")] + ([(r.keep, "region")] if r.keep is not None else [])
    o, dst, ostride = output_triples(out, n, inputs=inputs, alias=a, function=name)
    _triples_call(lambda *args: fn(r.c, *args), name, "wm_geodetic *", "wm_geodetic *", src, stride, o, dst, ostride,
                  n, workers, out is not None)
    return _shape_result(o, single)


_DATUM_DOC = """{what}. ``points``: (n, 3|2) rows (lat, lon[, h]) (heights pass through);
    ``region``: None / "china" (the China rectangle: identity outside), "everywhere", or a
    polygon (m, 2|3) of (lat, lon) vertices. Returns (n, 3), written into ``out`` when
    given: ``points`` itself (same rows, same stride) or memory neither ``points`` nor
    the polygon uses. ``workers`` as ``Frame.forward``'s, but with ``out`` as
    ``Frame.baseline_forward``'s (no check entry: a split call converts into a scratch
    array; ``out`` alone is one thread). {extra}Raises WaymarkError
    with first_bad (INVALID_VALUE without first_bad: ``out`` overlapping ``points``
    otherwise, or the polygon), TypeError (dtype, shape); nothing is written on error."""


def gcj02_from_wgs84(points: ArrayLike, region=None, out: Optional[np.ndarray] = None, *,
                     workers: Optional[int] = None) -> np.ndarray:
    return _datum(lib.wm_gcj02_from_wgs84, "wm_gcj02_from_wgs84", points, region, out, workers)


def wgs84_from_gcj02(points: ArrayLike, region=None, out: Optional[np.ndarray] = None, *,
                     workers: Optional[int] = None) -> np.ndarray:
    return _datum(lib.wm_wgs84_from_gcj02, "wm_wgs84_from_gcj02", points, region, out, workers)


def bd09_from_gcj02(points: ArrayLike, region=None, out: Optional[np.ndarray] = None, *,
                    workers: Optional[int] = None) -> np.ndarray:
    return _datum(lib.wm_bd09_from_gcj02, "wm_bd09_from_gcj02", points, region, out, workers)


def gcj02_from_bd09(points: ArrayLike, region=None, out: Optional[np.ndarray] = None, *,
                    workers: Optional[int] = None) -> np.ndarray:
    return _datum(lib.wm_gcj02_from_bd09, "wm_gcj02_from_bd09", points, region, out, workers)


def bd09_from_wgs84(points: ArrayLike, region=None, *, workers: Optional[int] = None) -> np.ndarray:
    """WGS-84 -> GCJ-02 -> BD-09 (two library calls; ``workers`` as ``Frame.forward``'s)."""
    return bd09_from_gcj02(gcj02_from_wgs84(points, region, workers=workers), region, workers=workers)


def wgs84_from_bd09(points: ArrayLike, region=None, *, workers: Optional[int] = None) -> np.ndarray:
    """BD-09 -> GCJ-02 -> WGS-84 (two library calls, exact inverses by iteration;
    ``workers`` as ``Frame.forward``'s)."""
    return wgs84_from_gcj02(gcj02_from_bd09(points, region, workers=workers), region, workers=workers)


gcj02_from_wgs84.__doc__ = _DATUM_DOC.format(what="WGS-84 -> GCJ-02 (the public algorithm, bit-identical to eviltransform)", extra="")
wgs84_from_gcj02.__doc__ = _DATUM_DOC.format(what="GCJ-02 -> WGS-84, the exact inverse by iteration (below 1 um)",
                                             extra="NO_CONVERGENCE for a point without an inverse. ")
bd09_from_gcj02.__doc__ = _DATUM_DOC.format(what="GCJ-02 -> BD-09 (Baidu)", extra="")
gcj02_from_bd09.__doc__ = _DATUM_DOC.format(what="BD-09 -> GCJ-02, the exact inverse by iteration",
                                            extra="NO_CONVERGENCE for a point without an inverse. ")


# ---- geoid --------------------------------------------------------------------------

def geoid_undulation(points: ArrayLike, interpolation: str = "bilinear") -> np.ndarray:
    """EGM96 geoid undulation N (metres; h = H + N) at (n, 2|3) points (lat, lon): (n,).
    ``interpolation``: "bilinear" (PROJ's vgridshift) or "cubic" (NGA's). Needs
    egm96_15.gtx (Debian: proj-data): WaymarkError GRID_MISSING otherwise. Each call
    opens the grid (milliseconds): pass whole arrays."""
    modes = {name.lower(): value for name, value in _abi.ENUMS["WM_GEOID"].items()}
    if interpolation not in modes:
        raise ValueError(f"interpolation must be one of {sorted(modes)}")
    a, src, stride, n, single = triples(points, "points", allow_pairs=True)
    u = np.empty(n)
    fb = first_bad_cell()
    check(lib.wm_geoid_undulation_ex(ptr("wm_geodetic *", src), stride, ptr("double *", u.ctypes.data), n,
                                     modes[interpolation], fb), "wm_geoid_undulation_ex", fb)
    return u[0] if single else u


# ---- CRS transforms ------------------------------------------------------------------

class Transformer:
    """A PROJ transformation between two CRSs (``wm_transform``), axes normalised for
    visualisation: rows (x = longitude or easting, y = latitude or northing, z), degrees
    for geographic CRSs. ``from_crs``/``to_crs``: "EPSG:4326", PROJ strings, WKT.

    Each thread gets its own clone of the PROJ context (``wm_transform_clone``), so one
    Transformer may be shared between threads. Raises WaymarkError (PROJ: unknown CRS or
    no operation, with PROJ's message; GRID_MISSING naming the grid)."""

    def __init__(self, from_crs: str, to_crs: str, allow_paths: bool = False):
        out = ffi.new("wm_transform **")
        msg = ffi.new("char[512]")
        flags = _abi.WM_TRANSFORM_ALLOW_PATHS if allow_paths else 0
        if flags:
            status = lib.wm_transform_create_ex(from_crs.encode(), to_crs.encode(), flags, out)
            detail = ""
        else:
            status = lib.wm_transform_create_with_message(from_crs.encode(), to_crs.encode(), out, msg, 512)
            detail = ffi.string(msg).decode(errors="replace") if status else ""
        check(status, "wm_transform_create", detail=detail)
        self._origin = ffi.gc(out[0], lib.wm_transform_destroy)
        self._owner = threading.get_ident()
        self._local = threading.local()
        self.from_crs, self.to_crs = from_crs, to_crs

    def _handle(self):
        if threading.get_ident() == self._owner:
            return self._origin
        h = getattr(self._local, "handle", None)
        if h is None:
            out = ffi.new("wm_transform **")
            check(lib.wm_transform_clone(self._origin, out), "wm_transform_clone")
            h = self._local.handle = ffi.gc(out[0], lib.wm_transform_destroy)
        return h

    def transform(self, points: ArrayLike, out: Optional[np.ndarray] = None) -> np.ndarray:
        """(n, 3) rows (x, y, z) -> (n, 3), into ``out`` when given (as
        ``Frame.forward``'s: ``points`` itself or disjoint from it). Nothing is written
        unless every point transforms (WaymarkError INVALID_VALUE with first_bad;
        without first_bad for an ``out`` overlapping ``points`` otherwise). Releases
        the GIL."""
        a, src, stride, n, single = triples(points, "points", allow_pairs=True)
        o, dst, ostride = output_triples(out, n, inputs=[(a, "points")], alias=a, function="wm_transform_apply")
        fb = first_bad_cell()
        check(lib.wm_transform_apply(self._handle(), ptr("wm_vec3 *", src), stride, ptr("wm_vec3 *", dst), ostride, n, fb),
              "wm_transform_apply", fb)
        return _shape_result(o, single)

    def __repr__(self) -> str:
        return f"Transformer({self.from_crs!r}, {self.to_crs!r})"
