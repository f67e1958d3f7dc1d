Feature: Several nodes in one sentence
  Wherever a sentence names a node it may name several: "node-1 and node-2",
  "node-1, node-2 and node-3". Each scenario checks the behaviour, not only the matching.

  Scenario: Two nodes fail at once and their pods move to the third
    Given 3 nodes and a deployment of 6
    When node-1 and node-2 fail
    And I reconcile
    Then node-1 and node-2 are NotReady
    And node-3 is Ready
    And no pod is on node-1 or node-2
    And all 6 pods are running on node-3

  Scenario: Cordoned nodes keep their pods and take no new ones
    Given 3 nodes and a deployment of 3
    When I cordon node-1 and node-2
    And I scale "web" to 6
    And I reconcile
    Then node-1 and node-2 are unschedulable
    And node-1 has 3 pods
    And no pod is on node-2
    And node-3 has 3 pods
    When I uncordon node-1 and node-2
    Then node-2 is schedulable

  Scenario: Draining two nodes one after the other
    Given 3 nodes and a deployment of 3
    When I drain node-1 and node-2
    Then the drain completes
    And the drain evicted 3 pods
    And node-1 and node-2 are empty
    And node-1, node-2 and node-3 are Ready

  Scenario: A node list that names a node the cluster does not have changes nothing
    Given 3 nodes and a deployment of 3
    When I fail node-1 and node-9
    Then the operation fails with "node-9"
    And node-1 is Ready
