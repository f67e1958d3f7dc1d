"""The sentence that declares each kind of thing a scenario can name, for the error when a
line names one that was never declared (``deployment "web" not found``): the error then
says what to write before that line instead of only what is missing.

tests/harness/test_declaring.py holds every sentence here to match a Given phrase.
"""

from __future__ import annotations

DECLARING: dict[str, str] = {
    "deployment": 'a deployment "{name}" with 3 replicas',
    "SLO": 'an SLO "{name}" of 99.9% over 30 days',
    "service": 'the service "{name}" serves 100 requests per second',
    "node": 'a node "{name}"',
    "priority class": 'a priority class "{name}" with value 1000',
}
"""Each kind the engine's ``NotFoundError`` names, and a Given that declares one of them."""


def declaring_hint(error: BaseException) -> str:
    """ "; declare it before this line: Given …" for an error naming a kind and a name that
    a scenario declares, else ""."""
    kind, name = getattr(error, "kind", None), getattr(error, "name", None)
    if not isinstance(kind, str) or not isinstance(name, str) or kind not in DECLARING:
        return ""
    sentence = DECLARING[kind].format(name=name.replace('"', ""))
    return f"; to declare it, say so before this line: Given {sentence}"
