"""What ``kubeloop check`` spends on suggestions for 200 unmatched lines: CPU seconds inside
``Registry.undefined_message`` less its "this is a check: write Then" lookup
(``advice._other_keyword``), measured in the process, beside the whole process; best of a
few runs, beside another source tree's when given.

    python benchmarks/check_suggestions.py                        # this tree
    python benchmarks/check_suggestions.py --before /tmp/main     # and another, alternately

The lines, the trees and the runs are those of ``check_unmatched.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from check_unmatched import PRELUDE, alternately, checked, options, verdict

_CHECK = (
    PRELUDE
    + """
import contextlib, io, json, time
from kubeloop.harness import advice
from kubeloop.harness.registry import Registry
spent = {"undefined_message": 0.0, "_other_keyword": 0.0}
depth = dict.fromkeys(spent, 0)
def timed(owner, name):
    plain = getattr(owner, name)
    def measured(*args):
        depth[name] += 1
        start = time.process_time()
        try:
            return plain(*args)
        finally:
            depth[name] -= 1
            if depth[name] == 0:
                spent[name] += time.process_time() - start
    setattr(owner, name, measured)
timed(Registry, "undefined_message")
timed(advice, "_other_keyword")
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
)
"""``kubeloop check`` from a source tree with the suggestions timed."""


def run(tree: Path, feature: Path) -> tuple[dict[str, float], str]:
    """CPU seconds of one ``kubeloop check`` of ``feature`` from ``tree`` (the whole process
    but its start-up, and its suggestions), and what it said."""
    measured = json.loads(checked(_CHECK, tree, feature).stdout.splitlines()[-1])
    said = str(measured.pop("said"))
    return {key: float(value) for key, value in measured.items()}, said


def main() -> int:
    args, trees = options(__doc__.splitlines()[0])
    for named in args.features:
        feature = named.resolve()
        best, said = alternately(trees, feature, args.repeat, run)
        row = "   ".join(
            f"{name}: suggestions {best[name]['suggesting']:.2f} s of {best[name]['whole']:.2f} s"
            for name, _ in trees
        )
        print(f"{feature.name}: {row}{verdict(said)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
