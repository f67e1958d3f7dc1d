Feature: Lines in the team's own words, read by what they mean
  No phrase says "node node-2 is going down" or "web is at 300 requests per second": each
  line is read by its concepts and values (a kind noun, a synonym, a light verb left out,
  a tense), said again as the one phrase it means, and run as that phrase.

  Scenario: A node going down, said the way the on-call says it
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And web is at 300 requests per second
    When the host node-3 is going down
    And 5 minutes pass
    Then no pod is on node-3
    And at least 4 web pods were ready the whole time
    And web's error rate has stayed below 1%

  Scenario: A build signed and promoted, said as it happens
    Given a manifest "web" version "1.0.0"
    And I am building "web" as R1
    And R1 passed every gate
    When I am signing R1
    And I am promoting R1 to dev
    And I'm promoting R1 to staging
    Then staging is running R1
