"""The sizes ``benchmarks.speed.tagger_sizes build`` is asked for."""

from __future__ import annotations

import argparse

import pytest

from benchmarks.speed.tagger_sizes import folder_name, size


def test_a_bare_number_is_that_many_whole_layers() -> None:
    assert size("3") == (3, 0, 0)
    assert folder_name(*size("3")) == "k3"


def test_layers_heads_and_units_name_a_narrowed_tagger() -> None:
    assert size("3x4x384") == (3, 4, 384)
    assert folder_name(*size("3x4x384")) == "k3h4u384"


@pytest.mark.parametrize("text", ["3x4", "0", "3x0x384", "three"])
def test_anything_else_is_refused(text) -> None:
    with pytest.raises((argparse.ArgumentTypeError, ValueError)):
        size(text)
