Feature: Counters that grow on the clock, and PromQL written bare
  "the counter X grows by 600 every minute" is a counter scraped every scrape interval
  (1 minute), growing steadily from the moment it is declared. It can stop growing or be
  reset (a process restart); rate() and increase() read it as Prometheus reads any scraped
  counter. A Then may write the PromQL bare: "rate(x[5m]) is 10".

  Scenario: A counter growing every minute, read through rate() and increase()
    Given the counter jobs_processed_total{queue="emails"} grows by 600 every minute
    When 10 minutes pass
    Then rate(jobs_processed_total{queue="emails"}[5m]) is 10
    And increase(jobs_processed_total{queue="emails"}[5m]) is 3000
    And jobs_processed_total{queue="emails"} is 6000
    And sum(rate(jobs_processed_total[5m])) returns 10
    And rate(jobs_processed_total[5m]) is between 9.5 and 10.5
    And jobs_processed_total{queue="sms"} returns nothing

  Scenario: A counter that stops growing keeps its value and its rate falls to 0
    Given the counter http_requests_total{code="500"} grows by 5 per second
    When 10 minutes pass
    Then rate(http_requests_total{code="500"}[5m]) is 5
    When the counter http_requests_total{code="500"} stops growing
    And 5 minutes pass
    Then rate(http_requests_total{code="500"}[5m]) is 0
    And http_requests_total{code="500"} is 3000

  Scenario: A reset counter drops to zero and increase() reads through the reset
    Given the counter jobs_total grows by 60 per minute
    When 10 minutes pass
    And the counter jobs_total is reset
    And 5 minutes pass
    Then jobs_total is 300
    And increase(jobs_total[10m]) is 600
    And resets(jobs_total[15m]) is 1

  Scenario: Growing faster from now on
    Given the counter jobs_total increases by 1 per second
    When 10 minutes pass
    And the counter jobs_total grows by 3 per second
    And 10 minutes pass
    Then rate(jobs_total[5m]) is 3
    And jobs_total is 2400

  Scenario: Two bare checks joined by "and" are two steps, each read one way
    Given the counter a_total grows by 60 per minute
    And the counter b_total grows by 120 per minute
    When 10 minutes pass
    Then rate(a_total[5m]) is 1 and rate(b_total[5m]) is 2

  Scenario: Rates written the short way, compared, and read as a table
    Given the counter http_requests_total{code="200"} grows at 180/s
    And a counter http_requests_total{code="500"} growing by 1200 every minute
    When 10 minutes pass
    Then sum(rate(http_requests_total[5m])) is greater than 150
    And the query rate(http_requests_total{code="500"}[5m]) is below 25
    And the value of rate(http_requests_total{code="500"}[5m]) is about 20
    And sum by (code) (rate(http_requests_total[5m])) returns:
      | series       | value |
      | {code="200"} | 180   |
      | {code="500"} | 20    |

  Scenario: A gauge holds what it was last set to
    Given the gauge queue_depth is 5
    When 2 minutes pass
    Then the gauge queue_depth is 5
    When the gauge queue_depth rises to 12
    And 1 minute passes
    Then queue_depth is above 10
    And max_over_time(queue_depth[5m]) is 12
    And min_over_time(queue_depth[5m]) is 5

  Scenario: A rate said in words, a unit after the value, an operator as PromQL writes it
    Given the counter jobs_total grows by 600 every minute
    When 10 minutes pass
    Then the rate of jobs_total over 5m is 10 per second
    And the increase of jobs_total over the last 10 minutes is 6000
    And rate(jobs_total[5m]) is 10/s
    And rate(jobs_total[5m]) >= 10
    And rate(jobs_total[5m]) < 10.5
    And rate(jobs_total[5m]) should equal 10
