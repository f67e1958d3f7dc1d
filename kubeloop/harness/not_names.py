"""Words that are never a bare name, whatever the slot: said where a name could stand, they
are the sentence going on, so a phrase must not read them as a thing's name."""

from __future__ import annotations

NOT_A_PRONOUN = (
    r"(?!(?:nothing|nobody|noone|none|everything|everyone|everybody|anything|anyone|anybody|"
    r"something|someone|somebody)(?![-\w.]))"
)
"""A pronoun that says how many: "nothing paged" is no SLO called "nothing", "everyone was
paged" no alert called "everyone", "nothing resets" no counter called "nothing"."""

NOT_AN_ALERT_STATE = r"(?!(?:firing|pending|inactive)(?![-\w.]))"
"""An alert's state: "X never went to firing" names no environment."""
