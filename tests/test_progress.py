from geoparser import progress


def test_track_passes_items_through_when_hidden():
    assert list(progress.track(range(5), "x")) == [0, 1, 2, 3, 4]


def test_track_passes_items_through_when_drawn(monkeypatch):
    monkeypatch.setattr(progress, "visible", lambda: True)
    assert list(progress.track(iter("abc"), "x")) == ["a", "b", "c"]


def test_disabled_is_never_visible():
    progress.set_enabled(False)
    try:
        assert not progress.visible()
    finally:
        progress.set_enabled(True)


def test_counter_advances_when_drawn_and_is_silent_when_hidden(monkeypatch):
    with progress.counter("x") as advance:  # not a TTY under pytest
        advance(3)
    monkeypatch.setattr(progress, "visible", lambda: True)
    with progress.counter("x", total=4) as advance:
        advance(4)
