"""The step library ships as ``kubeloop.steps`` from the top-level steps/ folder, by the
build backend's package mapping (setup.py), not by a symlink inside the package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import kubeloop.steps

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_holds_no_link_to_the_step_library() -> None:
    links = [p for p in (ROOT / "kubeloop").rglob("*") if p.is_symlink() and p.name == "steps"]
    assert links == []


def test_the_step_library_has_one_import_root() -> None:
    assert Path(kubeloop.steps.__file__).parent.name == "steps"
    assert not any(name == "steps" or name.startswith("steps.") for name in sys.modules)


@pytest.mark.slow
def test_a_built_wheel_holds_every_step_module_under_kubeloop(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("kubeloop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        f"kubeloop/steps/{p.relative_to(ROOT / 'steps').as_posix()}"
        for p in (ROOT / "steps").rglob("*.py")
    }
    assert wanted <= names, sorted(wanted - names)
    assert "kubeloop/schemas/cluster.schema.json" in names
    assert not any(n.startswith("steps/") for n in names)


@pytest.mark.slow
def test_the_step_library_is_a_pytest_plugin_of_its_own(tmp_path: Path) -> None:
    """pytest loads the phrases through their own entry point: turned off, the harness
    still collects the feature, and no phrase is there to match its step."""
    (tmp_path / "a.feature").write_text("Feature: f\n  Scenario: s\n    Given 3 nodes\n")
    run = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)]
    with_library = subprocess.run(run, capture_output=True, text=True, timeout=300, check=False)
    without = subprocess.run(
        [*run, "-p", "no:kubeloop-steps"], capture_output=True, text=True, timeout=300, check=False
    )
    assert with_library.returncode == 0, with_library.stdout[-1000:]
    assert without.returncode == 1 and "no step matches" in without.stdout
