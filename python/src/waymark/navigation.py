"""The route, the AR navigator and field-log replay, through libwaymark's handles
(``wm_route``, ``wm_navigator``).

Scene axes default to "eus" (ARKit, ARCore: x east, y up, z south), as the navigator's.
"""
from __future__ import annotations

import csv
import math
import os
import warnings
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _abi
from ._lib import SIZE_MAX, WaymarkError, _real_array, check, ffi, first_bad_cell, lib, ptr, triples, vector
from .core import axes_code
from .readers import ReadError as LogError   # the field-log name of the readers' error
from .readers import read_log_rows

ARROW_DTYPE = np.dtype([("position", np.float64, (3,)), ("yaw_deg", np.float64), ("distance_along_m", np.float64)])
LEG_DTYPE = np.dtype([("start", np.float64, (3,)), ("end", np.float64, (3,)), ("yaw_deg", np.float64),
                      ("turn_deg", np.float64)])
assert ARROW_DTYPE.itemsize == ffi.sizeof("wm_arrow") and LEG_DTYPE.itemsize == ffi.sizeof("wm_arrow_leg")

# "seed" and "seed-best" are the deprecated earlier names of "pairwise" and
# "most-accurate" (removed at 1.0).
ESTIMATORS = {"filter": _abi.WM_ESTIMATOR_FILTER, "robust": _abi.WM_ESTIMATOR_ROBUST,
              "pairwise": _abi.WM_ESTIMATOR_PAIRWISE, "seed": _abi.WM_ESTIMATOR_PAIRWISE}
ALIGNMENTS = {name.lower().replace("_", "-"): value for name, value in _abi.ENUMS["WM_ALIGNMENT"].items()}
HEIGHTS = {name.lower(): value for name, value in _abi.ENUMS["WM_HEIGHTS"].items()}
ANCHORS = {"fitted": _abi.WM_ANCHOR_FITTED, "most-accurate": _abi.WM_ANCHOR_MOST_ACCURATE,
           "seed-best": _abi.WM_ANCHOR_MOST_ACCURATE, "fused": _abi.WM_ANCHOR_FUSED}
TRACKING = {name.lower(): value for name, value in _abi.ENUMS["WM_TRACKING"].items()}


def _names_by_value(family: str) -> Tuple[str, ...]:
    """The lower-case names of a family of the header whose values are 0, 1, 2, ...:
    indexed by the value a result field holds."""
    members = _abi.ENUMS[family]
    assert sorted(members.values()) == list(range(len(members))), f"{family} is not numbered 0, 1, 2, ..."
    return tuple(name.lower() for name, _ in sorted(members.items(), key=lambda item: item[1]))


CORRECTION_STATES = _names_by_value("WM_CORRECTION")
CORRECTION_SOURCES = _names_by_value("WM_SOURCE")
ROUTE_EVIDENCE = _names_by_value("WM_ROUTE_EVIDENCE")


def _arrays_from(buf, count: int, dtype: np.dtype) -> np.ndarray:
    if count == 0:
        return np.empty(0, dtype=dtype)
    return np.frombuffer(ffi.buffer(buf, count * dtype.itemsize), dtype=dtype).copy()


def _vec3(v, name: str) -> "ffi.CData":
    a = vector(v, name, (3,), "three numbers (x, y, z)")
    return ffi.new("wm_vec3 *", (float(a[0]), float(a[1]), float(a[2])))[0]


def _mat4f(m, name: str) -> "ffi.CData":
    a = _real_array(m, name)
    if a.shape != (4, 4):
        raise TypeError(f"{name}: expected a (4, 4) matrix of numbers, got shape {a.shape}")
    out = ffi.new("wm_mat4f *")
    # Column-major: element (r, c) at 4c + r.
    ffi.memmove(out.m, np.ascontiguousarray(a.T, dtype=np.float32).tobytes(), 64)
    return out


class Route:
    """A route in scene coordinates (``wm_route``): (n, 3) scene metres (convert
    geographic points with ``Frame.forward``), 1 <= n <= 2^24, copied once."""

    def __init__(self, scene_points, axes: Union[str, int] = "eus"):
        a, src, stride, n, _ = triples(scene_points, "scene_points")
        out = ffi.new("wm_route **")
        check(lib.wm_route_create(ptr("wm_vec3 *", src), stride, n, axes_code(axes), out), "wm_route_create")
        self._route = ffi.gc(out[0], lib.wm_route_destroy)

    def project(self, user) -> Dict[str, Any]:
        """The closest route point (horizontally) to ``user`` (scene x, y, z: exactly
        three numbers, else TypeError): a dict with segment, fraction, point (3,),
        distance_along_m, offset_m, remaining_m."""
        p = ffi.new("wm_route_position *")
        check(lib.wm_route_project(self._route, _vec3(user, "user"), p), "wm_route_project")
        self._last = p
        return {"segment": p.segment, "fraction": p.fraction, "point": np.array([p.point.x, p.point.y, p.point.z]),
                "distance_along_m": p.distance_along_m, "offset_m": p.offset_m, "remaining_m": p.remaining_m,
                "_c": p}

    def arrows(self, position: Dict[str, Any], spacing_m: float = 3.0, ahead_m: float = 100.0) -> np.ndarray:
        """Arrows at along-route distances k * spacing_m within [position's distance,
        + ahead_m]: a structured array (position (3,), yaw_deg, distance_along_m)."""
        count = ffi.new("size_t *")
        # Count first (capacity 0 answers BAD_COUNT with the count when arrows exist).
        status = lib.wm_route_arrows(self._route, position["_c"], float(spacing_m), float(ahead_m), ffi.NULL, 0, count)
        if status not in (_abi.WM_OK, _abi.WM_ERROR_BAD_COUNT, _abi.WM_ERROR_NULL_POINTER):
            check(status, "wm_route_arrows")
        n = count[0]
        buf = ffi.new("wm_arrow[]", max(n, 1))
        check(lib.wm_route_arrows(self._route, position["_c"], float(spacing_m), float(ahead_m), buf, n, count),
              "wm_route_arrows")
        return _arrays_from(buf, count[0], ARROW_DTYPE)

    def legs(self, from_m: float, to_m: float) -> np.ndarray:
        """The route's legs between two along-route distances: structured array
        (start (3,), end (3,), yaw_deg, turn_deg: positive = right)."""
        count = ffi.new("size_t *")
        status = lib.wm_route_legs(self._route, float(from_m), float(to_m), ffi.NULL, 0, count)
        if status not in (_abi.WM_OK, _abi.WM_ERROR_BAD_COUNT, _abi.WM_ERROR_NULL_POINTER):
            check(status, "wm_route_legs")
        n = count[0]
        buf = ffi.new("wm_arrow_leg[]", max(n, 1))
        check(lib.wm_route_legs(self._route, float(from_m), float(to_m), buf, n, count), "wm_route_legs")
        return _arrays_from(buf, count[0], LEG_DTYPE)


def navigator_config(**settings) -> "ffi.CData":
    """A ``wm_navigator_config`` with the library's defaults, then ``settings``: any
    field by name (``arrow_spacing_m=2``), and the selectors by name: estimator
    ("filter", "robust", "pairwise"; "seed" is its deprecated name), alignment
    ("gravity-and-heading", "gravity"), heights ("ellipsoidal", "orthometric", "none"),
    anchor ("fitted", "most-accurate", "fused"; "seed-best" is the deprecated name of
    "most-accurate"), axes ("eus", "eun", "enu"); route_evidence True or False (the
    route as evidence of where the user is), route_offset_sigma_m,
    route_offset_distance_m, route_side_offset_m (where each side of the street lies
    from the centre line: the sides are told apart from the fixes),
    velocity_correlated_share, velocity_correlation_s."""
    c = ffi.new("wm_navigator_config *")
    # The whole struct as this header lays it out (wm_navigator_config_default fills the
    # 0.3 layout only, for callers built against it).
    check(lib.wm_navigator_config_init(c, ffi.sizeof("wm_navigator_config")), "wm_navigator_config_init")
    names = {"estimator": ESTIMATORS, "alignment": ALIGNMENTS, "heights": HEIGHTS, "anchor": ANCHORS}
    fields = {f for f, _ in ffi.typeof("wm_navigator_config").fields}
    for key, value in settings.items():
        if key not in fields or key == "size" or key.startswith("reserved"):
            raise TypeError(f"unknown navigator setting {key!r}")
        if key in names and isinstance(value, str):
            try:
                value = names[key][value]
            except KeyError:
                raise ValueError(f"{key} must be one of {sorted(names[key])}, got {value!r}") from None
        elif key == "axes":
            value = axes_code(value)
        elif key == "route_evidence" and isinstance(value, bool):
            value = int(value)
        setattr(c, key, value)
    return c


def _config_problems(config) -> List[Tuple[str, str]]:
    """The fields of a config wm_navigator_create refused with INVALID_VALUE, found with
    the library's own rules (none copied here): each field that differs from the
    default is tried alone on the defaults, on a two-point route; when none fails alone
    (a combination, such as finish_min_pt above finish_max_pt), each is put back to its
    default in a copy of the config instead. [(name, "name = value")]."""
    size = ffi.sizeof("wm_navigator_config")
    if config.size not in (size, _abi.WM_NAVIGATOR_CONFIG_SIZE_0_3):
        return [("size", f"size = {config.size} (WM_NAVIGATOR_CONFIG_SIZE or WM_NAVIGATOR_CONFIG_SIZE_0_3)")]
    default = ffi.new("wm_navigator_config *")
    lib.wm_navigator_config_init(default, config.size)
    route = ffi.new("wm_geodetic[2]", [(55.7339, 37.5886, 0.0), (55.7352473, 37.5886, 0.0)])
    names = [f for f, _ in ffi.typeof("wm_navigator_config").fields
             if f != "size" and not f.startswith("reserved") and ffi.offsetof("wm_navigator_config", f) < config.size]
    changed = [f for f in names if getattr(config, f) != getattr(default, f)
               and not (isinstance(getattr(config, f), float) and math.isnan(getattr(config, f))
                        and math.isnan(getattr(default, f)))]

    def accepted(trial) -> bool:
        out = ffi.new("wm_navigator **")
        if lib.wm_navigator_create(trial, route, ffi.sizeof("wm_geodetic"), 2, out, ffi.NULL) != _abi.WM_OK:
            return False
        lib.wm_navigator_destroy(out[0])
        return True

    def copy(source):
        trial = ffi.new("wm_navigator_config *")
        ffi.memmove(trial, source, size)
        return trial

    alone = []
    for f in changed:
        trial = copy(default)
        setattr(trial, f, getattr(config, f))
        if not accepted(trial):
            alone.append(f)
    if not alone:
        for f in changed:
            trial = copy(config)
            setattr(trial, f, getattr(default, f))
            if accepted(trial):
                alone.append(f)
    return [(f, f"{f} = {getattr(config, f)!r} (default {getattr(default, f)!r})") for f in alone]


def _fix_problems(f, velocity=None) -> List[Tuple[str, str]]:
    """The fields of a fix wm_navigator_add_fix refused with INVALID_VALUE that break its
    documented rules (asked only after the library refused, so nothing is refused here
    that the library would take). [(name, "name = value (rule)")]."""
    def bad(x, limit=None) -> bool:
        return not math.isfinite(x) or (limit is not None and abs(x) > limit)
    p = f.position
    out = []
    if bad(p.lat_deg, 90.0):
        out.append(("lat", f"lat = {p.lat_deg!r} (finite, |lat| <= 90)"))
    if bad(p.lon_deg):
        out.append(("lon", f"lon = {p.lon_deg!r} (finite)"))
    if f.has_height and bad(p.height_m):
        out.append(("h", f"h = {p.height_m!r} (finite, or None)"))
    if bad(f.horizontal_accuracy_m, 1e12) or f.horizontal_accuracy_m <= 0:
        out.append(("accuracy_m", f"accuracy_m = {f.horizontal_accuracy_m!r} (> 0 and finite)"))
    if f.has_height and (bad(f.vertical_accuracy_m, 1e12) or f.vertical_accuracy_m <= 0):
        out.append(("vertical_accuracy_m", f"vertical_accuracy_m = {f.vertical_accuracy_m!r} (> 0 and finite when h is given)"))
    if bad(f.time_s):
        out.append(("time_s", f"time_s = {f.time_s!r} (finite)"))
    scene = (f.scene_position.x, f.scene_position.y, f.scene_position.z)
    if any(bad(v, 1e12) for v in scene):
        out.append(("scene_position", f"scene_position = {scene!r} (finite, within 1e12)"))
    if velocity is not None:
        for name, c in (("course", "course_deg"), ("course_accuracy", "course_accuracy_deg"), ("speed", "speed_mps"),
                        ("speed_accuracy", "speed_accuracy_mps")):
            if bad(getattr(velocity, c)):
                out.append((name, f"{name} = {getattr(velocity, c)!r} (a number; None or -1 for none)"))
    return out


def _refused(status: int, function: str, problems: List[Tuple[str, str]], first_bad=None) -> WaymarkError:
    index = None
    if first_bad is not None and first_bad[0] != SIZE_MAX:
        index = int(first_bad[0])
    return WaymarkError(status, function, index, "; ".join(text for _, text in problems),
                        fields=tuple(name for name, _ in problems))


def config_dict(c) -> Dict[str, Any]:
    return {f: getattr(c, f) for f, _ in ffi.typeof("wm_navigator_config").fields}


class Navigator:
    """The AR navigator (``wm_navigator``) along a geographic route.

    Args:
        route: (n, 3) rows (lat, lon, h) or (n, 2) (then pass heights="none"), n >= 2.
        config: a ``navigator_config(...)`` or None; ``settings`` as navigator_config's.

    Raises WaymarkError (INVALID_VALUE with first_bad for a bad route point; GRID_MISSING
    for heights="orthometric" without egm96_15.gtx). One thread at a time per navigator.
    """

    def __init__(self, route, config=None, **settings):
        if config is None:
            config = navigator_config(**settings)
        elif settings:
            raise TypeError("pass either config or settings")
        self.config = config
        a, src, stride, n, _ = triples(route, "route", allow_pairs=True)
        out = ffi.new("wm_navigator **")
        fb = first_bad_cell()
        status = lib.wm_navigator_create(config, ptr("wm_geodetic *", src), stride, n, out, fb)
        if status == _abi.WM_ERROR_INVALID_VALUE and fb[0] == SIZE_MAX:
            raise _refused(status, "wm_navigator_create", _config_problems(config), fb)   # which setting
        check(status, "wm_navigator_create", fb)
        self._nav = ffi.gc(out[0], lib.wm_navigator_destroy)
        self.arrow_capacity = int(lib.wm_navigator_arrow_capacity(config))
        self._fix = ffi.new("wm_fix *")
        self._velocity = ffi.new("wm_gps_velocity *")
        self._reading = ffi.new("wm_compass_reading *")
        self._camera = ffi.new("wm_camera *")
        self._result = ffi.new("wm_navigator_result *")
        self._arrows = ffi.new("wm_arrow[]", max(self.arrow_capacity, 1))
        self._count = ffi.new("size_t *")

    def add_fix(self, lat: float, lon: float, h: Optional[float], accuracy_m: float, time_s: float, scene_position,
                vertical_accuracy_m: Optional[float] = None, course: Optional[float] = None,
                course_accuracy: Optional[float] = None, speed: Optional[float] = None,
                speed_accuracy: Optional[float] = None) -> None:
        """Feeds a location fix (degrees; ``h`` ellipsoidal metres or None; horizontal
        accuracy > 0, metres; the caller's clock, seconds) and the device's scene
        position (x, y, z) when it was taken, with the GPS velocity measured with it
        when the phone gives one (``wm_navigator_add_fix_velocity``): ``course``
        degrees clockwise from true north, ``course_accuracy`` its 1-sigma in (0, 180],
        ``speed`` m/s in [0, 1000], ``speed_accuracy`` its 1-sigma, m/s. None, or a
        value out of range (a phone's -1), is none; the velocity is used when all four
        are given. Raises WaymarkError (INVALID_VALUE, NaN or infinite velocity values
        included), TypeError for a scene_position that is not exactly three numbers."""
        f = self._fix
        f.position.lat_deg, f.position.lon_deg = lat, lon
        f.position.height_m = 0.0 if h is None else h
        f.has_height = 0 if h is None else 1
        f.horizontal_accuracy_m = accuracy_m
        f.vertical_accuracy_m = accuracy_m if vertical_accuracy_m is None else vertical_accuracy_m
        f.time_s = time_s
        f.scene_position = _vec3(scene_position, "scene_position")
        velocity = (course, course_accuracy, speed, speed_accuracy)
        if all(v is None for v in velocity):
            status = lib.wm_navigator_add_fix(self._nav, f)
            if status == _abi.WM_ERROR_INVALID_VALUE:
                raise _refused(status, "wm_navigator_add_fix", _fix_problems(f))   # which field
            check(status, "wm_navigator_add_fix")
            return
        v = self._velocity
        v.size = ffi.sizeof("wm_gps_velocity")
        v.reserved_ = 0
        v.course_deg, v.course_accuracy_deg, v.speed_mps, v.speed_accuracy_mps = (
            -1.0 if x is None else float(x) for x in velocity)
        status = lib.wm_navigator_add_fix_velocity(self._nav, f, v)
        if status == _abi.WM_ERROR_INVALID_VALUE:
            raise _refused(status, "wm_navigator_add_fix_velocity", _fix_problems(f, v))
        check(status, "wm_navigator_add_fix_velocity")

    def add_heading(self, true_heading_deg: float, accuracy_deg: float, time_s: float, camera) -> None:
        """Feeds a compass reading: the true heading of the camera's viewing direction
        (degrees clockwise from true north), its 1-sigma in (0, 180], and the camera ->
        scene transform (4, 4) when it was read."""
        r = self._reading
        r.size = ffi.sizeof("wm_compass_reading")
        r.reserved_ = 0
        r.time_s, r.true_heading_deg, r.accuracy_deg = time_s, true_heading_deg, accuracy_deg
        r.camera = _mat4f(camera, "camera")[0]
        check(lib.wm_navigator_add_heading(self._nav, r), "wm_navigator_add_heading")

    def tracking(self, state: Union[str, int], time_s: float) -> None:
        """The AR session's tracking state: "normal", "limited" or "reset"."""
        code = TRACKING[state] if isinstance(state, str) else int(state)
        check(lib.wm_navigator_tracking(self._nav, float(time_s), code), "wm_navigator_tracking")

    def _update(self, time_s: float, camera, projection, viewport, ground_height_m):
        c = self._camera
        if not isinstance(camera, ffi.CData):
            camera = _mat4f(camera, "camera")[0]
        if not isinstance(projection, ffi.CData):
            projection = _mat4f(projection, "projection")[0]
        c.transform, c.projection = camera, projection
        c.viewport.x, c.viewport.y, c.viewport.width, c.viewport.height = viewport
        c.has_ground = 0 if ground_height_m is None else 1
        c.ground_height_m = 0.0 if ground_height_m is None else ground_height_m
        self._result.size = ffi.sizeof("wm_navigator_result")
        check(lib.wm_navigator_update(self._nav, time_s, c, self._result, self._arrows, self.arrow_capacity, self._count),
              "wm_navigator_update")
        return self._result

    def update(self, time_s: float, camera, projection, viewport=None,
               ground_height_m: Optional[float] = None) -> Dict[str, Any]:
        """One rendered frame. ``camera``: camera -> scene (4, 4) (ARKit's
        camera.transform), ``projection``: camera -> clip (4, 4), ``viewport``: (x, y,
        width, height) in points. Returns every field of ``wm_navigator_result`` (NaN:
        not available yet), the states by name, and ``arrows`` (structured array,
        nearest first); ``route_evidence`` is "disabled", "on" or "off".

        Raises TypeError, before the navigator sees the frame, for a viewport that is
        not exactly four numbers or a matrix that is not (4, 4); WaymarkError for
        values the navigator refuses. A missing viewport is deprecated (a
        DeprecationWarning; the JavaScript package refuses one): it stands for a
        390 x 844 pt phone screen, which no other screen is, and will be required."""
        if viewport is None:
            warnings.warn("Navigator.update without a viewport is deprecated: pass (x, y, width, height) in points "
                          "(a 390 x 844 phone screen is assumed)", DeprecationWarning, stacklevel=2)
            viewport = (0.0, 0.0, 390.0, 844.0)
        vp = vector(viewport, "viewport", (4,), "(x, y, width, height): four numbers")
        r = self._update(float(time_s), camera, projection, tuple(float(v) for v in vp), ground_height_m)
        out: Dict[str, Any] = {}
        for name, _ in ffi.typeof("wm_navigator_result").fields:
            if name == "size" or name.startswith("reserved"):
                continue
            # Plain values only: a struct field read from cffi is a view into
            # self._result, which the next update overwrites.
            out[name] = _plain(getattr(r, name))
        out["correction_state"] = CORRECTION_STATES[r.correction_state]
        out["correction_source"] = CORRECTION_SOURCES[r.correction_source]
        out["route_evidence"] = ROUTE_EVIDENCE[r.route_evidence]
        out["arrows"] = _arrays_from(self._arrows, self._count[0], ARROW_DTYPE)
        return out

    def legs(self, index: int) -> np.ndarray:
        """The animation legs of arrow ``index`` of the last update."""
        count = ffi.new("size_t *")
        status = lib.wm_navigator_legs(self._nav, index, ffi.NULL, 0, count)
        if status not in (_abi.WM_OK, _abi.WM_ERROR_BAD_COUNT, _abi.WM_ERROR_NULL_POINTER):
            check(status, "wm_navigator_legs")
        buf = ffi.new("wm_arrow_leg[]", max(count[0], 1))
        check(lib.wm_navigator_legs(self._nav, index, buf, count[0], count), "wm_navigator_legs")
        return _arrays_from(buf, count[0], LEG_DTYPE)


def _plain(value: Any) -> Any:
    """A cffi value copied out as Python values: a struct (``wm_geodetic``, ``wm_vec3``)
    as the tuple of its fields in order, an array as a tuple; numbers as they are."""
    if isinstance(value, ffi.CData):
        kind = ffi.typeof(value).kind
        if kind == "struct":
            return tuple(_plain(getattr(value, f)) for f, _ in ffi.typeof(value).fields)
        if kind == "array":
            return tuple(_plain(x) for x in value)
        raise TypeError(f"no plain value for a cffi {kind}")
    return value


# ---- camera poses (the field log's yaw, pitch, roll) ----------------------------------

def _matrix(values: "ffi.CData") -> np.ndarray:
    """16 doubles, column-major, as a (4, 4) array indexed [row, column]."""
    return np.frombuffer(ffi.buffer(values), dtype=np.float64).reshape(4, 4).T.copy()


def camera_transform(position, yaw_deg: float, pitch_deg: float = 0.0, roll_deg: float = 0.0,
                     axes: Union[str, int] = "eus") -> np.ndarray:
    """Camera -> scene (4, 4) in `axes` from a field log's pose (Waymark's CameraPose,
    ``wm_camera_pose_transform``): yaw clockwise from north, pitch above the horizon in
    [-90, 90], roll clockwise as the user sees the screen; the camera looks along its -Z
    with +Y up the screen. Raises WaymarkError (a ValueError) for non-finite values or a
    pitch beyond +-90, TypeError for a position that is not exactly three numbers."""
    out = ffi.new("double[16]")
    check(lib.wm_camera_pose_transform(_vec3(position, "position"), float(yaw_deg), float(pitch_deg), float(roll_deg),
                                       axes_code(axes), out), "wm_camera_pose_transform")
    return _matrix(out)


def perspective(fov_y_deg: float, aspect: float, near: float = 0.05, far: float = 10_000.0) -> np.ndarray:
    """The OpenGL-style perspective projection `waymark replay` uses (clip z in [-w, w]),
    ``wm_perspective``. Raises ValueError unless 0 < fov_y_deg < 180, aspect > 0 and
    0 < near < far."""
    if not (0 < fov_y_deg < 180 and aspect > 0 and 0 < near < far):
        raise ValueError("perspective: need 0 < fov_y_deg < 180, aspect > 0, 0 < near < far")
    out = ffi.new("double[16]")
    check(lib.wm_perspective(float(fov_y_deg), float(aspect), float(near), float(far), out), "wm_perspective")
    return _matrix(out)


# ---- field logs --------------------------------------------------------------------------

LOG_HEADER = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
LOG_EXTENDED_HEADER = LOG_HEADER + ",true_heading_deg,heading_accuracy_deg,tracking"

REPLAY_COLUMNS = ("t_s,progress_m,remaining_m,off_route_m,correction_deg,correction_sigma_deg,correction_state,lat,lon,"
                  "finish_x,finish_y,finish_z,finish_visible,finish_screen_x,finish_screen_y,finish_diameter_pt,hint_x,"
                  "hint_y,hint_turn_deg,label_roll_deg,arrow_count,first_arrow_along_m,first_arrow_x,first_arrow_y,"
                  "first_arrow_z,anchor_sigma_m,correction_source").split(",")
_STRING_COLUMNS = {"correction_state", "correction_source"}
REPLAY_DTYPE = np.dtype([(c, "U10" if c in _STRING_COLUMNS else ("i8" if c == "arrow_count" else "f8"))
                         for c in REPLAY_COLUMNS])


def _row_events(rows: np.ndarray) -> Iterator[Tuple]:
    """The tuples of ``read_log`` from ``read_log_rows``' array."""
    for r in rows:
        t = float(r["t_s"])
        event = r["event"]
        scene = (float(r["x"]), float(r["y"]), float(r["z"]))
        if event == "fix":
            h = float(r["h"])
            yield ("fix", t, float(r["lat"]), float(r["lon"]), None if math.isnan(h) else h, float(r["accuracy_m"]), scene)
        elif event == "frame":
            yield ("frame", t, scene, float(r["yaw_deg"]), float(r["pitch_deg"]), float(r["roll_deg"]))
        elif event == "heading":
            yield ("heading", t, scene, float(r["yaw_deg"]), float(r["pitch_deg"]), float(r["roll_deg"]),
                   float(r["true_heading_deg"]), float(r["heading_accuracy_deg"]))
        else:
            yield ("tracking", t, str(r["tracking"]))


def read_log(source) -> Iterator[Tuple]:
    """The events of a field log (`waymark replay`'s format, any of its three headers: a
    path, URL through fsspec, text file object, bytes or the log's text): tuples ("fix",
    t, lat, lon, h or None, accuracy, (x, y, z)), ("frame", t, (x, y, z), yaw, pitch,
    roll), ("heading", t, (x, y, z), yaw, pitch, roll, true_heading, accuracy),
    ("tracking", t, state). The library's reader (``wm_field_log_read``, the CLI's) checks
    every row first: raises LogError (``ReadError``: line, reason, as the CLI's exit 65
    says) before anything is yielded. A fix's velocity columns are in
    ``read_log_rows``."""
    return _row_events(read_log_rows(source))


def _open_text(source):
    if hasattr(source, "read"):
        return source, False
    path = os.fspath(source)
    if "://" in path:
        import fsspec  # optional: URLs (s3://, https://, ...)
        return fsspec.open(path, "r").open(), True
    return open(path, "r", newline=""), True


def read_route(source) -> Tuple[np.ndarray, bool]:
    """A route as `waymark replay --route` reads CSV rows lat,lon[,h] (a header line and
    blank lines skipped): ((n, 3) array, whether every row had a height)."""
    if isinstance(source, np.ndarray) or isinstance(source, (list, tuple)):
        a = np.asarray(source, dtype=np.float64)
        if a.ndim != 2 or a.shape[1] not in (2, 3):
            raise TypeError(f"route: expected shape (n, 2) or (n, 3), got {a.shape}")
        with_heights = a.shape[1] == 3
        if not with_heights:
            a = np.column_stack([a, np.zeros(len(a))])
        return np.ascontiguousarray(a), with_heights
    f, close = _open_text(source)
    try:
        rows: list = []
        heights = True
        for number, row in enumerate(csv.reader(f), 1):
            cells = [c.strip() for c in row]
            if not any(cells):
                continue
            try:
                values = [float(c) for c in cells]
            except ValueError:
                if not rows:
                    continue   # a header line
                raise LogError(number, f"not a route row: {','.join(cells)}") from None
            if len(values) not in (2, 3):
                raise LogError(number, f"expected lat,lon[,h], found {len(values)} fields")
            heights = heights and len(values) == 3
            rows.append(values + [0.0] * (3 - len(values)))
        return np.array(rows, dtype=np.float64).reshape(-1, 3), heights
    finally:
        if close:
            f.close()


def _replay(log, route, fov_deg=60.0, viewport=(390.0, 844.0), route_heights=None, estimator="filter",
            alignment=None, **settings):
    points, with_heights = read_route(route)
    if len(points) < 2:
        raise ValueError("the route needs at least two points")
    heights = route_heights or ("ellipsoidal" if with_heights else "none")
    if heights != "none" and not with_heights:
        raise ValueError(f"route_heights={heights!r} needs a height on every route row")
    if alignment is not None and estimator != "filter":
        raise ValueError("alignment is the filter's setting (estimator='filter')")
    cfg = dict(settings, estimator=estimator, heights=heights)
    if alignment is not None:
        cfg["alignment"] = alignment
    width, height = (float(v) for v in vector(viewport, "viewport", (2,), "(width, height): two numbers"))
    nav = Navigator(points, **cfg)
    projection = _mat4f(perspective(fov_deg, width / height), "projection")[0]
    vp = (0.0, 0.0, width, height)
    rows: List[tuple] = []
    off_route: List[int] = []
    log_rows = read_log_rows(log)
    for r, e in zip(log_rows, _row_events(log_rows)):
        kind = e[0]
        if kind == "fix":
            _, t, lat, lon, h, acc, scene = e

            def given(name):
                v = float(r[name])
                return None if math.isnan(v) else v
            nav.add_fix(lat, lon, h, acc, t, scene, course=given("course_deg"), course_accuracy=given("course_accuracy_deg"),
                        speed=given("speed_mps"), speed_accuracy=given("speed_accuracy_mps"))
        elif kind == "frame":
            _, t, scene, yaw, pitch, roll = e
            r = nav._update(t, _mat4f(camera_transform(scene, yaw, pitch, roll), "camera")[0], projection, vp, None)
            fin = not math.isnan(r.finish.x)
            a = nav._arrows[0] if nav._count[0] > 0 else None
            nan = math.nan
            rows.append((r.time_s, r.progress_m, r.remaining_m, r.off_route_m, r.correction_deg, r.correction_sigma_deg,
                         CORRECTION_STATES[r.correction_state], r.user.lat_deg, r.user.lon_deg,
                         r.finish.x, r.finish.y, r.finish.z, float(r.finish_visible) if fin else nan,
                         r.finish_screen_x, r.finish_screen_y, r.finish_diameter_pt, r.hint_x, r.hint_y, r.hint_turn_deg,
                         r.label_roll_deg, r.arrow_total,
                         a.distance_along_m if a is not None else nan, a.position.x if a is not None else nan,
                         a.position.y if a is not None else nan, a.position.z if a is not None else nan,
                         r.anchor_sigma_m, CORRECTION_SOURCES[r.correction_source]))
            off_route.append(r.off_route)
        elif kind == "heading":
            _, t, scene, yaw, pitch, roll, heading, acc = e
            nav.add_heading(heading, acc, t, camera_transform(scene, yaw, pitch, roll))
        else:
            nav.tracking(e[2], e[1])
    return np.array(rows, dtype=REPLAY_DTYPE), np.array(off_route, dtype=bool), nav


def replay(log, route, *, fov_deg: float = 60.0, viewport: Sequence[float] = (390.0, 844.0),
           route_heights: Optional[str] = None, estimator: str = "filter", alignment: Optional[str] = None,
           as_frame: bool = False, **settings):
    """Runs the navigator over a field log as `waymark replay` does (every fix to
    add_fix, every compass reading to add_heading, every tracking change to tracking,
    every frame to update) and returns one row per frame with `waymark replay`'s
    columns (``REPLAY_COLUMNS``): a numpy structured array, whatever is installed;
    ``as_frame=True``: a pandas DataFrame of the same columns (ImportError without
    pandas). Empty CSV cells are NaN; correction_state / correction_source are strings.

    Args:
        log: path, URL (fsspec) or text file of a field log.
        route: path of CSV rows lat,lon[,h] (a header line allowed) or an (n, 2|3) array.
        fov_deg, viewport: the camera's vertical field of view and viewport (width,
            height; points), as replay's --fov-deg and --viewport.
        route_heights: "ellipsoidal", "orthometric" or "none" (default: ellipsoidal
            when every route row has a height, else none).
        estimator: "filter" (default), "robust" or "pairwise" ("seed", deprecated); alignment: the filter's
            "gravity-and-heading" (default) or "gravity".
        settings: any other navigator setting (see navigator_config).

    Differences from the CLI: the camera matrices reach the navigator through the C ABI
    as float32 (``wm_mat4f``) where the CLI hands the Swift navigator doubles, so values
    agree to float precision, not to the bit. Raises LogError for a malformed log,
    WaymarkError for a value the navigator refuses, TypeError for a viewport that is not
    exactly two numbers.
    """
    if not isinstance(as_frame, bool):
        raise TypeError(f"as_frame: expected True or False, got {as_frame!r}")
    rows, _, _ = _replay(log, route, fov_deg, viewport, route_heights, estimator, alignment, **settings)
    if as_frame:
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("waymark.replay(..., as_frame=True) needs pandas (pip install pandas); "
                              "without as_frame it returns a numpy structured array") from None
        return pd.DataFrame(rows)
    return rows


def walk_metrics(log, route, name: Optional[str] = None, **options) -> Dict[str, Any]:
    """Per-walk metrics of one replay: frames, duration_s, time_to_first_applied_s
    (from the first frame; NaN when never applied), final correction_deg and its
    sigma, final progress_m / remaining_m, off_route_s (frame time spent off route,
    each frame counting until the next), max off_route_m, and the last correction
    source. ``heading_error_deg`` (final correction minus ``true_correction_deg``) when
    the caller passes the truth (simulated walks know it; field logs do not carry it)."""
    truth = options.pop("true_correction_deg", None)
    rows, off, _ = _replay(log, route, **options)
    t = rows["t_s"]
    dt = np.diff(t, append=t[-1]) if len(t) else t
    applied = np.nonzero(rows["correction_state"] == "applied")[0]
    last = rows[-1] if len(rows) else None
    m: Dict[str, Any] = {
        "log": name if name is not None else str(log),
        "frames": int(len(rows)),
        "duration_s": float(t[-1] - t[0]) if len(t) else 0.0,
        "time_to_first_applied_s": float(t[applied[0]] - t[0]) if len(applied) else math.nan,
        "correction_deg": float(last["correction_deg"]) if last is not None else math.nan,
        "correction_sigma_deg": float(last["correction_sigma_deg"]) if last is not None else math.nan,
        "progress_m": float(last["progress_m"]) if last is not None else math.nan,
        "remaining_m": float(last["remaining_m"]) if last is not None else math.nan,
        "off_route_s": float(dt[off].sum()) if len(t) else 0.0,
        "max_off_route_m": float(np.nanmax(rows["off_route_m"])) if len(t) and not np.all(np.isnan(rows["off_route_m"])) else math.nan,
        "correction_source": str(last["correction_source"]) if last is not None else "none",
    }
    if truth is not None:
        m["heading_error_deg"] = ((m["correction_deg"] - float(truth) + 180.0) % 360.0) - 180.0
    return m
