Feature: Node failures timed as in Kubernetes (opt-in)
  By default a failed node's pods are evicted at once (the lab's rule). With realistic
  timing the node stays Ready until the node-monitor grace period (50 s) is over, then
  turns NotReady, and its pods — carrying the default 300 s not-ready/unreachable
  tolerations — are evicted five minutes later and replaced on the survivors.

  Scenario: The pods of a failed node wait out the default tolerations
    Given 2 nodes and a deployment of 2
    And node failures are timed realistically
    When node-1 fails
    And 45 seconds pass
    Then node "node-1" has 2 pods
    And 2 pods are ready
    When 15 seconds pass
    Then an event NodeNotReady was recorded for "node-1"
    And 0 pods are ready
    When 4 minutes pass
    Then node "node-1" has 2 pods
    When 1 minute passes
    Then no pod is on node-1
    And 2 pods are ready

  Scenario: A node back within the grace period never went NotReady
    Given 2 nodes and a deployment of 2
    And node failures are timed realistically with a grace period of 40 seconds and tolerations of 5 minutes
    When node-1 fails
    And 30 seconds pass
    And node-1 recovers
    And 5 minutes pass
    Then node "node-1" has 2 pods
    And no event NodeNotReady was recorded
