"""Lines read by their meaning: a frame's example said again in the line's values, taken
only when the real matcher takes it, for one definition, with negation and comparisons as
said."""

from __future__ import annotations

import itertools

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.frames import reader
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.unmatched_lines import unmatched_lines


def read(keyword: str, text: str) -> list[str]:
    return [m.text for m in REGISTRY.match(keyword, text)]


@pytest.mark.parametrize(
    ("keyword", "text", "meant"),
    [
        ("when", "node node-3 goes down", "node node-3 goes down"),
        ("then", "the error rate of checkout stays below 1%", None),
        (
            "then",
            "checkout's error rate stays below 1%",
            "the error rate of checkout stays below 1%",
        ),
        ("given", 'the service "search" serves 50 requests per second', None),
        ("given", "checkout handles 50 requests per second", None),
        ("given", "checkout is at 50 requests per second", None),
    ],
)
def test_a_line_in_other_words_reads_as_the_phrase_it_means(
    keyword: str, text: str, meant: str | None
) -> None:
    said = read(keyword, text)
    assert len(said) == 1
    if meant is not None:
        assert said == [meant]


def test_a_frame_reading_shows_the_line_as_written() -> None:
    (match,) = REGISTRY.match("given", "checkout is at 50 requests per second")
    assert match.offset == -1
    assert match.arguments["name"] == "checkout"
    assert match.arguments["rate"] == 50


@pytest.mark.parametrize(
    "text",
    [
        "checkout handles 50 requests per second quickly",
        "checkout handles 50 requests per second because",
        "checkout handels 50 requests per second",
        "there are no pots",
        "I promote B1 in a hurry",
    ],
)
def test_a_word_nobody_knows_blocks_the_frames(text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("given" if "checkout" in text else "then", text)


SAID_AND_MEANT = [
    ("the error rate of web stays below 1%", "<"),
    ("web's error rate stays under 1%", "<"),
    ("web's error rate stays less than 1%", "<"),
    ("web's error rate stays above 1%", ">"),
    ("web's error rate stays over 1%", ">"),
    ("web's error rate stays at most 1%", "<="),
    ("web's error rate stays no more than 1%", "<="),
    ("web's error rate stays at least 1%", ">="),
]


@pytest.mark.parametrize(("text", "bound"), SAID_AND_MEANT)
def test_a_comparison_is_read_as_said_never_as_another(text: str, bound: str) -> None:
    (match,) = REGISTRY.match("then", text)
    assert match.arguments["bound"] == bound


@pytest.mark.parametrize(
    ("positive", "negative"),
    [
        ("node-2 goes down", "node-2 never goes down"),
        ("alert HighErrorRate is firing", "alert HighErrorRate is not firing"),
        ("checkout pages the on-call", "checkout does not page the on-call"),
    ],
)
def test_a_negation_is_never_read_as_the_positive_check(positive: str, negative: str) -> None:
    keyword = "then"
    try:
        meant = [m.definition for m in REGISTRY.match(keyword, negative)]
    except UndefinedStepError:
        return  # not read at all: never misread
    try:  # ("node-2 never goes down" is read as "never went down": up the whole time)
        positive_meant = [m.definition for m in REGISTRY.match(keyword, positive)]
    except UndefinedStepError:
        positive_meant = []
    assert positive_meant != meant


def test_a_line_that_fits_two_definitions_equally_reads_as_none() -> None:
    registry = Registry()
    registry.register("then", "{name:name} is up", lambda world, name: None, ("web is up",))
    registry.register(
        "then", "{name:name} is healthy", lambda world, name: None, ("web is healthy",)
    )
    registry.register("then", "{name:name} up", lambda world, name: None, ("web up",))
    with pytest.raises(UndefinedStepError):
        registry.match("then", "web is up healthy")


def test_a_frame_reading_picks_the_definition_said_in_more_of_the_lines_words() -> None:
    registry = Registry()
    registry.register("when", "{name:name} fails", lambda world, name: None, ("node-1 fails",))
    registry.register(
        "when", "{name:name} goes down", lambda world, name: None, ("node-1 goes down",)
    )
    (match,) = registry.match("when", "node node-3 is going down")
    assert match.definition.pattern == "{name:name} goes down"
    with pytest.raises(UndefinedStepError):
        registry.match("when", "node node-3 crashes")  # as far from one as from the other


def test_a_bare_word_fills_only_a_slot_its_example_fills_with_a_word() -> None:
    registry = Registry()
    registry.register("when", "I build {alias:name}", lambda world, alias: None, ("I build D1",))
    registry.register("when", "I scale {name:name}", lambda world, name: None, ("I scale web",))
    assert registry.match("when", "I am scaling web")[0].arguments == {"name": "web"}
    assert registry.match("when", "I built D7")[0].arguments == {"alias": "D7"}
    with pytest.raises(UndefinedStepError):
        registry.match("when", "I built sideways")


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "I cordon node-1"),  # an action written under Then is not the state it leads to
        ("then", "we drain node-2"),
        ("given", "node-1"),  # a name alone says nothing to do or check
        ("when", "I cordon node-1, node-2 and"),  # cut short on a joining word
    ],
)
def test_a_frame_never_reads_what_the_line_does_not_say(keyword: str, text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match(keyword, text)


def _noop(world: object, **kwargs: object) -> None: ...


def test_a_line_that_says_less_reads_as_an_example_with_the_rest_left_out() -> None:
    registry = Registry()
    registry.register(
        "given",
        "{name:name} serves {rate:n} requests[ with {errors:percent} errors]",
        _noop,
        ("web serves 100 requests with 2% errors",),
    )
    (match,) = registry.match("given", "checkout is serving 7 requests")
    assert match.text == "checkout serves 7 requests"
    assert match.arguments == {"name": "checkout", "rate": 7}


def test_a_list_item_is_never_left_out() -> None:
    registry = Registry()
    registry.register(
        "when", "I promote {alias:name} to {envs:names}", _noop, ("I promote B1 to dev, staging",)
    )
    with pytest.raises(UndefinedStepError):
        registry.match("when", "I am promoting B1")


def test_a_name_said_with_a_preposition_goes_only_where_the_frame_says_one() -> None:
    registry = Registry()
    registry.register("when", "{a:name} and {b:name} fail", _noop, ("node-1 and node-2 fail",))
    registry.register(
        "when", "{a:name} fails over to {b:name}", _noop, ("db-1 fails over to db-2",)
    )
    assert registry.match("when", "node-1 and node-2 crash")[0].arguments == {
        "a": "node-1",
        "b": "node-2",
    }
    (match,) = registry.match("when", "db-1 crashes over to db-2")
    assert match.definition.pattern == "{a:name} fails over to {b:name}"
    with pytest.raises(UndefinedStepError):
        registry.match("when", "node-1 is failing to node-2 and")


@pytest.mark.parametrize("text", ["R1", "prod checkout v1", "the R1 of prod"])
def test_a_line_of_names_alone_says_too_little_to_be_read(text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("given", text)


def test_a_kind_word_said_as_a_verb_or_an_owner_is_not_a_kind() -> None:
    registry = Registry()
    registry.register("given", "{alias:name} passed every gate", _noop, ("R6 passed every gate",))
    with pytest.raises(UndefinedStepError):  # a build of checkout: checkout is no build
        registry.match("given", 'a build of "checkout" passed every gate')
    assert registry.match("given", "build R7 passed every gate")[0].arguments == {"alias": "R7"}


@pytest.mark.parametrize(
    ("keyword", "text"),
    [("then", "I cordon node-1"), ("then", "I am cordoning node-1"), ("then", "we cordon node-1")],
)
def test_an_action_of_mine_is_never_read_as_a_check(keyword: str, text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match(keyword, text)


def test_a_list_item_is_never_read_as_a_declaration_of_its_own() -> None:
    said = read("when", "I cordon node-1, node-2 and node-3")
    assert said == ["I cordon node-1, node-2 and node-3"]


@pytest.mark.parametrize("text", ["I am cordoning node-1 and", "node node-2 is going down, then"])
def test_a_line_ending_on_a_joining_word_is_unfinished_and_never_read(text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("when", text)


def test_a_line_is_unfinished_by_its_end_as_by_the_search() -> None:
    """``_unfinished`` (the line's last word, after a comma or full stop) against the regex
    searched from every space (``plainly_unfinished``): the benchmarks' lines, and every
    run of up to three joining words, punctuation, spaces and other words."""
    atoms = ["and", "AND", "Or", "but", "then", "with", "band", "x", ",", ".", " ", "\t", "İ"]
    texts = [text for _, text in unmatched_lines()]
    texts += ["".join(run) for size in (1, 2, 3) for run in itertools.product(atoms, repeat=size)]
    texts += [f"{text}{end}" for text in texts[:300] for end in (" and", " then .", " with ,")]
    unfinished = 0
    for text in texts:
        assert reader._unfinished(text) == reader.plainly_unfinished(text), repr(text)
        unfinished += reader._unfinished(text)
    assert unfinished > 1000


NEGATED = [
    ("when", "node node-2 is going down", "node node-2 is not going down"),
    ("when", "node node-2 is going down", "node node-2 never goes down"),
    ("given", "web is at 300 requests per second", "web is not at 300 requests per second"),
    (
        "given",
        "the unit tests of R2 turned green with 85% coverage",
        "the unit tests of R2 did not turn green with 85% coverage",
    ),
    ("when", "I am promoting R1 to staging", "I am not promoting R1 to staging"),
]


@pytest.mark.parametrize(("keyword", "positive", "negative"), NEGATED)
def test_a_negated_line_never_reads_as_what_the_positive_means(
    keyword: str, positive: str, negative: str
) -> None:
    (meant,) = REGISTRY.match(keyword, positive)
    assert meant.offset == -1  # read by a frame, not a phrase
    try:
        found = REGISTRY.match(keyword, negative)
    except UndefinedStepError:
        return
    assert all(m.definition is not meant.definition for m in found)
    assert all(any(w in m.text.split() for w in ("not", "never", "no")) for m in found)


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("the unit tests of R2 are red", "the unit tests of R2 fail"),
        ("the unit tests of R2 went red", "the unit tests of R2 fail"),
        ("the unit tests of R2 turned green", "the unit tests of R2 pass"),
        ("the unit tests of R2 are green", "the unit tests of R2 pass"),
    ],
)
def test_red_and_green_say_fail_and_pass(text: str, meant: str) -> None:
    assert read("given", text) == [meant]
