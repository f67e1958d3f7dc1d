"""corpora/ holds measurements, kept as their writers wrote them: matched by
tests/english/test_match_rate.py, not run as part of the suite."""

collect_ignore_glob = ["corpora/*"]
