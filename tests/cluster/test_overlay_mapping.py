"""The history's layered totals read exactly as a copied dict would, however deep."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kubeloop.cluster.overlay_mapping import DEPTH, OverlayMapping

changes = st.lists(
    st.dictionaries(st.sampled_from("abcdefgh"), st.integers(0, 9), max_size=4), max_size=40
)


@given(changes)
def test_every_layer_reads_as_the_dict_it_stands_for(steps: list[dict[str, int]]) -> None:
    layered: OverlayMapping[int] = OverlayMapping({})
    expected: dict[str, int] = {}
    kept: list[tuple[OverlayMapping[int], dict[str, int]]] = []
    for change in steps:
        layered = OverlayMapping(change, layered)
        expected = {**expected, **change}
        kept.append((layered, expected))
    for layer, want in kept:  # older layers still read as they did
        assert dict(layer) == want
        assert list(layer) == list(want)
        assert len(layer) == len(want)
        assert all(layer[k] == v and k in layer for k, v in want.items())
        assert "z" not in layer


def test_a_lookup_never_walks_more_than_the_depth() -> None:
    layered: OverlayMapping[int] = OverlayMapping({})
    for i in range(10 * DEPTH):
        layered = OverlayMapping({f"d{i}": i}, layered)
        assert layered._depth <= DEPTH
