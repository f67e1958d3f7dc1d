Feature: A deployment's service that nobody gave a rate still serves requests
  An SLO or a failing share of requests said of a deployment's service, with no rate
  declared, means a service in use: it serves 100 requests per second from the line that
  first names it, and a rate the scenario does declare, in any Given, replaces it.

  Scenario: An objective on a deployment with no traffic declared still pages on a bad version
    Given a deployment "ledger" with 3 replicas at v1 on 2 nodes
    And an SLO "ledger-writes" of 99% over 7 days for the service "ledger"
    And pods running v3 fail 40% of requests
    When I roll out version v3 of ledger with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then the SLO "ledger-writes" pages
    And the service ledger has served 60000 requests

  Scenario: A rate said after the objective is the one the service serves
    Given an SLO "ledger-writes" of 99% over 7 days for the service "ledger"
    And a deployment "ledger" with 3 replicas at v1 on 2 nodes
    And the service "ledger" serves 25 requests per second
    When 20 minutes pass
    Then the service ledger has served 30000 requests
    And the SLO "ledger-writes" does not page
