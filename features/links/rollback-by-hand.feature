Feature: A rollback said by a person rolls the pods back in the same step
  "I roll out" runs a rollout to its end within its step; a rollback of an environment
  said by a person does too, for the cluster deployment that environment deploys to. An
  alert's rollback rolls the pods as time passes instead.

  Scenario: Sam rolls prod back and the shop pods are on the old build at once
    Given prod runs version v1 of "shop" on 2 nodes with 4 replicas
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "shop" with maxSurge 1 and maxUnavailable 1
    And Sam rolls back prod
    Then all 4 shop pods run v1
    And the rollout never exceeded 5 pods
    And prod was rolled back by Sam

  Scenario: Rolling prod back to a named version leaves no pod on the bad one
    Given prod runs version v1 of "shop" on 2 nodes with 3 replicas
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "shop" with maxSurge 1 and maxUnavailable 0
    And the release manager rolls prod back to v1
    Then no shop pod runs v2
    And 3 pods of "shop" are running

  Scenario: I roll back prod, and its deployment follows before any time passes
    Given prod runs version v1 of "shop" on 2 nodes with 2 replicas
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "shop" with maxSurge 1 and maxUnavailable 0
    And I roll back prod
    Then every pod of "shop" runs v1

  Scenario: A rollback whose pods cannot be placed goes through and says why the pods wait
    Given prod runs version v1 of "shop"
    And v2 is signed, approved and promoted all the way to prod
    When Sam rolls back prod
    Then prod runs v1
    And the rollback of "shop" is stalled with "no nodes available to schedule pods"
