Feature: Ingest and transform jobs on the shared cluster
  As a data pipeline engineer
  I want my ingest workers to scale, survive node loss and ship safely
  So that the nightly loads land on time and nobody has to backfill

  @cluster
  Scenario: The ingest workers only land on the big batch boxes
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a deployment "ingest" with 6 replicas requesting 2 CPU per pod
    And "ingest" only runs on nodes labeled tier=batch
    When I reconcile
    Then 6 pods of "ingest" are running
    And every pod of "ingest" is on a node labeled tier=batch

  @cluster
  Scenario: Workers scale up when the backlog pushes CPU past the target
    Given 4 nodes
    And a deployment "transform" with 2 replicas
    And an autoscaler for "transform" targets 60% cpu between 2 and 8 replicas
    When the pods of "transform" run at 120% cpu
    And I reconcile
    Then "transform" has 4 replicas
    And 4 pods of "transform" are running

  @cluster
  Scenario: A dead worker node doesn't lose the ingest pods
    Given 3 nodes and a deployment of 4
    And 6 pods of "ingest"
    When node-2 fails and I reconcile
    Then no pod is on node-2
    And 6 pods of "ingest" are running
    And 4 pods of "web" are running

  @pipeline
  Scenario: A transform release with flaky tests doesn't get promoted
    Given commit 4c7d21b is built as T1
    And 3 of the 420 unit tests fail for T1
    And the scan of T1 finds nothing
    And the integration tests of T1 pass
    When I run the pipeline for T1
    Then the pipeline got blocked at the unit test gate
    And T1 is not signed
    When I promote T1 to dev
    Then dev runs nothing

  @telemetry
  Scenario Outline: The ingest API error alert only fires on a sustained problem
    Given ingest-api is taking 400 requests per second with hardly any errors
    And an alert "IngestErrors" fires if over 2% of ingest-api's requests fail for 10 minutes
    When <rate>% of ingest-api's requests come back with HTTP 500
    And <minutes> minutes pass
    Then "IngestErrors" is <state>

    Examples:
      | rate | minutes | state    |
      | 1    | 30      | inactive |
      | 5    | 4       | pending  |
      | 5    | 15      | firing   |

  @story
  Scenario: A schema change that breaks the loader gets rolled back before the nightly run
    Given prod runs version v1 of "loader" on 3 nodes with 4 replicas
    And loader serves 100 requests per second
    And an SLO "loader-avail" of 99.9% over 30 days for the service "loader"
    And loader rolls back on its own when "loader-avail" pages
    And a manifest "loader" version "v2"
    When I build "loader" as D2
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    And pods running D2 fail 40% of requests
    When I approve the promotion of D2 to prod
    And 15 minutes pass
    Then prod runs v1

  @story
  Scenario: A clean loader release goes all the way out and the budget stays intact
    Given a 3-node cluster running 4 replicas of "loader" at v1
    And loader is taking 100 requests per second with hardly any errors
    And an SLO "loader-avail" of 99.9% over 30 days for the service "loader"
    And v3 is signed, approved and promoted all the way to prod
    When I roll out v3 to "loader" with maxSurge 1 and maxUnavailable 0
    And 1 hour passes
    Then every pod of "loader" runs v3
    And the SLO "loader-avail" does not page
    But the error budget for "loader-avail" is not fully spent
