"""The fixture commands behind ``kubeloop validate`` and ``kubeloop schemas``."""

from __future__ import annotations

import shutil
from pathlib import Path

from kubeloop.errors import FixtureError
from kubeloop.fixtures import SCHEMA_DIR, load_fixture, schema_files


def validate(files: list[str]) -> int:
    """Print every problem as FILE:LINE:COL: path: message; 0 if all valid, 1 if not."""
    invalid = 0
    for file in files:
        try:
            load_fixture(file)
        except FixtureError as error:
            invalid += 1
            for problem in error.problems:
                print(problem)
        else:
            print(f"{file}: valid")
    return 1 if invalid else 0


def schemas(export: str | None) -> int:
    if export is None:
        print(SCHEMA_DIR)
        for path in schema_files():
            print(f"  {path.name}")
        return 0
    target = Path(export)
    target.mkdir(parents=True, exist_ok=True)
    for path in schema_files():
        shutil.copyfile(path, target / path.name)
        print(target / path.name)
    return 0
