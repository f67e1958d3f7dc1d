Feature: The whole story, said the way a team lead says it
  A running service in one sentence, a release said as a list of what happened to it, a
  page, and on-call rolling prod back by name: every line goes through the same engines
  as the long form (the pipeline's promotion and rollback, admission, the one clock).

  Scenario: A bad release is caught by the burn-rate alert and rolled back to v1
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And web is taking 300 requests per second with hardly any errors
    And an SLO for web of 99.9% availability over 30 days with burn rate alerts
    When the pipeline builds commit d00dfee as v2
    And v2 is signed, approved and promoted all the way to prod
    And 5 minutes pass
    Then dev, staging and prod all run v2
    And all 6 web pods are running v2
    And the new version serves all traffic
    And at least 5 web pods were ready the whole time
    When v2 of the service web starts failing 10% of its requests
    And 10 minutes pass
    Then the burn-rate alert for web pages the on-call
    When on-call rolls prod back to v1
    And 5 minutes pass
    Then every web pod runs v1 again
    And the old version serves all traffic again
    And prod runs web-v1
    And the history of prod is web-v1, v2 then web-v1

  Scenario: A rollback may name any earlier version prod ran that stayed known-good
    Given prod runs web at v1 on 2 nodes with 2 replicas
    When I build commit c0ffee1 as v2
    And v2 is signed, approved and promoted to prod
    And I build commit c0ffee2 as v3
    And v3 is signed, approved and promoted to prod
    And 5 minutes pass
    When I try to roll prod back to v4
    Then the operation fails with "never deployed a build at v4"
    And prod runs v3
    When I roll prod back to v1
    And 5 minutes pass
    Then every web pod runs v1
    And the history of prod is web-v1, v2, v3 then web-v1
    When I try to roll prod back to v3
    Then the operation fails with "no known-good digest of prod"
    And prod runs web-v1
    When I roll prod back to v2
    And 5 minutes pass
    Then every web pod runs v2

  Scenario: A list says its shared part once
    Given a 3-node cluster running 4 replicas of web at v1
    When I build commit 9e1f0aa as B1
    And B1 passed every gate
    And I promote B1 to dev, then staging, then prod
    And I approve the promotion of B1 to prod
    And 5 minutes pass
    Then dev, staging and prod all run B1
    And every pod of "web" runs B1
    And no web pod is Pending

  Scenario: A rollback where the promotions still wait for approval says what holds them
    Given a manifest "shop" version "2.0.0"
    And I built "shop" as S1
    And S1 passed every gate and was promoted to dev, staging and prod
    And a manifest "shop" version "2.1.0"
    And I built "shop" as S2
    And S2 passed every gate and was promoted to dev, staging and prod
    When I roll prod back to S1
    Then the operation fails with "prod runs nothing yet"
    And the reason mentions "When I approve the promotion of S2 to prod"
    And prod runs nothing

  Scenario: Givens say one situation, so a rollback may name the SLO a later Given declares
    Given prod runs version v1 of "cart" on 2 nodes with 2 replicas
    And "cart" rolls back when the SLO "cart-slo" pages
    And the service "cart" serves 80 requests per second
    And an SLO "cart-slo" of 99.9% over 30 days for the service "cart"
    When v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 60% of requests
    And I roll out v2 to "cart" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And the history of prod is cart-v1, v2 and cart-v1

  Scenario: A rollback may name an alert that a later Given defines
    Given prod runs version v1 of "till" on 2 nodes with 2 replicas
    And when the alert TillFailing fires, roll back prod
    And till is taking 60 requests per second with no errors
    And an alert "TillFailing" fires if over 20% of till's requests fail for 1 minute
    When v2 is signed, approved and promoted all the way to prod
    And pods running v2 start failing 50% of their requests
    And I roll out v2 to "till" with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs till-v1
