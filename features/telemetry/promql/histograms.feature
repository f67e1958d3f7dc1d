@task-2 @points=2
Feature: histogram_quantile interpolates inside the bucket that holds the quantile
  A classic histogram is cumulative counters, one per upper bound le (inclusive), the
  last one +Inf. histogram_quantile walks them to the first bucket whose count reaches
  q × total and interpolates linearly inside it — so the p99 on a dashboard is an
  estimate whose accuracy was fixed the day the buckets were chosen. The cases are
  Prometheus' own, from promql/promqltest/testdata/histograms.test.

  Background:
    Given the series every 5 minutes:
      | series                                              | values  |
      | testhistogram_bucket{le="0.1", start="positive"}    | 0+5x10  |
      | testhistogram_bucket{le=".2", start="positive"}     | 0+7x10  |
      | testhistogram_bucket{le="1e0", start="positive"}    | 0+11x10 |
      | testhistogram_bucket{le="+Inf", start="positive"}   | 0+12x10 |
      | testhistogram_bucket{le="-.2", start="negative"}    | 0+1x10  |
      | testhistogram_bucket{le="-0.1", start="negative"}   | 0+2x10  |
      | testhistogram_bucket{le="0.3", start="negative"}    | 0+2x10  |
      | testhistogram_bucket{le="+Inf", start="negative"}   | 0+3x10  |

  Scenario Outline: Quantiles of the positive and the negative histogram, from histograms.test
    When I evaluate "histogram_quantile(<q>, testhistogram_bucket)" at 50 minutes
    Then the result is:
      | series               | value      |
      | {start="positive"}   | <positive> |
      | {start="negative"}   | <negative> |

    Examples:
      | q    | positive | negative |
      | 0    | 0        | -0.2     |
      | 0.2  | 0.048    | -0.2     |
      | 0.5  | 0.15     | -0.15    |
      | 0.8  | 0.72     | 0.3      |
      | 1    | 1        | 0.3      |
      | -0.1 | -Inf     | -Inf     |
      | 1.01 | +Inf     | +Inf     |

  Scenario: The quantile of rates is the quantile of counts when every bucket scales alike
    When I evaluate "histogram_quantile(0.5, rate(testhistogram_bucket{start='positive'}[10m]))" at 50 minutes
    Then the result is 0.15

  Scenario: Aggregating away le leaves nothing to take a quantile of
    When I evaluate "histogram_quantile(0.5, sum by (start) (testhistogram_bucket))" at 50 minutes
    Then the result is empty

  Scenario: A latency histogram's p50, p90, p95, p99 and p99.9
    Given the series:
      | series                                    | values    |
      | http_request_duration_seconds_bucket{le="0.05"} | 0 600  |
      | http_request_duration_seconds_bucket{le="0.1"}  | 0 850  |
      | http_request_duration_seconds_bucket{le="0.25"} | 0 960  |
      | http_request_duration_seconds_bucket{le="0.5"}  | 0 990  |
      | http_request_duration_seconds_bucket{le="1"}    | 0 998  |
      | http_request_duration_seconds_bucket{le="+Inf"} | 0 1000 |
    When I evaluate "histogram_quantile(0.9, http_request_duration_seconds_bucket)" at 1 minute
    Then the result is 0.1682
    When I evaluate "histogram_quantile(0.5, http_request_duration_seconds_bucket)" at 1 minute
    Then the result is 0.041667
    When I evaluate "histogram_quantile(0.95, http_request_duration_seconds_bucket)" at 1 minute
    Then the result is 0.236364
    When I evaluate "histogram_quantile(0.99, http_request_duration_seconds_bucket)" at 1 minute
    Then the result is 0.5
    When I evaluate "histogram_quantile(0.999, http_request_duration_seconds_bucket)" at 1 minute
    Then the result is 1
