"""Planted bug: rolling an environment back redeploys the newest other build of the same
name, without asking whether it passed the ladder or carries a signature."""

from typing import Any

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.built: list[str] = []

    def build(self, manifest: Any) -> str:
        digest = super().build(manifest)
        self.built.append(digest)
        return digest

    def rollback(self, environment: str) -> str:
        current = self.running(environment)
        name = self.artifact(current).name if current else None
        others = [d for d in self.built if d != current and self.artifact(d).name == name]
        if not others:
            return super().rollback(environment)
        self.delivery._env(environment).running = others[-1]
        return others[-1]
