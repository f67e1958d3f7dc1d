Feature: Exercises I hand to SRE and platform candidates
  I use these in the systems round. The candidate reads the Givens, predicts
  the Thens, and we talk about why. They have to be deterministic or the
  conversation falls apart.

  @cluster
  Scenario: Warm-up question - what happens to the pods when a node dies?
    Given 3 nodes and a deployment of 4
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 4 pods are running
    But nothing is pending

  @cluster
  Scenario Outline: Candidate predicts the peak pod count during a rolling update
    Given 3 nodes and a deployment of 4
    When I roll out version v2 of web with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "web" runs v2
    And the rollout never exceeded <peak> pods
    And at its lowest the rollout had <lowest> ready pods

    Examples:
      | surge | unavailable | peak | lowest |
      | 1     | 0           | 5    | 4      |
      | 2     | 0           | 6    | 4      |
      | 0     | 1           | 4    | 3      |

  @pipeline
  Scenario: Does passing the pipeline mean it's in prod? (it doesn't)
    Given a manifest "shop" version "1.0.0"
    When I build "shop" as D1
    Given D1 passed every gate
    When I promote D1 to dev, then staging, then prod
    Then staging runs D1
    And prod runs nothing
    When I approve the promotion of D1 to prod
    Then prod runs D1

  @pipeline
  Scenario: Why you sign the digest and not the name
    Given a manifest "shop" version "1.0.0"
    When I build "shop" as D1
    Given D1 passed every gate
    And a manifest "shop" version "1.0.1"
    When I build "shop" as D2
    And I attach the signature of D1 to D2
    And I deploy D2 to prod
    Then the operation fails with "a copied signature"

  @telemetry
  Scenario: The for clause - a 3 minute spike on a 5 minute rule
    Given web is taking 200 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 20% of its requests come back with HTTP 500
    And 3 minutes pass
    And the service "web" starts failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: Multi-window burn rate - a full outage pages fast
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 5 minutes pass
    Then the burn-rate alert for web pages the on-call
    When 1 day passes
    Then the error budget for "availability" is fully spent

  @story
  Scenario: Take-home walkthrough - ship it, watch it break, get it back
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v1 of "web" is running in prod
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1

  @story
  Scenario: Same scenario, same answer - the replay question
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second
    And web rolls back on its own when "availability" pages
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 50% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 30 minutes pass
    Then the history of prod is v1, v2 and v1
    And telling the story again gives the same timeline, event for event
