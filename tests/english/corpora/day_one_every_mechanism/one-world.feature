Feature: One world, one clock: commit, deploy, traffic, page

  Scenario: A release that ships, serves traffic, then breaks and pages
    Given a 3-node cluster
    And a deployment "web" with 4 replicas at version v1
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    When I promote R2 to dev
    And I promote R2 to staging
    And I promote R2 to prod
    And I approve the promotion of R2 to prod
    Then prod runs R2
    When I roll out v2 of "web"
    Then all 4 web pods run v2
    When 1 hour passes
    Then the SLO "availability" does not page
    And the service "web" has served 360000 requests
    When the service "web" starts failing 100% of requests
    And 2 minutes pass
    Then the SLO "availability" pages
    And 4 pods are running

  Scenario: Promoting to prod updates the web deployment in the cluster
    Given 3 nodes and a deployment of 3
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod
    When I approve the promotion of R2 to prod
    And I reconcile until stable
    Then every web pod runs v2

  Scenario: Rolling back prod during an incident stops the page
    Given a manifest "web" version "1.0.0"
    When I build "web" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    And I approve the promotion of R1 to prod
    And the service "web" serves 200 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And a manifest "web" version "1.1.0"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod
    When 2 hours pass
    And I approve the promotion of R2 to prod
    And the service "web" starts failing 50% of requests
    And 5 minutes pass
    Then the SLO "availability" pages
    When I roll back prod
    And the service "web" recovers
    And 15 minutes pass
    Then prod runs R1
    And the SLO "availability" does not page
    And the history of prod is R1, R2 and R1

  Scenario: The clock that ages telemetry also expires a waiver
    Given today is 2026-06-30
    And a manifest "api" version "3.0.0"
    When I build "api" as A1
    Given the unit tests of A1 pass with 97% coverage
    And the scan of A1 finds:
      | id             | severity | package |
      | CVE-2026-4040  | CRITICAL | glibc   |
    And the integration tests of A1 pass
    And waiver list version 1 accepts CVE-2026-4040 because "patched in base image next week" until 2026-07-01
    And the service "api" serves 10 requests per second
    When I run the pipeline for A1
    Then the pipeline passes
    When 1 day passes
    Then the service "api" has served 864000 requests
    When I run the pipeline for A1
    Then the pipeline is blocked at scan

  Scenario: A node failure, the HPA and an alert all on the same minute ticks
    Given 3 nodes and a deployment of 2
    And an HPA for web from 2 to 8 replicas targeting 50% cpu
    And the service "web" serves 50 requests per second
    And an alert "WebDown" when "up{job='web'} == 0" for 2 minutes
    When web is at 100% cpu
    And 1 minute passes
    Then web has 4 replicas
    When node-1 fails
    And 1 minute passes
    Then no pod is on node-1
    And "web" has 4 running pods
    And up{job="web"} is 1
    And the alert WebDown is inactive
    And an event SuccessfulRescale was recorded saying "New size: 4"
