Feature: Things I checked in my first week so I actually understand our setup
  I am new here and my mentor said the easiest way to learn how our cluster,
  our deploy pipeline and our dashboards work is to write down what I expect
  and let the tests tell me if I got it wrong.

  @cluster
  Scenario: If a machine dies, my app's pods end up somewhere else
    Given a cluster with 3 nodes
    And my app "notes" running with 4 replicas
    When node node-2 is going down
    And I reconcile
    Then there are no pods left on node-2
    And all 4 pods of "notes" are running again

  @cluster
  Scenario: Two machines going down at once still leaves my app up
    Given a 3-node cluster running 6 replicas of web at v1
    When node-1 and node-3 fail
    And I reconcile
    Then nothing is scheduled on node-1
    And nothing is scheduled on node-3
    And 6 pods are running

  @cluster
  Scenario: Updating my app one pod at a time never drops below what we asked for
    Given 3 nodes
    And a deployment "todo-api" with 4 replicas requesting 500m CPU per pod at version v1 with maxSurge 1 and maxUnavailable 0
    When I roll out version v2 of todo-api with maxSurge 1 and maxUnavailable 0
    Then every pod of "todo-api" runs v2
    And the rollout never exceeded 5 pods
    And at least 4 todo-api pods were ready the whole time

  @pipeline
  Scenario: My change does not get deployed if a test fails
    Given a manifest "todo-api" version "0.1.0"
    When commit 3c7d21b is built as T1
    Given 2 of the 150 unit tests fail for T1
    When I run the pipeline for T1
    Then the pipeline fails
    And T1 is not signed
    And prod runs nothing

  @pipeline
  Scenario: Pushing to prod needs a human to say yes
    Given a manifest "todo-api" version "0.2.0"
    When I build "todo-api" as T2
    Given T2 passed every gate
    When I promote T2 to dev
    And I promote T2 to staging
    And I promote T2 to prod
    Then staging runs T2
    But prod runs nothing
    When my mentor approves the promotion of T2 to prod
    Then prod runs T2

  @telemetry
  Scenario: A short blip of errors does not wake anyone up
    Given the service "todo-api" serves 50 requests per second with 0% errors
    And an alert "TodoErrors" fires if over 5% of todo-api's requests fail for 5 minutes
    When the service "todo-api" starts failing 20% of requests
    And 2 minutes pass
    And the service "todo-api" starts failing 0% of requests
    And 10 minutes pass
    Then "TodoErrors" never went to firing

  @story
  Scenario: What actually happens when I ship a broken version on a Friday
    Given prod runs version v1 of "todo-api" on 3 nodes with 4 replicas
    And todo-api has a 99.9% availability SLO "todo-avail" over 30 days
    And todo-api rolls back on its own when "todo-avail" pages
    And pods running v2 fail 30% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "todo-api" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for todo-api pages the on-call
    And prod runs v1
    And every pod of "todo-api" runs v1

  @story
  Scenario: Following one commit from build all the way to running pods
    Given 3 nodes
    And a deployment "todo-api" with 3 replicas requesting 250m CPU per pod
    And a manifest "todo-api" version "v3"
    When I build "todo-api" as T3
    Given T3 passed every gate
    And T3 was promoted to dev, staging and prod
    When I approve the promotion of T3 to prod
    And I roll out T3 to "todo-api" with maxSurge 1 and maxUnavailable 0
    Then every pod of "todo-api" runs T3
    And the history of prod is T3
