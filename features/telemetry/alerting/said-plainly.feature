Feature: Rule files and alert states said the way on-call says them
  "the alert rules from", "the alerting rules from" and "the recording rules from" load a
  rule file; "is not firing" holds while the alert is pending or inactive.

  Scenario: Pending is not firing, and firing is not pending
    Given the alerting rules from "rules/error-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 1 minute passes
    Then the alert HighErrorRate is pending
    And the alert HighErrorRate is not firing
    And the alert HighErrorRate is no longer inactive
    And job:errors:ratio5m is 0.1
    And the alert HighErrorRate does not fire
    And no alert is firing
    When 5 minutes pass
    Then the alert HighErrorRate is firing
    And the alert HighErrorRate fires
    And the alert HighErrorRate is not pending
    And no alert is pending
    And ALERTS{alertname="HighErrorRate",alertstate="firing"} is 1

  Scenario: Errors that stop before for: has elapsed never fire
    Given the alert rules from "rules/error-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 1 minute passes
    And the counter http_requests_total{code="500"} stops growing
    And 10 minutes pass
    Then the alert HighErrorRate is not firing
    And the alert HighErrorRate is inactive
    And the alert HighErrorRate never fired
    And no alerts are firing
    And the alert HighErrorRate should not be firing

  Scenario: The recording rules from a file record their series
    Given the recording rules from "rules/recorded-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 2 minutes pass
    Then job:errors:ratio5m is 0.1

  Scenario: A fired alert that clears is resolved
    Given the rule file "rules/error-ratio.rules.yaml"
    And the counter http_requests_total{code="200"} grows by 180 per second
    And the counter http_requests_total{code="500"} grows by 20 per second
    When 4 minutes pass
    Then the alert HighErrorRate stays pending
    When 5 minutes pass
    Then the alert HighErrorRate has become firing
    When the counter http_requests_total{code="500"} stops growing
    And 10 minutes pass
    Then the alert HighErrorRate is resolved

  Scenario: A rule file named in the scenario holds its rules in the doc string
    Given an alerting rule file "queue-rules.yml" with:
      """
      groups:
        - name: queue
          rules:
            - alert: QueueBacklog
              expr: queue_depth > 100
              for: 2m
      """
    And the gauge queue_depth is 250
    When 1 minute passes
    Then the alert QueueBacklog is pending
    When 2 minutes pass
    Then the alert QueueBacklog is firing
