"""Finding a node or deployment the user named: the record, or a clear NotFoundError."""

from __future__ import annotations

from kubeloop.cluster import arguments
from kubeloop.cluster.deployments import DeploymentRecord
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import NotFoundError


def node(state: ClusterState, name: str) -> NodeRecord:
    """The node called ``name``; the error lists the nodes there are."""
    arguments.text(name, "node name")
    try:
        return state.nodes[name]
    except KeyError:
        raise NotFoundError("node", name, sorted(state.nodes)) from None


def deployment(state: ClusterState, name: str) -> DeploymentRecord:
    """The deployment called ``name``; the error lists the deployments there are."""
    arguments.text(name, "deployment name")
    try:
        return state.deployments[name]
    except KeyError:
        raise NotFoundError("deployment", name, sorted(state.deployments)) from None
