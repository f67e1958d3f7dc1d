"""Colour on a terminal, as https://no-color.org asks: ``--color auto`` (the default) colours
only a terminal, and not when ``NO_COLOR`` is set to anything but the empty string (or
``TERM`` is ``dumb``); ``FORCE_COLOR`` colours a pipe too. ``--color always|never`` is the
user's own word for one run and overrides both."""

from __future__ import annotations

from collections.abc import Mapping

CHOICES = ("auto", "always", "never")
CODES = {
    "passed": "32",  # green
    "failed": "31",  # red
    "error": "31",
    "undefined": "33",  # yellow
    "skipped": "2",  # dim
    "bold": "1",
}


def use_colour(choice: str, environ: Mapping[str, str], is_terminal: bool) -> bool:
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return is_terminal and environ.get("TERM") != "dumb"


def paint(text: str, kind: str, on: bool) -> str:
    """TEXT in the colour of KIND (a status, or "bold"); unchanged when colour is off."""
    code = CODES.get(kind)
    return f"\033[{code}m{text}\033[0m" if on and code else text
