"""The README's Python example, at the precision it is printed."""
import numpy as np

import waymark


def test_readme_example():
    route = np.array([[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0], [55.7352473, 37.5910, 0.0]])
    frame = waymark.Frame(55.7339, 37.5886, 0.0, axes="eus")
    scene = frame.forward(route)
    assert scene.shape == (3, 3)
    assert round(float(scene[1, 2]), 3) == -150.004
    anchors = frame.anchor_transforms(route)
    assert anchors.shape == (3, 4, 4) and anchors.dtype == np.float32
