"""Pictures of a cluster for people: text for terminals (HTML pictures come later)."""

from kubeloop.render.text import cluster_picture, rollout_table

__all__ = ["cluster_picture", "rollout_table"]
