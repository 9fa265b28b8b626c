"""What `make run` installs is what the README and docs promise it: the GIS outputs' extras."""

import re
import tomllib

from tests.conftest import ROOT


def _make_run_extras() -> set[str]:
    """The extras of the package install in the Makefile's `$(STAMP)` recipe (what `make run`
    and `make setup` install)."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile[makefile.index("$(STAMP):"):makefile.index("setup-dev:")]
    (extras,) = re.findall(r"-e '\.\[([^\]]*)\]'", recipe)
    return set(extras.split(","))


def test_make_run_installs_the_geo_and_parquet_extras_the_readme_relies_on():
    # the README's geopandas.read_file line failed on a clone that had only run `make run`
    extras = _make_run_extras()
    assert {"report", "geo", "parquet"} <= extras
    readme = (ROOT / "README.md").read_text()
    assert "geopandas" not in readme or "geo" in extras
    defined = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert extras <= set(defined)
