"""Content-addressed identity: OCI digests and the canonical bytes of a manifest.

Grammar (image-spec ``descriptor.md``)::

    digest                ::= algorithm ":" encoded
    algorithm             ::= algorithm-component (algorithm-separator algorithm-component)*
    algorithm-component   ::= [a-z0-9]+
    algorithm-separator   ::= [+._-]
    encoded               ::= [a-zA-Z0-9=_-]+

Registered algorithms restrict the encoded part: sha256 and blake3 to 64 lowercase hex
digits, sha512 to 128. A digest of an unregistered algorithm that fits the grammar is
well formed but unsupported (as go-digest's ``ErrDigestUnsupported``): kubeloop computes
and accepts only sha256 identities.

Canonical form of a manifest: JSON with object keys sorted (by code point), no
whitespace (``,`` and ``:`` separators), non-ASCII left as UTF-8, encoded as UTF-8.
Floats, NaN and non-string keys are refused, so the bytes equal RFC 8785 (JCS) for
every accepted manifest whose keys are in the Basic Multilingual Plane.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from kubeloop.core.excerpt import excerpt
from kubeloop.core.hashing import sha256_digest
from kubeloop.pipeline.errors import InvalidDigestError, InvalidManifestError

_ALGORITHM = re.compile(r"[a-z0-9]+(?:[+._-][a-z0-9]+)*")
_ENCODED = re.compile(r"[a-zA-Z0-9=_-]+")
_HEX = re.compile(r"[a-f0-9]+")
REGISTERED = {"sha256": 64, "sha512": 128, "blake3": 64}
MAX_DIGEST_LENGTH = 1024
MAX_CANONICAL_BYTES = 1_000_000
MAX_DEPTH = 32
MAX_SAFE_INTEGER = 2**53


@dataclass(frozen=True)
class Digest:
    algorithm: str
    encoded: str

    def __str__(self) -> str:
        return f"{self.algorithm}:{self.encoded}"


def parse_digest(text: str, *, supported: tuple[str, ...] = ("sha256",)) -> Digest:
    """Parse and validate a digest; raise ``InvalidDigestError`` saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidDigestError(str(text), "a digest is a string")
    if len(text) > MAX_DIGEST_LENGTH:
        raise InvalidDigestError(text, f"longer than {MAX_DIGEST_LENGTH} characters")
    algorithm, colon, encoded = text.partition(":")
    if not colon or not encoded or not algorithm:
        raise InvalidDigestError(text, 'expected "algorithm:encoded", e.g. "sha256:" + 64 hex')
    if not _ALGORITHM.fullmatch(algorithm):
        raise InvalidDigestError(
            text,
            f'algorithm "{algorithm}" must be lowercase letters and digits, '
            "in parts joined by one of + . _ -",
        )
    if not _ENCODED.fullmatch(encoded):
        raise InvalidDigestError(text, "the encoded part may hold only a-z A-Z 0-9 = _ -")
    length = REGISTERED.get(algorithm)
    if length is not None:
        if len(encoded) != length:
            raise InvalidDigestError(
                text, f"{algorithm} needs {length} hex digits, this has {len(encoded)}"
            )
        if not _HEX.fullmatch(encoded):
            raise InvalidDigestError(
                text, f"{algorithm} digests are lowercase hex (0-9 a-f); upper case is not allowed"
            )
    if algorithm not in supported:
        raise InvalidDigestError(
            text, f'algorithm "{algorithm}" is not supported here (use {", ".join(supported)})'
        )
    return Digest(algorithm, encoded)


def canonical_bytes(value: Any) -> bytes:
    """The canonical JSON bytes of ``value`` (see the module docstring)."""
    _check(value, "$", 0)
    data = json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")
    if len(data) > MAX_CANONICAL_BYTES:
        raise InvalidManifestError(
            f"the manifest is {len(data)} bytes in canonical form; the limit is "
            f"{MAX_CANONICAL_BYTES}"
        )
    return data


def _check(value: Any, path: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise InvalidManifestError(f"{path}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidManifestError(f"{path}: key {excerpt(key)} is not a string")
            _check(key, f"{path} (a key)", depth + 1)
            _check(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check(item, f"{path}[{index}]", depth + 1)
    elif isinstance(value, float):
        raise InvalidManifestError(
            f"{path}: {value!r} is a floating-point number, which has no single canonical "
            'form; write it as a string ("1.5") or an integer'
        )
    elif isinstance(value, str):
        if not _encodable(value):
            raise InvalidManifestError(
                f"{path}: {excerpt(value)} holds a lone surrogate, which is not Unicode text"
            )
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise InvalidManifestError(
                f"{path}: {excerpt(value)} is larger than 2^53; write it as a string"
            )
    else:
        raise InvalidManifestError(f"{path}: {type(value).__name__} values are not JSON data")


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def digest_of(value: Any) -> str:
    """``sha256:`` + 64 lowercase hex over the canonical bytes of ``value``."""
    return sha256_digest(canonical_bytes(value))
