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
    counted: list[tuple[str, object]] = []
    with progress.counter("x", total=lambda: counted.append(("total", None)) or 4) as advance:
        advance(3)  # not a TTY under pytest: nothing drawn, and the total never counted
    assert counted == []

    class Bar:
        def __init__(self, *columns, transient):
            self.done = 0

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            counted.append(("done", self.done))

        def add_task(self, description, total):
            counted.append((description, total))
            return 0

        def advance(self, task, n):
            self.done += n

    monkeypatch.setattr(progress, "visible", lambda: True)
    monkeypatch.setattr(progress, "Progress", Bar)
    with progress.counter("x", total=lambda: 4) as advance:
        advance(1)
        advance(3)
    assert counted == [("x", 4), ("done", 4)]
