"""Every report of a run, written from one list of scenario records."""

from __future__ import annotations

from pathlib import Path

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.cucumber_json import cucumber_json
from kubeloop.harness.reports.exercism import results_json
from kubeloop.harness.reports.html import report_pages
from kubeloop.harness.reports.junit import junit_xml
from kubeloop.harness.reports.markdown import summary_markdown
from kubeloop.harness.reports.messages import messages_ndjson


def ordered(records: list[ScenarioRecord]) -> list[ScenarioRecord]:
    """File order: by feature path, then scenario line, then example row (xdist-proof)."""
    return sorted(records, key=lambda r: (r.uri, r.line, r.row if r.row is not None else -1))


def write_reports(
    records: list[ScenarioRecord],
    directory: Path,
    start_ns: int,
    engine: str,
    junit_steps: bool = False,
) -> list[Path]:
    """Write every report into DIRECTORY; the files and folders written at its top."""
    directory.mkdir(parents=True, exist_ok=True)
    records = ordered(records)
    outputs = {
        "junit.xml": junit_xml(records, steps=junit_steps),
        "cucumber.json": cucumber_json(records),
        "messages.ndjson": messages_ndjson(records, start_ns, Path.cwd()),
        **report_pages(records, engine),
        "summary.md": summary_markdown(records, engine),
        "results.json": results_json(records),
    }
    pages = directory / "features"
    if pages.is_dir():  # a feature page of an earlier run would outlive its feature
        for old in pages.glob("*.html"):
            old.unlink()
    written: dict[Path, None] = {}
    for name, text in outputs.items():
        path = directory / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written[directory / Path(name).parts[0]] = None  # features/: once
    return list(written)
