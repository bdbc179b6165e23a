"""A refused navigator setting or fix names its field (WaymarkError.fields and the
message), found by the library's own rules for the config and the header's for a fix."""
import math

import pytest

import waymark

ROUTE = [[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0]]


@pytest.mark.parametrize("settings, fields", [
    ({"arrow_spacing_m": -3.0}, ("arrow_spacing_m",)),
    ({"finish_min_pt": 500.0}, ("finish_min_pt",)),          # only wrong beside finish_max_pt
    ({"gps_correlated_share": 1.5, "outlier_gate": -1.0}, ("gps_correlated_share", "outlier_gate")),
    ({"device_height_m": math.nan, "arrow_spacing_m": 2.0}, ("device_height_m",)),
])
def test_a_refused_setting_is_named(settings, fields):
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.Navigator(ROUTE, **settings)
    assert e.value.status_name == "INVALID_VALUE" and e.value.fields == fields
    for f in fields:
        assert f"{f} = " in str(e.value)


def test_a_bad_route_point_is_still_an_index():
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.Navigator([[55.7, 37.6, 0.0], [95.0, 37.6, 0.0]])
    assert e.value.first_bad == 1 and e.value.fields == ()


@pytest.mark.parametrize("change, field", [
    ({"accuracy_m": 0.0}, "accuracy_m"), ({"accuracy_m": math.inf}, "accuracy_m"), ({"lat": 91.0}, "lat"),
    ({"lon": math.nan}, "lon"), ({"time_s": math.nan}, "time_s"), ({"scene_position": (0, math.nan, 0)}, "scene_position"),
    ({"h": 150.0, "vertical_accuracy_m": -1.0}, "vertical_accuracy_m"),
    ({"course": math.nan, "course_accuracy": 5.0, "speed": 1.0, "speed_accuracy": 0.5}, "course"),
])
def test_a_refused_fix_is_named(change, field):
    nav = waymark.Navigator(ROUTE)
    fix = dict(lat=55.7339, lon=37.5886, h=None, accuracy_m=5.0, time_s=0.0, scene_position=(0, 0, 0))
    fix.update(change)
    with pytest.raises(waymark.WaymarkError) as e:
        nav.add_fix(**fix)
    assert e.value.fields == (field,) and f"{field} = " in str(e.value)


def test_no_height_takes_any_vertical_accuracy():
    nav = waymark.Navigator(ROUTE)
    nav.add_fix(55.7339, 37.5886, None, 5.0, 0.0, (0, 0, 0), vertical_accuracy_m=-1.0)
