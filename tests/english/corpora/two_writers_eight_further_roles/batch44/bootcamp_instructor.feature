Feature: Week 6 labs - how a platform keeps itself honest
  My cohort learns Kubernetes, CI/CD and monitoring in the same four weeks. I hand out
  these scenarios as the spec; students read them, predict the outcome, then run them.
  They start small and end with the capstone, where everything is connected.

  @cluster
  Scenario: Day one - kill a node and watch the pods come back
    Given 3 nodes and a deployment of 4
    When node-2 fails
    And I reconcile
    Then no pod is on node-2
    And 4 pods are running

  @cluster
  Scenario: A pod only lands on a node that has room for it
    Given 2 nodes
    And a deployment "big-job" with 3 replicas requesting 3 CPU per pod
    When I reconcile
    Then 2 pods of "big-job" are running
    And 1 pod of "big-job" is pending
    But nothing is scheduled twice on the same node

  @cluster
  Scenario: Undoing a bad version brings the old pods back
    Given a 3-node cluster running 4 replicas of web at v1
    When I roll out version v2 of web with maxSurge 1 and maxUnavailable 0
    Then every pod of "web" runs v2
    When I roll back web
    Then every pod of "web" runs v1
    And 4 pods are running

  @pipeline
  Scenario: A gate with no results blocks - it does not just wave you through
    Given a manifest "todo-app" version "0.1.0"
    When I build "todo-app" as T1
    Given the unit tests of T1 pass with 95% coverage
    When I run the pipeline for T1
    Then the pipeline got blocked at the scan gate
    And T1 is not signed
    And dev runs nothing

  @pipeline
  Scenario: Environments point at a digest, not at a tag that can move
    Given a manifest "todo-app" version "0.2.0"
    And commit 3f9c2aa is built as T2
    And T2 passed every gate
    When I promote T2 to dev, then staging, then prod
    And I approve the promotion of T2 to prod
    Then dev, staging and prod all run T2
    And the history of prod references the digest of T2, not a tag

  @telemetry
  Scenario: An outage that already ended does not wake the on-call
    Given the service "todo-app" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "todo-app"
    When the service "todo-app" starts failing 100% of requests
    And 10 minutes pass
    And the service "todo-app" starts failing 0% of requests
    And 30 minutes pass
    Then the SLO "availability" does not page

  @story
  Scenario: Capstone - one commit from build to rollback
    Given 3 nodes
    And a deployment "todo-app" with 4 replicas requesting 500m CPU per pod
    And the service "todo-app" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "todo-app"
    And "todo-app" rolls back when the SLO "availability" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "todo-app" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: Capstone bonus - run the same story twice and get the same answer
    Given prod runs version v1 of "todo-app" on 3 nodes with 6 replicas
    And the service "todo-app" serves 150 requests per second
    And todo-app rolls back on its own when "availability" pages
    And an SLO "availability" of 99.9% over 30 days for the service "todo-app"
    And pods running v2 fail 30% of requests
    When I sign v2, get it approved and deploy it to prod
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And telling the story again gives the same timeline, event for event
