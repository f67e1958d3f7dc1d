Feature: Making sure we page for the right things and only the right things
  I carry the pager for web, checkout and search.
  These are the cases I want pinned down before I trust a new alert or SLO.

  @telemetry
  Scenario: A short blip that is already over does not wake anyone up
    Given the service "web" serves 200 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 5 minutes pass
    And the service "web" starts failing 0% of requests
    And 1 hour passes
    Then the SLO "availability" does not page

  @telemetry
  Scenario: A steady trickle of 503s eventually pages the on-call
    Given web is taking 300 requests per second with hardly any errors
    And an SLO for web of 99.9% availability over 30 days
    When 3% of its requests come back with HTTP 503
    And 1 hour passes
    Then the burn-rate alert for web pages the on-call

  @telemetry
  Scenario: The error alert waits out its for: window before firing
    Given web is taking 100 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 10% of its requests come back with HTTP 500
    And 3 minutes pass
    Then "WebErrors" is pending
    When 3 minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario: Errors just under the threshold never make the alert fire
    Given web is taking 100 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 4% of its requests come back with HTTP 500
    And 2 hours pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: A month of bad days spends the whole error budget
    Given search has a 99.5% availability SLO "search-avail" over 28 days
    And the service "search" serves 50 requests per second
    When the service "search" starts failing 2% of requests
    And 28 days pass
    Then the error budget for "search-avail" is fully spent

  @telemetry
  Scenario: Latency numbers for checkout match what we promise the business
    Given checkout responds with a median of 35ms and a p99 of 180ms
    And checkout serves 120 requests per second
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 35ms

  @story
  Scenario: A node dies during peak and the remaining pods cannot keep up
    Given 3 nodes
    And a deployment "web" with 3 replicas requesting 2 CPU per pod
    And the service "web" serves 150 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When node-3 fails and I reconcile
    And 10 minutes pass
    Then 1 pod of "web" is pending
    And "WebErrors" is firing

  @story
  Scenario: The burn-rate page pulls a bad deploy back without me touching anything
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 30% of requests
    When I roll out v2 to "web" with maxSurge 2 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1
