"""The ladder pictures, from plain snapshot data."""

from __future__ import annotations

from kubeloop.render.ladder import history_svg, ladder_svg, ladder_text, pipeline_pictures

RUN = {
    "number": 2,
    "artifact": "D1",
    "digest": "sha256:" + "a" * 64,
    "gates": [
        {"gate": "unit", "status": "passed", "reason": "ok", "blocked_by": None},
        {"gate": "scan", "status": "blocked", "reason": "CVE-1 <HIGH> blocks", "blocked_by": None},
        {"gate": "integration", "status": "not run", "reason": "not run", "blocked_by": "scan"},
        {"gate": "sign", "status": "not run", "reason": "not run", "blocked_by": "scan"},
    ],
}
ENV = {
    "name": "prod",
    "running": "D1",
    "requires_approval": True,
    "known_good": ["D1"],
    "deployments": [
        {"artifact": "D1", "digest": "sha256:" + "a" * 64, "how": "promote", "time": 0},
        {"artifact": "D2", "digest": "sha256:" + "b" * 64, "how": "promote", "time": 5},
        {"artifact": "D1", "digest": "sha256:" + "a" * 64, "how": "rollback", "time": 9},
    ],
}


def test_ladder_svg_draws_every_gate_and_escapes_reasons() -> None:
    svg = ladder_svg(RUN)
    assert svg.count("<rect") == 4 and "stroke-dasharray" in svg
    assert "CVE-1 &lt;HIGH&gt; blocks" in svg and "<HIGH>" not in svg


def test_history_svg_marks_rolled_back_digests() -> None:
    svg = history_svg(ENV)
    assert svg.count("<rect") == 3
    assert "#ffcdd2" in svg  # D2 is not known-good any more
    assert "prod runs D1 (manual approval)" in svg


def test_text_picture_and_empty_data() -> None:
    text = ladder_text({"runs": [RUN], "environments": [ENV]})
    assert "✗ scan" in text and "prod (manual approval) runs D1" in text
    assert not text.startswith("the pipeline"), "World.picture heads it; it must not repeat"
    assert "D1 (promote) → D2 (promote) → D1 (rollback)" in text
    assert pipeline_pictures({}) == []
    assert ladder_svg({"gates": []}) == ""
