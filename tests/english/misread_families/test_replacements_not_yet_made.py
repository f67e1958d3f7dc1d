"""A pod count right after the event that removed pods (runs11, blind batch32): "When I drain
node-1 / Then 6 pods are running" saw 5 and said no more. The ReplicaSet replaces an evicted
or deleted pod on the next reconcile, so the check still fails; it now says the deployment
has fewer pods than it wants and which sentences run the passes, only when that is so.
(runs13: a drain that completes now ends with that pass, as kubectl's wait for the evicted
pods' deletion lets the controllers replace them; a deleted pod still waits for it.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_NOTE = "replacements are created and placed on the next reconcile"


@pytest.mark.parametrize(
    ("then", "noted"),
    [
        ("Then 5 pods are running", True),
        ('Then all 5 "cache" pods are ready', True),
        ('Then 6 pods of "cache" are running', False),
    ],
)
def test_a_count_right_after_a_pod_is_removed_says_it_is_not_replaced_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, noted: bool
) -> None:
    lines = ["Given a 2-node cluster running 5 replicas of cache at v1"]
    if noted:
        lines.append('When I delete pod "cache-3"')
    code, out = run_matched(tmp_path, capsys, *lines, then)
    assert code != 0, out
    assert (_NOTE in out) is noted, out
    if noted:
        assert '"cache" wants 5 pods and has 4' in out, out


def test_the_sentence_the_message_offers_replaces_the_pod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 2-node cluster running 5 replicas of cache at v1",
        'When I delete pod "cache-3"',
        "And I reconcile",
        "Then 5 pods are running",
    )
    assert code == 0, out
