"""Phrases every mechanism shares: the one logical clock, and the one event log."""

from . import clock_times, events, refusals, time

__all__ = ["clock_times", "events", "refusals", "time"]
