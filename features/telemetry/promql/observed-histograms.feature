Feature: Histograms observed per second, as a table of buckets or of values
  "the histogram X observes per second:" writes X_bucket{le} and X_count as counters that
  grow by the table's counts every second: a | le | count | table holds cumulative bucket
  counts as Prometheus writes them; a | value | count | table holds observed values,
  counted into client_golang's default buckets (and X_sum).

  Scenario Outline: Quantiles from cumulative bucket counts
    Given the histogram http_request_duration_seconds{job="web"} observes per second:
      | le   | count |
      | 0.1  | 5     |
      | 0.5  | 9     |
      | 1    | 10    |
      | +Inf | 10    |
    When 10 minutes pass
    Then histogram_quantile(<q>, sum by (le) (rate(http_request_duration_seconds_bucket{job="web"}[5m]))) is <seconds>
    And rate(http_request_duration_seconds_count{job="web"}[5m]) is 10

    Examples:
      | q    | seconds |
      | 0.5  | 0.1     |
      | 0.9  | 0.5     |
      | 0.95 | 0.75    |

  Scenario: Observed values fall into the default buckets
    Given the histogram latency_seconds records per second:
      | value | count |
      | 0.05  | 8     |
      | 0.3   | 2     |
    When 10 minutes pass
    Then histogram_quantile(0.5, rate(latency_seconds_bucket[5m])) is 0.040625
    And histogram_quantile(0.9, rate(latency_seconds_bucket[5m])) is 0.375
    And rate(latency_seconds_sum[5m]) / rate(latency_seconds_count[5m]) is 0.1
    And rate(latency_seconds_bucket{le="0.025"}[5m]) is 0
