"""The map of where each rule lives (docs/architecture.md) stays true: every file it names
exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_every_file_in_the_rule_map_exists() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text()
    section = text.split("### Where each rule lives", 1)[1].split("\n\n", 2)[1]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "`" in line]
    assert len(rows) >= 20
    for row in rows:
        files = re.findall(r"`([^`]+\.py)`", row.split("|")[2])
        folder = Path(files[0]).parent
        for name in files:
            path = ROOT / name if "/" in name else ROOT / folder / name
            assert path.is_file(), f"docs/architecture.md names {name}, which does not exist"
