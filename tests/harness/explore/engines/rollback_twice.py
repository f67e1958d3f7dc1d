"""Planted bug: a rollback is recorded twice in the environment's history, as if the page
that asked for it had rolled the environment back twice in one firing."""

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def rollback(self, environment: str) -> str:
        digest = super().rollback(environment)
        history = self.delivery._env(environment).deployments
        history.append(history[-1])
        return digest
