"""waymark.dask on a LocalCluster with two workers: bit for bit the serial results."""
import numpy as np
import pytest

import waymark
from conftest import DATA, GOLDEN, nearby

dask = pytest.importorskip("dask")
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


# ---- the GPS error model fit on a fleet of logs ----------------------------------------

GNSS_DIR = DATA / "gnss"
GNSS = sorted(GNSS_DIR.glob("*.fix.csv"))

# The three real logs pooled, as `waymark gps-model --precision 4 Tests/Data/gnss/*.fix.csv`
# prints them (Tests/CLITests/GPSModelCLITests.swift asserts the same line), to 5e-5.
POOLED = {"white_sigma_m": 0.0006, "correlated_sigma_m": 1.9325, "sigma_m": 1.9325, "correlation_time_s": 59.0804,
          "correlation_time_lo_s": 32.2630, "correlation_time_hi_s": 629.3092, "correlated_share": 1.0000,
          "correlated_share_lo": 0.9999, "correlated_share_hi": 1.0000, "median_accuracy_m": 3.0, "accuracy_ratio": 0.9725,
          "lag1_autocorrelation": 0.9695, "model_lag1_autocorrelation": 0.9832, "fixes": 606, "logs": 3}


def test_gps_model_fleet(client):
    table = wd.fit_gps_model([str(p) for p in GNSS], per_log=True, client=client)
    assert list(table["log"]) == [str(p) for p in GNSS] + ["pooled"]
    assert list(table.columns[:15]) == list(waymark.GPS_MODEL_COLUMNS)
    pooled = table.iloc[-1]
    for key, value in POOLED.items():
        assert abs(pooled[key] - value) <= 5e-5, (key, pooled[key], value)
    # The settings --write writes: the share clamped to 0.9999, τ as fitted, and the
    # confidence at which a 3 m radius is the fitted σ.
    assert pooled["gps_correlated_share"] == 0.9999 and pooled["gps_correlation_s"] == pooled["correlation_time_s"]
    assert abs(3 / np.sqrt(-2 * np.log1p(-pooled["accuracy_confidence"])) - pooled["sigma_m"]) < 1e-12
    # Per log, in parallel: each equals the serial fit of that log, bit for bit, and the
    # pooled fit is the serial pooled one.
    serial = [waymark.gps_model_fit(waymark.read_fix_log(p)) for p in GNSS]
    for row, one in zip(table.iloc[:-1].itertuples(), serial):
        assert row.correlation_time_s == one["correlation_time_s"] and row.sigma_m == one["sigma_m"] and row.logs == 1
    assert pooled["sigma_m"] == waymark.gps_model_fit([waymark.read_fix_log(p) for p in GNSS])["sigma_m"]
    # A directory with a pattern, on the default scheduler (synchronous), without per-log rows.
    with dask.config.set(scheduler="synchronous"):
        alone = wd.fit_gps_model(GNSS_DIR, pattern="*.fix.csv")
    assert len(alone) == 1 and alone.iloc[0]["correlation_time_s"] == pooled["correlation_time_s"]


def test_gps_model_refusals(tmp_path):
    bad = tmp_path / "bad.fix.csv"
    lines = (GNSS_DIR / "workshop_trials01.fix.csv").read_text().splitlines()
    lines[7] = lines[7].replace("45.5298", "95.5298", 1)
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.read_fix_log(bad)
    assert e.value.status_name == "INVALID_VALUE" and e.value.first_bad == 8
    with pytest.raises(ValueError):
        wd.fit_gps_model([], client=None)
    s = waymark.read_fix_log(GNSS[0])
    short = {k: v[:9] for k, v in s.items()}
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.gps_model_fit([s, short])
    assert e.value.status_name == "BAD_COUNT" and e.value.first_bad == 1
    s["accuracy_m"][3] = 0
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.gps_model_fit(s)
    assert e.value.status_name == "INVALID_VALUE" and e.value.first_bad == 0


def test_relative_paths_on_a_separate_scheduler_and_workers(logs, route_csv, tmp_path, monkeypatch):
    """A scheduler and two workers started as separate processes on 127.0.0.1, each in
    another directory: relative log and route paths given to the client still open
    (issue 36: the workers opened 'route.csv' where they ran, FileNotFoundError)."""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import time
    fleet = tmp_path / "fleet"
    shutil.copytree(logs, fleet)
    shutil.copy(route_csv, tmp_path / "route.csv")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    python = sys.executable
    # The test's own import path, absolute, so the workers import this waymark wherever they run.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    procs = [subprocess.Popen([python, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--dashboard-address", ":0"], cwd=elsewhere, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen([python, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                                           "--dashboard-address", ":0"], cwd=elsewhere, env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        monkeypatch.chdir(tmp_path)
        with distributed.Client(address, timeout=60) as c:
            c.wait_for_workers(2, timeout=120)
            got = wd.replay_many("fleet", "route.csv", client=c, estimator="robust")
            assert len(got) == 5 and list(got["log"]) == wd.list_logs("fleet")
            serial = pd.DataFrame([waymark.walk_metrics(p, "route.csv", name=p, estimator="robust") for p in wd.list_logs("fleet")])
            pd.testing.assert_frame_equal(got, serial)
            # The workers really ran elsewhere.
            assert set(c.run(os.getcwd).values()) == {str(elsewhere)}
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def test_replay_many_broken_and_hostile_logs(client, logs, route_csv, tmp_path):
    """Issue 52: a fleet with broken logs. By default the first broken log raises its own
    error (a ReadError still), noted with its name; on_error="record" gives that log's
    row its error and keeps every other row exactly as a fleet without the broken ones."""
    good = wd.list_logs(str(logs))[:2]
    lines = open(GOLDEN / "replay_walk.csv").read().splitlines()
    broken = {
        "nul.csv": "\n".join(lines[:40]) + "\n0.5,fix,55.73\x0039,37.58,,5,0,1.4,0,,,\n",
        "cut.csv": "\n".join(lines[:40]) + "\n" + lines[40][:9],
        "empty.csv": "",
        "binary.csv": "\x89PNG\r\n\x1a\n" + "\xff" * 64,
        "late.csv": lines[0] + "\n1e200,fix,55.7339,37.5886,,5,0,1.4,0,,,\n0.0,frame,,,,,0,1.4,0,0,0,0\n",
    }
    paths = []
    for name, text in broken.items():
        (tmp_path / name).write_text(text, encoding="latin-1")
        paths.append(str(tmp_path / name))
    paths.append(str(tmp_path / "missing.csv"))
    fleet = [good[0]] + paths + [good[1]]
    with pytest.raises(Exception) as e:
        wd.replay_many(fleet, route_csv, client=client, estimator="robust")
    assert any(str(p) in note for note in getattr(e.value, "__notes__", []) for p in paths), e.value
    table = wd.replay_many(fleet, route_csv, client=client, estimator="robust", on_error="record")
    assert list(table["log"]) == fleet
    errors = dict(zip(table["log"], table["error"]))
    for p in paths:
        assert errors[p] and errors[p].startswith(p + ": "), (p, errors[p])
    assert "ReadError: line 41" in errors[str(tmp_path / "nul.csv")]
    assert pd.isna(errors[good[0]]) and pd.isna(errors[good[1]])
    alone = wd.replay_many(good, route_csv, client=client, estimator="robust")
    kept = table[table["error"].isna()].drop(columns="error").reset_index(drop=True)
    pd.testing.assert_frame_equal(kept, alone, check_dtype=False)   # the rest of the fleet, bit for bit (ints NaN-padded to floats)
    assert table[table["error"].notna()]["frames"].isna().all()
    with pytest.raises(ValueError, match="on_error"):
        wd.replay_many(fleet, route_csv, on_error="ignore")


def test_gps_model_fleet_with_a_broken_log(client, tmp_path):
    """A fix log with a latitude of 95 among the three real ones: raise (the default)
    raises WaymarkError; record pools the other three (exactly their own pooled fit) and
    names the broken log on its row and on the pooled row."""
    bad = tmp_path / "bad.fix.csv"
    lines = (GNSS_DIR / "workshop_trials01.fix.csv").read_text().splitlines()
    lines[7] = lines[7].replace("45.5298", "95.5298", 1)
    bad.write_text("\n".join(lines) + "\n")
    fleet = [str(p) for p in GNSS] + [str(bad)]
    with pytest.raises(waymark.WaymarkError):
        wd.fit_gps_model(fleet, client=client)
    table = wd.fit_gps_model(fleet, per_log=True, client=client, on_error="record")
    assert list(table["log"]) == fleet + ["pooled"]
    assert table.iloc[3]["error"].startswith(str(bad) + ": WaymarkError") and np.isnan(table.iloc[3]["sigma_m"])
    assert table.iloc[:3]["error"].isna().all()
    assert table.iloc[-1]["error"] == table.iloc[3]["error"]
    clean = wd.fit_gps_model([str(p) for p in GNSS], per_log=True, client=client)
    for key in POOLED:
        assert table.iloc[-1][key] == clean.iloc[-1][key], key
    with pytest.raises(ValueError, match="no log could be read"):
        wd.fit_gps_model([str(bad)], client=client, on_error="record")
