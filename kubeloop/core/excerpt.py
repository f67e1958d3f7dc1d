"""A short, escaped excerpt of text from a file, for error messages.

An error about a file kubeloop could not read must not print the file: a test file naming
``/etc/passwd`` as a rule file would otherwise put the password file in CI logs. Every
message that quotes a value from a file quotes it through ``excerpt`` (promtool prints a
few characters the same way).
"""

from __future__ import annotations

MAX_EXCERPT = 24
"""The most characters of a value an error message shows."""


def excerpt(value: object, limit: int = MAX_EXCERPT) -> str:
    """``repr`` of a value (control characters escaped), cut to ``limit`` characters of it."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"… ({len(value)} characters)"
    if isinstance(value, dict | list | tuple | set):
        kind = {dict: "a mapping", list: "a list", tuple: "a list", set: "a set"}[type(value)]
        shown = repr(value)
        return shown if len(shown) <= limit else f"{kind} of {len(value)} items"
    shown = repr(value)
    return shown if len(shown) <= limit + 2 else shown[:limit] + "…"


def clip(message: str, limit: int = 200) -> str:
    """A third-party message (which may quote a whole value) cut to ``limit`` characters,
    with anything that is not printable escaped."""
    escaped = "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in message)
    return escaped if len(escaped) <= limit else escaped[:limit] + "…"
