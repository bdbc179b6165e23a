"""waymark.dask on a LocalCluster with two workers: bit for bit the serial results."""
import numpy as np
import pytest

import waymark
from conftest import GOLDEN, nearby

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
import waymark.dask as wd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Five walks: the golden log cut at different lengths (fixes and frames)."""
    d = tmp_path_factory.mktemp("logs")
    lines = open(GOLDEN / "replay_walk.csv").read().splitlines()
    for k, n in enumerate((60, 120, 180, 240, len(lines))):
        (d / f"walk{k}.csv").write_text("\n".join(lines[:n]) + "\n")
    return d


def test_arrays_bit_for_bit(client):
    rng = np.random.default_rng(3)
    origin = (48.85, 2.35, 35.0)
    pts = nearby(rng, origin, 200_000, 0.5)
    d = da.from_array(pts, chunks=(30_000, 3))
    for axes in ("enu", "eus"):
        got = wd.frame_forward(d, origin, axes).compute()
        np.testing.assert_array_equal(got, waymark.Frame(*origin, axes=axes).forward(pts))
    back = wd.frame_reverse(da.from_array(waymark.Frame(*origin).forward(pts), chunks=(25_000, 3)), origin).compute()
    np.testing.assert_array_equal(back, waymark.Frame(*origin).reverse(waymark.Frame(*origin).forward(pts)))
    import waymark.pymap3d as wp
    e, n, u = wd.geodetic2enu(d[:, 0], d[:, 1], d[:, 2], *origin)
    se, sn, su = wp.geodetic2enu(pts[:, 0], pts[:, 1], pts[:, 2], *origin)
    np.testing.assert_array_equal(e.compute(), se)
    np.testing.assert_array_equal(u.compute(), su)
    az, el, rng_m = wd.pymap3d("geodetic2aer", d[:, 0], d[:, 1], d[:, 2], *origin)
    saz, sel, srng = wp.geodetic2aer(pts[:, 0], pts[:, 1], pts[:, 2], *origin)
    np.testing.assert_array_equal(az.compute(), saz)
    np.testing.assert_array_equal(rng_m.compute(), srng)
    x, y, z = wd.pymap3d("geodetic2ecef", d[:, 0], d[:, 1], d[:, 2])
    np.testing.assert_array_equal(z.compute(), wp.geodetic2ecef(pts[:, 0], pts[:, 1], pts[:, 2])[2])


def test_dataframe_partitions(client):
    rng = np.random.default_rng(4)
    pts = nearby(rng, (55.75, 37.62), 50_000, 0.2)
    pdf = pd.DataFrame({"lat": pts[:, 0], "lon": pts[:, 1], "h": pts[:, 2], "id": np.arange(len(pts))})
    ddf = dd.from_pandas(pdf, npartitions=7)
    got = wd.dataframe_to_scene(ddf, (55.75, 37.62, 0.0), axes="eus").compute()
    serial = waymark.Frame(55.75, 37.62, 0.0, axes="eus").forward(pts)
    np.testing.assert_array_equal(got[["x", "y", "z"]].to_numpy(), serial)
    assert (got["id"].to_numpy() == np.arange(len(pts))).all()


def test_replay_many_matches_serial(client, logs, route_csv):
    par = wd.replay_many(str(logs), route_csv, client=client, estimator="robust")
    paths = wd.list_logs(str(logs))
    serial = pd.DataFrame([waymark.walk_metrics(p, route_csv, name=p, estimator="robust") for p in paths])
    assert len(par) == 5
    pd.testing.assert_frame_equal(par, serial)      # bit for bit
    assert par["frames"].is_monotonic_increasing
    full = par.iloc[-1]
    assert full["frames"] == 150 and 0 < full["time_to_first_applied_s"] < 150
    # A list of paths, the default scheduler, the filter.
    again = wd.replay_many(paths[:2], route_csv)
    assert list(again["log"]) == paths[:2]


def test_replay_many_fsspec_urls(logs, route_csv):
    pytest.importorskip("fsspec")
    url = "file://" + str(logs) + "/walk[01].csv"
    paths = wd.list_logs(url)
    assert len(paths) == 2 and all(p.endswith((".csv")) for p in paths)
    got = wd.replay_many(url, route_csv, estimator="robust")
    serial = [waymark.walk_metrics(str(logs / f"walk{k}.csv"), route_csv, estimator="robust") for k in (0, 1)]
    assert list(got["frames"]) == [m["frames"] for m in serial]
    assert np.array_equal(got["correction_deg"].to_numpy(), [m["correction_deg"] for m in serial], equal_nan=True)
