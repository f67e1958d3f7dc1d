Feature: Prod deploys to the cluster, and only a verified, approved digest gets there
  If the world holds a cluster deployment and a pipeline artifact of the same name, what
  prod runs is what the deployment rolls to: the artifact's version, through the cluster's
  own rolling update. The link checks the digest again before the cluster sees it.

  Background:
    Given 3 nodes and a deployment of 4
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod

  Scenario: An approved promotion to prod rolls the deployment of the artifact's name
    When I approve the promotion of R2 to prod
    And I reconcile until stable
    Then prod runs R2
    And every web pod runs v2
    And "web" runs the digest of R2
    And an event RolloutAdmitted was recorded saying "rolling web to v2"

  Scenario: The rollout is the cluster's rolling update, paced by its budget
    When I approve the promotion of R2 to prod
    And 2 minutes pass
    Then all 4 web pods run v2
    And at no point were fewer than 3 pods of web ready
    And at no point did web have more than 5 pods

  Scenario: A promotion waiting for approval never reaches the cluster
    When 5 minutes pass
    Then prod runs nothing
    And every web pod runs v1

  Scenario: A digest with a copied signature is refused and the cluster keeps its version
    When I approve the promotion of R2 to prod
    And I reconcile until stable
    Given a manifest "web" version "v3"
    When I build "web" as R3
    And I attach the signature of R2 to R3
    And I deploy R3 to prod
    Then the operation fails with "a copied signature"
    When I reconcile until stable
    Then prod runs R2
    And every web pod runs v2

  Scenario: Rolling back prod rolls the deployment back to the known-good digest's version
    Given a manifest "web" version "v1"
    When I build "web" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    When I approve the promotion of R1 to prod
    And I approve the promotion of R2 to prod
    And I reconcile until stable
    Then every web pod runs v2
    When I roll back prod
    And 1 minute passes
    Then prod runs R1
    And every web pod runs v1
    And "web" runs the digest of R1
    And the history of prod is R1, R2 and R1

  Scenario: A rollback with no known-good digest fails and changes nothing in the cluster
    When I approve the promotion of R2 to prod
    And I reconcile until stable
    And I roll back prod
    Then the operation fails with "no previous known-good digest"
    When 1 minute passes
    Then prod runs R2
    And every web pod runs v2

  Scenario: The default link can be turned off
    Given the pipeline does not deploy to the cluster
    When I approve the promotion of R2 to prod
    And 1 minute passes
    Then prod runs R2
    And every web pod runs v1

  Scenario: A digest whose signature prod no longer trusts is refused by the link
    Given the pipeline does not deploy to the cluster
    When I approve the promotion of R2 to prod
    Given key "release" from seed "release-2026"
    And prod trusts only key "release"
    And prod deploys to the cluster deployment "web"
    When 1 minute passes
    Then the rollout to "web" was refused with "no signature over its digest by a key prod trusts"
    And every web pod runs v1
    And an event RolloutRefused was recorded

  Scenario: Prod deploys to a deployment of another name when the scenario says so
    Given a deployment "frontend" with 2 replicas at version v1
    And prod deploys to the cluster deployment "frontend"
    When I approve the promotion of R2 to prod
    And I reconcile until stable
    Then every frontend pod runs v2
    And every web pod runs v1
