"""Every file docs/architecture.md names exists, and every name it points to inside a file
is defined there: a newcomer following the rule -> file map never lands on a stale path.

A path in backticks starting at a top-level entry of the project (``kubeloop/…``,
``steps/…``, ``tests/…``) is read from the project's root; a shorter one (``waivers.py``,
``scheduler/``) from the folder of the path before it in the same table row or paragraph,
or the nearest folder above that has it.
Names in the parentheses right after a path (``resolve_fenceposts``, ``World.pods``) must
be defined in that file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "docs" / "architecture.md"
_TOKEN = re.compile(r"`([^`]+)`")
_PATH = re.compile(r"[\w.-]+(/[\w.-]*)*")
_NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def _units(text: str) -> list[tuple[int, str]]:
    """(first line number, text): each table row on its own, other lines by paragraph."""
    units: list[tuple[int, str]] = []
    paragraph: list[str] = []
    start = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("|") or not line.strip():
            if paragraph:
                units.append((start, " ".join(paragraph)))
                paragraph = []
            if line.startswith("|"):
                units.append((number, line))
            continue
        if not paragraph:
            start = number
        paragraph.append(line)
    if paragraph:
        units.append((start, " ".join(paragraph)))
    return units


def _is_path(token: str) -> bool:
    return bool(_PATH.fullmatch(token)) and ("/" in token or token.endswith((".py", ".md")))


def _defines(source: str, name: str) -> bool:
    """Is ``name`` (``f``, ``Class``, ``Class.method``) defined in the module's source?"""
    *owners, last = name.split(".")
    pattern = rf"^\s*(def|class) {re.escape(last)}\b|^{re.escape(last)}\b\s*[:=]"
    found = re.search(pattern, source, re.MULTILINE) is not None
    return found and all(re.search(rf"^class {re.escape(o)}\b", source, re.M) for o in owners)


def _nearest(base: Path, token: str) -> Path:
    """``token`` in ``base`` or the nearest folder above it that has it (else in ``base``)."""
    for folder in (base, *base.parents):
        if (folder / token).exists():
            return folder / token
        if folder == ROOT:
            break
    return base / token


def resolve(text: str) -> list[tuple[int, str, Path, list[str]]]:
    """(line, token, the path it names, the names in the parentheses after it)."""
    found: list[tuple[int, str, Path, list[str]]] = []
    for line, unit in _units(text):
        base = ROOT
        for match in _TOKEN.finditer(unit):
            token = match.group(1)
            if not _is_path(token):
                continue
            first = token.split("/")[0]
            from_root = "/" in token.rstrip("/") and (ROOT / first).exists()
            path = ROOT / token if from_root else _nearest(base, token)
            base = path if token.endswith("/") else path.parent
            after = unit[match.end() :]
            names: list[str] = []
            if after.startswith(" ("):
                inside = after[2:].split(")")[0]
                tokens = _TOKEN.findall(inside)
                names = [t for t in tokens if _NAME.fullmatch(t) and not _is_path(t)]
            found.append((line, token, path, names))
    return found


def test_every_path_in_the_map_exists() -> None:
    missing = [
        f"docs/architecture.md:{line}: `{token}` ({path.relative_to(ROOT)} does not exist)"
        for line, token, path, _ in resolve(MAP.read_text(encoding="utf-8"))
        if not path.exists()
    ]
    assert missing == []


def test_every_name_pointed_to_is_defined_in_its_file() -> None:
    undefined = []
    for line, token, path, names in resolve(MAP.read_text(encoding="utf-8")):
        if path.suffix != ".py" or not path.exists():
            continue
        source = path.read_text(encoding="utf-8")
        undefined += [
            f"docs/architecture.md:{line}: `{name}` is not defined in {token}"
            for name in names
            if not _defines(source, name)
        ]
    assert undefined == []


def test_the_map_names_files_at_all() -> None:
    resolved = resolve(MAP.read_text(encoding="utf-8"))
    assert len(resolved) > 100
    assert any(names for *_, names in resolved)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("| a | `kubeloop/cluster/nodes.py`, `pods.py` |", "kubeloop/cluster/pods.py"),
        ("`kubeloop/cluster/` has `scheduler/` in it", "kubeloop/cluster/scheduler"),
        ("| a | `kubeloop/core/clock.py` |\n| b | `setup.py` |", "setup.py"),
        ("`kubeloop/cluster/scheduler/` and `controllers/`", "kubeloop/cluster/controllers"),
        ("| a | `kubeloop/core/clock.py` |\n| b | `nodes.py` |", "nodes.py"),
    ],
)
def test_short_paths_read_from_the_folder_before_them(text: str, expected: str) -> None:
    assert resolve(text)[-1][2] == ROOT / expected


def test_a_stale_path_or_name_is_reported() -> None:
    text = "| a | `kubeloop/cluster/surge_budget.py` (`resolve_fenceposts`, `no_such_name`) |"
    ((_, _, path, names),) = resolve(text)
    source = path.read_text(encoding="utf-8")
    assert [n for n in names if not _defines(source, n)] == ["no_such_name"]
    assert not resolve("| a | `kubeloop/cluster/gone.py` |")[0][2].exists()
