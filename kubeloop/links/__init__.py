"""Where the mechanisms meet on the one clock, one module per meeting (see ``links.py``)."""

from kubeloop.links.alert_rollback import AlertRollback, RollbackRule
from kubeloop.links.links import Links
from kubeloop.links.query_hpa import QueryMetric
from kubeloop.links.rollout import RolloutLink, refusal

__all__ = ["AlertRollback", "Links", "QueryMetric", "RollbackRule", "RolloutLink", "refusal"]
