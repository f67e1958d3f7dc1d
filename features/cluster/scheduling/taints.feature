@task-5 @points=2
Feature: Taints, tolerations and node selectors
  A taint keeps pods off a node unless they tolerate it: NoSchedule keeps new
  pods away, PreferNoSchedule only lowers the node's score, NoExecute also
  evicts pods already running. A nodeSelector restricts a pod to labelled nodes.

  Scenario: A NoSchedule taint keeps pods that do not tolerate it away
    Given 2 nodes
    And node-1 is tainted dedicated=gpu:NoSchedule
    And a deployment of 2
    Then no pod is on node-1
    And node "node-2" has 2 pods

  Scenario: A pod that tolerates the taint may land there
    Given 2 nodes
    And node-1 is tainted dedicated=gpu:NoSchedule
    And a deployment "trainer" of 1 replica requesting 1 cpu and 1Gi memory
    And deployment "trainer" tolerates dedicated=gpu:NoSchedule
    Then pod "trainer-1" is on node-1

  Scenario: The untolerated taint is named in the message
    Given 1 node
    And node-1 is tainted dedicated=gpu:NoSchedule
    And a deployment of 1
    Then every pending pod's reason is "0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."

  Scenario: PreferNoSchedule only steers pods elsewhere
    Given 2 nodes
    And node-1 is tainted spot=true:PreferNoSchedule
    And a deployment of 2
    Then node "node-2" has 2 pods
    When I scale "web" to 12 and I reconcile
    Then node "node-2" has 8 pods
    And node "node-1" has 4 pods

  Scenario: A NoExecute taint evicts pods that do not tolerate it
    Given 2 nodes and a deployment of 2
    When I taint node-1 maintenance=true:NoExecute and I reconcile
    Then no pod is on node-1
    And "web" has 2 running pods
    And an event TaintManagerEviction was recorded for "web-1"

  Scenario: A node selector restricts pods to labelled nodes
    Given the nodes:
      | name | cpu | memory | labels            |
      | hdd  | 8   | 16Gi   | disk=hdd          |
      | ssd  | 1   | 4Gi    | disk=ssd,zone=a   |
    And a deployment "db" of 3 replicas requesting 500m cpu and 1Gi memory
    And deployment "db" runs only on nodes labelled disk=ssd
    Then "db" has 2 running pods
    And every pending pod's reason is "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."

  Scenario: A node selector said as where the pods run goes with the deployment's clauses
    Given the nodes:
      | name | cpu | memory | labels    |
      | gp-1 | 4   | 8Gi    | tier=web  |
      | gp-2 | 4   | 8Gi    | tier=etl  |
    And a deployment "loader" with 2 replicas that only runs on tier=etl
    And a deployment "site" of 2 replicas going only on tier=web, requesting 1 CPU
    When I reconcile
    Then every pod of "loader" is on a node labeled tier=etl
    And every pod of "site" is on a node labeled tier=web
