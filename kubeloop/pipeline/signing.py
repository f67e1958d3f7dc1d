"""Deterministic signatures over a digest: Ed25519 (RFC 8032) on cosign's simple-signing payload.

A key comes from a seed the scenario names (SHA-256 of the seed text is the 32-byte
Ed25519 private key), so the same seed always gives the same key, key id and
signatures: nothing random. The signed payload is the canonical JSON of cosign's
"simple signing" document, whose ``critical.image.docker-manifest-digest`` is the claim
verification checks against the digest being deployed (cosign ``SimpleClaimVerifier``).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from kubeloop.errors import InvalidSpecError
from kubeloop.pipeline.digest import canonical_bytes

SIGNATURE_TYPE = "cosign container image signature"
MAX_SEED = 1000


@dataclass(frozen=True)
class PublicKey:
    name: str
    key_id: str
    """First 16 hex digits of SHA-256 over the raw 32-byte public key."""
    public: bytes

    def __str__(self) -> str:
        return f'key "{self.name}" ({self.key_id})'


@dataclass(frozen=True)
class SigningKey:
    public_key: PublicKey
    seed: bytes

    @classmethod
    def from_seed(cls, name: str, seed: str) -> SigningKey:
        if not isinstance(seed, str) or not seed or len(seed) > MAX_SEED:
            raise InvalidSpecError(f'key "{name}" needs a seed of 1 to {MAX_SEED} characters')
        private = hashlib.sha256(b"kubeloop ed25519 seed\0" + seed.encode("utf-8")).digest()
        public = Ed25519PrivateKey.from_private_bytes(private).public_key()
        raw = public.public_bytes(Encoding.Raw, PublicFormat.Raw)
        key_id = hashlib.sha256(raw).hexdigest()[:16]
        return cls(PublicKey(name, key_id, raw), private)

    def sign(self, digest: str, repository: str) -> Signature:
        payload = simple_signing_payload(digest, repository)
        raw = Ed25519PrivateKey.from_private_bytes(self.seed).sign(payload)
        return Signature(
            payload=payload.decode("utf-8"),
            signature=base64.b64encode(raw).decode("ascii"),
            key_id=self.public_key.key_id,
            key_name=self.public_key.name,
        )


@dataclass(frozen=True, order=True)
class Signature:
    """A detached signature as cosign stores it: the payload and base64 Ed25519 bytes."""

    payload: str
    signature: str
    key_id: str
    key_name: str

    @property
    def claimed_digest(self) -> str:
        """The digest the payload claims (``critical.image.docker-manifest-digest``)."""
        try:
            data = json.loads(self.payload)
            claimed = data["critical"]["image"]["docker-manifest-digest"]
        except (ValueError, KeyError, TypeError):
            return ""
        return claimed if isinstance(claimed, str) else ""


def simple_signing_payload(digest: str, repository: str) -> bytes:
    return canonical_bytes(
        {
            "critical": {
                "identity": {"docker-reference": repository},
                "image": {"docker-manifest-digest": digest},
                "type": SIGNATURE_TYPE,
            },
            "optional": {},
        }
    )


def verify(digest: str, signature: Signature, trusted: Mapping[str, PublicKey]) -> str | None:
    """None if ``signature`` is good for ``digest`` under a trusted key, else why not.

    Checked in cosign's order: a trusted key, the signature over the payload bytes,
    then the claim (a valid signature copied from another artifact fails only here).
    """
    key = trusted.get(signature.key_id)
    if key is None:
        return f'signed by key "{signature.key_name}" ({signature.key_id}), which is not trusted'
    try:
        raw = base64.b64decode(signature.signature, validate=True)
        Ed25519PublicKey.from_public_bytes(key.public).verify(raw, signature.payload.encode())
    except (InvalidSignature, ValueError):
        return f"the signature by {key} does not verify over its payload"
    claimed = signature.claimed_digest
    if claimed != digest:
        return (
            f"the signature by {key} was made for {claimed[:19] or 'no digest'}…, "
            f"not {digest[:19]}… (invalid or missing digest in claim: a copied signature)"
        )
    return None
