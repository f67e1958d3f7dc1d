"""Deterministic names: ReplicaSets are ``<deployment>-<template hash>`` as upstream names
them (FNV-32a, safe-encoded); pods are ``<deployment>-<n>`` from a per-deployment counter,
so scenarios can name them ("web-1") where upstream would use random suffixes.
"""

from __future__ import annotations

import re
from collections.abc import Container
from functools import lru_cache
from typing import TYPE_CHECKING

from kubeloop.core.hashing import fnv32a
from kubeloop.errors import InvalidSpecError

if TYPE_CHECKING:
    from kubeloop.cluster.pods import PodTemplate

_DNS_NAME = re.compile(r"^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")

_SAFE = "bcdfghjklmnpqrstvwxz2456789"
NAMESPACE = "default"
"""kubeloop models one namespace; events name objects as upstream does, ``default/web-1``."""


def validate_name(kind: str, name: str) -> None:
    """Names follow Kubernetes' DNS-1123 subdomain rule."""
    if not isinstance(name, str) or not _DNS_NAME.match(name) or len(name) > 253:
        raise InvalidSpecError(
            f'{kind} name "{name}" is invalid: use lower-case letters, digits, "-" and ".", '
            "starting and ending with a letter or digit"
        )


def template_hash(template: PodTemplate, collisions: int = 0) -> str:
    """The pod-template-hash: of the template's repr (an artifact's digest, when it runs
    one, as the image is in upstream's), and the collision count."""
    image = "" if template.digest is None else f"@{template.digest}"
    return _safe_hash(f"{template!r}{image}/{collisions}")


@lru_cache(maxsize=4096)
def _safe_hash(text: str) -> str:
    """FNV-32a of the text, safe-encoded. Memoized on the exact text hashed: templates that
    differ only in what their repr leaves out (labels) hash alike, and thousands of
    deployments of one shape pay for one hash."""
    return "".join(_SAFE[ord(ch) % len(_SAFE)] for ch in str(fnv32a(text.encode())))


def replicaset_name(deployment: str, template: PodTemplate, taken: Container[str]) -> str:
    collisions = 0
    while True:
        name = f"{deployment}-{template_hash(template, collisions)}"
        if name not in taken:
            return name
        collisions += 1


SUFFIXES_KEPT = 65_536
"""How many pod name tails (``-1``, ``-2``, …) are made once and kept."""
_suffixes: list[str] = []


def pod_names(deployment: str, first: int, count: int) -> list[str]:
    """``<deployment>-<first>`` and the ``count - 1`` names after it, in order.

    The tails come from a table made once (a name is then one C-level concatenation, not
    an int formatted per pod); counters past ``SUFFIXES_KEPT`` are formatted.
    """
    end = first + count
    if len(_suffixes) < min(end, SUFFIXES_KEPT):
        _suffixes.extend([f"-{i}" for i in range(len(_suffixes), min(end, SUFFIXES_KEPT))])
    kept = min(end, len(_suffixes))
    names = list(map(deployment.__add__, _suffixes[first:kept]))
    names.extend([f"{deployment}-{i}" for i in range(max(first, kept), end)])
    return names
