"""A river's mouth from Natural Earth's centre lines, drawn either way (scripts/river_mouths.py):
worked examples on small lines beside a straight coast."""

from __future__ import annotations

import math

from scripts.river_mouths import SeaShore, mouth_point


def _coast(lon: float = 0.0) -> SeaShore:
    """A sea east of ``lon``: a polygon whose west edge is a coast from 0 to 10 N, a vertex
    every 0.01 degree (about 1 km)."""
    edge = [[lon, k / 100] for k in range(0, 1001)]
    ring = [*edge, [lon + 5, 10.0], [lon + 5, 0.0], edge[0]]
    return SeaShore([{"type": "Polygon", "coordinates": [ring]}])


# lines as GeoJSON writes them: [lon, lat]
_INLAND_TO_COAST = [[-8.0, 5.0], [-4.0, 5.0], [0.0, 5.0]]


def test_a_river_drawn_downstream_is_at_the_end_it_was_drawn_to() -> None:
    assert mouth_point([_INLAND_TO_COAST], _coast()) == (5.0, 0.0)


def test_a_river_drawn_upstream_from_the_sea_is_at_its_coastal_start() -> None:
    """The Red River of Vietnam's shape: one line from the coast to a source 900 km inland."""
    assert mouth_point([list(reversed(_INLAND_TO_COAST))], _coast()) == (5.0, 0.0)


def test_a_river_drawn_upstream_in_two_joined_segments_is_at_its_coastal_start() -> None:
    lines = [[[0.0, 5.0], [-4.0, 5.0]], [[-4.0, 5.0], [-8.0, 5.0]]]
    assert mouth_point(lines, _coast()) == (5.0, 0.0)


def test_a_river_that_ends_inland_keeps_the_end_it_was_drawn_to() -> None:
    """A river into an inland lake or desert (the Tarim, the Okavango): no end is at sea."""
    lines = [[[-12.0, 5.0], [-8.0, 5.0]]]
    assert mouth_point(lines, _coast()) == (5.0, -8.0)


def test_a_tributary_drawn_to_its_confluence_near_the_coast_keeps_that_end() -> None:
    """Its drawn end lies within 100 km of the sea: read as drawn downstream, whatever its
    other end."""
    lines = [[[-0.5, 5.0], [-6.0, 5.0]], [[-6.0, 5.0], [-0.5, 6.0]]]
    assert mouth_point(lines, _coast()) == (6.0, -0.5)


def test_without_a_shore_the_end_it_was_drawn_to() -> None:
    assert mouth_point([list(reversed(_INLAND_TO_COAST))]) == (5.0, -8.0)


def test_a_loop_is_placed_on_its_line() -> None:
    loop = [[-6.0, 4.0], [-5.0, 5.0], [-6.0, 6.0], [-7.0, 5.0], [-6.0, 4.0]]
    lat, lon = mouth_point([loop], _coast())
    assert [lon, lat] in loop


def test_the_shore_is_far_where_no_vertex_is_within_reach() -> None:
    assert math.isinf(_coast().km_to(5.0, -20.0))
    assert 105 < _coast().km_to(5.0, -1.0) < 117  # one degree of longitude at 5 N
