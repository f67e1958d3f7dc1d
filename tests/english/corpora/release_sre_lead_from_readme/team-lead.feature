Feature: The whole path from a commit to a rollback
  As the team lead I want to see one change travel through the pipeline,
  onto the cluster, into the metrics, and back out again when it goes wrong.

  Scenario: A bad release raises errors, pages the on-call and gets rolled back
    Given the web service is running v1 on 3 nodes with 4 replicas in prod
    And an SLO "web-availability" of 99.9% that pages on a fast burn
    And web serves 100 requests per second without errors
    When commit deadbee is built as v2, passes its gates, gets signed and is approved for prod
    And I promote v2 to prod
    And the rollout finishes
    Then all 4 web pods run v2
    When v2 fails 30% of requests for 10 minutes
    Then the on-call is paged for web-availability
    When I roll prod back to v1
    And 5 minutes pass
    Then all 4 web pods run v1 again

  Scenario: Losing a node during a rollout under load
    Given a cluster of 4 nodes with 4 CPU and 8Gi memory each
    And a deployment web with 8 replicas at v1 with maxSurge 2 and maxUnavailable 1
    And web is taking 300 requests per second
    When I roll out v2 of web from the pipeline
    And node-3 goes down halfway through
    And I reconcile
    Then no web pod is on node-3
    And all 8 web pods run v2
    And at every step at least 7 pods were ready
    And the error rate of web stayed under 1%

  Scenario: Traffic spike makes the autoscaler add pods
    Given 3 nodes and a deployment of 2
    And an HPA for web with minReplicas 2, maxReplicas 8 and a 60% CPU target
    And web is quiet at 20 requests per second
    When traffic to web jumps to 400 requests per second
    And CPU usage on web pods goes to 90%
    And 5 minutes pass
    Then web has more than 2 replicas
    And web has no more than 8 replicas
    And every web pod is running
    When traffic drops back to 20 requests per second
    And 15 minutes pass
    Then web is back down to 2 replicas

  Scenario: An unsigned image is never allowed onto the cluster
    Given a deployment web running v1 with 3 replicas
    And an image R9 built from commit f00dbad that nobody signed
    And R9 passed its tests with 90% coverage and a clean scan
    When someone tries to deploy R9 to prod
    Then the deploy is refused because R9 has no valid signature
    And all 3 web pods still run v1
    And no alert is firing for web
    When I sign R9 and get it approved for prod
    And I deploy R9 to prod
    Then all 3 web pods run R9

  Scenario: A slow regression only opens a ticket, and we fix forward
    Given prod runs web v3 on 3 nodes with 6 replicas
    And an SLO "web-availability" of 99.5% over 30 days with a page on fast burn and a ticket on slow burn
    And web handles 80 requests per second
    When v3 starts failing 1% of requests for 1 day
    Then a ticket is opened for web-availability
    And nobody was paged
    When commit 77aa88b is built as v4, passes its gates, is signed and promoted to prod
    Then all 6 web pods run v4
    When another 2 days go by
    Then the slow burn alert on web-availability has resolved
