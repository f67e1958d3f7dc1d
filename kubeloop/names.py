"""Deterministic names: ReplicaSets are ``<deployment>-<template hash>`` as upstream names
them (FNV-32a, safe-encoded); pods are ``<deployment>-<n>`` from a per-deployment counter,
so scenarios can name them ("web-1") where upstream would use random suffixes.
"""

from __future__ import annotations

from collections.abc import Container

from kubeloop.model import PodTemplate

_SAFE = "bcdfghjklmnpqrstvwxz2456789"


def fnv32a(data: bytes) -> int:
    value = 0x811C9DC5
    for byte in data:
        value ^= byte
        value = (value * 0x01000193) & 0xFFFFFFFF
    return value


def template_hash(template: PodTemplate, collisions: int = 0) -> str:
    digest = fnv32a(f"{template!r}/{collisions}".encode())
    return "".join(_SAFE[ord(ch) % len(_SAFE)] for ch in str(digest))


def replicaset_name(deployment: str, template: PodTemplate, taken: Container[str]) -> str:
    collisions = 0
    while True:
        name = f"{deployment}-{template_hash(template, collisions)}"
        if name not in taken:
            return name
        collisions += 1
