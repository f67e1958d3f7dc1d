"""How a text is checked, as the sentence says: "is" compares the whole value; "contains",
"mentions", "includes", "says" find it anywhere; "starts with" and "ends with" at an end.

``Then the pending pod's reason is "Insufficient"`` fails when the reason is longer: write
``… contains "Insufficient"`` (or ``… starts with …``) for a part of it.
"""

from __future__ import annotations

from kubeloop.harness.params import TYPES, ParamType

_HOW = {
    "is": "is",
    "equals": "is",
    "reads": "is",
    "contains": "contains",
    "contain": "contains",
    "mentions": "contains",
    "mention": "contains",
    "includes": "contains",
    "include": "contains",
    "says": "contains",
    "say": "contains",
    "starts with": "starts",
    "start with": "starts",
    "begins with": "starts",
    "begin with": "starts",
    "ends with": "ends",
    "end with": "ends",
}
_SAID = {"is": "to be", "contains": "containing", "starts": "starting with", "ends": "ending with"}


def agrees(how: str, wanted: str, actual: str) -> bool:
    """Whether ACTUAL is WANTED ("is"), or holds it where HOW says."""
    return {
        "is": actual == wanted,
        "contains": wanted in actual,
        "starts": actual.startswith(wanted),
        "ends": actual.endswith(wanted),
    }[how]


def expected(how: str, wanted: str) -> str:
    """ "to be 'x'", "containing 'x'", … for a failure's "expected" line."""
    return f"{_SAID[how]} {wanted!r}"


TYPES["textcheck"] = ParamType(
    "|".join(sorted(_HOW, key=len, reverse=True)).replace(" ", " +"),
    lambda text: _HOW[" ".join(text.lower().split())],
    "how a text is checked: is (the whole value), contains / mentions / includes / says "
    "(a part), starts with, ends with",
)
