"""Every ``.feature`` file becomes a pytest module of scenarios — no Python glue per feature."""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import Any

import pytest
from pytest_bdd.gherkin_parser import GherkinDocument
from pytest_bdd.parser import FeatureParser
from pytest_bdd.scenario import get_python_name_generator

from kubeloop.harness.execute import bind
from kubeloop.harness.gherkin_source import ENCODING
from kubeloop.harness.lint import parse_and_lint
from kubeloop.harness.team_phrases import load_around


class FeatureFile(pytest.Module):
    """A feature file, parsed once, checked by the lint, then bound scenario by scenario."""

    _document: dict[str, Any] | None = None

    def collect(self) -> Iterable[pytest.Item | pytest.Collector]:
        document, problems = parse_and_lint(self.path)
        problems += load_around(self.path)  # the team's phrases beside the feature
        if problems:
            raise self.CollectError("\n".join(problems))
        self._document = document
        return super().collect()

    def _getobj(self) -> Any:
        module = types.ModuleType(f"feature:{self.path.stem}")
        module.__file__ = str(self.path)
        feature = _Parser(str(self.path.parent), self.path.name, self._document).parse()
        self._document = None  # pytest-bdd's model holds what is needed; the rest is garbage
        for tag in _tags(feature):
            self.config.addinivalue_line("markers", f"{tag}: a Gherkin tag")
        for name, template in feature.scenarios.items():
            bound = bind(self.config, feature, template, str(self.path))
            for test_name in get_python_name_generator(name):
                if test_name not in module.__dict__:
                    module.__dict__[test_name] = bound
                    break
        return module


class _Parser(FeatureParser):
    """pytest-bdd's feature model, built from the document the lint has parsed already
    (parsing is most of the cost of collecting a feature)."""

    def __init__(self, basedir: str, filename: str, document: dict[str, Any] | None) -> None:
        super().__init__(basedir, filename, ENCODING)
        self.document = document

    def _parse_feature_file(self) -> Any:
        if self.document is None:
            return super()._parse_feature_file()
        return GherkinDocument.from_dict(self.document)


def _tags(feature: Any) -> set[str]:
    tags = set(feature.tags)
    for template in feature.scenarios.values():
        tags |= template.tags
        for examples in template.examples:
            tags |= examples.tags or set()
        if template.rule is not None:
            tags |= template.rule.tags
    return tags
