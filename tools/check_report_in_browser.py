"""Open an HTML report in headless Chromium: it must render, log no console errors, and
show its pictures. Writes a screenshot next to the report.

    python tools/check_report_in_browser.py report/report.html

Needs Debian's chromium (``apt-get install chromium``). Exit 0 when the page is clean.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
]


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("chromium not found: apt-get install chromium")


def run(page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as profile:
        command = [
            chromium(),
            *FLAGS,
            f"--user-data-dir={profile}",
            *extra,
            page.resolve().as_uri(),
        ]
        return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    page = Path(argv[0])
    dom = run(page, "--dump-dom", "--virtual-time-budget=3000")
    errors = [
        line
        for line in dom.stderr.splitlines()
        if "CONSOLE" in line and re.search(r"Uncaught|Error|error", line)
    ]
    svgs = dom.stdout.count("<svg")
    scenarios = dom.stdout.count('class="scenario"')
    screenshot = page.with_suffix(".png")
    shot = run(
        page, f"--screenshot={screenshot.resolve()}", "--window-size=1280,2400", "--hide-scrollbars"
    )
    print(f"{page}: {scenarios} scenarios, {svgs} SVG pictures, {len(errors)} console errors")
    for line in errors:
        print(f"  {line}")
    print(
        f"screenshot: {screenshot}"
        if screenshot.exists()
        else f"no screenshot: {shot.stderr[-500:]}"
    )
    ok = dom.returncode == 0 and scenarios > 0 and svgs > 0 and not errors and screenshot.exists()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
