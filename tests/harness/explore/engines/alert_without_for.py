"""Planted bug: alerting rules fire as soon as their expression holds, as if no rule had a
``for:`` (the pending state is never waited out)."""

import re

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Telemetry as _Telemetry

FOR = re.compile(r"(?m)^(\s*)for:.*$")


class Telemetry(_Telemetry):
    def load_rules(self, text: str, filename: str = "<rules>") -> None:
        super().load_rules(FOR.sub(r"\1for: 0s", text), filename)
