Feature: Windows are left-open, and a missed scrape costs resolution, not truth
  A range x[1m] at time t holds the samples in (t − 1m, t]: a sample exactly on the left
  edge is outside (Prometheus 3). When the first scrape of a window is missing, rate()
  extrapolates only half an interval past the first sample it has.

  Scenario Outline: 10-second scrapes, a one-minute window at 60 seconds
    Given the series every 10 seconds:
      | series  | values   |
      | x_total | <values> |
    When I evaluate "increase(x_total[1m])" at 60 seconds
    Then the result is <increase>
    When I evaluate "rate(x_total[1m])" at 60 seconds
    Then the result is <rate>

    Examples: the reference's extrapolation cases
      | values                      | increase | rate   |
      | 90+10x6                     | 60       | 1      |
      | _ _ 110+10x4                | 45       | 0.75   |
      | _ 5+10x5                    | 55       | 0.9167 |
      | _ 100 110 5 15 25 35        | 54       | 0.9    |

  Scenario: A sample on the window's left edge is not in the window
    Given the series every 15 seconds:
      | series                    | values      |
      | http_requests_total       | 0+1500x240  |
    When I evaluate "increase(http_requests_total[5m])" at 1 hour
    Then the result is 30000
    When I evaluate "count_over_time(http_requests_total[5m])" at 1 hour
    Then the result is 20

  Scenario: A staleness marker ends a series at once; without it, the 5-minute lookback holds it
    Given the series:
      | series          | values        |
      | up{job="gone"}  | 1 1 stale     |
      | up{job="quiet"} | 1 1 _ _ _ _ _ |
    When I evaluate "up" at 3 minutes
    Then the result is:
      | series              | value |
      | up{job="quiet"}     | 1     |
    When I evaluate "up" at 7 minutes
    Then the result is empty
