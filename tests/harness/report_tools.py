"""The report consumers teams use, installed once per machine for the tests that read
kubeloop's reports through them: npm packages from the registry, Debian's Chromium.

Set KUBELOOP_REPORT_MODULES to a node_modules folder that already holds the packages, or
let the first test `npm install` them into the system's temporary folder. A test skips
(with the reason) only when node, npm or chromium is absent or the install fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

PACKAGES = ("@cucumber/html-formatter@24.2.0", "cucumber-html-reporter@7.2.0", "allure@3.18.0")
ROOT = Path(__file__).resolve().parents[2]


def node_modules() -> Path:
    given = os.environ.get("KUBELOOP_REPORT_MODULES")
    if given:
        return Path(given)
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are needed to run the Cucumber report tools")
    folder = Path(tempfile.gettempdir()) / "kubeloop-report-tools"
    folder.mkdir(exist_ok=True)
    modules = folder / "node_modules"
    wanted = [modules / p.rsplit("@", 1)[0] / "package.json" for p in PACKAGES]
    if not all(path.is_file() for path in wanted):
        install = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(folder), *PACKAGES],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if install.returncode != 0:
            pytest.skip(f"npm could not install {PACKAGES}: {install.stderr[-300:]}")
    return modules


def node(script: str, *args: str, stdin: str = "") -> str:
    """Run one of tools/*.mjs|*.cjs with the installed packages; its standard output."""
    done = subprocess.run(
        ["node", str(ROOT / "tools" / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "NODE_PATH": str(node_modules())},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def allure(*args: str) -> None:
    """Run Allure 3's command line (the npm package ``allure``: no Java needed), in a folder
    of its own: it leaves an ``allure-report/`` folder wherever it runs."""
    with tempfile.TemporaryDirectory() as here:
        done = subprocess.run(
            [str(node_modules() / ".bin" / "allure"), *args],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            cwd=here,
        )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def rendered_dom(page: Path, fragment: str = "") -> str:
    """The page's DOM after its scripts ran, as headless Chromium builds it (opened at
    ``page#fragment`` when a FRAGMENT such as "#failed" is given)."""
    browser = next(
        (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))),
        None,
    )
    if browser is None:
        pytest.skip("chromium is needed to render the page: apt-get install chromium")
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                f"--user-data-dir={profile}",
                "--dump-dom",
                "--virtual-time-budget=10000",
                page.resolve().as_uri() + fragment,
            ],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout
