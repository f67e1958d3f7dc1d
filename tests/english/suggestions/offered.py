"""What ``kubeloop check`` offers for a line no phrase matches, read back for the
suggestion tests: the two steps it offers first, and the values a line surely gives."""

from __future__ import annotations

import re

from kubeloop.harness.frames import two_steps
from kubeloop.harness.registry import REGISTRY, load_step_library

_STEP = re.compile(r"^    (Given|When|Then|And) (.+)$")


def two_steps_offered(keyword: str, text: str) -> list[tuple[str, str]]:
    """The steps the message offers first for a line that says two things, as (keyword,
    sentence), "And" read as the keyword before it; none when it offers no two steps."""
    load_step_library()
    assert not REGISTRY.accepts(keyword, text), f"{text!r} matches: pick another line"
    lines = REGISTRY.undefined_message(keyword, text).splitlines()
    if len(lines) < 2 or not lines[1].endswith("as two steps:"):
        return []
    steps: list[tuple[str, str]] = []
    for line in lines[2:]:
        hit = _STEP.match(line)
        if hit is None:
            break
        said = hit.group(1).lower()
        steps.append((steps[-1][0] if said == "and" else said, hit.group(2)))
    return steps


def sure_values(text: str) -> set[str]:
    """The values ``text`` surely gives (quoted, numbers, names shaped as one)."""
    load_step_library()
    index = REGISTRY.frames()
    return set(two_steps.sure_values(index, index.chunk(text)))
