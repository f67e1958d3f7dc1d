"""An alerting rule's labels and annotations for one query sample (``Eval``'s templating).

Alert labels are the sample's labels minus ``__name__``, the rule's labels expanded over
them, then ``alertname``. Templates that are plain text are not executed, and when every
label is plain text the alert labels of a sample are cached (they cannot change); so are
the annotations of a sample and its value while no template can ask the time or a query.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.rules.model import RuleSpec
from kubeloop.telemetry.rules.query import RuleEvalError, template_query
from kubeloop.telemetry.rules.template_exec import TemplateData, execute, functions
from kubeloop.telemetry.rules.templates import Node, TemplateError
from kubeloop.telemetry.series import Labels, SeriesStore

MAX_CACHE = 100_000
MAX_NOTES = 1000
Pairs = tuple[tuple[str, str], ...]


def _plain(nodes: list[Node] | None) -> bool:
    return nodes is None or all(isinstance(n, str) for n in nodes)


class Expander:
    def __init__(self, spec: RuleSpec) -> None:
        self.spec = spec
        parsed = spec.templates or {"labels": {}, "annotations": {}}
        self._labels = [(k, v, parsed["labels"].get(k)) for k, v in spec.labels]
        self._annotations = [(k, v, parsed["annotations"].get(k)) for k, v in spec.annotations]
        self._static_labels = all(_plain(n) for _, _, n in self._labels)
        self._static_annotations = all(_plain(n) for _, _, n in self._annotations)
        self._label_text = {k: v for k, v, _ in self._labels}
        self._cache: dict[Labels, Labels] = {}
        self.errors: list[str] = []
        texts = [v for _, v in spec.labels] + [v for _, v in spec.annotations]
        self.pure = not any("now" in text or "query" in text for text in texts)
        """No template can call ``now`` or ``query``: the annotations are a function of the
        sample and its value (and the external labels and URL, the same all along)."""
        self._notes: dict[tuple[Labels, float, float, Pairs, str], tuple[Pairs, list[str]]] = {}

    def begin(
        self,
        ts: int,
        external: Pairs,
        external_url: str,
        store: SeriesStore | None,
        options: QueryOptions = DEFAULT_OPTIONS,
    ) -> Callable[[Labels, float], tuple[Labels, Pairs]]:
        """Start an evaluation at ``ts``; returns labels-and-annotations for one sample."""
        self.errors = []
        external_map = dict(external)
        query = None if store is None else template_query(store, ts, options)
        funcs = functions(TemplateData({}, external_map, external_url, 0.0, ts, query))
        static_notes: Pairs = tuple((k, v) for k, v, _ in self._annotations)

        def one(sample: Labels, value: float) -> tuple[Labels, Pairs]:
            data: TemplateData | None = None
            if not (self._static_labels and self._static_annotations):
                data = TemplateData(sample.as_dict(), external_map, external_url, value, ts, query)
            labels = self._cache.get(sample) if self._static_labels else None
            if labels is None:
                if self._static_labels:
                    expanded = self._label_text
                else:
                    assert data is not None
                    expanded = {k: self._expand(k, v, n, data, funcs) for k, v, n in self._labels}
                labels = sample.without("__name__").with_(expanded).with_(alertname=self.spec.name)
                if self._static_labels:
                    if len(self._cache) >= MAX_CACHE:
                        self._cache.clear()
                    self._cache[sample] = labels
            if self._static_annotations:
                return labels, static_notes
            assert data is not None
            key = (sample, value, math.copysign(1.0, value), external, external_url)
            found = self._notes.get(key) if self.pure else None
            if found is not None:
                self.errors.extend(found[1])
                return labels, found[0]
            errors = len(self.errors)
            notes = tuple((k, self._expand(k, v, n, data, funcs)) for k, v, n in self._annotations)
            if self.pure:
                if len(self._notes) >= MAX_NOTES:
                    self._notes.clear()
                self._notes[key] = (notes, self.errors[errors:])
            return labels, notes

        return one

    def _expand(
        self,
        key: str,
        text: str,
        nodes: list[Node] | None,
        data: TemplateData,
        funcs: dict[str, Callable[..., Any]],
    ) -> str:
        if _plain(nodes):
            return "".join(nodes) if nodes else text  # type: ignore[arg-type]
        assert nodes is not None
        try:
            return execute(nodes, data, funcs)
        except (TemplateError, RuleEvalError) as error:
            message = f"template: __alert_{self.spec.name}: {error}"
            self.errors.append(f"{key}: {message}")
            return f"<error expanding template: {message}>"
