"""Differential test: generated rule files and unit tests run by kubeloop and by the real
promtool (Debian's prometheus package, Prometheus 2.42: ``apt-get install prometheus``).

kubeloop computes every test's expectation; promtool must then pass the file, and both
must fail it (with the same failing tests) once one expectation is spoiled. How the files
avoid the places where 2.42 and 3.x differ is in tests/telemetry/promtool/generate.py.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from kubeloop.cli import main
from tests.telemetry.promtool.generate import fill_expectations, generate, template_files

PROMTOOL = shutil.which("promtool")
pytestmark = pytest.mark.skipif(
    PROMTOOL is None,
    reason="promtool is not installed (apt-get install -y prometheus gives promtool 2.42)",
)
SEEDS = range(30)


def failing_tests(stderr: str) -> list[str]:
    """The failing tests promtool-style output names: alertname/expr and time."""
    return sorted(
        line.strip().rstrip(",")
        for line in stderr.splitlines()
        if line.startswith(("    alertname: ", "    expr: "))
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_kubeloop_and_promtool_agree(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = generate(seed, tmp_path)
    spoiled = seed % 3 == 0
    assert fill_expectations(path, seed, mutate=spoiled)
    assert PROMTOOL is not None
    theirs = subprocess.run(
        [PROMTOOL, "test", "rules", path.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    ours = main(["test", "rules", str(path)])
    err = capsys.readouterr().err
    assert ours == theirs.returncode == (1 if spoiled else 0), theirs.stderr
    assert failing_tests(err) == failing_tests(theirs.stderr)


def test_templates_expand_as_in_promtool(tmp_path: Path) -> None:
    """Every template function kubeloop supports, over awkward values: promtool must agree
    with the annotations kubeloop expands, character for character."""
    path = template_files(tmp_path)
    assert fill_expectations(path, 0, mutate=False)
    assert "<error expanding" not in path.read_text()
    assert PROMTOOL is not None
    theirs = subprocess.run(
        [PROMTOOL, "test", "rules", path.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert theirs.returncode == 0, theirs.stderr


def test_the_generator_is_deterministic(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = generate(7, tmp_path / "a").read_text()
    assert first == generate(7, tmp_path / "b").read_text()
    assert first != generate(8, tmp_path / "b").read_text()
