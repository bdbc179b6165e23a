"""Big batches over the machine's cores: ``workers=`` of the batch calls.

The C library starts no threads (an engine owns its threads); it lets many threads read
one frame at once, and cffi releases the GIL for the length of every C call, so a batch
split into contiguous chunks, one C call per chunk on a thread of a shared pool, runs on
as many cores as there are chunks. The calling thread converts the first chunk itself.

Every point's result depends on that point alone (not on its position in a batch, nor on
the batch's length), so any split gives the single call's bits; the tests hold that for
odd splits, strided inputs and every ``out=`` form.

A chunk that fails does not undo the chunks that succeeded, so where the caller sees the
output afterwards (``out=``, in place) a split call must not start writing before it
knows every chunk will succeed. The frame conversions have a check for that in the C ABI
(``wm_frame_check_geodetic``, ``wm_frame_check_scene``: exactly the conversion's status
and first_bad, nothing written): their split calls run twice, every chunk checked, then,
only if all passed, every chunk converted straight into ``out``. The calls without one
(the baselines, the China datums, whose inverses may also fail after their checks:
NO_CONVERGENCE) convert into a scratch array and copy it into ``out`` once every chunk
succeeded (``core._triples_call``).
"""
from __future__ import annotations

import contextlib
import operator
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, List, Optional, Tuple

from . import _abi

#: ``Frame.forward`` batches of at least this many points are split over
#: ``default_workers()`` threads when ``workers`` is None; smaller ones run on the
#: calling thread alone. Measured on two cores of an AVX-512 Xeon (about 3.6 ns a point
#: on one): handing a chunk to the pool and collecting it costs some 20-30 us, and two
#: workers broke even between 24,000 and 32,000 points (1.1x at 32,000, 1.6x at
#: 128,000, 1.7x at 1,000,000). A costlier call splits from proportionally fewer
#: points (``COST``), a split that checks first from more (``CHECKED_SPLIT``).
PARALLEL_THRESHOLD = 32_768

#: The frame conversions with ``out=`` (or in place) check every chunk before they
#: convert any (see above): the pool's round twice, and a read of the input (about a
#: sixth of ``Frame.forward``'s time). With ``workers`` None they split from
#: ``CHECKED_SPLIT`` times as many points as the plain calls: ``Frame.forward`` from
#: 131,072, ``Frame.reverse`` from 32,768. Measured on the two idle cores above, two
#: workers against one, both into ``out=``: ``forward`` 0.7x at 32,768 points, 1.0x at
#: 65,536, 1.1x at 131,072, 1.6x at 1,000,000 (where the split that converts into a
#: scratch array, the previous way, gave 0.9-1.2x); ``reverse`` 1.0x at 24,576, 1.1x at
#: 32,768, 1.5x at 65,536, 1.7x at 1,000,000. The calls without a check stay on the
#: calling thread with ``out=`` unless ``workers`` asks for more.
CHECKED_SPLIT = 4

#: Per-point cost relative to ``Frame.forward`` (measured, rounded down so that no call
#: splits below its own break-even): the default splits a call's batch of n points
#: when n * cost >= PARALLEL_THRESHOLD. ``Frame.reverse`` (4.3x) broke even at about
#: 6,000 points, its threshold is 8,192.
COST = {
    "wm_frame_forward": 1,
    "wm_frame_reverse": 4,
    "wm_geodesic_inverse_batch": 3,      # short lines; Karney's cost far more
    "wm_baseline_forward": 8,            # meters_per_degree; haversine is 38x
    "wm_gcj02_from_wgs84": 4,
    "wm_wgs84_from_gcj02": 8,
    "wm_bd09_from_gcj02": 16,
    "wm_gcj02_from_bd09": 64,
}


def default_workers() -> int:
    """The cores this process may run on: the CPU affinity mask's size where the OS has
    one (a container or ``taskset`` limit counts), else ``os.cpu_count()``, at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


_local = threading.local()


@contextlib.contextmanager
def one_thread():
    """Within it, on this thread, ``workers=None`` means 1: for callers that already
    run one conversion per core (Dask's blocks), where more threads only contend."""
    before = getattr(_local, "one", False)
    _local.one = True
    try:
        yield
    finally:
        _local.one = before


def resolve_workers(workers, n: int, function: str = "wm_frame_forward", checked: bool = False) -> int:
    """How many chunks a batch of ``n`` points of the C call ``function`` is split into.
    ``workers`` None: the default rule (``default_workers()`` from
    ``PARALLEL_THRESHOLD / COST[function]`` points, ``CHECKED_SPLIT`` times as many for a
    ``checked`` split, else 1; 1 inside ``one_thread()``); an integer >= 1: that many,
    but never more than ``n``. Raises TypeError (not an integer: bool and float too) and
    ValueError (< 1) before anything is done."""
    if workers is None:
        if getattr(_local, "one", False):
            return 1
        threshold = PARALLEL_THRESHOLD * (CHECKED_SPLIT if checked else 1)
        return default_workers() if n * COST.get(function, 1) >= threshold else 1
    if isinstance(workers, bool):
        raise TypeError("workers: expected a positive integer or None, got a bool")
    try:
        w = operator.index(workers)
    except TypeError:
        raise TypeError(f"workers: expected a positive integer or None, got {type(workers).__name__}") from None
    if w < 1:
        raise ValueError(f"workers: expected a positive integer or None, got {w}")
    return max(1, min(w, n))


def bounds(n: int, chunks: int) -> List[Tuple[int, int]]:
    """``chunks`` contiguous [start, stop) ranges covering 0..n, sizes within one."""
    edges = [n * k // chunks for k in range(chunks + 1)]
    return [(edges[k], edges[k + 1]) for k in range(chunks)]


_lock = threading.Lock()
_pool: Optional[ThreadPoolExecutor] = None
_pool_size = 0


def _executor(threads: int) -> ThreadPoolExecutor:
    """The shared pool, with at least ``threads`` threads. A bigger request replaces
    it without shutting the old one down: a call that already holds it may still be
    submitting, and its idle threads exit once it is collected."""
    global _pool, _pool_size
    with _lock:
        if _pool is None or _pool_size < threads:
            _pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="waymark")
            _pool_size = threads
        return _pool


def _forget_pool() -> None:
    # A forked child inherits the pool object but none of its threads: work submitted
    # there would wait forever. The child builds its own on first use.
    global _pool, _pool_size, _lock
    _lock = threading.Lock()
    _pool, _pool_size = None, 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def run(ranges: List[Tuple[int, int]], task: Callable[[int, int], Tuple[int, Optional[int]]]) -> List[Tuple[int, Optional[int]]]:
    """``task(start, stop)`` for every range, the first on the calling thread and the
    rest on the pool, all at once; their (status, first_bad) results in range order.
    Pool tasks never wait on other pool tasks, so callers sharing the pool cannot
    deadlock it, only queue."""
    if len(ranges) == 1:
        return [task(*ranges[0])]
    pool = _executor(len(ranges) - 1)
    futures = [pool.submit(task, start, stop) for start, stop in ranges[1:]]
    try:
        first = task(*ranges[0])
    finally:
        # Every chunk finishes before the caller sees a result or an exception: no C
        # call may still be writing into an array the caller is about to free or reuse.
        rest = [f.result() for f in futures]
    return [first] + rest


def first_error(ranges: List[Tuple[int, int]], results: List[Tuple[int, Optional[int]]]) -> Tuple[int, Optional[int]]:
    """The (status, absolute first_bad) the single call would have reported, from the
    chunks' results: the lowest-index chunk's error, except that an INVALID_VALUE
    anywhere comes first (the C calls check every input before computing anything, so
    a bad input beats a later-found failure such as NO_CONVERGENCE of an earlier
    point). (WM_OK, None) when every chunk succeeded."""
    errors = [(status, None if bad is None else start + bad)
              for (start, _), (status, bad) in zip(ranges, results) if status != _abi.WM_OK]
    if not errors:
        return _abi.WM_OK, None
    invalid = [e for e in errors if e[0] == _abi.WM_ERROR_INVALID_VALUE]
    return (invalid or errors)[0]
