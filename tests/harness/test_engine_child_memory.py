"""An engine's memory budget is its own: the limit sits above what the fork inherited, so a
parent that already maps more than the budget (a long test session) still leaves the
engine room, and an engine that allocates past its budget is still stopped."""

from __future__ import annotations

import mmap
import os
import sys

import pytest

from kubeloop.harness import engine_child

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and fork")


def test_the_limit_is_the_budget_above_what_is_mapped_now() -> None:
    before = engine_child.mapped_bytes()
    assert before > 0
    limit = engine_child.address_limit(64)
    assert limit - engine_child.mapped_bytes() == pytest.approx(64 * 1024 * 1024, rel=0.05)


def _in_child(budget_mb: int, allocate_mb: int) -> int:
    """Fork, set the limit as a worker does, allocate; the child's exit status."""
    pid = os.fork()
    if pid == 0:
        import resource  # noqa: PLC0415

        limit = engine_child.address_limit(budget_mb)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            block = bytearray(allocate_mb * 1024 * 1024)
        except MemoryError:
            os._exit(3)
        os._exit(0 if block else 1)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def test_a_parent_mapping_more_than_the_budget_leaves_the_engine_its_budget() -> None:
    reserved = mmap.mmap(-1, 3 * 1024 * 1024 * 1024)  # address space, never touched
    try:
        assert engine_child.mapped_bytes() > 3 * 1024 * 1024 * 1024
        assert _in_child(budget_mb=256, allocate_mb=64) == 0
    finally:
        reserved.close()


def test_an_engine_allocating_past_its_budget_is_still_stopped() -> None:
    assert _in_child(budget_mb=128, allocate_mb=512) == 3
