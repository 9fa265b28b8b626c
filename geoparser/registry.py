"""A small name -> factory registry, one per kind of pluggable stage (after spaCy's registries).

Besides the parts registered in code (``@RECOGNISERS.register("name")``), a registry with an
entry-point group finds the parts other installed packages declare under it, for instance in
the plug-in's ``pyproject.toml``::

    [project.entry-points."toposcope.recognisers"]
    my-ner = "my_package.module:MyRecogniser"

The groups are listed in ``ENTRY_POINT_GROUPS``. A plug-in is imported only when it is used;
a built-in name wins over a plug-in of the same name.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Generic, TypeVar

from geoparser.errors import UsageError

T = TypeVar("T")

log = logging.getLogger(__name__)

#: The entry-point group of each kind of part a plug-in package can add.
ENTRY_POINT_GROUPS = {
    "recogniser": "toposcope.recognisers",
    "gazetteer": "toposcope.gazetteers",
    "policy": "toposcope.policies",
}


class Registry(Generic[T]):
    """Factories registered under a name; ``create(name, **config)`` builds one.

    ``entry_points`` names the group whose entry points add factories (loaded on first use).
    """

    def __init__(self, kind: str, entry_points: str | None = None) -> None:
        self.kind = kind
        self.entry_points = entry_points
        self._factories: dict[str, Callable[..., T]] = {}
        self._plugins: dict[str, metadata.EntryPoint] | None = None

    def register(self, name: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
        def decorator(factory: Callable[..., T]) -> Callable[..., T]:
            if name in self._factories:
                raise ValueError(f"{self.kind} {name!r} is registered twice")
            self._factories[name] = factory
            return factory

        return decorator

    def plugins(self) -> dict[str, metadata.EntryPoint]:
        """The entry points of installed packages in this registry's group, by name."""
        if self._plugins is None:
            found: dict[str, metadata.EntryPoint] = {}
            if self.entry_points:
                for ep in metadata.entry_points(group=self.entry_points):
                    if ep.name in self._factories or ep.name in found:
                        log.warning("%s %r from %s is ignored: the name is taken", self.kind,
                                    ep.name, ep.value)
                        continue
                    found[ep.name] = ep
            self._plugins = found
        return {k: v for k, v in self._plugins.items() if k not in self._factories}

    def refresh(self) -> None:
        """Look for plug-ins again (after installing one in a running process, or in tests)."""
        self._plugins = None

    def __contains__(self, name: object) -> bool:
        return name in self._factories or name in self.plugins()

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def names(self) -> list[str]:
        return sorted({*self._factories, *self.plugins()})

    def get(self, name: str) -> Callable[..., T]:
        if name in self._factories:
            return self._factories[name]
        ep = self.plugins().get(name)
        if ep is None:
            known = ", ".join(self.names()) or "none"
            raise UsageError(f"unknown {self.kind} {name!r} (known: {known})")
        try:
            factory = ep.load()
        except Exception as exc:  # a broken plug-in: say which, not a traceback
            raise UsageError(f"{self.kind} {name!r} from the plug-in {ep.value!r} could not be "
                             f"loaded: {type(exc).__name__}: {exc}") from None
        if not callable(factory):
            raise UsageError(f"{self.kind} {name!r}: the plug-in {ep.value!r} is not a "
                             "factory (a class or function)")
        self._factories[name] = factory
        return factory

    def create(self, name: str, **config: object) -> T:
        return self.get(name)(**config)
