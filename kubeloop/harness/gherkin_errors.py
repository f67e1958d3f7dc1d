"""The Gherkin parser's errors said for people: ``FILE:LINE: what is wrong; the fix``.

The parser says ``(4:5): expected: #EOF, #TableRow, … got 'Whn I reconcile'``; this says
``features/x.feature:4: "Whn I reconcile" is not a step or a keyword; did you mean "When"?``.
An unterminated doc string is located where it opens, not at the end of the file.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

KEYWORDS = (
    "Given",
    "When",
    "Then",
    "And",
    "But",
    "Scenario",
    "Scenario Outline",
    "Feature",
    "Background",
    "Examples",
    "Rule",
)
STEP_KEYWORDS = ("Given", "When", "Then", "And", "But")
_EXPECTED = {
    "#StepLine": "a step (Given/When/Then/And/But)",
    "#TableRow": "a table row (| … |)",
    "#DocStringSeparator": 'a doc string (""")',
    "#TagLine": "a tag (@name)",
    "#ScenarioLine": "Scenario:",
    "#ExamplesLine": "Examples:",
    "#RuleLine": "Rule:",
    "#FeatureLine": "Feature:",
    "#BackgroundLine": "Background:",
}
_GOT = re.compile(r"got '(.*)'$", re.DOTALL)
_FENCES = ('"""', "```")


def suggestion(line: str) -> str | None:
    """The keyword a misspelled first word was probably meant to be."""
    words = line.strip().split()
    if not words:
        return None
    first = words[0].rstrip(":")
    candidates = {k.lower(): k for k in KEYWORDS}
    two = " ".join(w.rstrip(":") for w in words[:2]).lower()
    close = difflib.get_close_matches(two, ["scenario outline"], n=1, cutoff=0.8)
    if close:
        return "Scenario Outline"
    close = difflib.get_close_matches(first.lower(), list(candidates), n=1, cutoff=0.6)
    return candidates[close[0]] if close else None


def unclosed_doc_string(text: str) -> int | None:
    """The line of a doc string that is opened and never closed, if any."""
    opened: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        fence = next((f for f in _FENCES if stripped.startswith(f)), None)
        if fence is None:
            continue
        if opened is None:
            opened = (number, fence)
        elif fence == opened[1]:
            opened = None
    return None if opened is None else opened[0]


def explain(path: str, text: str, error: Exception) -> list[str]:
    """One ``FILE:LINE: message`` per problem the parser found."""
    errors: list[Any] = list(getattr(error, "errors", None) or [error])
    problems: list[str] = []
    for each in errors:
        location = getattr(each, "location", None) or {}
        line = int(location.get("line") or 1)
        message = str(each)
        if "unexpected end of file" in message:
            start = unclosed_doc_string(text)
            if start is not None:
                problems.append(
                    f"{path}:{start}: the doc string opened here is never closed; end it with "
                    'a line of """ at the same indentation'
                )
                continue
            problems.append(f"{path}:{line}: the file ends in the middle of a step or table")
            continue
        got = _GOT.search(message)
        if got is None:
            problems.append(f"{path}:{line}: {_strip_location(message)}")
            continue
        written = got.group(1).strip()
        expected = [
            _EXPECTED[token]
            for token in re.findall(r"#\w+", message.split(", got", maxsplit=1)[0])
            if token in _EXPECTED
        ]
        hint = suggestion(written)
        fix = f'did you mean "{hint}"?' if hint else "expected " + ", ".join(expected)
        problems.append(
            f'{path}:{line}: "{_short(written)}" is not a step or a keyword here; {fix}'
        )
    return list(dict.fromkeys(problems))


def _strip_location(message: str) -> str:
    return re.sub(r"^\(\d+:\d+\): ", "", message)


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "..."
