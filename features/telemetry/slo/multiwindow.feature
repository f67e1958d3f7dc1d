@task-6 @points=3
Feature: Multi-window, multi-burn-rate alerts page only while the budget is still burning
  A page needs the burn rate above its factor over a long window (evidence it is real)
  AND over a short window one twelfth as long (evidence it is still happening). The
  rules are generated from the SLO as Sloth generates them: page when 2% of a 30-day
  budget burns within 1 hour (14.4×, short window 5 minutes) or 5% within 6 hours (6×,
  30 minutes); open a ticket when 10% burns within 1 day (3×, 2 hours) or 3 days (1×,
  6 hours).

  Scenario Outline: The Workbook's table, as generated for a 30-day SLO
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    Then the SLO "availability" alerts when the burn rate over <long> and <short> exceeds <factor>

    Examples: SRE Workbook table 5-8 and its 24h/2h ticket pair
      | long    | short      | factor |
      | 1 hour  | 5 minutes  | 14.4   |
      | 6 hours | 30 minutes | 6      |
      | 1 day   | 2 hours    | 3      |
      | 3 days  | 6 hours    | 1      |

  Scenario Outline: A 28-day SLO keeps the budget shares, so the factors change
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 28 days for the service "web"
    Then the SLO "availability" alerts when the burn rate over <long> and <short> exceeds <factor>

    Examples: Sloth's google-28d windows
      | long    | short      | factor |
      | 1 hour  | 5 minutes  | 13.44  |
      | 6 hours | 30 minutes | 5.6    |
      | 1 day   | 2 hours    | 2.8    |
      | 3 days  | 6 hours    | 0.933  |

  Scenario Outline: Pyrra's table is a named alternative with its own factors and windows
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 28 days for the service "web" with pyrra windows
    Then the SLO "availability" alerts when the burn rate over <long> and <short> exceeds <factor>

    Examples: pyrra slo/rules.go Windows for 28 days
      | long    | short      | factor |
      | 1 hour  | 5 minutes  | 14     |
      | 6 hours | 30 minutes | 7      |
      | 1 day   | 2 hours    | 2      |
      | 4 days  | 6 hours    | 1      |

  Scenario: Fast burn pages
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    And the service "web" starts failing 10% of requests
    And 2 minutes pass
    Then the SLO "availability" does not page
    When 10 minutes pass
    Then the SLO "availability" pages
    And the burn rate of "availability" over 5 minutes is 100

  Scenario: An incident that already ended does not page
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 6 hours pass
    And the service "web" starts failing 10% of requests
    And 15 minutes pass
    Then the SLO "availability" pages
    When the service "web" recovers
    And 1 minute passes
    Then the SLO availability is still paging
    When 9 minutes pass
    Then the burn rate of "availability" over 1 hour is 25
    And the burn rate of "availability" over 5 minutes is 0
    And the SLO "availability" is no longer paging

  Scenario: A pace said without a window is the burn now; a window can be named
    Given the service "api" serves 200 requests per second
    And an SLO "api-slo" of 99.9% over 30 days for the service "api"
    When 6 hours pass
    And the service "api" starts failing 6% of requests
    And 20 minutes pass
    And the service "api" recovers
    And 10 minutes pass
    Then api-slo is burning slower than 1 times the allowed rate
    And api-slo is burning faster than 14.4 times the allowed rate over the last 1h
    And api-slo is burning slower than 14.4 times the allowed rate over 6h

  Scenario: Slow burn opens a ticket but does not page
    Given the service "web" serves 100 requests per second with 0.5% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 3 hours pass
    Then the burn rate of "availability" over 1 day is 5
    And the SLO "availability" opens a ticket
    And the SLO "availability" does not page

  Scenario: 1% errors never trip the fast pair (10× is under 14.4×), but the slow pair pages
    Given the service "web" serves 100 requests per second with 1% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    Then the burn rate of "availability" over 1 hour is 10
    And the SLO "availability" burns over 1 hour and 5 minutes below its threshold
    And the SLO "availability" burns over 6 hours and 30 minutes above its threshold
    And the SLO "availability" pages

  Scenario: 1.42% errors burn past Pyrra's 14× but not the Workbook's 14.4×
    Given the service "web" serves 100 requests per second with 1.42% errors
    And the service "api" serves 100 requests per second with 1.42% errors
    And an SLO "web-availability" of 99.9% over 28 days for the service "web" with pyrra windows
    And an SLO "api-availability" of 99.9% over 30 days for the service "api" with workbook windows
    When 30 minutes pass
    Then the SLO "web-availability" burns over 1 hour and 5 minutes above its threshold
    And the SLO "api-availability" burns over 1 hour and 5 minutes below its threshold
    And the SLO "api-availability" burns over 6 hours and 30 minutes above its threshold

  Scenario: Pyrra's for: holds a page for 2 minutes
    Given the service "web" serves 100 requests per second with 2% errors
    And an SLO "availability" of 99.9% over 28 days for the service "web" with pyrra windows
    When 2 minutes pass
    Then the SLO "availability" does not page
    When 2 minutes pass
    Then the SLO "availability" pages

  Scenario Outline: Detection time is w × threshold ÷ error ratio (Workbook, 1h/5m at 14.4×)
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 6 hours pass
    And the service "web" starts failing <errors> of requests
    And <quiet> minutes pass
    Then the SLO "availability" does not page
    When <more> minutes pass
    Then the SLO "availability" pages
    And the SLO "availability" burns over 1 hour and 5 minutes above its threshold

    Examples: detection 0.86, 5.76 and 17.28 minutes, seen at the next evaluation
      | errors | quiet | more |
      | 100%   | 0     | 1    |
      | 15%    | 5     | 1    |
      | 5%     | 17    | 1    |
