"""Phrases every mechanism shares: the one logical clock, and the one event log."""

from . import events, refusals, time

__all__ = ["events", "refusals", "time"]
