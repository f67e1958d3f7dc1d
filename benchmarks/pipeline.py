"""Pipeline throughput through the public API: ``python benchmarks/pipeline.py``.

N artifacts built, given green gate inputs (with one waived HIGH finding), run through
the ladder, promoted dev → staging → prod with approval; then a rollback per artifact,
and a re-run of every artifact (which must change nothing). Ed25519 signing and
verification dominate.
"""

from __future__ import annotations

import time

from kubeloop.pipeline import Finding, Pipeline, TestSummary, Waiver, WaiverList

ARTIFACTS = 1000


def main() -> None:
    pipeline = Pipeline()
    pipeline.set_waivers(WaiverList(1, (Waiver("CVE-2026-1111", "not reachable"),)))
    started = time.perf_counter()
    digests = []
    for index in range(ARTIFACTS):
        digest = pipeline.build({"name": "web", "version": f"1.0.{index}", "files": {"a": "x"}})
        pipeline.record_unit_tests(digest, TestSummary(True, tests=120))
        pipeline.record_coverage(digest, 91.25)
        pipeline.record_scan(digest, [Finding("CVE-2026-1111", "HIGH", "openssl")])
        pipeline.record_integration_tests(digest, TestSummary(True, tests=12))
        assert pipeline.run(digest).passed
        digests.append(digest)
    built = time.perf_counter()
    for digest in digests:
        pipeline.promote(digest, "dev")
        pipeline.promote(digest, "staging")
        pipeline.promote(digest, "prod")
        pipeline.approve(digest, "prod")
    promoted = time.perf_counter()
    for _ in range(ARTIFACTS - 1):
        pipeline.rollback("prod")
    rolled = time.perf_counter()
    before = pipeline.state()
    for digest in digests:
        pipeline.run(digest)
    assert pipeline.state() == before
    rerun = time.perf_counter()
    each = {
        "build + gates + sign": (built - started) / ARTIFACTS,
        "promote dev → staging → prod + approve": (promoted - built) / ARTIFACTS,
        "rollback (verified)": (rolled - promoted) / (ARTIFACTS - 1),
        "idempotent re-run": (rerun - rolled) / ARTIFACTS,
    }
    print(f"{ARTIFACTS} artifacts, {len(pipeline.events)} events")
    for what, seconds in each.items():
        print(f"  {what:<40} {1e3 * seconds:.3f} ms each")


if __name__ == "__main__":
    main()
