"""Digest grammar (image-spec descriptor.md, go-digest's TestParseDigest) and canonical bytes."""

from __future__ import annotations

import pytest

from kubeloop.core.hashing import sha256_digest
from kubeloop.pipeline import InvalidDigestError, InvalidManifestError, parse_digest
from kubeloop.pipeline.digest import canonical_bytes, digest_of

E58 = "e58fcf7418d4390dec8e8fb69d88c06ec07039d651fedd3aa72af9972e7d046b"
D3F = (
    "d3fc7881460b7e22e3d172954463dddd7866d17597e7248453c48b3e9d26d959"
    "6bf9c4a9cf8072c9d5bad76e19af801d"
)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # go-digest digest_test.go TestParseDigest, the cases it rejects as malformed
        ("", "expected"),
        ("     ", "expected"),
        ("sha256:", "expected"),
        ("sha256:" + " " * 64, "encoded part"),
        (":", "expected"),
        ("d41d8cd98f00b204e9800998ecf8427e", "expected"),
        ("sha256:d41d8cd98f00b204e9800m98ecf8427e", "needs 64 hex digits"),
        ("sha256:abcdef0123456789", "needs 64 hex digits"),
        ("sha512:" + "abcdef0123456789" * 4, "needs 128 hex digits"),
        ("sha384__foo+bar:" + D3F, "algorithm"),
        ("sha256:" + E58.upper(), "upper case is not allowed"),
        # grammar, unsupported (go-digest ErrDigestUnsupported): well formed but not sha256
        ("foo:d41d8cd98f00b204e9800998ecf8427e", "not supported"),
        ("sha384.foo+bar:" + D3F, "not supported"),
        ("sha256+b64:LCa0a2j_xo_5m0U8HTBBNBNCLXBkg7-g-YpeiGJm564", "not supported"),
        ("SHA256:" + E58, "algorithm"),
        ("sha256:" + E58 + "0", "needs 64 hex digits"),
        ("sha256:" + E58[:-1] + "g", "lowercase hex"),
        ("sha-:" + E58, "algorithm"),
        ("sha256:abc def", "encoded part"),
    ],
)
def test_malformed_digests_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(InvalidDigestError, match=reason):
        parse_digest(text)


@pytest.mark.parametrize(
    ("text", "algorithm"),
    [
        ("sha256:" + E58, "sha256"),
        ("sha256:6c3c624b58dbbcd3c0dd82b4c53f04194d1247c6eebdaab7c610cf7d66709b3b", "sha256"),
    ],
)
def test_valid_sha256_digests_parse(text: str, algorithm: str) -> None:
    digest = parse_digest(text)
    assert (digest.algorithm, str(digest)) == (algorithm, text)


def test_registered_algorithms_other_than_sha256_parse_when_allowed() -> None:
    assert parse_digest("sha512:" + "ab" * 64, supported=("sha512",)).algorithm == "sha512"
    assert parse_digest("blake3:" + E58, supported=("blake3",)).algorithm == "blake3"
    with pytest.raises(InvalidDigestError, match="needs 64"):
        parse_digest("blake3:" + "ab" * 64, supported=("blake3",))


def test_sha256_of_nothing_is_the_well_known_value() -> None:
    assert sha256_digest(b"") == (
        "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    )


def test_worked_example_of_the_fidelity_reference() -> None:
    manifest = {"version": "1.0.0", "files": {"main.py": "print('hi')\n"}, "name": "app"}
    assert canonical_bytes(manifest) == (
        b'{"files":{"main.py":"print(\'hi\')\\n"},"name":"app","version":"1.0.0"}'
    )
    assert digest_of(manifest) == (
        "sha256:b39c1d9432b5f0bf175a1d1d2d9950c6c82f1d0f25f6dcdd6f6a851b3c7ab456"
    )


def test_key_order_does_not_change_identity_but_content_does() -> None:
    one = {"name": "web", "version": "1.0.0", "config": {"a": 1, "b": [1, 2]}}
    two = {"config": {"b": [1, 2], "a": 1}, "version": "1.0.0", "name": "web"}
    assert digest_of(one) == digest_of(two)
    assert digest_of(one) != digest_of({**one, "config": {"a": 1, "b": [2, 1]}})
    assert digest_of(one) != digest_of({**one, "version": "1.0.1"})


def test_non_ascii_is_kept_as_utf8() -> None:
    assert canonical_bytes({"k": "é"}) == '{"k":"é"}'.encode()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"x": 1.5}, "floating-point"),
        ({"x": float("nan")}, "floating-point"),
        ({"x": 2**60}, "2\\^53"),
        ({1: "a"}, "not a string"),
        ({"x": {1, 2}}, "not JSON data"),
    ],
)
def test_values_without_a_canonical_form_are_refused(value: object, message: str) -> None:
    with pytest.raises(InvalidManifestError, match=message):
        canonical_bytes(value)


def test_nesting_is_bounded() -> None:
    deep: dict[str, object] = {}
    node = deep
    for _ in range(40):
        node["x"] = {}
        node = node["x"]  # type: ignore[assignment]
    with pytest.raises(InvalidManifestError, match="deeper"):
        canonical_bytes(deep)
