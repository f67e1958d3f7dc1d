"""What ``kubeloop check`` spends on suggestions for 200 unmatched lines: CPU seconds inside
``Registry.undefined_message`` less its "this is a check: write Then" lookup
(``_other_keyword``), measured in the process, beside the whole process; best of a few
runs, beside another source tree's when given.

    python benchmarks/check_suggestions.py                        # this tree
    python benchmarks/check_suggestions.py --before /tmp/main     # and another, alternately

The lines are those of ``check_unmatched.py`` (benchmarks/data/unmatched_*.feature).
``--before DIR`` is a source tree (``git archive``); its own steps/ is its step library.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
FEATURES = [DATA / f"unmatched_{name}.feature" for name in ("stories", "other", "mixed")]

_CHECK = """
import contextlib, io, json, sys, time
sys.path.insert(0, sys.argv[1])
import kubeloop
kubeloop.__path__.append(sys.argv[1])  # the tree's steps/ as kubeloop.steps
from kubeloop.harness.registry import Registry
spent = {"undefined_message": 0.0, "_other_keyword": 0.0}
depth = dict.fromkeys(spent, 0)
def timed(name):
    plain = getattr(Registry, name)
    def measured(self, *args):
        depth[name] += 1
        start = time.process_time()
        try:
            return plain(self, *args)
        finally:
            depth[name] -= 1
            if depth[name] == 0:
                spent[name] += time.process_time() - start
    setattr(Registry, name, measured)
for name in spent:
    timed(name)
from kubeloop.cli import main
sys.argv = ["kubeloop", "check", *sys.argv[2:]]
said = io.StringIO()
with contextlib.redirect_stdout(said):
    try:
        main()
    except SystemExit:
        pass
suggesting = spent["undefined_message"] - spent["_other_keyword"]
print(json.dumps({"whole": time.process_time(), "suggesting": suggesting, "said": said.getvalue()}))
"""
"""``kubeloop check`` from a source tree with the suggestions timed, in the feature's folder."""


def run(tree: Path, feature: Path) -> dict[str, float | str]:
    """CPU seconds of one ``kubeloop check`` of ``feature`` from ``tree`` (the whole process
    but its start-up, and its suggestions), and what it said."""
    done = subprocess.run(
        [sys.executable, "-c", _CHECK, str(tree), feature.name],
        cwd=feature.parent,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: kubeloop check failed:\n{done.stderr}")
    measured: dict[str, float | str] = json.loads(done.stdout.splitlines()[-1])
    return measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another source tree, timed alternately")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best counts)")
    parser.add_argument("features", nargs="*", type=Path, default=FEATURES)
    args = parser.parse_args()
    trees = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds, best of {args.repeat}")
    for named in args.features:
        feature = named.resolve()
        best: dict[str, dict[str, float]] = {}
        said: dict[str, str] = {}
        for _ in range(args.repeat):
            for name, tree in trees:
                measured = run(tree, feature)
                said[name] = str(measured.pop("said"))
                kept = best.setdefault(name, {k: float(v) for k, v in measured.items()})
                for key, value in measured.items():
                    kept[key] = min(kept[key], float(value))
        row = "   ".join(
            f"{name}: suggestions {best[name]['suggesting']:.2f} s of {best[name]['whole']:.2f} s"
            for name, _ in trees
        )
        same = (
            ""
            if len(said) == 1
            else (", same output" if len(set(said.values())) == 1 else ", OUTPUTS DIFFER")
        )
        print(f"{feature.name}: {row}{same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
