"""The ``toposcope`` command line; ``main.app`` is the Typer application, ``main.entry`` the
console script."""
