"""Waymark on Dask: conversions mapped over Dask arrays and dataframes partition by
partition, and field logs replayed in parallel (one task per log) into one dataframe
of per-walk metrics.

Nothing here is a scheduler: the functions build ordinary Dask graphs, so they run on
whatever Dask is using — the threaded scheduler by default, a ``LocalCluster``, or a
multi-machine cluster: ``Client("tcp://scheduler:8786")`` before the call (each worker
needs ``pip install waymark-geo``). Each partition is one batch call into libwaymark;
results equal the serial calls bit for bit (the library's results do not depend on a
point's position in a batch).

Needs ``dask[array,dataframe]`` (and ``distributed`` for clusters): ``pip install
'waymark-geo[dask]'``.
"""
from __future__ import annotations

import os
from typing import Iterable, Optional, Sequence, Union

import numpy as np

import dask
import dask.array as da

from ._lib import vector
from ._parallel import one_thread
from .core import Frame

__all__ = ["frame_forward", "frame_reverse", "geodetic2enu", "enu2geodetic", "pymap3d", "dataframe_to_scene",
           "list_logs", "replay_many"]
__all__ += ["fit_gps_model"]


def _rows_only(x: "da.Array", name: str) -> "da.Array":
    if x.ndim != 2 or x.shape[1] != 3:
        raise TypeError(f"{name}: expected a dask array of shape (n, 3), got {x.shape}")
    if len(x.chunks[1]) != 1:
        x = x.rechunk({1: 3})
    return x


def _forward_block(block: np.ndarray, origin, axes, ellipsoid) -> np.ndarray:
    # Dask already runs one block per core: threads of our own would only contend.
    return Frame(origin[0], origin[1], origin[2], axes=axes, ellipsoid=ellipsoid).forward(block, workers=1)


def _reverse_block(block: np.ndarray, origin, axes, ellipsoid) -> np.ndarray:
    return Frame(origin[0], origin[1], origin[2], axes=axes, ellipsoid=ellipsoid).reverse(block, workers=1)


def _origin(origin: Sequence[float], axes, ellipsoid) -> tuple:
    """``origin`` as three floats, checked by making its frame here (a bad origin fails
    in the caller, not later in a worker)."""
    o = tuple(float(v) for v in vector(origin, "origin", (3,), "(lat, lon, h): three numbers"))
    Frame(o[0], o[1], o[2], axes=axes, ellipsoid=ellipsoid)
    return o


def frame_forward(points: "da.Array", origin: Sequence[float], axes: str = "enu", ellipsoid=None) -> "da.Array":
    """Geodetic (n, 3) rows (lat, lon, h) -> scene (n, 3) in a frame at ``origin``
    (lat, lon, h: exactly three numbers), block by block (chunked along rows; a row
    split across chunks is rechunked first). Raises TypeError (shapes) and WaymarkError
    (a bad origin) at once; errors in the points surface when computed (WaymarkError,
    first_bad relative to the block)."""
    points = _rows_only(da.asarray(points, dtype=np.float64), "points")
    origin = _origin(origin, axes, ellipsoid)
    return da.map_blocks(_forward_block, points, origin, axes, ellipsoid, dtype=np.float64)


def frame_reverse(scene: "da.Array", origin: Sequence[float], axes: str = "enu", ellipsoid=None) -> "da.Array":
    """Scene (n, 3) -> geodetic (n, 3) rows (lat, lon, h), block by block; ``origin``
    and errors as ``frame_forward``."""
    scene = _rows_only(da.asarray(scene, dtype=np.float64), "scene")
    origin = _origin(origin, axes, ellipsoid)
    return da.map_blocks(_reverse_block, scene, origin, axes, ellipsoid, dtype=np.float64)


_OBSERVER = {"geodetic2enu", "enu2geodetic", "ecef2enu", "enu2ecef", "geodetic2aer", "aer2geodetic"}
_PLAIN = {"geodetic2ecef", "ecef2geodetic"}


def _pm_block(fn_name, observer, ell, deg, a, b, c):
    from . import pymap3d as pm
    with one_thread():   # Dask already runs one block per core
        x, y, z = getattr(pm, fn_name)(a, b, c, *observer, ell=ell, deg=deg)
    return np.stack([np.asarray(x), np.asarray(y), np.asarray(z)])


def pymap3d(name: str, a, b, c, *observer, ell=None, deg: bool = True):
    """Any of ``waymark.pymap3d``'s eight functions over Dask arrays, block by block:
    ``pymap3d("geodetic2aer", lat, lon, h, lat0, lon0, h0)``, ``pymap3d("geodetic2ecef",
    lat, lon, h)``. The observer is scalar. Returns three Dask arrays."""
    if name in _OBSERVER:
        if len(observer) != 3:
            raise TypeError(f"{name} needs the observer lat0, lon0, h0")
    elif name in _PLAIN:
        if observer:
            raise TypeError(f"{name} takes no observer")
    else:
        raise ValueError(f"not one of waymark.pymap3d's functions: {name!r}")
    observer = tuple(float(v) for v in observer)
    a, b, c = (da.asarray(v, dtype=np.float64) for v in (a, b, c))
    a, b, c = da.broadcast_arrays(a, b, c)
    b, c = b.rechunk(a.chunks), c.rechunk(a.chunks)
    stacked = da.map_blocks(_pm_block, name, observer, ell, deg, a, b, c, dtype=np.float64,
                            new_axis=0, chunks=((3,),) + a.chunks)
    return stacked[0], stacked[1], stacked[2]


def _pm_map(fn_name, a, b, c, lat0, lon0, h0, ell, deg):
    return pymap3d(fn_name, a, b, c, lat0, lon0, h0, ell=ell, deg=deg)


def geodetic2enu(lat, lon, h, lat0: float, lon0: float, h0: float, ell=None, deg: bool = True):
    """``waymark.pymap3d.geodetic2enu`` over Dask arrays (scalar observer): (e, n, u)."""
    return _pm_map("geodetic2enu", lat, lon, h, lat0, lon0, h0, ell, deg)


def enu2geodetic(e, n, u, lat0: float, lon0: float, h0: float, ell=None, deg: bool = True):
    """``waymark.pymap3d.enu2geodetic`` over Dask arrays (scalar observer): (lat, lon, h)."""
    return _pm_map("enu2geodetic", e, n, u, lat0, lon0, h0, ell, deg)


def _partition_to_scene(df, columns, out, origin, axes, ellipsoid):
    import pandas as pd
    pts = np.empty((len(df), 3))
    pts[:, 0] = df[columns[0]].to_numpy(np.float64)
    pts[:, 1] = df[columns[1]].to_numpy(np.float64)
    pts[:, 2] = df[columns[2]].to_numpy(np.float64) if columns[2] is not None else 0.0
    res = Frame(origin[0], origin[1], origin[2], axes=axes, ellipsoid=ellipsoid).forward(pts, out=pts, workers=1) if len(df) else pts
    extra = pd.DataFrame(res, index=df.index, columns=list(out))
    return df.assign(**{c: extra[c] for c in out})


def dataframe_to_scene(ddf, origin: Sequence[float], lat: str = "lat", lon: str = "lon", h: Optional[str] = "h",
                       axes: str = "enu", out: Sequence[str] = ("x", "y", "z"), ellipsoid=None):
    """Adds scene columns ``out`` (default x, y, z: exactly three names) to a Dask (or
    pandas) dataframe with latitude/longitude[/height] columns, one batch call per
    partition, in a frame at ``origin`` (lat, lon, h: exactly three numbers). Raises
    TypeError (shapes) and WaymarkError (a bad origin) at once."""
    origin = _origin(origin, axes, ellipsoid)
    out = tuple(out)
    if len(out) != 3:
        raise TypeError(f"out: expected three column names (x, y, z), got {len(out)}")
    import pandas as pd
    if isinstance(ddf, pd.DataFrame):
        return _partition_to_scene(ddf, (lat, lon, h), out, origin, axes, ellipsoid)
    meta = ddf._meta.assign(**{c: np.float64(0) for c in out}).iloc[:0]
    return ddf.map_partitions(_partition_to_scene, (lat, lon, h), out, origin, axes, ellipsoid, meta=meta)


def list_logs(source: Union[str, os.PathLike, Iterable[str]], pattern: str = "*.csv") -> list:
    """The logs of a directory (``pattern``, sorted), a glob or URL fsspec understands
    ("s3://bucket/walks/*.csv"), or a list of paths / URLs as given."""
    if isinstance(source, (str, os.PathLike)):
        s = os.fspath(source)
        if os.path.isdir(s):
            import glob
            return sorted(glob.glob(os.path.join(s, pattern)))
        if "://" in s or any(ch in s for ch in "*?["):
            from fsspec.core import url_to_fs
            fs, path = url_to_fs(s)
            if any(ch in path for ch in "*?["):
                found = fs.glob(path)
            elif fs.isdir(path):
                found = fs.glob(path.rstrip("/") + "/" + pattern)
            else:
                return [s]
            protocol = fs.protocol if isinstance(fs.protocol, str) else fs.protocol[0]
            local = protocol in ("file", "local")
            return sorted(p if local else f"{protocol}://{p}" for p in found)
        return [s]
    return list(source)


def _on_workers(path):
    """A local path as the workers must open it: absolute, resolved where the client runs
    (a worker process runs in its own directory, so a relative path would be opened
    there); a URL as it is."""
    if isinstance(path, (str, os.PathLike)):
        s = os.fspath(path)
        return s if "://" in s else os.path.abspath(s)
    return path


_ON_ERROR = ("raise", "record")


def _log_error(name, e: BaseException) -> str:
    """One log's failure as a line: the log as listed, the exception's type and message."""
    return f"{name}: {type(e).__name__}: {e}"


def _named(e: BaseException, name) -> BaseException:
    """`e` with the log it came from noted (its type kept, so callers catching
    ReadError or WaymarkError still catch it)."""
    if hasattr(e, "add_note"):
        e.add_note(f"waymark.dask: in the log {name}")
    return e


def _metrics(path, name, route, options, on_error="raise"):
    from .navigation import walk_metrics
    try:
        return walk_metrics(path, route, name=name, **options)
    except Exception as e:
        if on_error == "raise":
            raise _named(e, name)
        return {"log": name, "error": _log_error(name, e)}


def _fix_series(path, name, on_error="raise"):
    """A fix log's series, or with on_error "record" (None, the error line)."""
    from .gps import read_fix_log
    try:
        return read_fix_log(path) if on_error == "raise" else (read_fix_log(path), None)
    except Exception as e:
        if on_error == "raise":
            raise _named(e, name)
        return None, _log_error(name, e)


def _fit_kept(read, on_error):
    """gps_model_fit of the series that were read (with on_error "record", the logs
    that failed left out; ValueError when none is left)."""
    from .gps import gps_model_fit
    if on_error == "raise":
        return gps_model_fit(read)
    kept = [s for s, error in read if error is None]
    if not kept:
        raise ValueError("fit_gps_model: no log could be read: " + "; ".join(error for _, error in read))
    return gps_model_fit(kept)


def _fit_one(read, name, on_error):
    """One log's own fit; with on_error "record" a failure (reading or fitting) is its row's error."""
    from .gps import gps_model_fit
    if on_error == "raise":
        return gps_model_fit(read)
    series, error = read
    if error is not None:
        return {"error": error}
    try:
        return dict(gps_model_fit(series), error=None)
    except Exception as e:
        return {"error": _log_error(name, e)}


def replay_many(logs, route, *, pattern: str = "*.csv", client=None, compute: bool = True, on_error: str = "raise",
                **options):
    """Replays many field logs in parallel, one Dask task per log, and returns one
    pandas DataFrame of per-walk metrics (``waymark.walk_metrics``'s columns), one row
    per log in the order of ``list_logs(logs)``.

    Args:
        logs: a directory, a glob / URL (fsspec), or a list of paths / URLs. Local paths
            may be relative: they are made absolute where the client runs before the
            workers open them (the workers must see the same files there: one machine, or
            a shared file system; else give URLs the workers can read).
        route: one route for every log (a CSV path, relative or not as the logs, or an
            (n, 2|3) array, which travels with the tasks), or a callable log path ->
            route, called on the client.
        client: a ``distributed.Client`` (a LocalCluster's or a remote scheduler's);
            None uses Dask's current scheduler (the client made last, if any).
        compute: False returns the list of delayed metrics instead.
        on_error: "raise" (the default): a log that cannot be read or replayed raises its
            error (ReadError, WaymarkError, ...: its own type, noted with the log's name on
            Python 3.11+), and the fleet's result is lost; "record": that log's row has
            its ``error`` ("walk3.csv: ReadError: line 7: ...") and NaN metrics, every
            other log is replayed as usual (their ``error`` is None).
        options: replay's options (estimator, fov_deg, viewport, ...).
    """
    if on_error not in _ON_ERROR:
        raise ValueError(f"on_error must be 'raise' or 'record', not {on_error!r}")
    paths = list_logs(logs, pattern)
    if not callable(route) and not isinstance(route, (str, os.PathLike)):
        route = np.asarray(route, dtype=np.float64)
    # Each log's route resolved here (a callable runs on the client with the log's name
    # as listed); paths go to the workers absolute, the rows keep the names as listed.
    routes = [route(p) if callable(route) else route for p in paths]
    tasks = [dask.delayed(_metrics, pure=True)(_on_workers(p), p, _on_workers(r), dict(options), on_error)
             for p, r in zip(paths, routes)]
    if not compute:
        return tasks
    if client is not None:
        results = client.gather(client.compute(tasks))
    else:
        results = dask.compute(*tasks)
    import pandas as pd
    rows = list(results)
    if on_error == "record":
        rows = [dict(r, error=r.get("error")) for r in rows]
    return pd.DataFrame(rows)


def fit_gps_model(logs, *, pattern: str = "*.csv", per_log: bool = False, client=None, compute: bool = True,
                  on_error: str = "raise"):
    """``waymark gps-model`` over a fleet of GnssLogger fix logs: each log is read and
    turned into a series on the workers (one task per log, ``waymark.read_fix_log``),
    the pooled fit runs once on the gathered series (each log its own unknown means),
    and with ``per_log`` each log's own fit runs in parallel too.

    Returns a pandas DataFrame in ``waymark gps-model --per-log``'s rows and columns
    (``waymark.GPS_MODEL_COLUMNS``, then ``log``): one row per log when ``per_log`` (log:
    its path or URL), then the pooled row (log: ``"pooled"``); plus the navigator's
    settings ``gps-model --write`` writes (``gps_correlated_share``,
    ``gps_correlation_s``, ``accuracy_confidence``) and ``restricted_log_likelihood``.
    The numbers are the C library's, so they equal the CLI's bit for bit.

    Args:
        logs: a directory (``pattern``), a glob / URL (fsspec), or a list of paths / URLs.
        client: a ``distributed.Client``; None uses Dask's current scheduler.
        compute: False returns the delayed pooled fit and the list of delayed per-log
            fits instead.
        on_error: "raise" (the default): the first log the reader or the fit refuses
            raises; "record": the pooled fit is of the logs that were read, and the rows
            gain an ``error`` column: a log's error ("a.fix.csv: WaymarkError: ...") on
            its own row (per_log; its numbers NaN), on the pooled row the logs left out
            ("; "-joined), None where nothing failed.
    Raises: ValueError when there are no logs (or, recording, none could be read);
    WaymarkError (from a worker) for a log the reader or the fit refuses.
    """
    if on_error not in _ON_ERROR:
        raise ValueError(f"on_error must be 'raise' or 'record', not {on_error!r}")
    paths = list_logs(logs, pattern)
    if not paths:
        raise ValueError(f"fit_gps_model: no logs in {logs!r}")
    series = [dask.delayed(_fix_series, pure=True)(_on_workers(p), p, on_error) for p in paths]
    pooled = dask.delayed(_fit_kept, pure=True)(series, on_error)
    each = [dask.delayed(_fit_one, pure=True)(s, p, on_error) for s, p in zip(series, paths)] if per_log else []
    if not compute:
        return pooled, each
    # Recording, the series come back too (computed once with the fits that use them):
    # the pooled row names the logs left out.
    tasks = each + [pooled] + (series if on_error == "record" else [])
    results = client.gather(client.compute(tasks)) if client is not None else dask.compute(*tasks)
    fits, read = results[:len(each) + 1], results[len(each) + 1:]
    import pandas as pd
    names = (paths if per_log else []) + ["pooled"]
    rows = [dict(r, log=name) for r, name in zip(fits, names)]
    if on_error == "record":
        left_out = [error for _, error in read if error is not None]
        rows[-1]["error"] = "; ".join(left_out) if left_out else None
    return pd.DataFrame(rows)
