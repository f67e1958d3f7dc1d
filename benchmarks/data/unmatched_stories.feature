Feature: unmatched
  Scenario: lines
    Given an availability SLO of 99.9% over 30 days for checkout with a burn-rate page
    Given a new commit for checkout builds as v2, passes tests, the scan and is signed
    Then the cluster rolls out v2 and all 6 checkout pods run v2
    Then the error rate drops back to normal
    Given a cluster with 4 nodes, 8 CPUs each
    Given "web" has 4 replicas with an autoscaler between 4 and 12 replicas targeting 60% CPU
    When traffic climbs to 1200 requests a second over 10 minutes
    Then every web pod is running on one of the three healthy nodes
    When traffic goes back down to 400 a second and 20 minutes pass
    Then web scales back down but not below 4 replicas
    Given prod is serving checkout v1 with 4 pods and no errors
    Given someone built checkout v2 but it never got signed
    When they try to deploy v2 to prod
    Then no rollout was started
    Then checkout's error rate is still 0
    Then prod keeps running the previous version
    Then no rollout happens in the cluster
    When the team promotes it again
    Then all checkout pods in prod run v3
    Given it serves 500 requests per second
    Then checkout is still on v4 because nothing rolled back
    Then checkout has used up a noticeable chunk of its error budget but not all of it
    When a slow dependency pushes 10% of requests to 2 seconds for 10 minutes
    Given multi-window burn rate alerts: page at 14.4x over 1h and 5m, ticket at 6x over 6h and 30m
    Given a git commit "a1b2c3d" on the main branch of "checkout"
    When the pipeline builds it into an image tagged "checkout:1.4.0"
    Then the build produces a digest starting with "sha256:"
    Then the tag "checkout:1.4.0" points at that digest
    When I promote that build to staging
    When someone re-tags a different build as "checkout:1.4.0"
    Then the tag now points at a different digest
    Then the original digest still refers to the first build
    Then staging is still pinned to the original digest
    Then building commit "a1b2c3d" again gives the exact same digest
    When the unit tests run and all 212 of them pass
    Then the coverage gate fails with "74% is below the 80% threshold"
    Given a build of commit "9e8d7c6" for "payments" that passed unit tests with 91% coverage
    Given our policy blocks on any critical or high finding
    When security grants a waiver for CVE-2024-3094 with the reason "not reachable, xz not in runtime image" expiring on 2025-07-01
    When the high findings are waived until the same date for "patch scheduled for next sprint"
    Then the waiver reasons show up in the build's audit log
    Given a build of "payments" from the container image "registry.internal/payments:2.3.1" with one high CVE, CVE-2023-44487
    When security renews the waiver until the end of next month because "upstream fix not released yet"
    Then prod runs the same digest that passed staging
    Then the signature checks out against the release key before it deploys
    Given prod is running "checkout" build B7, which was good
    When it turns out B8 is broken
    When someone tries to push an unsigned hotfix image "checkout@sha256:deadbeef" straight to prod
    Then nobody had to rebuild anything to get there
    Then the pipeline shows the signature check failed for v3
    Then the image running in prod is referenced as "sha256:" followed by L1's digest
    Then staging doesn't run anything new
    Then the refused deploy of L4 is recorded in the audit log
    When I ask for the audit trail of prod
    Then it lists L1 with its digest, signing key "ci-ed25519-2026" and approver
    Given the pods of "storefront" are spread across node-1, node-2, node-3 and node-4
    Then the remaining 3 nodes carry all of them
    Given the bad-release story above has run once
    When I tell it again from the start
    Then the timeline matches event for event
    Then the rollback happens at the same minute both times
    Given v3's security scan turned up a critical hole, CVE-2026-7001, that nobody has signed off on
    Then it's stopped before staging
    Given checkout runs v2 all week with 0.05% of requests failing
    Given v2 is being rolled out one copy at a time, never taking a copy away first
    When v2 goes bad and is rolled back to v1
    Given "SearchErrorsHigh" has been firing for 15 minutes because 10% of search requests fail
    Then the fast burn alert isn't
    Given search serves 400 rps cleanly, with an SLO "search-availability" at 99.9% over 30 days
    Then no alerts are firing after the quiet half hour
    Then no node is asked for more than its 4 CPUs
    Given payments-api is running 8 replicas of v2.5.0 on 4 nodes
    Then it never ran more than 10 pods of payments-api
    Given 4 nodes and payments-api with 8 replicas spread across them
    Given prod has been running build-A for an hour
    Given build-C (version "2.7.0", commit c41d0fe) passed every gate and was promoted to dev, staging and prod
    Then when it's run again on 2026-10-01 the pipeline is blocked by CVE-2026-3131
    Given build M2 of "mobile-api" has all unit tests passing with 76.5% coverage
    Then the bad release reached production only once
    Then the audit trail shows Dev rolled prod back to C8
    Then an alert rolled prod back exactly once
    When checkout errors on 40% of requests for 3 minutes
    Then at no point were fewer than 5 checkout pods ready
    Then the scan gate shows as blocked for C3
    Given P2's unit tests pass with only 79% coverage
    Then the pipeline blocks on CVE-2026-2210 because its waiver expired
    When release 2.8.1 of payments is built as P10
    Given P10 went through dev, staging and prod
    When I roll prod back to P9 by digest
    When checkout slows down so that 5% of requests take longer than 2 seconds
    When then it goes back to 0.1% errors
    When it recovers fully
    Then half of the error budget of "checkout-availability" is spent
    Given a 99.9% availability SLO "checkout-availability" over 30 days on checkout
    Then all 6 replicas are running again
    Given a disruption budget for storefront that keeps at least 5 available
    Then node-1 ends up empty
    Given S2 passed every gate and went through dev, staging and prod
    When I approve S2 for prod and roll it out to storefront with maxSurge 1 and maxUnavailable 0
    Then the pipeline is blocked on CVE-2026-5150
    Given storefront handles 400 requests per second, at most 80 per pod
    Given a 99.9% SLO "storefront-availability" over 30 days for storefront
    Given my unit tests on I1 all pass with 84% coverage
    Given the scanner finds no vulnerabilities in I1
    When 45 unit tests of I2 pass with only 61% coverage
    Given 2 nodes and 3 pods of "invoices"
    Then there are 3 invoices pods running again
    Given invoices is getting 40 requests per second with basically no errors
    Given I have an alert "InvoicesErroring" on 'sum(rate(http_requests_total{service="invoices",code=~"5.."}[5m])) > 2' for 5m
    When I fix it and the errors go away
    Then some of the error budget for invoices is gone
    Then the pipeline failure mentions "coverage"
    When "payments" goes back to failing 0% of requests
    Given requests to "payments" take 80ms at the median and 250ms at p99
    Then the history of prod ends with v5 and v4
    Given a deployment "batch" of 4 replicas requesting 1 CPU each with priority 100, all running
    When the pods of render average 100% CPU
    Then at its lowest 3 ledger pods were ready
    When I reconcile until nothing changes
    Given 398 unit tests of C2 pass but coverage is only 84%
    Then the pipeline is blocked on CVE-2026-2201
    Given 5% of cart requests come back as HTTP 500
    Then the other 2 are stuck Pending on insufficient cpu
    When gateway pods on v6 return 502 for 15% of requests
    Given 3 noeds
    Then a deployment "web" with 4 relpicas
    Then an HPA for "web" from 2 to 10 relpicas targeting 50% cpu
    When the cpu utliization of "web" is 100%
    Then the HPA watns 8 replicas
    Given 3 nodes and a delpoyment of 4
    Then an HPA for "web" from 1 to 10 relpicas targeting 50% cpu
    When the average cpu utliization of "web" is 90%
    Then I reocncile
    Then "web" has 8 relpicas
    Given 3 noeds and a deployment of 4
    Then an HPA for "web" from 1 to 6 replicas tagreting 50% cpu
    When the cpu utliization of "web" is 200%
    Then I reocncile
    Then "web" has 6 relpicas
    Then the HPA for "web" reoprts ScalingLimited
    Given 3 noeds and a deployment of 4
    Then an HPA for "web" from 1 to 10 replicas tagreting 50% cpu
    When the cpu utliization of "web" is 52%
    Then I reocncile
    Then "web" stlil has 4 replicas
    Given 3 nodes and a delpoyment of 8
    Then an HPA for "web" from 1 to 10 relpicas targeting 50% cpu
    When the cpu utliization of "web" is 10%
    Then I reocncile
    Then "web" has 8 relpicas
    When 6 miuntes pass
    Then "web" has 2 relpicas
    Given 2 noeds with 4 cpu and 8Gi memory each
    Then a deployment "api" with 2 replicas reuqesting 1 CPU
    Then an HPA on "api" bewteen 2 and 8 replicas at 50% CPU utilization
    When the cpu usage of "api" riess to 150%
    Then the HPA acts zzz
    Then the scehduler runs
    Then 6 pods of "api" are running
    Given 3 nodes and a delpoyment of 4
    Then reocnciling again changes nothing
    Given 3 noeds
    Then a delpoyment "web" with 2 replicas
    When I scale "web" to 5 relpicas
    Then the cotnrollers reconcile
    Then "web" has 5 running pods
    Given 3 noeds
    Then a delpoyment "web" of 5
    When I sclae "web" down to 2
    Then I reocncile
    Then three are 2 pods
    Then an event SuccessfulDelete was reocrded
    Given 2 noeds and a deployment of 3
    When I scale "web" to 0 and I reocncile
    Then three are no pods
    Given 3 noeds
    Then a delpoyment "web" with 3 replicas
    Then a deployment "worker" with 2 relpicas
    Then "web" has 3 running pods
    Then 2 pods of "worker" are running
    Then 5 pods are running
    Given the cluster: zzz
    Then 3 pods are running
    Given 3 nodes and a delpoyment of 3
    Then 3 pods are reday
    Then every pod is reday
    Given 3 noeds and a deployment of 2
    When I deelte pod "nope-1"
    Then the opreation fails with "not found"
    Given 2 nodes and a delpoyment of 2
    Then an evnet ScalingReplicaSet was recorded
    Then an event Scheduled was reocrded for "web-1"
    Given a clsuter of 3 nodes
    Then a deployment "web" with 6 relpicas
    When node-2 falis
    Then the controllers reocncile
    Then no pod is on node-2 zzz
    Then 6 pods of "web" are running
    Given 3 noeds
    When node-3 goes NotReady zzz
