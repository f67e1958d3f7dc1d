"""README's one-world story is a feature file that runs: the block is that file, verbatim."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent.parent.parent


def test_the_readme_story_is_the_feature_file() -> None:
    text = (ROOT / "README.md").read_text()
    section = text.split("## One world: where the mechanisms meet", 1)[1].split("\n## ", 1)[0]
    block = section.split("```gherkin\n", 1)[1].split("```", 1)[0]
    assert block == (ROOT / "features" / "links" / "readme-story.feature").read_text()
