"""Open an HTML report in headless Chromium: every page must render and log no console
errors; the report and each feature page show their scenarios. Writes a screenshot next to
each page named (report.html's at 1280 px wide; add feature pages to see their pictures).

    python tools/check_report_in_browser.py report/report.html [report/features/x.html ...]

Every page under report/features/ is opened and checked, named or not; a feature page's
screenshot shows every scenario opened, so its pictures can be reviewed.

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


def check(page: Path, screenshot: bool) -> bool:
    """Render PAGE; print what it shows; True when it is clean."""
    dom = run(page, "--dump-dom", "--virtual-time-budget=3000")
    errors = [
        line
        for line in dom.stderr.splitlines()
        if "CONSOLE" in line and re.search(r"Uncaught|Error|error", line)
    ]
    svgs = dom.stdout.count("<svg")
    scenarios = len(re.findall(r"class=\"scenario\"|<li data-status=", dom.stdout))
    elements = len(re.findall(r"<[a-zA-Z]", dom.stdout))
    size = page.stat().st_size
    print(
        f"{page}: {scenarios} scenarios, {svgs} SVG pictures, {elements} elements, "
        f"{size / 1000:.0f} kB, {len(errors)} console errors"
    )
    for line in errors:
        print(f"  {line}")
    shot_ok = True
    if screenshot:
        picture = page.with_suffix(".png")
        shown = page
        if page.name != "report.html":  # a feature page: every scenario opened, pictures seen
            shown = page.with_name(f".{page.stem}.open.html")
            text = page.read_text(encoding="utf-8")
            opened = text.replace('<details class="scenario"', '<details open class="scenario"')
            shown.write_text(opened, encoding="utf-8")
        size_flags = ("--window-size=1280,2400", "--hide-scrollbars")
        shot = run(shown, f"--screenshot={picture.resolve()}", *size_flags)
        if shown != page:
            shown.unlink()
        shot_ok = picture.exists()
        print(f"  screenshot: {picture}" if shot_ok else f"  no screenshot: {shot.stderr[-500:]}")
    return dom.returncode == 0 and scenarios > 0 and not errors and shot_ok


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    named = [Path(a) for a in argv]
    folder = named[0].parent / "features"
    others = sorted(set(folder.glob("*.html")) - {p.resolve() for p in named} - set(named))
    results = [check(page, screenshot=True) for page in named]
    results += [check(page, screenshot=False) for page in others]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
