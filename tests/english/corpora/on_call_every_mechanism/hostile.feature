Feature: Mistakes real people make, in YAML and in scenarios
  # Scenarios marked "EXPECT RED" contain a deliberate scenario mistake:
  # the correct outcome is that kubeloop FAILS them with a useful message.

  Scenario: A typo in a compact field is caught with a suggestion
    When I load the cluster from "fixtures/typo-field.yaml"
    Then the operation fails with "replicsa"
    And the operation fails with "did you mean"

  Scenario: A misindented key is a YAML error with its line
    When I load the cluster from "fixtures/bad-indent.yaml"
    Then the operation fails with "bad-indent.yaml:7"

  Scenario: replicas as a word is the wrong type
    When I load the cluster from "fixtures/wrong-type.yaml"
    Then the operation fails with "replicas"
    And the operation fails with "integer"

  Scenario: replicas beyond int32 is refused
    When I load the cluster from "fixtures/huge-replicas.yaml"
    Then the operation fails with "2147483647"

  Scenario: Negative replicas are refused with Kubernetes' wording
    When I load the cluster from "fixtures/negative-replicas.yaml"
    Then the operation fails with "must be greater than or equal to 0"

  Scenario: 8GB is not a Kubernetes quantity
    When I load the cluster from "fixtures/unknown-unit.yaml"
    Then the operation fails with "8GB"

  Scenario: maxSurge 0 and maxUnavailable 0 in a manifest is refused at load time
    When I load the cluster from "fixtures/zero-zero.yaml"
    Then the operation fails with "may not be 0 when `maxSurge` is 0"

  Scenario: A misspelt PodDisruptionBudget field is not silently ignored
    When I load the cluster from "fixtures/pdb-typo.yaml"
    Then the operation fails with "minAvailible"

  Scenario: EXPECT RED - a check about a node the cluster does not have
    Given 3 nodes and a deployment of 4
    Then no pod is on node-9

  Scenario: EXPECT RED - failing a node that does not exist must not pass silently
    Given 3 nodes and a deployment of 4
    When node-7 fails and I reconcile
    Then 4 pods are running

  Scenario: EXPECT RED - a second unnamed deployment would silently replace web
    Given 3 nodes
    And a deployment of 4
    And a deployment of 2
    Then 2 pods are running

  Scenario: EXPECT RED - a misspelt column in the nodes table
    Given the nodes:
      | name   | cpu | memroy |
      | node-1 | 4   | 8Gi    |
    Then there is 1 node

  Scenario: EXPECT RED - "every pod runs v2" over no pods at all must not be a silent pass
    Given 3 nodes
    Then every pod runs v2

  Scenario: EXPECT RED - a PromQL typo is reported, not treated as an empty result
    Given the counter jobs_total{queue="emails"} grows by 10 per second
    When 10 minutes pass
    Then the query 'sum(rate(jobs_total[5m])' returns nothing

  Scenario: EXPECT RED - a query on a label the traffic never writes must not pass as zero
    Given the service "web" serves 100 requests per second with 1% errors
    When 10 minutes pass
    Then the query 'sum(rate(http_requests_total{service="web",code="500"}[5m]))' is below 5
