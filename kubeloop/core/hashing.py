"""Content hashes: FNV-32a for short deterministic names, SHA-256 for identities."""

from __future__ import annotations

import hashlib

_PRIME = 0x01000193
_MASK = 0xFFFFFFFF


def fnv32a(data: bytes) -> int:
    """FNV-1a, 32 bits. Four bytes per step with one mask: XOR touches only the low byte
    and the product's low 32 bits depend only on the factors' low 32 bits, so masking
    once per step gives exactly the value masking after every byte gives."""
    value, p = 0x811C9DC5, _PRIME
    whole = len(data) - len(data) % 4
    quads = iter(data[:whole])
    for a, b, c, d in zip(quads, quads, quads, quads, strict=True):
        value = (((((value ^ a) * p ^ b) * p ^ c) * p ^ d) * p) & _MASK
    for byte in data[whole:]:
        value = ((value ^ byte) * p) & _MASK
    return value


def sha256_digest(data: bytes) -> str:
    """``sha256:`` and 64 lowercase hex digits, as an OCI digest writes it."""
    return "sha256:" + hashlib.sha256(data).hexdigest()
