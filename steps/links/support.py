"""The links part of the world: ``kubeloop.links.Links`` over the world's own mechanisms.

It is built as soon as the world has a pipeline (the pipeline's support asks for it), so
prod deploys to a cluster deployment of the artifact's name without a word about links;
the cluster and telemetry are read only once the scenario has them.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.world import World
from kubeloop.links import Links


def links(world: World) -> Links:
    def cluster() -> Any:
        return world.cluster if world.declared.deployments else None

    def pipeline() -> Any:
        scene = world.parts.get("pipeline")
        return None if scene is None else scene.pipeline

    def telemetry() -> Any:
        return world.parts.get("telemetry")

    def build() -> Links:
        return Links(
            world.clock, world.events, cluster=cluster, pipeline=pipeline, telemetry=telemetry
        )

    return world.part("links", build)  # type: ignore[no-any-return]


def pipeline_built(world: World, pipeline: Any) -> None:
    """The pipeline support's hook: watch the new pipeline for deploys."""
    links(world).watch(pipeline)
