"""``labels.Labels.Hash()`` as Prometheus computes it, for ``limit_ratio``'s sampling.

Prometheus' default build keeps a label set as one string, each name and value prefixed by
its length (one byte below 255, else 255 and three little-endian bytes: labels_stringlabels.go)
and hashes it with XXH64, seed 0 (github.com/cespare/xxhash). Both are written out here.
"""

from __future__ import annotations

from typing import Final

from kubeloop.telemetry.series import Labels

_MASK: Final = (1 << 64) - 1
_P1: Final = 0x9E3779B185EBCA87
_P2: Final = 0xC2B2AE3D27D4EB4F
_P3: Final = 0x165667B19E3779F9
_P4: Final = 0x85EBCA77C2B2AE63
_P5: Final = 0x27D4EB2F165667C5


def label_hash(labels: Labels) -> int:
    """The 64-bit hash Prometheus gives this label set."""
    data = bytearray()
    for name, value in labels.pairs:
        for text in (name, value):
            raw = text.encode("utf-8")
            size = len(raw)
            if size < 255:
                data.append(size)
            else:
                data += bytes((255, size & 0xFF, (size >> 8) & 0xFF, (size >> 16) & 0xFF))
            data += raw
    return xxh64(bytes(data))


def _rotl(x: int, r: int) -> int:
    return ((x << r) | (x >> (64 - r))) & _MASK


def _round(acc: int, lane: int) -> int:
    acc = (acc + lane * _P2) & _MASK
    return (_rotl(acc, 31) * _P1) & _MASK


def _merge(acc: int, val: int) -> int:
    acc ^= _round(0, val)
    return (acc * _P1 + _P4) & _MASK


def xxh64(data: bytes) -> int:
    """XXH64 with seed 0."""
    n = len(data)
    i = 0
    if n >= 32:
        v1, v2, v3, v4 = (_P1 + _P2) & _MASK, _P2, 0, (-_P1) & _MASK
        while i + 32 <= n:
            v1 = _round(v1, int.from_bytes(data[i : i + 8], "little"))
            v2 = _round(v2, int.from_bytes(data[i + 8 : i + 16], "little"))
            v3 = _round(v3, int.from_bytes(data[i + 16 : i + 24], "little"))
            v4 = _round(v4, int.from_bytes(data[i + 24 : i + 32], "little"))
            i += 32
        h = (_rotl(v1, 1) + _rotl(v2, 7) + _rotl(v3, 12) + _rotl(v4, 18)) & _MASK
        for v in (v1, v2, v3, v4):
            h = _merge(h, v)
    else:
        h = _P5
    h = (h + n) & _MASK
    while i + 8 <= n:
        h ^= _round(0, int.from_bytes(data[i : i + 8], "little"))
        h = (_rotl(h, 27) * _P1 + _P4) & _MASK
        i += 8
    if i + 4 <= n:
        h ^= (int.from_bytes(data[i : i + 4], "little") * _P1) & _MASK
        h = (_rotl(h, 23) * _P2 + _P3) & _MASK
        i += 4
    while i < n:
        h ^= (data[i] * _P5) & _MASK
        h = (_rotl(h, 11) * _P1) & _MASK
        i += 1
    h ^= h >> 33
    h = (h * _P2) & _MASK
    h ^= h >> 29
    h = (h * _P3) & _MASK
    h ^= h >> 32
    return h
