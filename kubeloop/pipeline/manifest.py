"""The build input: a manifest with a name, a version, and what goes into the artifact."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kubeloop.pipeline.errors import InvalidManifestError

FIELDS = ("name", "version", "files", "layers", "config", "labels")
NAME = re.compile(r"[a-z0-9]+(?:[._-][a-z0-9]+)*(?:/[a-z0-9]+(?:[._-][a-z0-9]+)*)*")
MAX_NAME = 255
MAX_ENTRIES = 10_000


def check_manifest(manifest: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a manifest and return it as a plain dict (its canonical form is hashed)."""
    if not isinstance(manifest, Mapping):
        raise InvalidManifestError(
            f"a manifest is an object with {', '.join(FIELDS)}; got {type(manifest).__name__}"
        )
    unknown = sorted(set(manifest) - set(FIELDS))
    if unknown:
        raise InvalidManifestError(
            f"unknown manifest field(s) {', '.join(unknown)}; a manifest has {', '.join(FIELDS)}"
        )
    for required in ("name", "version"):
        value = manifest.get(required)
        if not isinstance(value, str) or not value:
            raise InvalidManifestError(f'the manifest needs a "{required}" (a non-empty string)')
    name = manifest["name"]
    if len(name) > MAX_NAME or not NAME.fullmatch(name):
        raise InvalidManifestError(
            f'manifest name "{name}" must be an OCI repository name: lowercase letters and '
            "digits, separated by . _ - or /"
        )
    files = manifest.get("files", {})
    if not isinstance(files, Mapping) or not all(isinstance(v, str) for v in files.values()):
        raise InvalidManifestError('"files" maps each path to its content (a string)')
    layers = manifest.get("layers", [])
    if not isinstance(layers, list) or not all(isinstance(v, str) for v in layers):
        raise InvalidManifestError('"layers" is a list of strings (layer digests or names)')
    for field in ("config", "labels"):
        if not isinstance(manifest.get(field, {}), Mapping):
            raise InvalidManifestError(f'"{field}" is an object')
    if len(files) + len(layers) > MAX_ENTRIES:
        raise InvalidManifestError(f"more than {MAX_ENTRIES} files and layers")
    return dict(manifest)
