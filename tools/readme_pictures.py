"""Draw the pictures README's Reports section shows, one per mechanism, from real runs of
shipped scenarios, into docs/pictures/ (standalone SVG, the report's style inlined).

    python tools/readme_pictures.py

Run again after changing kubeloop/render/; the files are deterministic.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from kubeloop.harness.reports.html_page import STYLE

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "pictures"
PICTURES = {
    # file name: (scenario, the picture's class, which one of that class)
    "cluster-map.svg": ("features/cluster/rollout/rolling-update.feature", "cluster", 0),
    "rollout.svg": ("features/cluster/rollout/rolling-update.feature", "rollout", 0),
    "hpa.svg": ("features/cluster/autoscaling/hpa.feature", "hpa", 0),
    "gate-ladder.svg": ("features/pipeline/ladder.feature", "ladder", 0),
    "alerts.svg": ("features/telemetry/slo/multiwindow.feature:56", "alert-timeline", 0),
    "burn-rate.svg": ("features/telemetry/slo/multiwindow.feature:56", "burn-rate", 0),
    "one-world.svg": ("features/links/story.feature:24", "one-world-timeline", 0),
}


def pictures_of(scenario: str, scratch: Path) -> str:
    out = scratch / re.sub(r"\W+", "-", scenario)
    if not out.exists():
        run = [sys.executable, "-m", "kubeloop.cli", "run", "-q", scenario, "--report", str(out)]
        subprocess.run(run, cwd=ROOT, capture_output=True, text=True, check=False)
    return "".join(p.read_text(encoding="utf-8") for p in sorted(out.glob("features/*.html")))


def standalone(svg: str) -> str:
    """The SVG with the report's style inside, so it draws the same on its own."""
    css = "".join(line for line in STYLE.splitlines() if line.startswith("svg"))
    opened = svg.index(">") + 1
    return f"{svg[:opened]}<style>{css.replace('svg ', '')}</style>{svg[opened:]}\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name, (scenario, kind, index) in PICTURES.items():
            page = pictures_of(scenario, Path(scratch))
            found = re.findall(rf'<svg [^>]*class="{kind}".*?</svg>', page, re.S)
            if len(found) <= index:
                print(f"{name}: no {kind} picture in {scenario}")
                return 1
            (OUT / name).write_text(standalone(found[index]), encoding="utf-8")
            print(f"{OUT / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
