"""Prometheus rules: rule files, recording rules, and the alerting state machine.

    load_rule_file(path) -> RuleFile             groups of rules, FILE:LINE errors
    RuleGroup(spec).eval(store, ts_ms)           every rule in order; writes to the store
    AlertingRule.alerts() / .state()             the alert instances and their states

Semantics follow Prometheus 3.x rules/alerting.go, rules/recording.go, rules/group.go.
"""

from kubeloop.telemetry.rules.alerting import FIRING, INACTIVE, PENDING, Alert, AlertingRule
from kubeloop.telemetry.rules.group import RuleFailure, RuleGroup
from kubeloop.telemetry.rules.loader import load_rule_file, load_rule_text
from kubeloop.telemetry.rules.model import GroupSpec, RuleFile, RuleSpec
from kubeloop.telemetry.rules.recording import RecordingRule

__all__ = [
    "FIRING",
    "INACTIVE",
    "PENDING",
    "Alert",
    "AlertingRule",
    "GroupSpec",
    "RecordingRule",
    "RuleFailure",
    "RuleFile",
    "RuleGroup",
    "RuleSpec",
    "load_rule_file",
    "load_rule_text",
]
