Feature: Keeping the database tier boring
  As the DBRE on call for the Postgres fleet
  I want our pooler, proxy and migration runner to survive node loss, bad releases and slow queries
  So that the databases never notice what happens around them

  @cluster
  Scenario: Losing a node does not strand the connection poolers
    Given 3 nodes
    And a deployment "pgbouncer" with 6 replicas requesting 500m CPU per pod
    When node-2 fails and I reconcile
    Then no pod is on node-2
    And 6 pods of "pgbouncer" are running
    And nothing is scheduled on node-2

  @cluster
  Scenario: Draining a host for kernel patching keeps enough poolers ready
    Given 4 nodes
    And a deployment "pgbouncer" with 6 replicas requesting 500m CPU per pod
    And a disruption budget for "pgbouncer" allowing at most 1 unavailable pod
    When I drain node-1
    Then no pod is on node-1
    And no more than 1 pgbouncer pod was unavailable during the drain
    And 6 pods of "pgbouncer" are running

  @cluster
  Scenario: The query proxy rolls to a new version without dropping below full strength
    Given a 3-node cluster running 4 replicas of db-proxy at v1
    When I roll out version v2 of db-proxy with maxSurge 1 and maxUnavailable 0
    Then every pod of "db-proxy" runs v2
    And at least 4 db-proxy pods were ready the whole time
    And the rollout never exceeded 5 pods

  @telemetry
  Scenario: Slow queries show up in the proxy's tail latency before anyone complains
    Given the service "db-proxy" serves 400 requests per second with 0% errors
    And db-proxy responds with a median of 8ms and a p99 of 250ms
    And an alert "DbProxySlowTail" fires if db-proxy's p99 is over 200ms for 10 minutes
    When 5 minutes pass
    Then "DbProxySlowTail" is pending
    When 10 minutes pass
    Then "DbProxySlowTail" is firing

  @telemetry
  Scenario: A short blip of connection refusals is not worth waking me up
    Given the service "db-proxy" serves 200 requests per second with 0% errors
    And an SLO "db-availability" of 99.95% over 30 days for the service "db-proxy"
    When the service "db-proxy" starts failing 100% of requests
    And 2 minutes pass
    And the service "db-proxy" starts failing 0% of requests
    And 1 hour passes
    Then the SLO "db-availability" does not page

  @pipeline
  Scenario: A schema migration image with a critical finding never reaches prod
    Given a manifest "migrator" version "2024.11.2"
    When I build "migrator" as M1
    Given the unit tests of M1 pass with 95% coverage
    And the scan of M1 shows CVE-2026-4040 (CRITICAL, package libpq)
    And the integration tests of M1 pass
    When I run the pipeline for M1
    Then the pipeline got blocked at the scan gate
    And M1 is not signed
    And prod runs nothing

  @story
  Scenario: A proxy release that leaks connections burns the budget and gets rolled back by itself
    Given 3 nodes
    And a deployment "db-proxy" with 4 replicas requesting 500m CPU per pod
    And the service "db-proxy" serves 100 requests per second
    And an SLO "db-availability" of 99.9% over 30 days for the service "db-proxy"
    And "db-proxy" rolls back when the SLO "db-availability" pages
    And prod runs version v1 of "db-proxy" on 3 nodes with 4 replicas
    And pods running v2 fail 25% of requests
    When v2 is signed, approved and promoted all the way to prod
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "db-proxy" runs v1

  @story
  Scenario: I roll the pooler back by hand when the page comes in at 3am
    Given a manifest "pgbouncer" version "1.21"
    When I build "pgbouncer" as P1
    Given P1 passed every gate
    And P1 was promoted to dev, staging and prod
    When I approve the promotion of P1 to prod
    Given a manifest "pgbouncer" version "1.22"
    When I build "pgbouncer" as P2
    Given P2 passed every gate
    And P2 was promoted to dev, staging and prod
    When I approve the promotion of P2 to prod
    And I roll prod back to P1
    Then the history of prod is P1, P2 and P1
