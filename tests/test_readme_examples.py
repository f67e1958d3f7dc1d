"""README's examples are what new users copy and imitate, so each one must do what README
says: every Gherkin block runs green as it stands, and every sentence of the "Say it the
way you would" table (which says "each one runs") is read by a phrase."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.registry import REGISTRY, load_step_library

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
_BLOCK = re.compile(r"```gherkin\n(.*?)```", re.S)


def _said_plainly() -> list[tuple[str, str]]:
    section = README.split("## Say it the way you would", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    return [
        (row.split("|")[1].strip(), sentence)
        for row in rows
        for sentence in re.findall(r"`([^`]+)`", row.split("|", 2)[2])
    ]


def test_the_table_and_the_blocks_are_found() -> None:
    mechanisms = {mechanism for mechanism, _ in _said_plainly()}
    assert mechanisms == {"cluster", "pipeline", "telemetry", "one world"}
    assert len(_BLOCK.findall(README)) >= 4


@pytest.mark.parametrize("block", _BLOCK.findall(README), ids=lambda b: b.split("\n")[0][:40])
def test_every_gherkin_block_runs_green(
    block: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        block
        if block.startswith("Feature:")
        else "Feature: README\n" + "".join(f"  {line}\n" for line in block.splitlines())
    )
    feature = tmp_path / "readme.feature"
    feature.write_text(text)
    code = main(["run", str(feature)])
    out = capsys.readouterr().out
    assert code == 0, out


@pytest.mark.parametrize(("mechanism", "sentence"), _said_plainly())
def test_every_sentence_said_plainly_is_read(mechanism: str, sentence: str) -> None:
    load_step_library()
    assert any(REGISTRY.accepts(keyword, sentence) for keyword in ("given", "when", "then")), (
        f"{mechanism}: {sentence!r} is read by no phrase"
    )
