@task-1 @points=2
Feature: Counters are read through rate() and increase()
  A counter only goes up, except when its process restarts and it resets to zero.
  A raw counter means little; rate(x[5m]) — the per-second increase over a window — is
  the sensible reading. rate() reads through resets and extrapolates to the window's
  edges as Prometheus' extrapolatedRate does. The numbers below are Prometheus' own, from
  promql/promqltest/testdata/functions.test (samples every 5 minutes there).

  Background:
    Given the series every 5 minutes:
      | series                                                | values            |
      | http_requests_total{path="/foo"}                      | 0+10x10           |
      | http_requests_total{path="/bar"}                      | 0+18x5 0+18x5     |
      | http_requests_total{path="/dings"}                    | 10+10x10          |
      | http_requests_total{path="/bumms"}                    | 1+10x10           |
      | testcounter_reset_middle_total                        | 0+27x4 0+27x5     |
      | testcounter_reset_end_total                           | 0+10x9 0 10       |
      | calculate_rate_window_total                           | 0+80x10           |
      | calculate_rate_offset_total{x="a"}                    | 0+10x10           |
      | calculate_rate_offset_total{x="b"}                    | 0+20x10           |
      | http_requests_reset_total                             | 0 1 2 3 2 3 4     |

  Scenario Outline: increase() over a window, from functions.test
    When I evaluate "increase(http_requests_total{path='<path>'}[<range>])" at <at>
    Then the result is <increase>

    Examples:
      | path   | range | at         | increase |
      | /foo   | 50m   | 50 minutes | 100      |
      | /bar   | 50m   | 50 minutes | 160      |
      | /dings | 50m   | 50 minutes | 100      |
      | /bumms | 50m   | 50 minutes | 100      |
      | /foo   | 100m  | 50 minutes | 100      |
      | /dings | 100m  | 50 minutes | 105      |
      | /bumms | 100m  | 50 minutes | 101      |
      | /bar   | 100m  | 50 minutes | 162      |

  Scenario Outline: rate() reads through resets and extrapolates, from functions.test
    When I evaluate "rate(<series>[<range>])" at 50 minutes
    Then the result is <rate>

    Examples:
      | series                         | range | rate    |
      | testcounter_reset_middle_total | 50m   | 0.08    |
      | testcounter_reset_end_total    | 6m    | 0       |
      | calculate_rate_window_total    | 50m   | 0.26667 |

  Scenario: A counter that dropped is read as a reset, not as negative traffic
    When I evaluate "increase(http_requests_reset_total[30m])" at 30 minutes
    Then the result is 7

  Scenario: One sample in the window gives no rate at all, not zero
    When I evaluate "rate(testcounter_reset_end_total[5m])" at 50 minutes
    Then the result is empty

  Scenario: offset moves the window back
    When I evaluate "rate(calculate_rate_offset_total[10m] offset 5m)" at 50 minutes
    Then the result is:
      | series    | value   |
      | {x="a"}   | 0.03333 |
      | {x="b"}   | 0.06667 |

  Scenario: sum by keeps only the labels it names, after rate
    When I evaluate at 50 minutes:
      """
      sum by (path) (rate(http_requests_total{path=~'/foo|/dings'}[50m]))
      """
    Then the result is:
      | series           | value   |
      | {path="/foo"}    | 0.03333 |
      | {path="/dings"}  | 0.03333 |
