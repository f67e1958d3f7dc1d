Feature: A page with no earlier release sends the deployment back to its stable version
  If prod has run only the release that burns the budget, the pipeline has nothing to
  roll back to, so the deployment prod rolls out to goes back to the version it ran before
  the pipeline's first rollout of it, as Argo Rollouts' abort returns a rollout to its
  stable ReplicaSet; prod still names the release, as the Rollout's spec does.

  Scenario: The first release through the pipeline burns the budget and the pods return to the old build
    Given 3 nodes
    And a deployment "cart" with 4 replicas at version v0
    And the service "cart" serves 50 requests per second
    And an SLO "cart-ok" of 99.9% over 30 days for the service "cart"
    And "cart" rolls back when the SLO "cart-ok" pages
    And a manifest "cart" version "v1"
    When I build "cart" as C1
    Given C1 passed every gate
    And C1 was promoted to dev, staging and prod
    And pods running v1 fail 40% of requests
    When I approve the promotion of C1 to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "cart" runs v0
    And prod runs v0
    And prod runs C1
