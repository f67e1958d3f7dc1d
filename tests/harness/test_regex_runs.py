"""A regex read by kubeloop/harness/regex_runs.py gives the tree re's own parser gives
(``re._parser.parse``), item for item, with the same groups, widths and flags, and its
code is the code re's generator writes (``re._compiler._compile``): on every phrase form
of the library (its own words, as shared_types.py reads them), every parameter type,
every typed outline, made-up phrases and regexes, and on sources it leaves to ``re``."""

from __future__ import annotations

import gc
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import first_use, needed_words, regex_runs, regex_shared, shared_types
from kubeloop.harness.outlines import typed
from kubeloop.harness.params import TYPES
from kubeloop.harness.patterns import cased_classes, compile_source, translate
from kubeloop.harness.registry import REGISTRY

if not regex_runs.HELD_EQUAL:
    pytest.skip("regex_runs is used on CPython 3.11 only", allow_module_level=True)
_parser: Any = pytest.importorskip("re._parser")
_compiler: Any = pytest.importorskip("re._compiler")
FLAGS = int(re.IGNORECASE)


def _read(tree: Any) -> list[Any]:
    """A tree as plain values: each item's op and argument, subtrees read the same way."""
    return [(str(op), _value(av)) for op, av in tree.data]


def _value(av: Any) -> Any:
    """An argument as plain values; a subtree with its width (as re works it out: a subtree
    read once and shared keeps the width worked out at its first use, where a fresh one
    has none yet)."""
    if isinstance(av, _parser.SubPattern):
        return ("tree", _read(av), av.getwidth())
    if isinstance(av, tuple | list):
        return tuple(_value(a) for a in av)
    return av if isinstance(av, int) else str(av)


STATE = ("flags", "groups", "groupdict", "groupwidths", "str")


@cache
def _theirs(source: str) -> tuple[Any, ...]:
    """re's own reading of ``source``: its tree read, its state, its flags, and the error its
    generator raises or the tree's width and code. Worked out once per worker: re's parser
    and generator keep nothing between sources, and the typed outlines are read by both
    parametrizations of their test."""
    theirs = _parser.parse(source, FLAGS)
    read = _read(theirs)
    state = tuple(getattr(theirs.state, attribute) for attribute in STATE)
    flags = theirs.state.flags | FLAGS
    plain: list[int] = []
    try:
        _compiler._compile(plain, theirs.data, flags)
    except re.error as refused:
        return read, state, flags, type(refused), None, None
    return read, state, flags, None, theirs.getwidth(), plain


def _same(source: str) -> bool:
    """Whether the fast tree is re's, and its code and pattern too (False where the fast
    way leaves ``source`` to re); where re's generator refuses the tree, so does it."""
    mine = regex_runs.parse(source, FLAGS)
    if mine is None:
        return False
    read, state, flags, refused, width, plain = _theirs(source)
    assert _read(mine) == read, source
    assert _read(regex_runs.parse(source, FLAGS, shared=False)) == read, source
    assert tuple(getattr(mine.state, attribute) for attribute in STATE) == state, source
    if refused is not None:
        with pytest.raises(refused):
            regex_runs.compiled(source, FLAGS)
        return True
    assert mine.getwidth() == width, source
    written: list[int] = []
    regex_runs.generate(written, mine, flags)
    assert written == plain, source
    assert regex_runs.compiled(source, FLAGS) == re.compile(source, FLAGS), source
    return True


def _words(pattern: str) -> str:
    """The phrase's own words as shared_types reads them: each parameter a marker."""
    source = translate(pattern)[0]
    for name, kind in re.findall(r"\{(\w+):(\w+)\}", pattern):
        group = f"(?P<{name}>{TYPES[kind].regex})"
        source = source.replace(group, f"(?P<{name}>{shared_types.MARK})")
    return cased_classes(source)


@pytest.mark.parametrize("every", [5, pytest.param(1, marks=pytest.mark.slow)])
def test_every_library_phrase_reads_as_re_reads_it(every: int) -> None:
    patterns = [p for d in REGISTRY.definitions[::every] for p in d.patterns]
    read = sum(_same(_words(pattern)) for pattern in patterns)
    assert read == len(patterns)


WORDS = ["run", "runs", "running", "a", "b", "I", "pods", "it's", "50%", "a.b", "$5", "^"]
WORDS += ["(x)", "{", "}", "\\", "-", "?", "*", "+", "web", "é", "\u212a", "ſ", "İ", ""]


@st.composite
def _patterns(draw: st.DrawFn) -> str:
    """A phrase pattern: words with signs, parameters, plural endings, choices sharing
    their starts or single letters, empty choices, optional parts nested."""
    count = 0

    def part(depth: int) -> str:
        nonlocal count
        shape = draw(st.sampled_from(["words", "param", "choice", "choice", "optional", "s"]))
        if shape == "param" or (shape == "optional" and depth > 2):
            count += 1
            return f"{{p{count}:{draw(st.sampled_from(['n', 'duration', 'name']))}}}"
        if shape == "choice":
            said = draw(st.lists(st.sampled_from([*WORDS[:6], ""]), min_size=2, max_size=4))
            return "<" + "|".join(said) + ">"
        if shape == "optional":
            inner = "".join(part(depth + 1) for _ in range(draw(st.integers(1, 3))))
            return f"[{draw(st.sampled_from(['', ' ']))}{inner}]"
        if shape == "s":
            return draw(st.sampled_from(["pod(s)", "box(es)"]))
        return " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3)))

    return draw(st.sampled_from(["", " "])).join(part(0) for _ in range(draw(st.integers(1, 5))))


@settings(max_examples=300, deadline=None)
@given(_patterns())
def test_a_made_up_phrase_reads_as_re_reads_it(pattern: str) -> None:
    try:
        words = _words(pattern)
    except ValueError:  # (a pattern translate refuses: never compiled)
        return
    assert _same(words), pattern


@pytest.mark.parametrize("kept", [True, False], ids=["groups kept", "none kept"])
def test_every_type_and_typed_outline_reads_as_re_reads_it(kept: bool) -> None:
    """Read after the library's phrases (the groups they say kept), and with none kept."""
    if not kept:
        regex_shared.forget()
    types = [cased_classes(parameter.regex) for parameter in TYPES.values()]
    outlines = [
        source
        for definition in REGISTRY.definitions[::3]
        for pattern, full in zip(definition.patterns, definition.sources, strict=True)
        if (source := typed(pattern, full)) is not None
    ]
    assert len(outlines) > 50
    for source in [*types, *map(cased_classes, outlines)]:
        assert _same(source), source[:200]
    for source in outlines[::10]:  # (as definitions.py compiles a typed outline)
        assert regex_runs.compiled(cased_classes(source), FLAGS) == compile_source(source)


PIECES = ["a", "bc", r"\d", r"\w+", r"\b", r"\s*", ".", "^", "$", "[a-z]", "[^,]", "[]x]", r"[\]a]"]
PIECES += ["[-A-Z_]", "{", "}", "{2}", "{1,3}", "{,2}", "{2,}", "{}", "{x", "?", "*", "+", "??"]
PIECES += ["*?", "++", "?+", "|", "(", "(?:", "(?P<g1>", "(?P<g2>", "(?>", "(?=", "(?!", "(?<=a"]
PIECES += ["(?<!b", "(?i:", "(?-i:", "(?s:", "(?i-s:", ")", ")", ")?", r"\ ", r"\.", "\u212a"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14))
def test_a_made_up_regex_reads_as_re_reads_it(pieces: list[str]) -> None:
    """Any regex of these pieces re reads (most do not) reads the same both ways; one re's
    parser refuses is refused here too (None: re then says what is wrong)."""
    source = "".join(pieces)
    try:
        _parser.parse(source, FLAGS)
    except (re.error, OverflowError):
        assert regex_runs.parse(source, FLAGS) is None
        return
    _same(source)


def test_a_group_said_again_is_its_first_reading_shared() -> None:
    """The second "(?:ab|cd)" is the first one's item, and the trees and code are re's."""
    regex_shared.forget()
    tree = regex_runs.parse("(?:ab|cd) x (?:ab|cd)", FLAGS)
    assert tree[0][0] is _compiler.BRANCH and tree[0] is tree[-1]
    assert _same("(?:ab|cd) x (?:ab|cd)")


@pytest.mark.parametrize(
    "source",
    [
        "(?:(?:ab|cd)x|(?:ab|cd)y)",  # (re keeps both: its two branches are not equal)
        "(?:(?:ab|cd)+x|(?:ab|cd)+y|(?:ab|cd)+)",
        "(?:(?=ab)x|(?=ab)y)",
        "(?:(?>a|b)x|(?>a|b)y)",
        "(?:(?-i:ab)x|(?-i:ab)y)",
        "(?:(x)|y)(?:(x)|y)",  # (a group that captures: read anew, its number its own)
        "(?:(?P<a>x)|y)(?:(?P<b>x)|y)",
        "(?-i:(?:ab|cd))(?:ab|cd)(?i:(?:ab|cd))",  # (one group's code under three flags)
        r"(?:a\)b)(?:a\)b)(?:[)]b)(?:[)]b)",  # (brackets escaped, and in a class)
        "(?:ab(?:cd|ef)|ab(?:cd|ef))(?:cd|ef)",
    ],
)
def test_a_shared_group_reads_and_writes_as_re_reads_and_writes_it(source: str) -> None:
    """Read twice: the second time every group is the one kept from the first."""
    regex_shared.forget()
    assert _same(source)
    assert _same(source)


@pytest.mark.parametrize(
    "source",
    [
        "(?x:a b)",  # (verbose)
        "(?i)ab",  # (global flags)
        r"(a)\1",  # (a backreference)
        r"\x41",
        "(?P=n)",
        "(?(1)a|b)",
        "(?#note)",
        "[[a]]",  # (re warns: a nested set one day)
        "[a--b]",
        "(?P<n>x)(?P<n>y)",  # (a name twice: re's own error)
        "a)",
        "(?:a",
        "x\0y",
    ],
)
def test_what_this_does_not_read_is_left_to_re(source: str) -> None:
    assert regex_runs.parse(source, FLAGS) is None


def test_the_shared_compile_reads_the_words_the_fast_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Else the tests above would hold a way nothing takes."""
    asked: list[str] = []
    parse = regex_runs.parse

    def spy(source: str, flags: int) -> Any:
        asked.append(source)
        return parse(source, flags)

    monkeypatch.setattr(regex_runs, "parse", spy)
    source = translate("{count:n} node(s) <is|are> ready")[0]
    assert shared_types._shared(source, {"count": "n"}) is not None
    mark = shared_types.MARK
    assert asked[-1] == f"(?P<count>{mark})\\ node(?:s)?\\ (?:is|are)\\ ready"


def test_the_clause_lists_and_reading_rules_compile_to_re_s_patterns() -> None:
    """first_use.py's and needed_words.py's compiles (the clause lists' regexes, each
    clause ending where the rest reads, the reading rules) are re.compile's patterns."""
    lists = [o for o in gc.get_objects() if isinstance(o, first_use.Clauses)]
    assert lists
    for clauses in lists:
        for source in (clauses._each, clauses._any):
            assert first_use.compiled(source) == re.compile(source, re.IGNORECASE)
        for source in clauses._sources[::7]:
            ending = first_use._ending(source, " and then on")
            rest = re.escape(" and then on")
            assert ending == re.compile(f"{source}(?={rest}\\Z)", re.IGNORECASE)
    rules = [o for o in gc.get_objects() if isinstance(o, needed_words.Screened)]
    assert len(rules) > 100
    for rule in rules[::5]:
        assert rule.plain == re.compile(rule.pattern, rule._flags)


def test_another_python_compiles_with_re_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where regex_runs is not held equal to ``re`` (another Python), ``compiled`` leaves
    every source to ``re.compile``."""
    monkeypatch.setattr(regex_runs, "_parser", None)
    calls: list[str] = []
    real = re.compile

    def counted(source: str, flags: int = 0) -> re.Pattern[str]:
        calls.append(source)
        return real(source, flags)

    monkeypatch.setattr(regex_runs.re, "compile", counted)
    assert regex_runs.compiled("(?:run|walk) the pipeline", re.IGNORECASE).match(
        "Walk the pipeline"
    )
    assert calls == ["(?:run|walk) the pipeline"]


def test_the_shared_phrase_compiles_stand_down_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where regex_runs stands down, the phrases' shared compiles (which write their code
    through it) find their samples disagree and leave every phrase to ``compile_source``."""
    assert shared_types._samples_agree()
    for name in ("_parser", "_constants", "_compiler", "_sre"):
        monkeypatch.setattr(regex_runs, name, None)
    assert not shared_types._samples_agree()
