"""``toposcope serve`` on the command line: bad options and a missing extra are one line."""

from __future__ import annotations

import builtins

from tests.cli.hostile import assert_refused, invoke


def test_a_port_out_of_range_is_one_line():
    assert_refused(invoke("serve", "--port", "70000"), "--port must be from 1 to 65535")


def test_serve_without_its_extra_names_it(monkeypatch):
    real_import = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    assert_refused(invoke("serve"), "pip install 'toposcope[serve]'")
