Feature: One world — a commit from build to page to rollback on one clock

  Background:
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each
    And a deployment "web" with 4 replicas at version 1.0.0 with maxSurge 1 and maxUnavailable 0
    And the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And the pipeline signs with key "release" from seed "one-world-release"

  Scenario: A green commit is promoted to prod and rolls out to the cluster
    Given a manifest "web" version "1.0.1"
    When I build "web" as R1
    Given the unit tests of R1 pass with 93% coverage
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline passes
    And R1 is signed by key "release"
    When I promote R1 to dev
    And I promote R1 to staging
    And I promote R1 to prod
    And I approve the promotion of R1 to prod
    Then prod runs R1
    When 5 minutes pass
    Then all 4 web pods run version 1.0.1
    And at no point were fewer than 4 pods of web ready
    And the SLO availability does not page
    And the error budget remaining for availability is 100%

  Scenario: A bad release pages and is rolled back by digest, and the cluster follows
    Given a manifest "web" version "1.0.1"
    When I build "web" as R1
    Given R1 passed every gate
    When I run the pipeline for R1
    And I promote R1 to dev
    And I promote R1 to staging
    And I promote R1 to prod
    And I approve the promotion of R1 to prod
    And 2 hours pass
    Then every web pod runs version 1.0.1
    Given a manifest "web" version "1.1.0"
    When I build "web" as R2
    Given R2 passed every gate
    When I run the pipeline for R2
    And I promote R2 to dev
    And I promote R2 to staging
    And I promote R2 to prod
    And I approve the promotion of R2 to prod
    And 1 minute passes
    Then prod runs R2
    And every web pod runs version 1.1.0
    When the service "web" starts failing 20% of requests
    And 10 minutes pass
    Then the SLO availability pages
    When I roll back prod
    Then prod runs R1
    And the history of prod is R1, R2 and R1
    And the known-good digests of prod are R1
    When 1 minute passes
    Then every web pod runs version 1.0.1
    When the service "web" recovers
    And 10 minutes pass
    Then the SLO availability is still paging
    When 35 more minutes pass
    Then the SLO availability no longer pages
    And the error budget remaining for availability is below 100%

  Scenario: A waiver that expires while the world runs blocks the next pipeline run
    Given a manifest "web" version "1.2.0"
    When I build "web" as R3
    Given the unit tests of R3 pass with 95% coverage
    And the scan of R3 finds:
      | id            | severity | package |
      | CVE-2026-4242 | CRITICAL | glibc   |
    And waiver list version 1 accepts CVE-2026-4242 because "patched in base image, scanner lags" until 2026-01-02
    And the integration tests of R3 pass
    When I run the pipeline for R3
    Then the pipeline passes
    When 1 day passes
    And I run the pipeline for R3
    Then the pipeline is blocked at scan
    And 4 web pods are running
    And the SLO availability does not page

  Scenario: A node dies in the middle of the traffic and nothing pages
    When 30 minutes pass
    And node-1 fails
    And 2 minutes pass
    Then no pod is on node-1
    And 4 web pods are running
    And the SLO availability does not page
    And the service "web" has served 192000 requests and 0 errors
