"""The words people use for the story mechanism's catalog words (filled by its domain).

Each key is a word or words a catalog phrase uses; its values are what people say for it.
The lexicon (lexicon.py) reads this table by explicit import.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {}
