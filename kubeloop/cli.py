"""The ``kubeloop`` command: thin, delegating to the harness and the engine."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from kubeloop import demo


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="kubeloop", description="Plain-English scenario tests over a miniature Kubernetes."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("demo", help="a narrated worked example in the terminal")
    args = parser.parse_args(argv)
    if args.command == "demo":
        demo.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
