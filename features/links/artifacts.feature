Feature: Rolling an artifact onto the cluster goes through admission
  An artifact's alias names that artifact wherever it appears, never a version string.
  Rolling it out to a deployment is admitted by the environment that deploys there (its
  link, else prod): a signature over this very digest by a key it trusts, every gate
  passed, promoted through the environments before it, approved if it needs approval.
  A refusal fails the step with the reason and leaves the cluster as it was.

  Background:
    Given 3 nodes and a deployment of 4
    And the service "web" serves 100 requests per second
    And a manifest "web" version "v1"
    When I build "web" as D1
    Given D1 passed every gate
    And D1 was promoted to dev, staging and prod
    When I approve the promotion of D1 to prod
    And 1 minute passes
    Given a manifest "web-2" version "v2"
    When I build "web-2" as D2

  Scenario: An admitted artifact rolls out under the budget and every pod runs its digest
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    When I approve the promotion of D2 to prod
    And I roll out D2 to "web" with maxSurge 1 and maxUnavailable 0
    Then the rollout completes
    And every pod of "web" runs D2
    And "web" runs the digest of D2
    And prod runs D2
    And at its lowest the rollout had 4 ready pods
    And the rollout peaked at 5 pods
    And 4 pods of "web" at version D2 are ready
    And no pod of "web" at version D1 exists

  Scenario: An artifact that never ran the pipeline is refused and the old version keeps serving
    When I roll out D2 to "web"
    Then the operation fails with "has no signature"
    And every pod of "web" runs D1
    And prod runs D1
    When 5 minutes pass
    Then sum by (version) (rate(http_requests_total{job="web"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 100   |

  Scenario: An artifact that passed but was never promoted is refused
    Given D2 passed every gate
    When I roll out D2 to "web"
    Then the operation fails with "was never promoted: it has not run in staging"
    And every pod of "web" runs D1
    And the rollout to "web" was refused with "never promoted"
    And an event RolloutRefused was recorded

  Scenario: An artifact promoted to staging but not approved for prod is refused
    Given D2 passed every gate
    And D2 was promoted to dev and staging
    When I roll out D2 to "web"
    Then the operation fails with "never approved for prod"
    And every pod of "web" runs D1

  Scenario: A copied signature is refused at rollout
    Given a manifest "web-3" version "v3"
    When I build "web-3" as D3
    And I attach the signature of D1 to D3
    And I roll out D3 to "web"
    Then the operation fails with "a copied signature"
    And every pod of "web" runs D1

  Scenario: Two artifacts of the same version are two pod templates
    Given a manifest "web-again" version "v1"
    When I build "web-again" as D3
    Given D3 passed every gate
    And D3 was promoted to dev, staging and prod
    When I approve the promotion of D3 to prod
    And I roll out D3 to "web"
    Then the rollout completes
    And every pod of "web" runs D3
    And no pod of "web" runs D1
    And every pod of "web" runs v1
    And "web" is at revision 3

  Scenario: An alias that is also a version string is an ambiguity, not a guess
    Given a deployment "api" with 2 replicas at version D2
    When I roll out D2 to "web"
    Then the operation fails with "is both the artifact D2 and a version string"

  Scenario: An alias may not be bound to a name that is already a version string
    When I build "web-2" as v1
    Then the operation fails with "already a version string"

  Scenario: A phrase that takes a version string refuses an artifact's alias
    When I apply version D2 of "web"
    Then the operation fails with "D2 is an artifact, never a version string"
    When I roll out version D2 of "web" that never becomes ready
    Then the operation fails with "D2 is an artifact, never a version string"
    And every pod of "web" runs D1
