"""Natural ordering of label values for sort_by_label (the order of facette/natsort's Compare,
which Prometheus uses): runs of digits compare as numbers, leading zeros skipped."""

from __future__ import annotations


def _digit(c: int) -> bool:
    return 48 <= c <= 57


def _number_run(s: bytes, pos: int) -> tuple[int, int]:
    """From a digit at ``pos``: the start after skipping leading zeros and the run length."""
    length = 1
    while pos + length < len(s):
        nxt = s[pos + length]
        if s[pos] == 48:
            pos += 1
            continue
        if _digit(nxt):
            length += 1
        else:
            break
    return pos, length


def natural_less(left: str, right: str) -> bool:
    a, b = left.encode(), right.encode()
    pa = pb = 0
    while True:
        if pa >= len(a):
            return pb < len(b)
        if pb >= len(b):
            return False
        ca, cb = a[pa], b[pb]
        if _digit(ca) and _digit(cb):
            pa, la = _number_run(a, pa)
            pb, lb = _number_run(b, pb)
            if la != lb:
                return la < lb
            ra, rb = a[pa : pa + la], b[pb : pb + lb]
            if ra != rb:
                return ra < rb
            pa += la
            pb += lb
            continue
        if ca == cb:
            pa += 1
            pb += 1
            continue
        return ca < cb


def natural_cmp(left: str, right: str) -> int:
    if left == right:
        return 0
    return -1 if natural_less(left, right) else 1
