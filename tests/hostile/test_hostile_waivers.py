"""Waiver files are the one way past a CRITICAL finding: each hostile case below is read
exactly as Trivy or OpenVEX reads it (waiving no more than they would), or refused with
FILE:LINE:COL — never a silent extra waiver."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.fixtures.pipeline_waivers import read_waivers

EPOCH = "2026-01-01"


def waived(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / ".trivyignore"
    path.write_bytes(text.encode("utf-8"))
    return [w.id for w in read_waivers(path, EPOCH, 1).waivers]


# (id, text, the ids Trivy waives)
READ_AS_TRIVY = [
    ("plain", "CVE-2026-1111\n", ["CVE-2026-1111"]),
    ("crlf", "CVE-2026-1111\r\nCVE-2026-2222\r\n", ["CVE-2026-1111", "CVE-2026-2222"]),
    ("tab-separated-extra", "CVE-2026-1111\tCVE-2026-2222\n", ["CVE-2026-1111"]),
    ("space-separated-extra", "CVE-2026-1111 CVE-2026-2222\n", ["CVE-2026-1111"]),
    ("nbsp-separated-extra", "CVE-2026-1111\xa0CVE-2026-2222\n", ["CVE-2026-1111"]),
    ("ideographic-space", "CVE-2026-1111\u3000CVE-2026-2222\n", ["CVE-2026-1111"]),
    ("comment-after", "CVE-2026-1111 # not reachable\n", ["CVE-2026-1111"]),
    ("indented-comment", "   # CVE-2026-2222\nCVE-2026-1111\n", ["CVE-2026-1111"]),
    ("no-final-newline", "CVE-2026-1111", ["CVE-2026-1111"]),
    ("future-expiry", "CVE-2026-1111 exp:2027-01-01\n", ["CVE-2026-1111"]),
]


@pytest.mark.parametrize(("case", "text", "ids"), READ_AS_TRIVY, ids=[c[0] for c in READ_AS_TRIVY])
def test_trivyignore_waives_what_trivy_waives(
    tmp_path: Path, case: str, text: str, ids: list[str]
) -> None:
    assert waived(tmp_path, text) == ids


def test_an_expiry_in_a_trailing_comment_is_still_trivys_expiry(tmp_path: Path) -> None:
    path = tmp_path / ".trivyignore"
    path.write_text("CVE-2026-1111 # until exp:2026-02-01\n")
    (waiver,) = read_waivers(path, EPOCH, 1).waivers
    assert waiver.expires == "2026-02-01"


# (id, text, "LINE:COL", a piece of the message)
REFUSED = [
    ("vertical-tab", "CVE-2026-1111\vCVE-2026-2222\n", "1:14", "'\\x0b'"),
    ("form-feed", "CVE-2026-1111\fCVE-2026-2222\n", "1:14", "'\\x0c'"),
    ("line-separator", "CVE-2026-1111\u2028CVE-2026-2222\n", "1:14", "'\\u2028'"),
    ("paragraph-separator", "CVE-2026-1111\u2029CVE-2026-2222\n", "1:14", "'\\u2029'"),
    ("next-line", "CVE-2026-1111\x85CVE-2026-2222\n", "1:14", "'\\x85'"),
    ("lone-cr", "CVE-2026-1111\rCVE-2026-2222\n", "1:14", "'\\r'"),
    ("file-separator", "CVE-2026-1111\x1cCVE-2026-2222\n", "1:14", "'\\x1c'"),
    ("nul", "CVE-2026-1111\x00\n", "1:14", "'\\x00'"),
    ("escape", "# \x1b[2J\nCVE-2026-1111\n", "1:3", "'\\x1b'"),
    ("bom", "\ufeffCVE-2026-1111\n", "1:1", "'\\ufeff'"),
    ("iso-week-expiry", "CVE-2026-1111 exp:2027-W01-1\n", "1:1", "is not a calendar date"),
    ("basic-format-expiry", "CVE-2026-1111 exp:20270101\n", "1:1", "is not a calendar date"),
    ("short-month-expiry", "CVE-2026-1111 exp:2027-1-01\n", "1:1", "is not a calendar date"),
    ("arabic-digit-expiry", "CVE-2026-1111 exp:٢٠٢٧-01-01\n", "1:1", "is not a calendar date"),
    ("day-out-of-range", "CVE-2026-1111 exp:2027-02-30\n", "1:1", "is not a calendar date"),
    ("hash-glued-to-id", "CVE-2026-1111#note\n", "1:1", "is not a vulnerability id"),
    ("second-line-bad-id", "CVE-2026-1111\n'; DROP\n", "2:1", "is not a vulnerability id"),
]


@pytest.mark.parametrize(("case", "text", "where", "message"), REFUSED, ids=[c[0] for c in REFUSED])
def test_trivyignore_refuses_what_would_mislead(
    tmp_path: Path, case: str, text: str, where: str, message: str
) -> None:
    with pytest.raises(FixtureError) as caught:
        waived(tmp_path, text)
    shown = str(caught.value)
    assert f".trivyignore:{where}" in shown, shown
    assert message in shown, shown
    assert "\x1b" not in shown and "\u2028" not in shown


def vex(*statements: dict[str, object], timestamp: str = "2026-01-01T00:00:00Z") -> str:
    return json.dumps(
        {
            "@context": "https://openvex.dev/ns/v0.2.0",
            "author": "sec",
            "timestamp": timestamp,
            "version": 1,
            "statements": list(statements),
        }
    )


NOT_AFFECTED = {
    "vulnerability": {"name": "CVE-2026-1111"},
    "status": "not_affected",
    "justification": "component_not_present",
}
AFFECTED = {
    "vulnerability": {"name": "CVE-2026-1111"},
    "status": "affected",
    "action_statement": "upgrade",
}


def vex_waived(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "waivers.openvex.json"
    path.write_text(text)
    return [w.id for w in read_waivers(path, EPOCH, None).waivers]


# (id, statements, the ids waived)
PRECEDENCE = [
    ("later-affected-cancels", [NOT_AFFECTED, AFFECTED], []),
    ("later-not-affected-wins", [AFFECTED, NOT_AFFECTED], ["CVE-2026-1111"]),
    (
        "earlier-timestamp-loses-though-later-in-file",
        [
            {**NOT_AFFECTED, "timestamp": "2026-03-01T00:00:00Z"},
            {**AFFECTED, "timestamp": "2026-02-01T00:00:00Z"},
        ],
        ["CVE-2026-1111"],
    ),
    (
        "statement-timestamp-beats-document-timestamp",
        [{**AFFECTED, "timestamp": "2026-06-01T00:00:00+02:00"}, NOT_AFFECTED],
        [],
    ),
    (
        "under-investigation-cancels",
        [NOT_AFFECTED, {"vulnerability": "CVE-2026-1111", "status": "under_investigation"}],
        [],
    ),
    (
        "other-vulnerability-untouched",
        [NOT_AFFECTED, {**AFFECTED, "vulnerability": "CVE-2026-2222"}],
        ["CVE-2026-1111"],
    ),
]


@pytest.mark.parametrize(("case", "statements", "ids"), PRECEDENCE, ids=[c[0] for c in PRECEDENCE])
def test_openvex_the_latest_statement_wins(
    tmp_path: Path, case: str, statements: list[dict[str, object]], ids: list[str]
) -> None:
    assert vex_waived(tmp_path, vex(*statements)) == ids


@pytest.mark.parametrize(
    "stamp", ["yesterday", "2026-01-01", "2026-01-01T00:00:00", "2026-W01-1T00:00:00Z", "٢٠٢٦"]
)
def test_openvex_a_timestamp_that_is_not_rfc3339_is_refused(tmp_path: Path, stamp: str) -> None:
    with pytest.raises(FixtureError, match="is not an RFC 3339 timestamp"):
        vex_waived(tmp_path, vex({**NOT_AFFECTED, "timestamp": stamp}))


def test_a_yaml_waiver_with_an_iso_week_expiry_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "waivers.yaml"
    path.write_text(
        "version: 1\nwaivers:\n- {id: CVE-2026-1111, reason: r, expires: '2027-W01-1'}\n"
    )
    with pytest.raises(FixtureError, match=r"waivers.yaml:3:.*not a valid date"):
        read_waivers(path, EPOCH, None)


def test_a_yaml_waiver_file_gets_the_control_character_check(tmp_path: Path) -> None:
    path = tmp_path / "waivers.yaml"
    path.write_text('version: 1\nwaivers:\n- {id: CVE-2026-1111, reason: "a\x0bb"}\n')
    with pytest.raises(FixtureError, match="control character"):
        read_waivers(path, EPOCH, None)


def test_a_line_past_trivys_scanner_limit_is_refused(tmp_path: Path) -> None:
    """Trivy's bufio.Scanner stops at a line of 64 KiB and ignores every id after it."""
    text = "CVE-2026-1111 # " + "x" * 70_000 + "\nCVE-2026-2222\n"
    with pytest.raises(FixtureError, match=r"\.trivyignore:1:1: \$: the line is longer than"):
        waived(tmp_path, text)
    assert waived(tmp_path, "CVE-2026-1111 " + "x" * 60_000 + "\nCVE-2026-2222\n") == [
        "CVE-2026-1111",
        "CVE-2026-2222",
    ]


@pytest.mark.parametrize("version", ["1.0", "3.0"])
def test_a_list_version_written_as_a_float_is_refused_at_its_line(
    tmp_path: Path, version: str
) -> None:
    path = tmp_path / "waivers.yaml"
    path.write_text(f"version: {version}\nwaivers:\n- {{id: CVE-2026-1111, reason: r}}\n")
    with pytest.raises(FixtureError, match=r"waivers\.yaml:1:10: version: the version must be"):
        read_waivers(path, EPOCH, None)
