"""Every ``.feature`` file becomes a pytest module of scenarios — no Python glue per feature."""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import Any

import pytest
from pytest_bdd.feature import get_feature
from pytest_bdd.scenario import get_python_name_generator, scenario

from kubeloop.harness.gherkin_source import ENCODING
from kubeloop.harness.lint import lint_feature


class FeatureFile(pytest.Module):
    """A feature file, checked by the lint, then bound scenario by scenario."""

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        problems = lint_feature(self.path)
        if problems:
            raise self.CollectError("\n".join(problems))
        return super().collect()

    def _getobj(self) -> Any:
        module = types.ModuleType(f"feature:{self.path.stem}")
        module.__file__ = str(self.path)
        base = str(self.path.parent)
        feature = get_feature(base, self.path.name, encoding=ENCODING)
        for tag in _tags(feature):
            self.config.addinivalue_line("markers", f"{tag}: a Gherkin tag")
        for name in feature.scenarios:
            bound = scenario(str(self.path), name, encoding=ENCODING, features_base_dir=base)(
                _no_body
            )
            for test_name in get_python_name_generator(name):
                if test_name not in module.__dict__:
                    module.__dict__[test_name] = bound
                    break
        return module


def _no_body() -> None:
    """The scenario's steps are the test; nothing runs after them."""


def _tags(feature: Any) -> set[str]:
    tags = set(feature.tags)
    for template in feature.scenarios.values():
        tags |= template.tags
        for examples in template.examples:
            tags |= examples.tags or set()
        if template.rule is not None:
            tags |= template.rule.tags
    return tags
