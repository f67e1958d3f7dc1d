Feature: A latency said as a percentile reads back as said
  Every latency a scenario gives a service before its first scrape is a bucket bound of its
  histogram (Prometheus's advice: a bound at the latency you care about), and the requests
  above the last percentile said take the next of client_golang's buckets above it, so
  histogram_quantile lands on the time said. The buckets are fixed from the first scrape on:
  a time said later is read inside the bucket that holds it.

  Scenario: A median and a tail said together read back exactly
    Given orders takes 100 requests per second with no errors
    And the latency of orders is 25ms at the median and 700ms at the 99th percentile
    When 15 minutes pass
    Then the median latency of orders is 25 ms
    And the p99 latency of orders is 0.7 seconds

  Scenario Outline: Other pairs, in seconds and in milliseconds
    Given payments takes 100 requests per second with no errors
    And payments has a p50 of <middle> and a p<tail> of <slow>
    When 20 minutes pass
    Then the median latency of payments is <middle>
    And the p<tail> latency of payments is <slow>

    Examples:
      | middle | tail | slow  |
      | 40ms   | 99   | 300ms |
      | 90ms   | 95   | 1.2s  |
      | 8ms    | 99.9 | 65ms  |
      | 3s     | 99   | 14s   |

  Scenario: One percentile alone
    Given cart serves 200 requests per second with a p95 latency of 130ms
    When 10 minutes pass
    Then cart's p95 is 130ms
    # 95% at 130ms and 5% at 250ms: the p99 is 0.13 + 0.12 × (0.99 - 0.95) / 0.05
    And the p99 latency of cart is 0.226 seconds

  Scenario: A median said alone
    Given profile serves 50 requests per second with a p50 of 70ms
    When 10 minutes pass
    Then the median latency of profile is 70 ms
    And the p99 latency of profile is 0.1 seconds

  Scenario: Shares said with their own times keep them
    Given the service "reports" serves 100 requests per second
    And 90% of reports requests take 60ms and the other 10% take 1.5 seconds
    When 10 minutes pass
    Then the p90 latency of reports is 60 ms
    And the p95 latency of reports is between 1s and 1.5s

  Scenario: A time said once the buckets are fixed is read inside its bucket
    Given the service "ledger" serves 100 requests per second
    When 5 minutes pass
    And ledger has a p99 of 180ms
    And 10 minutes pass
    Then the p99 latency of ledger is between 100ms and 250ms
    # 99% at 180ms, 1% at 250ms, all in (100ms, 250ms]: 0.1 + 0.15 × 0.99
    And the p99 latency of ledger is 248.5 ms
