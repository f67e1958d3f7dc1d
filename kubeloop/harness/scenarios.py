"""Which pytest-bdd scenario a collected item runs: shared by the plugin and the recorder."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry


def scenario_template(item: pytest.Item) -> Any:
    """The pytest-bdd scenario behind a collected item, or None for other tests."""
    function = getattr(item, "obj", None)
    return None if function is None else scenario_wrapper_template_registry.get(function)


def scenario_line(item: pytest.Item) -> int | None:
    template = scenario_template(item)
    return None if template is None else int(template.line_number)
