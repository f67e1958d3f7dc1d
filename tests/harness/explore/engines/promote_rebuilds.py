"""Planted bug: promotion rebuilds the artifact (a fresh build of the same manifest with a
build stamp) and puts the rebuilt digest in the environment, instead of the one promoted."""

import json

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def promote(self, digest: str, environment: str) -> str:
        result = super().promote(digest, environment)
        if self.running(environment) == digest:
            manifest = json.loads(self.artifact(digest).canonical)
            manifest["labels"] = {"rebuilt-for": environment}
            rebuilt = self.build(manifest)
            self.delivery._env(environment).running = rebuilt
        return result
