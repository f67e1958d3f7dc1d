"""Lab 02, broken alone: the digest hashes the manifest as written, not its canonical bytes
(key order changes the identity)."""

import hashlib
import json

from kubeloop import Pipeline as _Pipeline


class Pipeline(_Pipeline):
    def build(self, manifest):
        super().build(manifest)
        text = json.dumps(manifest, separators=(",", ":"), ensure_ascii=False)
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()
