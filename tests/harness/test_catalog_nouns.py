"""The catalog is browsed by mechanism and noun: every step module's phrases sit under a
noun the table names, and the table names no module that does not exist."""

from __future__ import annotations

from kubeloop.harness import catalog
from kubeloop.harness.catalog_nouns import MECHANISMS, NOUNS, place
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _domains() -> set[str]:
    return {d.domain for d in REGISTRY.definitions}


def test_every_module_is_under_a_noun() -> None:
    unnamed = sorted(
        domain
        for domain in _domains()
        if not any(
            domain.partition(": ")[2] in modules
            for _, modules in NOUNS.get(domain.partition(": ")[0], ())
        )
    )
    assert unnamed == [], (
        f"add these modules to a noun in kubeloop/harness/catalog_nouns.py: {unnamed}"
    )


def test_the_table_names_only_modules_that_exist() -> None:
    said = {
        f"{mechanism}: {m}" for mechanism, nouns in NOUNS.items() for _, ms in nouns for m in ms
    }
    assert sorted(said - _domains()) == []


def test_every_mechanism_has_a_title_and_a_place() -> None:
    assert sorted(m for m, _ in MECHANISMS) == sorted(NOUNS)
    assert sorted({d.partition(": ")[0] for d in _domains()}) == sorted(NOUNS)


def test_a_module_no_noun_names_still_shows_last_under_its_own_name() -> None:
    assert place("cluster: brand_new") == (0, len(NOUNS["cluster"]), "cluster", "brand_new", 0)
    assert place("pipeline: signing")[2:4] == ("pipeline", "signing and verification")


def test_the_catalog_is_headed_by_mechanism_and_noun_in_the_tables_order() -> None:
    text = catalog.text()
    headings = [
        line
        for line in text.splitlines()
        if line
        and not line.startswith(" ")
        and ": " in line
        and line.split(": ")[0] in dict(MECHANISMS).values()
    ]
    expected = [
        f"{title}: {noun}" for mechanism, title in MECHANISMS for noun, _ in NOUNS[mechanism]
    ]
    assert headings == expected
    markdown = catalog.markdown()
    assert [
        h[3:] for h in markdown.splitlines() if h.startswith("## ") and h != "## Parameters"
    ] == expected
    assert "## cluster: nodes and node failures" in markdown
