"""pymap3d's common conversions through libwaymark: ``import waymark.pymap3d as pm``.

The eight functions take pymap3d 3.x's arguments in its order with its defaults
(``ell=None`` is WGS-84, ``deg=True``), broadcast like numpy and return a tuple of
three arrays (floats for scalar inputs).

How each is computed (every geodetic step is a libwaymark call; nothing geodetic is
written in Python):

- geodetic <-> ENU: a ``wm_frame`` with ENU axes at (lat0, lon0, h0)
  (``wm_frame_init``, or ``wm_frame_init_ellipsoid`` for ``ell``), exact to round-off.
- geodetic <-> ECEF: the C ABI has no ECEF function of its own. These use the ENU frame
  at latitude 0, longitude 0, height 0, where east, north and up are exactly ECEF's
  +Y, +Z and +X and the origin is at ECEF (a, 0, 0): ECEF = (u + a, e, n). Exact to
  round-off (the one addition of a), at any height (the frame's reverse conversion is
  closed-form; PROJ's ``cart`` inverse drifts by centimetres thousands of km up).
- ECEF <-> ENU: ECEF -> geodetic (as above) then the observer's frame, and back.
- AER: ENU from the frame, then the elementary spherical angles azimuth =
  atan2(e, n) in [0, 360), elevation = atan2(u, hypot(e, n)), range = |enu| (numpy;
  the same expressions as pymap3d's ``enu2aer``/``aer2enu``).

Small calls: the frame of an observer is built once and kept (the last
``FRAME_CACHE_SIZE`` observers and ellipsoids, keyed by their exact bits), so a loop
calling ``geodetic2enu`` / ``enu2geodetic`` point by point from one observer makes one
C call per point. Scalar arguments go to C through one cffi struct, with no numpy
array; arrays are stacked once into the (n, 3) rows the C call converts in place. The
library checks the points (nothing is checked twice in Python). Results are the same
bits as ``Frame(lat0, lon0, h0).forward`` / ``reverse``.

Each also takes a keyword-only ``workers`` (not pymap3d's): big arrays are split over
the machine's cores as by ``Frame.forward`` without ``out`` (``workers=None``: every
core from ``waymark.PARALLEL_THRESHOLD`` points; ``workers=1``: one thread). The
buffers converted are this module's own temporaries, written in place.

Documented differences from pymap3d:

- ``enu2aer``'s 1 mm snap (pymap3d sets |e|, |n|, |u| < 1 mm to 0 before the angles)
  is not copied: azimuths of targets within a millimetre of the observer's vertical
  differ (both are arbitrary there).
- invalid input (NaN, |lat| > 90) raises ``waymark.WaymarkError`` (a ValueError)
  naming the first bad index, rather than returning NaN.
- ``ell`` is any object with ``semimajor_axis`` and ``flattening`` (pymap3d's
  ``Ellipsoid``), or an (a, f) tuple of exactly two numbers (TypeError otherwise).
"""
from __future__ import annotations

import struct
from typing import Any, Dict, Tuple

import numpy as np

from . import _parallel
from ._lib import SIZE_MAX, WaymarkError, ffi, lib, vector
from .core import Frame

__all__ = ["geodetic2enu", "enu2geodetic", "geodetic2ecef", "ecef2geodetic", "ecef2enu", "enu2ecef",
           "geodetic2aer", "aer2geodetic"]

_WGS84 = (6378137.0, 1 / 298.257223563)


def _ellipsoid(ell: Any) -> Tuple[float, float]:
    if ell is None:
        return _WGS84
    if isinstance(ell, tuple):
        a, f = vector(ell, "ell", (2,), "(a, f): two numbers, or an object with semimajor_axis and flattening")
        return float(a), float(f)
    return float(ell.semimajor_axis), float(ell.flattening)


#: How many observers' frames (origin and ellipsoid) are kept for the next calls.
FRAME_CACHE_SIZE = 16
# Keyed by the five doubles' bits: -0.0 and 0.0 are different origins to the library's
# round-off, and a NaN origin never makes a frame (wm_frame_init refuses it).
_frames: Dict[bytes, Frame] = {}
_key = struct.Struct("5d").pack


def _cached_frame(lat0: float, lon0: float, h0: float, a_f: Tuple[float, float]) -> Frame:
    """The ENU frame at (lat0, lon0, h0) on the ellipsoid (a, f), built at most once per
    observer among the last ``FRAME_CACHE_SIZE``. The frames are private to this module
    (never handed out, their estimate never set), so sharing them between calls and
    threads is the read-only use the C ABI allows. A refused origin raises and is not
    kept."""
    key = _key(lat0, lon0, h0, a_f[0], a_f[1])
    frame = _frames.get(key)
    if frame is None:
        frame = Frame(lat0, lon0, h0, "enu", None if a_f == _WGS84 else a_f)
        if len(_frames) >= FRAME_CACHE_SIZE:
            try:   # the oldest (dicts keep insertion order); another thread may race us here
                del _frames[next(iter(_frames))]
            except (KeyError, RuntimeError, StopIteration):
                pass
        _frames[key] = frame
    return frame


def _frame(lat0, lon0, h0, ell) -> Frame:
    return _cached_frame(float(lat0), float(lon0), float(h0), _ellipsoid(ell))


def _ecef_frame(ell) -> Tuple[Frame, float]:
    """The ENU frame at latitude 0, longitude 0, height 0 and its ellipsoid's a.

    There, east = +Y, north = +Z and up = +X of ECEF exactly (sin 0 = 0, cos 0 = 1), and
    the origin's ECEF position is (a, 0, 0): ECEF = (u + a, e, n). So geodetic <-> ECEF
    is the frame's exact forward / reverse conversion plus one addition of a (round-off
    of X's last bit, ~1e-9 m), with no formula of its own."""
    a_f = _ellipsoid(ell)
    return _cached_frame(0.0, 0.0, 0.0, a_f), a_f[0]


# The fast paths' C calls, with their struct types and the library's function names.
_CALLS = {
    "forward": (lib.wm_frame_forward, "wm_geodetic[]", "wm_vec3 *", "wm_frame_forward"),
    "reverse": (lib.wm_frame_reverse, "wm_vec3[]", "wm_geodetic *", "wm_frame_reverse"),
}
_SCALAR_TYPES = (float, int)     # np.float64 is a float; np.ndarray and lists are not


def _fast(a, b, c, lat0, lon0, h0, ell, method: str, workers):
    """``_local`` for a scalar observer with degrees, without its generality: None when
    the call is not of that kind (the caller then takes ``_local``).

    Scalars: one struct, converted in place by one C call, three floats back. Arrays:
    one (…, 3) float64 array stacked from the three (the only copy: C needs rows),
    converted in place, its three columns returned as views, as ``_local`` does. Only a
    batch ``workers`` would not split (``None`` below the threshold, or 1) is done here;
    the errors are the C call's (WaymarkError, first_bad the flattened index)."""
    if not (isinstance(lat0, _SCALAR_TYPES) and isinstance(lon0, _SCALAR_TYPES) and isinstance(h0, _SCALAR_TYPES)):
        return None
    fn, in_type, out_type, name = _CALLS[method]
    frame = _cached_frame(float(lat0), float(lon0), float(h0), _WGS84 if ell is None else _ellipsoid(ell))
    if isinstance(a, _SCALAR_TYPES) and isinstance(b, _SCALAR_TYPES) and isinstance(c, _SCALAR_TYPES):
        if workers is not None:
            _parallel.resolve_workers(workers, 1, name)     # its TypeError / ValueError, as _local's
        cell = ffi.new(in_type, [(a, b, c)])
        fb = ffi.new("size_t *", SIZE_MAX)
        status = fn(frame._frame, cell, 24, ffi.cast(out_type, cell), 24, 1, fb)
        if status:
            raise WaymarkError(status, name, None if fb[0] == SIZE_MAX else int(fb[0]))
        r = ffi.cast("double *", cell)
        return r[0], r[1], r[2]
    if not (workers is None or (type(workers) is int and workers == 1)):
        return None
    arrays = [np.asarray(v, dtype=np.float64) for v in (a, b, c)]
    shape = arrays[0].shape
    if arrays[1].shape != shape or arrays[2].shape != shape:
        shape = np.broadcast_shapes(shape, arrays[1].shape, arrays[2].shape)
    pts = np.empty(shape + (3,))
    n = pts.size // 3
    if workers is None and _parallel.resolve_workers(None, n, name) > 1:
        return None
    pts[..., 0] = arrays[0]
    pts[..., 1] = arrays[1]
    pts[..., 2] = arrays[2]
    if n:
        buf = ffi.from_buffer(in_type, pts, require_writable=True)
        fb = ffi.new("size_t *", SIZE_MAX)
        status = fn(frame._frame, buf, 24, ffi.cast(out_type, buf), 24, n, fb)
        if status:
            raise WaymarkError(status, name, None if fb[0] == SIZE_MAX else int(fb[0]))
    if not shape:       # numpy scalars: floats, as for Python numbers
        return float(pts[0]), float(pts[1]), float(pts[2])
    return pts[..., 0], pts[..., 1], pts[..., 2]


def _geodetic_to_ecef(pts: np.ndarray, ell, workers=None) -> np.ndarray:
    """(n, 3) lat, lon, h (degrees) -> (n, 3) ECEF, in place."""
    frame, a = _ecef_frame(ell)
    frame._forward(pts, pts, workers, guard=False)          # (e, n, u) at (0, 0, 0)
    e, n = pts[:, 0].copy(), pts[:, 1].copy()
    pts[:, 0] = pts[:, 2] + a
    pts[:, 1] = e
    pts[:, 2] = n
    return pts


def _ecef_to_geodetic(pts: np.ndarray, ell, workers=None) -> np.ndarray:
    """(n, 3) ECEF -> (n, 3) lat, lon, h (degrees), in place."""
    frame, a = _ecef_frame(ell)
    x = pts[:, 0].copy()
    pts[:, 0] = pts[:, 1]
    pts[:, 1] = pts[:, 2]
    pts[:, 2] = x - a
    return frame._reverse(pts, pts, workers, guard=False)


def _stack(a, b, c, deg_angles: Tuple[bool, bool, bool] = (False, False, False), deg: bool = True, shape=None):
    """(n, 3) float64 of the broadcast inputs, their shape, and whether all were scalars."""
    arrays = [np.asarray(v, dtype=np.float64) for v in (a, b, c)]
    scalar = all(v.ndim == 0 for v in arrays)
    if shape is None:
        shape = np.broadcast_shapes(*(v.shape for v in arrays))
    out = np.empty(tuple(shape) + (3,))
    for i, v in enumerate(arrays):
        out[..., i] = np.degrees(v) if (deg_angles[i] and not deg) else v
    return out.reshape(-1, 3), tuple(shape), scalar


def _split(points: np.ndarray, shape, scalar, deg_angles=(False, False, False), deg=True):
    cols = []
    for i in range(3):
        col = points[:, i]
        if deg_angles[i] and not deg:
            col = np.radians(col)
        cols.append(float(col[0]) if scalar else col.reshape(shape))
    return tuple(cols)


def _local(a, b, c, lat0, lon0, h0, ell, deg, in_angles, out_angles, method, workers):
    """A frame conversion (``method``: "forward" or "reverse") of broadcast inputs; one
    frame for a scalar observer, one per distinct observer otherwise."""
    o = [np.asarray(v, dtype=np.float64) for v in (lat0, lon0, h0)]
    if all(v.ndim == 0 for v in o):
        pts, shape, scalar = _stack(a, b, c, in_angles, deg)
        lat0d, lon0d = (float(o[0]), float(o[1])) if deg else (float(np.degrees(o[0])), float(np.degrees(o[1])))
        frame = _frame(lat0d, lon0d, float(o[2]), ell)
        res = getattr(frame, "_" + method)(pts, pts, workers, guard=False)
        return _split(res, shape, scalar, out_angles, deg)
    shape = np.broadcast_shapes(*(np.shape(v) for v in (a, b, c)), *(v.shape for v in o))
    pts, shape, _ = _stack(a, b, c, in_angles, deg, shape)
    origins = np.stack([np.broadcast_to(v, shape) for v in o], axis=-1).reshape(-1, 3)
    if not deg:
        origins[:, :2] = np.degrees(origins[:, :2])
    res = np.empty_like(pts)
    uniq, inverse = np.unique(origins, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    for k, org in enumerate(uniq):
        idx = np.nonzero(inverse == k)[0]
        res[idx] = getattr(_frame(*org, ell), "_" + method)(np.ascontiguousarray(pts[idx]), None, workers, guard=False)
    return _split(res, shape, False, out_angles, deg)


def geodetic2enu(lat, lon, h, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """Geodetic (lat, lon, h) -> local East, North, Up (metres) at the observer
    (lat0, lon0, h0). Angles in degrees (radians with deg=False); heights above the
    ellipsoid ``ell`` (None: WGS-84). Returns (e, n, u)."""
    if deg:
        r = _fast(lat, lon, h, lat0, lon0, h0, ell, "forward", workers)
        if r is not None:
            return r
    return _local(lat, lon, h, lat0, lon0, h0, ell, deg, (True, True, False), (False, False, False), "forward",
                  workers)


def enu2geodetic(e, n, u, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """Local East, North, Up (metres) at the observer (lat0, lon0, h0) -> geodetic
    (lat, lon, h). Returns (lat, lon, h); longitudes in [-180, 180)."""
    if deg:
        r = _fast(e, n, u, lat0, lon0, h0, ell, "reverse", workers)
        if r is not None:
            return r
    return _local(e, n, u, lat0, lon0, h0, ell, deg, (False, False, False), (True, True, False), "reverse",
                  workers)


def geodetic2ecef(lat, lon, alt, ell=None, deg: bool = True, *, workers=None):
    """Geodetic (lat, lon, alt) -> Earth-centred Earth-fixed (x, y, z), metres."""
    pts, shape, scalar = _stack(lat, lon, alt, (True, True, False), deg)
    return _split(_geodetic_to_ecef(pts, ell, workers), shape, scalar)


def ecef2geodetic(x, y, z, ell=None, deg: bool = True, *, workers=None):
    """ECEF (x, y, z), metres -> geodetic (lat, lon, alt); longitudes in [-180, 180)."""
    pts, shape, scalar = _stack(x, y, z)
    return _split(_ecef_to_geodetic(pts, ell, workers), shape, scalar, (True, True, False), deg)


def ecef2enu(x, y, z, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """ECEF (x, y, z) -> East, North, Up at the observer (lat0, lon0, h0), metres."""
    lat, lon, h = ecef2geodetic(x, y, z, ell, deg=True, workers=workers)
    if not deg:
        lat0, lon0 = np.degrees(lat0), np.degrees(lon0)
    return geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=True, workers=workers)


def enu2ecef(e1, n1, u1, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """East, North, Up at the observer (lat0, lon0, h0) -> ECEF (x, y, z), metres."""
    if not deg:
        lat0, lon0 = np.degrees(lat0), np.degrees(lon0)
    lat, lon, h = enu2geodetic(e1, n1, u1, lat0, lon0, h0, ell, deg=True, workers=workers)
    return geodetic2ecef(lat, lon, h, ell, deg=True, workers=workers)


def _enu2aer(e, n, u, deg):
    r = np.hypot(e, n)
    srange = np.hypot(r, u)
    el = np.arctan2(u, r)
    az = np.arctan2(e, n) % (2 * np.pi)
    if deg:
        az, el = np.degrees(az), np.degrees(el)
    return az, el, srange


def geodetic2aer(lat, lon, h, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """Geodetic target -> azimuth (clockwise from north, [0, 360)), elevation above the
    observer's horizon and slant range (metres) from the observer (lat0, lon0, h0)."""
    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg, workers=workers)
    az, el, srange = _enu2aer(e, n, u, deg)
    if np.ndim(az) == 0:
        return float(az), float(el), float(srange)
    return az, el, srange


def aer2geodetic(az, el, srange, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """Azimuth, elevation, slant range (metres) from the observer (lat0, lon0, h0) ->
    geodetic (lat, lon, alt). Raises ValueError for a negative range (as pymap3d)."""
    az, el, srange = (np.asarray(v, dtype=np.float64) for v in (az, el, srange))
    if (srange < 0).any():
        raise ValueError("Slant range  [0, Infinity)")
    if deg:
        az, el = np.radians(az), np.radians(el)
    r = srange * np.cos(el)
    return enu2geodetic(r * np.sin(az), r * np.cos(az), srange * np.sin(el), lat0, lon0, h0, ell, deg, workers=workers)
