Feature: A page that rolls prod back
  An opt-in rule: when the SLO pages (or a named alert fires), prod is rolled back to its
  previous known-good digest at the next rule evaluation — once per firing, recorded in the
  pipeline's history and as events.

  Background:
    Given a manifest "web" version "v1"
    When I build "web" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    And I approve the promotion of R1 to prod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod

  Scenario: The page rolls prod back to the known-good digest, once
    Given when the SLO "availability" pages, roll back prod
    When 1 hour passes
    And I approve the promotion of R2 to prod
    And the service "web" starts failing 100% of requests
    And 10 minutes pass
    Then the SLO "availability" pages
    And prod runs R1
    And an alert rolled prod back 1 time
    And the history of prod is R1, R2 and R1
    And an event RolledBackByAlert was recorded saying "the SLO \"availability\" pages: rolled prod back to web v1"
    When 30 minutes pass
    Then the SLO "availability" pages
    And an alert rolled prod back 1 time
    And prod runs R1

  Scenario: Without the rule a page changes nothing in the pipeline
    When 1 hour passes
    And I approve the promotion of R2 to prod
    And the service "web" starts failing 100% of requests
    And 10 minutes pass
    Then the SLO "availability" pages
    And prod runs R2
    And an alert rolled prod back 0 times

  Scenario: A page with no known-good digest to go back to fails once, and says why
    Given when the SLO "availability" pages, roll back prod
    When the service "web" starts failing 100% of requests
    And 10 minutes pass
    Then prod runs R1
    And the alert rollback of prod failed with "no previous known-good digest"
    And an event AlertRollbackFailed was recorded saying "cannot roll back"
    And an alert rolled prod back 0 times

  Scenario: A named alert rolls back too, and a second firing rolls back again
    Given an alert "WebErrors" when "sum(rate(http_requests_total{job='web',code='500'}[5m])) > 0" for 1 minute
    And when the alert WebErrors fires, roll back prod
    And a manifest "web" version "v3"
    When I build "web" as R3
    Given R3 passed every gate
    And R3 was promoted to dev, staging and prod
    When I approve the promotion of R2 to prod
    And I approve the promotion of R3 to prod
    And the service "web" starts failing 10% of requests
    And 5 minutes pass
    Then prod runs R2
    And an alert rolled prod back 1 time
    When the service "web" starts failing 0% of requests
    And 5 minutes pass
    Then the alert WebErrors is inactive
    When the service "web" starts failing 10% of requests
    And 5 minutes pass
    Then prod runs R1
    And an alert rolled prod back 2 times
    And the history of prod is R1, R2, R3, R2 and R1

  Scenario: The rollback reaches the cluster: commit to page to rollback in one world
    Given 3 nodes and a deployment of 4
    And when the SLO "availability" pages, roll back prod
    When I approve the promotion of R2 to prod
    And 1 minute passes
    Then every web pod runs v2
    When the service "web" starts failing 100% of requests
    And 10 minutes pass
    Then prod runs R1
    And every web pod runs v1
    And "web" runs the digest of R1
