"""The wheel's two libraries: the full flavour when PROJ loads, the core one otherwise
(WAYMARK_FLAVOUR=core forces it, as a machine without libproj.so.25 would), and the
PROJ functions then refusing by name instead of cffi's "symbol not found"."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

import waymark

SCRIPT = """
import numpy as np, waymark, waymark.pymap3d
assert not waymark.HAS_PROJ and waymark.LIBRARY_PATH.endswith("libwaymark-core.so"), waymark.LIBRARY_PATH
e, n, u = waymark.pymap3d.geodetic2enu(55.7352473, 37.5886, 0.0, 55.7339, 37.5886, 0.0)
assert abs(n - 150.004) < 1e-3, n
for call in (lambda: waymark.geodesic_inverse((55.7, 37.6), (59.9, 30.3)),
             lambda: waymark.polyline_length(np.array([[55.7, 37.6], [55.8, 37.6]]))):
    try:
        call()
        raise SystemExit("a PROJ function ran on the core flavour")
    except waymark.PROJUnavailableError as err:
        assert "needs PROJ" in str(err) and "wm_" in str(err), err
print("core ok")
"""


def test_the_full_flavour_is_loaded_with_proj():
    assert waymark.HAS_PROJ, waymark.PROJ_UNAVAILABLE_REASON
    assert waymark.PROJ_UNAVAILABLE_REASON == ""


@pytest.mark.skipif(os.environ.get("WAYMARK_LIBRARY") is not None, reason="WAYMARK_LIBRARY names one library")
def test_the_core_flavour_without_proj():
    if not (Path(waymark.__file__).parent / "libwaymark-core.so").exists():
        pytest.skip("no libwaymark-core.so installed beside the package")
    env = dict(os.environ, WAYMARK_FLAVOUR="core")
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "core ok"
