"""The words people use for catalog words every mechanism shares: verbs of state and
change, time, counting. Each key is a word or words a catalog phrase uses; its values are
what people say for it (any tense or number: the lexicon reads every word by its stem)."""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    "fail": (
        "crash",
        "die",
        "break",
        "go down",
        "fall over",
        "blow up",
        "error out",
        "go bad",
        "be red",
        "go red",
        "turn red",
    ),
    "pass": ("succeed", "go green", "turn green", "come back green", "be green", "clear"),
    "run": ("execute", "be live", "live"),
    "start": ("begin", "kick off", "launch"),
    "stop": ("halt", "end"),
    "wait": ("let pass", "sit"),
    "pass time": ("elapse", "go by", "tick by", "roll by"),
    "show": ("display", "list", "read", "say"),
    "record": ("log", "note", "write down"),
    "contain": ("include", "mention"),
    "remove": ("delete", "drop", "take away", "get rid of"),
    "add": ("create", "introduce", "bring up", "spin up", "provision"),
    "reach": ("hit", "get to", "arrive at"),
    "recover": ("come back", "come back up", "heal", "be back up", "return"),
    "rise": ("climb", "go up", "grow", "increase", "jump", "spike", "surge"),
    "drop": ("fall", "go down to", "decrease", "dip", "sink"),
    "block": ("stop at", "hold back", "refuse", "reject"),
    "allow": ("permit", "let", "tolerate"),
    "ready": ("healthy", "up and ready"),
    "every": ("each", "all"),
    "empty": ("bare", "vacant"),
    "time": ("moment",),
    "happen": ("occur", "take place"),
    "report": ("say", "state", "tell"),
    "about": ("roughly", "around", "approximately", "close to", "circa", "some"),
}
