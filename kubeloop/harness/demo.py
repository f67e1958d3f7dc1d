"""``kubeloop demo``: the tool's main use, shown — Gherkin scenarios running.

Each scenario states every number it relies on, so nothing changes between steps without
a step saying so.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

DEMO = """\
Feature: kubeloop demo
  Desired state in, converged state out, one reconcile at a time. Every step below is
  plain English that kubeloop matched to a phrase and ran against its in-memory cluster.

  Scenario: The loop converges, and running it again changes nothing
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas requesting 500m CPU and 256Mi memory per pod
    When I reconcile
    Then 4 pods of "web" are Running
    And reconciling again changes nothing

  Scenario: A failed node's pods are recreated on the survivors
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas requesting 500m CPU and 256Mi memory per pod
    When node-1 goes NotReady
    And the controllers reconcile
    Then no pod is on node-1
    And 4 "web" pods are Running

  Scenario: What fits nowhere stays Pending, with the scheduler's reason
    Given a cluster of 2 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 20 replicas requesting 500m CPU and 256Mi memory per pod
    When the scheduler has placed everything it can
    Then 16 "web" pods are Running
    And 4 "web" pods are Pending with "2 Insufficient cpu"

  Scenario: A rolling update stays inside its budget at every step
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 6 replicas requesting 500m CPU and 256Mi memory per pod
    And its rolling update strategy is maxSurge 1 and maxUnavailable 0
    When I update "web" to v2
    Then all 6 "web" pods run v2
    And at every step there are at most 7 pods
    And at every step at least 6 pods are ready

  Scenario: maxSurge 0 and maxUnavailable 0 leave no room to move
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 6 replicas requesting 500m CPU and 256Mi memory per pod
    When I update "web" to v2 with maxSurge 0 and maxUnavailable 0
    Then the rollout stalls because "both 0"
    And all 6 "web" pods run v1

  Scenario: Rolling back brings v1 back, under a new revision
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 6 replicas requesting 500m CPU and 256Mi memory per pod
    When I update "web" to v2
    And I roll back "web"
    Then all 6 "web" pods run v1
    And "web" is at revision 3

  Scenario: The HPA asks for ceil(4 x 90 / 50) = 8 replicas and gets them on its next sync
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas requesting 500m CPU and 256Mi memory per pod
    And an HPA for "web" from 1 to 10 replicas targeting 50% cpu
    When the cpu utilization of "web" is 90%
    Then the HPA wants 8 replicas
    And "web" still has 4 replicas
    When the HPA acts
    Then "web" has 8 replicas
"""


def run(say: Callable[[str], None] = print) -> int:
    """Run the demo feature through ``kubeloop run`` in a scratch folder."""
    from kubeloop.harness.runner import RunOptions  # noqa: PLC0415  (pytest loads lazily)
    from kubeloop.harness.runner import run as run_features  # noqa: PLC0415

    say("kubeloop demo — this feature file runs as you watch (kubeloop steps lists phrases):\n")
    for line in DEMO.splitlines()[:3]:
        say(f"  {line}")
    started = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "demo.feature").write_text(DEMO, encoding="utf-8")
        os.chdir(folder)
        try:
            return run_features(RunOptions(["demo.feature"]))
        finally:
            os.chdir(started)
