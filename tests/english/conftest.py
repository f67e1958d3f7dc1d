"""corpora/ holds measurements, kept as their writers wrote them: matched by
tests/english/test_match_rate.py, not run as part of the suite.

A family's test (in a `*_families/` folder) lists many phrasings of one meaning. The fast
tier (README's test command) runs the first few of each list, enough to see the family read
and checked; the heavy tier (`pytest -m slow`, which CI also runs) runs every phrasing."""

from collections import Counter

import pytest

collect_ignore_glob = ["corpora/*"]

PHRASINGS_IN_THE_FAST_TIER = 3


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every phrasing of a family after its first few as heavy, before `-m` selects."""
    seen: Counter[tuple[str, str]] = Counter()
    for item in items:
        if not isinstance(item, pytest.Function) or not item.path.parent.name.endswith("_families"):
            continue
        if getattr(item, "callspec", None) is None:
            continue
        family = (str(item.path), item.originalname)
        seen[family] += 1
        if seen[family] > PHRASINGS_IN_THE_FAST_TIER:
            item.add_marker(pytest.mark.slow)
