"""Content hashes: FNV-32a for short deterministic names, SHA-256 for identities."""

from __future__ import annotations

import hashlib


def fnv32a(data: bytes) -> int:
    value = 0x811C9DC5
    for byte in data:
        value ^= byte
        value = (value * 0x01000193) & 0xFFFFFFFF
    return value


def sha256_digest(data: bytes) -> str:
    """``sha256:`` and 64 lowercase hex digits, as an OCI digest writes it."""
    return "sha256:" + hashlib.sha256(data).hexdigest()
