Feature: The story told by an engineering manager
  A manager says what customers were promised and what they saw: a service live in prod, a
  promise that rolls back on a page, a release that goes bad, and the incident replayed.

  Scenario: A bad release pages and is rolled back before customers notice for long
    Given checkout v1 is live in prod taking 300 requests a second
    And we promise customers 99.9% availability over 30 days
    And checkout is rolled back automatically when that promise starts paging
    When 1 hour passes
    And we ship v2 of checkout
    And v2 fails a quarter of customer requests
    And 20 minutes pass
    Then we got paged
    And checkout was automatically rolled back to v1
    And every pod of checkout runs v1
    And customers saw errors for less than 10 minutes
    And if we replay the incident we get exactly the same timeline

  Scenario: A version nobody shipped is never seen
    Given checkout v1 is live in prod taking 300 requests a second
    When 30 minutes pass
    Then no customer ever sees v3
    And customers saw errors for at most 0 minutes
    And nobody was paged

  Scenario: A server dies and its copies move to the others
    Given checkout runs 6 copies of v2 across 3 servers
    When one of the servers dies
    And 1 minute passes
    Then checkout still has 6 copies running on the other two servers
    And none of them are on the dead server
