Feature: Commit to page to rollback, in one world
  The README's example: every meeting at once, on the one clock.

  Scenario: A failing release pages, and the page rolls prod back
    Given 3 nodes and a deployment of 4
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And when the SLO "availability" pages, roll back prod
    And a manifest "web" version "v1"
    When I build "web" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod
    When I approve the promotion of R1 to prod
    And I approve the promotion of R2 to prod
    And v2 of the service "web" fails 100% of requests
    And 15 minutes pass
    Then prod runs R1
    And an alert rolled prod back 1 time
    And every web pod runs v1
    And "web" runs the digest of R1
    And the history of prod is R1, R2 and R1
    And an event RolledBackByAlert was recorded
    When 1 hour passes
    Then sum(rate(http_requests_total{job="web",code="500"}[5m])) is 0
    And sum by (version) (rate(http_requests_total{job="web"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 100   |
      | {version="v2"} | 0     |
    And the SLO "availability" does not page
    And an alert rolled prod back 1 time
