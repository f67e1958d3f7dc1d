"""Phrases every mechanism shares: the one logical clock, and the one event log."""

from kubeloop.steps.common import events, time

__all__ = ["events", "time"]
