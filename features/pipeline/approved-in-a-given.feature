Feature: An approval said in a Given is a promotion that happened
  A Given states what already happened. "Given Dana approves the promotion of B1 to prod"
  with nothing waiting means B1 went to prod with that approval, when it could: B1 runs in
  the environment before prod. When it could not yet, the approval is given ahead and
  stands for the promotion said later, as an approval said in a When does.

  Scenario: Two approved releases in a Given leave the later one in prod and the earlier one to roll back to
    Given B1 is signed and promoted to staging
    And Dana approves the promotion of B1 to prod
    And B2 is signed and promoted to staging
    And Dana approves the promotion of B2 to prod
    Then prod runs B2
    And the history of prod is B1 and B2
    And staging runs B2
    When I roll prod back to B1
    Then prod runs B1

  Scenario: An approval given ahead of the promotions stands for the promotion to prod
    Given commit 0ddba11 is built as B3
    And B3 passed every gate
    And Dana approves the promotion of B3 to prod
    Then prod runs nothing
    When I promote B3 to dev, then staging, then prod
    Then prod runs B3

  Scenario: In a When, an approval with nothing waiting is given ahead
    Given B4 is signed and promoted to staging
    When Dana approves the promotion of B4 to prod
    Then prod runs nothing
    When I promote B4 to prod
    Then prod runs B4
