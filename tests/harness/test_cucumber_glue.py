"""The glue file for the Cucumber language server agrees with kubeloop's own matcher.

The last test runs the real @cucumber/language-service (the library inside
@cucumber/language-server, with @cucumber/cucumber-expressions) on the generated file:
set KUBELOOP_CUCUMBER_MODULES to a node_modules folder holding it, or let the test
`npm install` it once into the system's temporary folder; without node or npm it is skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.cucumber import cucumber_expression, glue, js_regex, skeleton
from kubeloop.harness.registry import KEYWORDS, REGISTRY

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_cucumber_glue.js"
BATCHES = ROOT / "tests" / "english"
SERVICE = "@cucumber/language-service@1.7.0"


def test_python_patterns_become_javascript_regex_literal_bodies() -> None:
    assert js_regex(r"(?P<node>[A-Za-z0-9][-A-Za-z0-9._/]*)\ fails") == (
        r"(?:[A-Za-z0-9][-A-Za-z0-9._\/]*)\ fails"
    )
    assert js_regex(r"a\/b") == r"a\/b", "an escaped slash stays escaped once"
    assert js_regex(r"(?>[^\"]*) \(?>") == r"(?:[^\"]*) \(?>", "JS has no atomic group"
    assert js_regex(r"by (?-i:[A-Z][a-z]+) \(?-i:") == r"by (?:[A-Z][a-z]+) \(?-i:", (
        "JS has no inline flags; an escaped parenthesis stays as it is"
    )
    assert cucumber_expression("I drain node-1 (really) {now} a/b") == (
        r"I drain node-1 \(really\) \{now\} a\/b"
    )


def test_the_glue_holds_every_form_of_every_phrase_and_every_example() -> None:
    text = glue()
    assert text.startswith("// kubeloop's step phrases for the Cucumber language server")
    for definition in REGISTRY.definitions:
        for regex in definition.regexes:
            assert f"/^{js_regex(regex.pattern)}$/i" in text, definition.pattern
    assert "When('I drain node-1 with a timeout of 30 seconds', () => {})" in text
    assert "(?P<" not in text
    flags = re.findall(r"\(\?-?[aiLmsux]+(?:-[imsx]+)?[:)]", text)
    assert not flags, f"JavaScript has no inline flag groups: {flags[:3]}"


LARGEST_REGEX = 100_000
"""V8 compiles a regex on its first use, in time that grows faster than its size: the old
joined alternations (0.8-2.1 MB) took it 20-130 s each, freezing the editor."""


def test_no_regex_in_the_glue_is_over_the_size_bound() -> None:
    literals = re.findall(r"^\w+\(/(.*)/i, \(\) => \{\}\)$", glue(), re.MULTILINE)
    assert len(literals) == sum(len(d.regexes) for d in REGISTRY.definitions) + len(KEYWORDS)
    largest = max(literals, key=len)
    assert len(largest) <= LARGEST_REGEX, f"a {len(largest):,}-character regex: {largest[:80]}"


def test_a_skeleton_reads_every_text_its_phrase_reads_and_keeps_its_words() -> None:
    for definition in REGISTRY.definitions:
        for regex in definition.regexes:
            wide = re.compile(skeleton(regex.pattern), re.IGNORECASE)
            for example in definition.examples:
                if regex.fullmatch(example):
                    assert wide.fullmatch(example), (definition.pattern, example)
    found = REGISTRY.match_one("when", "I drain node-1")[0]
    drain = found.definition.regexes[found.form].pattern
    assert re.fullmatch(skeleton(drain), "I drain node-1", re.IGNORECASE)
    assert not re.fullmatch(skeleton(drain), "I fill node-1", re.IGNORECASE)


def _modules() -> Path:
    given = os.environ.get("KUBELOOP_CUCUMBER_MODULES")
    if given:
        return Path(given)
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are needed to run the Cucumber language service")
    folder = Path(tempfile.gettempdir()) / "kubeloop-cucumber-language-service"
    folder.mkdir(exist_ok=True)
    modules = folder / "node_modules"
    if not (modules / "@cucumber" / "language-service").is_dir():
        install = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(folder), SERVICE],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if install.returncode != 0:
            pytest.skip(f"npm could not install {SERVICE}: {install.stderr[-300:]}")
    return modules


def _kubeloop_reads(text: str) -> bool:
    """kubeloop matches the text under some keyword, whole or as phrases joined by " and ",
    without rereading it (no modal reading: the glue cannot express those), as the server,
    which ignores keywords, would."""
    return any(_reads(keyword, text) for keyword in KEYWORDS)


def _reads(keyword: str, text: str) -> bool:
    if REGISTRY.match_one(keyword, text):
        return True
    return any(
        REGISTRY.match_one(keyword, text[: found.start()]) and _reads(keyword, text[found.end() :])
        for found in re.finditer(" and ", text)
    )


def _first(text: str) -> list[str]:
    """The sources of the glue's expressions kubeloop's matcher points to for ``text`` (its
    own example, the regexes of every definition matching it whole): the checker tries them
    before the others. Whether some expression matches is the same in any order; found
    first, a defined text is not tried against the thousands of expressions above its own."""
    sources = [cucumber_expression(text)]
    for keyword in KEYWORDS:
        for found in REGISTRY.match_one(keyword, text):
            sources += [f"^{js_regex(regex.pattern)}$" for regex in found.definition.regexes]
    return list(dict.fromkeys(sources))


def _batch_texts() -> list[str]:
    step = re.compile(r"^\s*(?:Given|When|Then|And|But|\*) (.+?)\s*$")
    texts = []
    for feature in sorted(BATCHES.rglob("*.feature")):
        for line in feature.read_text(encoding="utf-8").splitlines():
            found = step.match(line)
            if found and "<" not in found.group(1):
                texts.append(found.group(1))
    return list(dict.fromkeys(texts))


@pytest.mark.slow
def test_the_language_service_reads_the_glue_as_kubeloop_matches(tmp_path: Path) -> None:
    modules = _modules()
    glue_file = tmp_path / "kubeloop-steps.js"
    glue_file.write_text(glue(), encoding="utf-8")
    examples = [example for d in REGISTRY.definitions for example in d.examples]
    texts = examples + _batch_texts() + ["no such step anywhere", "3 nodes and nonsense"]
    feature = "Feature: f\n  Scenario: s\n    Given 3 NODES\n    Then node-1 is emptyish\n"
    first = [_first(text) for text in texts]
    request = {"texts": texts, "features": {"f.feature": feature}, "first": first}
    (tmp_path / "in.json").write_text(json.dumps(request), encoding="utf-8")
    run = subprocess.run(
        ["node", str(CHECKER), str(modules), str(glue_file), str(tmp_path / "in.json")],
        capture_output=True,
        text=True,
        timeout=1800,  # a hang guard: node took over 300 s at load 9 on two cores
        check=False,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["errors"] == [], "every expression in the glue compiles"
    assert seen["undefined"] == {"f.feature": [4]}, "the editor flags the one undefined step"
    defined = dict(zip(texts, seen["defined"], strict=True))
    reads = {text: _kubeloop_reads(text) for text in defined}
    disagree = [
        f"{text!r}: server {'defined' if got else 'undefined'}"
        for text, got in defined.items()
        if (" and " not in text or not got) and got != reads[text]
    ]
    assert disagree == [], "single phrases exactly; no line kubeloop reads undefined:\n" + (
        "\n".join(disagree)
    )
    # What a run rejects: a line it takes through a rereading is no typo. Single phrases are
    # held exactly above; joined lines are read loosely (glue.py), so only a floor here.
    rejected = [
        text
        for text in texts
        if not reads[text] and not any(REGISTRY.accepts(k, text) for k in KEYWORDS)
    ]
    flagged = [text for text in rejected if not defined[text]]
    missed = [text for text in rejected if defined[text]]
    assert len(flagged) >= 0.75 * len(rejected), missed
    assert all(" and " in text for text in missed), missed
    assert len(texts) > 600
