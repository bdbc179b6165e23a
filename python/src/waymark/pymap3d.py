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

from typing import Any, Tuple

import numpy as np

from ._lib import vector
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


def _frame(lat0, lon0, h0, ell) -> Frame:
    a_f = _ellipsoid(ell)
    return Frame(float(lat0), float(lon0), float(h0), "enu", None if a_f == _WGS84 else a_f)


def _ecef_frame(ell) -> Tuple[Frame, float]:
    """The ENU frame at latitude 0, longitude 0, height 0 and its ellipsoid's a.

    There, east = +Y, north = +Z and up = +X of ECEF exactly (sin 0 = 0, cos 0 = 1), and
    the origin's ECEF position is (a, 0, 0): ECEF = (u + a, e, n). So geodetic <-> ECEF
    is the frame's exact forward / reverse conversion plus one addition of a (round-off
    of X's last bit, ~1e-9 m), with no formula of its own."""
    a_f = _ellipsoid(ell)
    return Frame(0.0, 0.0, 0.0, "enu", None if a_f == _WGS84 else a_f), a_f[0]


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
    return _local(lat, lon, h, lat0, lon0, h0, ell, deg, (True, True, False), (False, False, False), "forward",
                  workers)


def enu2geodetic(e, n, u, lat0, lon0, h0, ell=None, deg: bool = True, *, workers=None):
    """Local East, North, Up (metres) at the observer (lat0, lon0, h0) -> geodetic
    (lat, lon, h). Returns (lat, lon, h); longitudes in [-180, 180)."""
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
