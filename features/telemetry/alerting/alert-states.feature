@task-3 @points=2
Feature: An alert is a small state machine, and for: is what keeps it quiet
  Rules are evaluated every evaluation interval (1 minute unless a scenario says
  otherwise). An alert whose expression returns a series goes pending; once it has been
  pending for its for: duration it fires; when the expression stops returning it, a
  pending alert is dropped and a firing one resolves. This is rules/alerting.go's Eval.

  Scenario: A one-scrape spike goes pending and clears without firing
    Given the series:
      | series                         | values              |
      | job:errors:ratio5m{job="web"}  | 0 0 0 0.2 0 0 0 0 0 |
    And an alert "HighErrorRate" when "job:errors:ratio5m > 0.05" for 5 minutes
    When 3 minutes pass
    Then alert "HighErrorRate" is pending
    When 5 minutes pass
    Then the alert "HighErrorRate" is inactive
    And alert "HighErrorRate" never fired
    And alert "HighErrorRate" went through "inactive, pending, inactive"

  Scenario: A sustained breach fires once it has held for the whole for: duration
    Given the series:
      | series                         | values          |
      | job:errors:ratio5m{job="web"}  | 0 0 0.2x10 0x5  |
    And an alert "HighErrorRate" when "job:errors:ratio5m > 0.05" for 5 minutes
    When 6 minutes pass
    Then alert "HighErrorRate" is pending
    When 1 minute passes
    Then alert "HighErrorRate" is firing
    And alert "HighErrorRate" became pending at 2 minutes
    And alert "HighErrorRate" became firing at 7 minutes
    When 10 minutes pass
    Then alert "HighErrorRate" went through "inactive, pending, firing, inactive"

  Scenario: for: restarts when the condition clears
    Given the series:
      | series                         | values                        |
      | job:errors:ratio5m{job="web"}  | 0.2 0.2 0.2 0.2 0 0.2x10      |
    And an alert "HighErrorRate" when "job:errors:ratio5m > 0.05" for 5 minutes
    When 8 minutes pass
    Then alert "HighErrorRate" is pending
    And alert "HighErrorRate" never fired
    When 2 minutes pass
    Then alert "HighErrorRate" is firing
    And alert "HighErrorRate" became firing at 10 minutes
    And alert "HighErrorRate" went through "inactive, pending, inactive, pending, firing"

  Scenario: Without for: an alert fires at the first evaluation that sees it
    Given the series:
      | series              | values    |
      | up{job="db"}        | 1 1 0 0 0 |
    And an alert "InstanceDown" when "up == 0"
    When 2 minutes pass
    Then alert "InstanceDown" is firing
    And alert "InstanceDown" went through "inactive, firing"

  Scenario: Evaluated every 30 seconds, a breach is seen sooner
    Given the series every 15 seconds:
      | series              | values      |
      | up{job="db"}        | 1x4 0x20    |
    And an alert "InstanceDown" when "up == 0" for 1 minute
    And rules are evaluated every 30 seconds
    When 2 minutes pass
    Then alert "InstanceDown" is pending
    When 30 seconds pass
    Then alert "InstanceDown" is firing
    And alert "InstanceDown" became pending at 90 seconds
    And alert "InstanceDown" became firing at 150 seconds

  Scenario: keep_firing_for holds a firing alert after it clears (TestKeepFiringFor)
    Given the series:
      | series           | values                 |
      | http_requests    | 75 85 70 70 10 10 10   |
    And an alert "HighLatency" when "http_requests > 50" for 1 minute that keeps firing for 1 minute
    When 4 minutes pass
    Then alert "HighLatency" is firing
    When 1 minute passes
    Then alert "HighLatency" is inactive
    And alert "HighLatency" became inactive at 5 minutes

  Scenario: The rules of a Prometheus rule file run in order, a recording feeding an alert
    Given the series:
      | series                                       | values       |
      | http_requests_total{job="web", code="200"}   | 0+980x30     |
      | http_requests_total{job="web", code="500"}   | 0+20x10 200+200x20 |
    And the rules from "rules/web.yml"
    When 10 minutes pass
    Then alert "WebHighErrorRate" is inactive
    When 10 minutes pass
    Then alert "WebHighErrorRate" is firing
    When I evaluate "job:errors:ratio5m"
    Then the result is:
      | series                              | value   |
      | job:errors:ratio5m{job="web"}       | 0.16949 |
