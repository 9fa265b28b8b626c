"""``toposcope serve`` on the command line: bad options, a missing extra, a port in use and an
address it cannot have are one line and exit 2; an address beyond loopback is warned about."""

from __future__ import annotations

import builtins
import socket

from geoparser.cli.serve import is_loopback, listening_socket
from geoparser.errors import UsageError
from tests.cli.hostile import assert_refused, invoke
from tests.service.conftest import free_port


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


def test_serve_on_a_port_in_use_is_one_line_and_exit_2_before_serving_on():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = invoke("serve", "--port", str(port))
    assert_refused(result, f"127.0.0.1 port {port} is in use")
    assert "serving on" not in result.output


def test_serve_on_a_host_this_machine_does_not_have_is_one_line():
    assert_refused(invoke("serve", "--host", "192.0.2.1", "--port", "8000"),
                   "cannot listen on 192.0.2.1 port 8000")


def test_serving_beyond_loopback_warns_that_the_service_is_unauthenticated(monkeypatch):
    from geoparser.service import app as service_app

    def loaded_nothing(*args, **kwargs):
        raise UsageError("stopped before loading")

    monkeypatch.setattr(service_app, "create_app", loaded_nothing)
    port = str(free_port())
    result = invoke("serve", "--host", "0.0.0.0", "--port", port)
    assert result.exit_code == 2
    assert f"warning: listening on 0.0.0.0 port {port}" in result.stderr
    assert "no authentication" in result.stderr
    quiet = invoke("serve", "--host", "127.0.0.1", "--port", port)
    assert quiet.exit_code == 2 and "warning" not in quiet.stderr


def test_loopback_addresses_are_told_from_others():
    for host, loopback in (("127.0.0.1", True), ("0.0.0.0", False)):
        sock = listening_socket(host, 0)
        try:
            assert is_loopback(sock) is loopback
        finally:
            sock.close()
