"""The pipeline as release engineers and app developers say it, read as the phrases say it:
coverage said with a hedge ("pass with only 79% coverage", "pass but coverage is just
84%"), tests said as someone's ("my unit tests on I1 all pass"), the scanner as the one
who finds ("the scanner finds no vulnerabilities in I1"), a gate "shown as" blocked, and a
promotion or rollback said "by digest", which every one of them is.

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept.
"""

from __future__ import annotations

import re

_PERCENT = r"\d+(?:\.\d+)?%"
_HEDGE = re.compile(
    rf"\b(with|at|is|was|of) (?:only|just|merely|barely|a mere|a measly|a meagre|a meager) "
    rf"(?={_PERCENT})",
    re.IGNORECASE,
)
"""A coverage said small ("with only 61% coverage", "coverage is just 84%"): the number."""
_BUT_COVERAGE = re.compile(
    rf"\b(pass|passes|passed)(?:,? (?:but|and|though|yet)|,) (?:the |its |their )?"
    rf"(?:line |code |test )?coverage (?:is|was|comes in at|came in at|is at|was at|sits at|"
    rf"reaches|reached|only reaches|only reached) (?P<cov>{_PERCENT})$",
    re.IGNORECASE,
)
"""Tests that pass, then their coverage said in a clause of its own ("398 unit tests of C2
pass but coverage is 84%"): the tests pass with that coverage."""
_MINE = re.compile(
    r"^(?:my|our|the team's|their|his|her) (?=(?:unit|integration|e2e|end-to-end|smoke) tests\b)",
    re.IGNORECASE,
)
"""Tests said as someone's ("my unit tests on I1"): the tests."""
_ALL_PASS = re.compile(
    r"^(?P<head>(?:the )?(?:unit|integration) tests (?:of|for|on) \S+) all (?=pass(?:es|ed)?\b)",
    re.IGNORECASE,
)
"""Tests that "all pass": they pass (a count is said elsewhere, or not at all)."""
_SCANNER = re.compile(
    r"^(?:the |our )?(?:vulnerability |image |container |security |CVE )?(?:scanner|trivy|grype)"
    r" (?P<verb>finds|found|reports|reported|turns up|turned up)"
    r" (?P<what>.+?) (?:in|on|for) (?P<alias>(?-i:[A-Z][\w.:-]*)|\"[^\"]+\")$",
    re.IGNORECASE,
)
"""The scanner as the one who finds ("the scanner finds no vulnerabilities in I1",
"Trivy reports nothing for I1"): the scan of that build finds it."""
_SHOWN = re.compile(
    r"\b(?:shows|is shown|shows up|is marked|is reported|is displayed|appears)(?: as)?"
    r" (?=(?:blocked|skipped)\b)",
    re.IGNORECASE,
)
"""A gate said as it is shown ("the scan gate shows as blocked for C3"): what it is."""
_BY_DIGEST = re.compile(
    r"^(?P<move>I (?:roll|promote|deploy|redeploy) .+?),? (?:by|using|via) (?:its |the |their )?"
    r"(?:image )?digest$",
    re.IGNORECASE,
)
"""A rollback or promotion said "by digest": every one moves a digest, never a tag."""


def pipeline_said(text: str) -> str:
    """TEXT with the pipeline's ways of saying things put as the phrases say them."""
    text = _MINE.sub("the ", text)
    text = _ALL_PASS.sub(r"\g<head> ", text)
    text = _HEDGE.sub(r"\1 ", text)
    text = _BUT_COVERAGE.sub(r"\1 with \g<cov> coverage", text)
    text = _SCANNER.sub(r"the scan of \g<alias> \g<verb> \g<what>", text)
    text = _SHOWN.sub("is ", text)
    return _BY_DIGEST.sub(r"\g<move>", text)
