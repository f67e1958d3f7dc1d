"""``kubeloop init DIR``: a starting project that runs green at once.

A feature that shows the main kinds of sentences, a fixture it loads, a README saying how
to run and extend it, and CI jobs for GitHub Actions and GitLab CI.
"""

from __future__ import annotations

from pathlib import Path

FEATURE = """\
Feature: My cluster
  What happens to a small web service when things change. Run: kubeloop run
  (kubeloop steps lists every phrase; kubeloop check finds mistakes without running).

  Background:
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas requesting 500m CPU and 256Mi memory per pod

  Scenario: Every pod is placed
    Then 4 pods of "web" are Running
    And no pod is pending

  Scenario: A node fails and its pods move
    When node-2 goes NotReady
    And the controllers reconcile
    Then no pod is on node-2
    And 4 "web" pods are Running

  Scenario: A rolling update keeps the service up
    Given its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When I update "web" to v2
    Then all 4 "web" pods run v2
    And at every step at least 4 pods are ready

  Scenario: The cluster from a fixture
    Given the cluster from "fixtures/extra.yaml"
    Then "cache" has 2 running pods
"""

FIXTURE = """\
# yaml-language-server: $schema=https://kubeloop.dev/schemas/cluster.schema.json
apiVersion: kubeloop.dev/v1alpha1
kind: Cluster
deployments:
  - {name: cache, replicas: 2, cpu: 250m, memory: 512Mi}
"""

README = """\
# Cluster scenarios

Plain-English scenarios run by [kubeloop](https://pypi.org/project/kubeloop/) against a
deterministic in-memory Kubernetes control plane: no cluster needed.

```bash
pip install kubeloop
kubeloop run                 # every feature under features/
kubeloop run -q              # only failures and the summary
kubeloop check               # every mistake, without running anything
kubeloop steps               # every phrase you can write
kubeloop run --report report # JUnit, Cucumber JSON, HTML (report/report.html)
```

Add a scenario to `features/my-cluster.feature`, or a new `.feature` file next to it.
"""

GITHUB = """\
name: scenarios
on: [push, pull_request]
jobs:
  kubeloop:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with: {python-version: "3.12"}
      - run: pip install kubeloop
      - run: kubeloop check
      - run: kubeloop run --report report
      - if: always()
        run: cat report/summary.md >> "$GITHUB_STEP_SUMMARY"
      - if: always()
        uses: actions/upload-artifact@v4
        with: {name: kubeloop-report, path: report/}
"""

GITLAB = """\
scenarios:
  image: python:3.12
  script:
    - pip install kubeloop
    - kubeloop check
    - kubeloop run --report report
  artifacts:
    when: always
    paths: [report/]
    reports:
      junit: report/junit.xml
"""

FILES = {
    "features/my-cluster.feature": FEATURE,
    "features/fixtures/extra.yaml": FIXTURE,
    "README.md": README,
    ".github/workflows/kubeloop.yml": GITHUB,
    ".gitlab-ci.yml": GITLAB,
}


def init(directory: str) -> int:
    """Write the starting project; refuse to overwrite a file that exists."""
    root = Path(directory)
    existing = [name for name in FILES if (root / name).exists()]
    if existing:
        print(f"kubeloop init: {', '.join(existing)} exist(s) in {root}; nothing written")
        return 1
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    print(f"next: cd {root} && kubeloop run")
    return 0
