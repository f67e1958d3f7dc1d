"""Label keys and values checked as apimachinery's ``validation.IsQualifiedName`` and
``IsValidLabelValue`` check them (``k8s.io/apimachinery/pkg/util/validation``).

Each function returns the problems found, empty when the text is valid; messages are
upstream's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kubeloop.errors import InvalidSpecError

_QNAME = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
_LABEL_VALUE = f"({_QNAME})?"
_DNS1123_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_DNS1123_SUBDOMAIN = f"{_DNS1123_LABEL}(\\.{_DNS1123_LABEL})*"
QUALIFIED_NAME_MAX = 63
LABEL_VALUE_MAX = 63
DNS1123_SUBDOMAIN_MAX = 253


def _name_part(name: str, what: str) -> list[str]:
    problems = []
    if not name:
        problems.append(f"{what} must be non-empty")
    elif len(name) > QUALIFIED_NAME_MAX:
        problems.append(f"{what} must be no more than {QUALIFIED_NAME_MAX} characters")
    if name and not re.fullmatch(_QNAME, name):
        problems.append(
            f"{what} must consist of alphanumeric characters, '-', '_' or '.', and must start "
            f"and end with an alphanumeric character (e.g. 'MyName', or 'my.name', or "
            f"'123-abc', regex used for validation is '{_QNAME}')"
        )
    return problems


def is_qualified_name(value: str) -> list[str]:
    """A label key: an optional DNS-1123 subdomain prefix and ``/``, then a name of ≤ 63."""
    parts = value.split("/")
    if len(parts) == 1:
        return _name_part(parts[0], "name part")
    if len(parts) > 2:
        return [
            "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and "
            "must start and end with an alphanumeric character, with an optional DNS subdomain "
            "prefix and '/' (e.g. 'example.com/MyName')"
        ]
    prefix, name = parts
    problems = []
    if not prefix:
        problems.append("prefix part must be non-empty")
    elif len(prefix) > DNS1123_SUBDOMAIN_MAX:
        problems.append(f"prefix part must be no more than {DNS1123_SUBDOMAIN_MAX} characters")
    elif not re.fullmatch(_DNS1123_SUBDOMAIN, prefix):
        problems.append(
            "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
            "characters, '-' or '.', and must start and end with an alphanumeric character "
            "(e.g. 'example.com')"
        )
    return problems + _name_part(name, "name part")


def is_valid_label_value(value: str) -> list[str]:
    """A label value: empty, or ≤ 63 alphanumerics, ``-``, ``_``, ``.`` starting and ending
    alphanumeric."""
    problems = []
    if len(value) > LABEL_VALUE_MAX:
        problems.append(f"must be no more than {LABEL_VALUE_MAX} characters")
    if not re.fullmatch(_LABEL_VALUE, value):
        problems.append(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', "
            "'_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue', "
            f"or 'my_value', or '12345', regex used for validation is '{_LABEL_VALUE}')"
        )
    return problems


def label_problems(labels: Any) -> list[tuple[str | None, str]]:
    """(key or None, problem) for a labels mapping; empty when every key and value is valid."""
    if not isinstance(labels, Mapping):
        return [(None, f"must be a mapping of key to value, not {type(labels).__name__}")]
    found: list[tuple[str | None, str]] = []
    for key, value in labels.items():
        if not isinstance(key, str):
            found.append((None, f"key {key!r} must be a string"))
            continue
        found += [(key, f'key "{_short(key)}": {p}') for p in is_qualified_name(key)]
        if not isinstance(value, str):
            found.append((key, f'value of "{_short(key)}" must be a string, not {value!r}'))
            continue
        found += [(key, f'value "{_short(value)}": {p}') for p in is_valid_label_value(value)]
    return found


def check_labels(labels: Any, where: str) -> dict[str, str]:
    """A validated copy of ``labels``, or ``InvalidSpecError`` naming the first problem."""
    problems = label_problems(labels)
    if problems:
        raise InvalidSpecError(f"{where}: {problems[0][1]}")
    return dict(labels)


def _short(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."
