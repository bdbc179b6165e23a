from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "Tests" / "Data"
GOLDEN = DATA / "cli_golden"
# The turn route of the CLI's navigator tests (Tests/CLITests/NavigatorCLITests.swift).
TURN_ROUTE = "lat,lon\n55.7339,37.5886\n55.7352473,37.5886\n55.7352473,37.5910\n"


@pytest.fixture(scope="session")
def rng():
    return np.random.default_rng(20261124)


@pytest.fixture(scope="session")
def route_csv(tmp_path_factory):
    p = tmp_path_factory.mktemp("route") / "route.csv"
    p.write_text(TURN_ROUTE)
    return str(p)


def random_points(rng, n, lat=(-89.0, 89.0), lon=(-180.0, 180.0), h=(-100.0, 9000.0)):
    return np.column_stack([rng.uniform(*lat, n), rng.uniform(*lon, n), rng.uniform(*h, n)])


def nearby(rng, origin, n, spread_deg=0.5, h=(-100.0, 3000.0)):
    return np.column_stack([origin[0] + rng.uniform(-spread_deg, spread_deg, n),
                            origin[1] + rng.uniform(-spread_deg, spread_deg, n), rng.uniform(*h, n)])
