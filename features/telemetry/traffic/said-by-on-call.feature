Feature: Traffic, scrapes and budgets said the way on-call people say them
  A latency said as a percentile, a scrape target that goes down and comes back, alert rules
  written inline, and an error budget read over the whole month as an SRE reads it.

  Scenario: A target that goes down is still scraped, and up says so
    Given checkout is at 100 rps with no errors
    And checkout is scraped every 30 seconds
    And alert rule "CheckoutDown" fires when 'up{job="checkout"} == 0' for 1m
    When 5 minutes pass
    And the checkout target goes down
    And 3 minutes pass
    Then CheckoutDown is firing
    And checkout was scraped twice in the last minute
    When the checkout target comes back up
    And 2 minutes pass
    Then CheckoutDown has resolved
    And nothing is left pending

  Scenario: A latency said as a percentile, then a slow spell that ends
    Given mobile-api serves 100 requests per second with a p95 latency of 800ms
    When 10 minutes pass
    Then the p95 latency of mobile-api is above 500ms
    When 95% of mobile-api requests take 80ms and the other 5% take 1.2 seconds
    And 10 minutes pass
    Then the median latency of mobile-api is below 100ms
    And the p99 latency of mobile-api is above 1 second

  Scenario: Five minutes of full outage use about 12% of the month's budget
    Given checkout serves 1000 requests per second
    And we promise customers 99.9% availability over 30 days
    When 1 hour passes
    And checkout fails every request for 5 minutes
    Then the page comes from the fast-burn window
    When everything is fine again for 30 minutes
    Then we've used about 12% of this month's error budget
    And roughly 88% of this month's error budget is still left
    And the page for "checkout-availability" went off while it was happening

  Scenario: A past outage, a slow spell that is over, and a service healthy again
    Given web serves 100 rps
    And we promise customers 99.9% availability over 30 days
    And web was completely down for 5 minutes yesterday
    Then we've used about 12% of this month's error budget
    And the service web is healthy
    When 10% of web requests take 2 seconds for 10 minutes
    And 10 minutes pass
    Then the p95 for web went above 1.5s
    But the p95 latency of web is below 300ms

  Scenario: An alert said in words pages on the service named last
    Given search answers 100 rps in 120ms
    And an alert "SearchSlow" fires when p99 latency over 5 minutes stays above 500ms for 10 minutes
    When 10 minutes pass
    And search's responses slow down to 800ms
    And 5 minutes pass
    Then SearchSlow was pending at some point
    But it isn't firing yet
    When 10 minutes pass
    Then SearchSlow is firing

  Scenario: A service whose name ends in s owns its requests with a bare apostrophe
    Given the service "orders" serves 400 requests per second
    And an alert "OrdersFailing" fires when over 10% of orders' requests fail for 2 minutes
    When orders' 5xx jump to 20%
    And 3 minutes pass
    Then "OrdersFailing" is firing
    When orders' server errors fall back to 1%
    And 10 minutes pass
    Then "OrdersFailing" is not firing
    And the error rate of orders is 1%
