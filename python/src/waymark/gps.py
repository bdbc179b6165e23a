"""The GPS error model fit (white + Gauss-Markov per axis, restricted maximum likelihood,
profile-likelihood 95 % intervals) over the C library: ``read_fix_log`` turns a
GnssLogger fix log into a series with ``wm_gps_series_from_fix_log`` (the reader
``waymark gps-model`` uses), ``gps_model_fit`` fits one or more series pooled with
``wm_gps_model_fit``. Nothing is computed here: the numbers are the CLI's, bit for bit.
Experimental, as the header's WAYMARK_EXPERIMENTAL section it calls.
"""
from __future__ import annotations

import os
from typing import Mapping, Sequence, Union

import numpy as np

from . import _abi
from ._lib import WaymarkError, check, doubles, ffi, lib
from .readers import _bytes   # one home for reading a source's bytes (paths, URLs, bytes, files)

__all__ = ["read_fix_log", "gps_model_fit", "GPS_MODEL_COLUMNS"]

#: The keys of ``gps_model_fit``'s result that ``waymark gps-model`` prints, in its order.
GPS_MODEL_COLUMNS = ("white_sigma_m", "correlated_sigma_m", "sigma_m", "correlation_time_s", "correlation_time_lo_s",
                     "correlation_time_hi_s", "correlated_share", "correlated_share_lo", "correlated_share_hi",
                     "median_accuracy_m", "accuracy_ratio", "lag1_autocorrelation", "model_lag1_autocorrelation", "fixes",
                     "logs")

_KEYS = ("time_s", "east_m", "north_m", "accuracy_m")


def read_fix_log(source: Union[str, os.PathLike, bytes]) -> dict:
    """A GnssLogger fix log (a path, an fsspec URL, or the file's bytes) as a series:
    ``{"time_s", "east_m", "north_m", "accuracy_m"}`` float64 arrays, as ``waymark
    gps-model`` reads it (a header naming Latitude, Longitude, Accuracy, UtcTimeMillis;
    optional TrueLatitude, TrueLongitude make east/north each fix's error).

    Raises: WaymarkError (INVALID_VALUE) for a log the reader refuses; ``first_bad`` is
    then the 1-based line at fault (1 for a header problem or too few rows).
    """
    text = _bytes(source)
    if text.startswith(b"\xef\xbb\xbf"):
        text = text[3:]
    capacity = text.count(b"\n") + 1
    arrays = [np.empty(capacity) for _ in _KEYS]
    count, bad = ffi.new("size_t *"), ffi.new("size_t *")
    buffer = ffi.from_buffer(text)
    status = lib.wm_gps_series_from_fix_log(ffi.cast("const char *", buffer), len(text),
                                            *(ffi.cast("double *", a.ctypes.data) for a in arrays), capacity, count, bad)
    if status != _abi.WM_OK:
        # INVALID_VALUE names the line at fault; the other refusals name none.
        invalid = status == _abi.WM_ERROR_INVALID_VALUE
        raise WaymarkError(status, "wm_gps_series_from_fix_log", int(bad[0]) if invalid else None,
                           f"{source if not isinstance(source, (bytes, bytearray)) else 'the text'}: line {int(bad[0])}"
                           if invalid else "")
    n = int(count[0])
    return {k: a[:n].copy() for k, a in zip(_KEYS, arrays)}


def _series(s) -> tuple:
    if isinstance(s, Mapping):
        columns = [s[k] for k in _KEYS]
    else:
        columns = list(s)
        if len(columns) != 4:
            raise TypeError("a series is a mapping with time_s, east_m, north_m, accuracy_m, or those four arrays")
    columns = [doubles(c, k) for c, k in zip(columns, _KEYS)]
    if any(c.ndim != 1 for c in columns) or len({c.shape[0] for c in columns}) != 1:
        raise TypeError("a series' four arrays must be one-dimensional and of one length")
    return tuple(columns)


def gps_model_fit(series: Union[Mapping, Sequence]) -> dict:
    """Fits one model to ``series`` pooled (one series: a mapping as ``read_fix_log``
    returns, or a list of them; each series keeps its own unknown means).

    Returns a dict: the keys of ``GPS_MODEL_COLUMNS`` (``waymark gps-model``'s columns;
    ``fixes`` and ``logs`` as ints, ``lag1_autocorrelation`` NaN when no two fixes are
    0.5-1.5 s apart), ``restricted_log_likelihood``, and the navigator's settings that
    ``waymark gps-model --write`` writes: ``gps_correlated_share``, ``gps_correlation_s``,
    ``accuracy_confidence``.

    Raises: WaymarkError (``first_bad``: the series at fault) as ``wm_gps_model_fit``:
    INVALID_VALUE for a non-finite value, an accuracy <= 0, times not increasing;
    BAD_COUNT for no series, a series under 10 fixes, more than 2^20 fixes in all.
    """
    if isinstance(series, Mapping) or (isinstance(series, tuple) and len(series) == 4
                                       and all(np.ndim(c) == 1 for c in series)):
        series = [series]
    columns = [_series(s) for s in series]
    c_series = ffi.new("wm_gps_series[]", max(len(columns), 1))
    for i, cols in enumerate(columns):
        c_series[i].time_s, c_series[i].east_m, c_series[i].north_m, c_series[i].accuracy_m = (
            ffi.cast("const double *", c.ctypes.data) for c in cols)
        c_series[i].count = cols[0].shape[0]
    out = ffi.new("wm_gps_model *")
    out.size = ffi.sizeof("wm_gps_model")
    bad = ffi.new("size_t *", (1 << 64) - 1)
    status = lib.wm_gps_model_fit(c_series, len(columns), out, bad)
    check(status, "wm_gps_model_fit", bad)
    m = out[0]
    return {
        "white_sigma_m": m.white_sigma_m, "correlated_sigma_m": m.correlated_sigma_m, "sigma_m": m.sigma_m,
        "correlation_time_s": m.correlation_time_s, "correlation_time_lo_s": m.correlation_time_lo_s,
        "correlation_time_hi_s": m.correlation_time_hi_s, "correlated_share": m.correlated_share,
        "correlated_share_lo": m.share_lo, "correlated_share_hi": m.share_hi, "median_accuracy_m": m.median_accuracy_m,
        "accuracy_ratio": m.accuracy_ratio, "lag1_autocorrelation": m.lag1_autocorrelation,
        "model_lag1_autocorrelation": m.model_lag1_autocorrelation, "fixes": int(m.fix_count), "logs": int(m.series_count),
        "restricted_log_likelihood": m.restricted_log_likelihood,
        "gps_correlated_share": m.navigator_gps_correlated_share, "gps_correlation_s": m.navigator_gps_correlation_s,
        "accuracy_confidence": m.navigator_accuracy_confidence,
    }
