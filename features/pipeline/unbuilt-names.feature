Feature: A build named in a Given before anything built it
  A Given that says what a build went through ("K7 passed every gate", "staging runs K7")
  states the situation whole: a name no build is bound to is a new build of the scenario's
  project under that name, so two such names are two builds. A version said in a chain of
  actions ("I sign v5, approve it and deploy it to prod") is the build at that version,
  made and gated green when nothing built it.

  Scenario: A name said only in Givens is a build that went where they say
    Given K7 passed every gate and was promoted to dev
    And staging runs K8
    Then staging runs K8
    And the history of dev is K7 and K8
    And K7 and K8 are different artifacts

  Scenario: Two builds named only in Givens follow each other into prod
    Given a 2-node cluster running 2 replicas of api at v1
    And prod runs Q1
    And Q2 passed every gate and was promoted to dev, staging and prod
    When I approve the promotion of Q2 to prod
    Then prod runs Q2
    And the history of prod is Q1 and Q2

  Scenario: A version never built is built, gated and signed when a chain signs it
    Given prod runs version v1 of "api" on 2 nodes with 2 replicas
    When I sign v5, approve it and deploy it to prod
    Then prod runs v5
    And the history of prod is api-v1 and api-v5

  Scenario: Builds said only as what an environment ran are builds in that order
    Given staging has run M1 and then M2
    Then staging runs M2
    And the history of staging is M1 and M2

  Scenario: Versions listed with their project are that project's builds at those versions
    Given a 2-node cluster running 2 replicas of api at v1
    And 1.4.0 and 1.5.0 of "api" both passed every gate and were promoted to dev, staging and prod
    When I approve the promotion of api-1.5.0 to prod
    Then prod runs version 1.5.0 of api
    And the history of staging is api-1.4.0 and api-1.5.0
