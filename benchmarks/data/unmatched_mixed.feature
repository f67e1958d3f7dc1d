Feature: two hundred more lines no phrase matches
  Scenario: near misses, long lines, nonsense and other languages, every mechanism
    Given a three node cluster where every node is a bit flaky and nobody knows why
    When the scheduler gives up on pod web-7 after trying every node twice
    Then the pods end up spread unevenly, mostly on node-1, which is not what we asked for
    Given ein Cluster mit drei Knoten
    When der Knoten node-2 ausfällt
    Then laufen alle Pods auf den anderen Knoten weiter
    Given un clúster con cinco nodos y una réplica por nodo
    When el despliegue web se escala a diez réplicas
    Then toutes les pods sont prêtes en moins de deux minutes
    Given purple monkey dishwasher
    When the moon is in the seventh house and jupiter aligns with mars
    Then everything is fine probably
    Given lorem ipsum dolor sit amet, consectetur adipiscing elit
    When asdf qwer zxcv 1234
    Then !!! ??? ...
    Given the thing from before but bigger
    When we do the usual
    Then it works like last time
    Given a deployment of web with 3 replicas requesting 500m CPU each and 256Mi memory, at version v2, spread across zones, with a disruption budget of at least 2 available, on nodes labelled disktype=ssd, tolerating the gpu taint, and one more thing about priority
    When I promote build R7 of checkout from dev to staging and then to prod, but only after Dana and Lee both approve and the scan passes with no critical CVEs
    Then the 99th percentile latency of checkout over the last 30 minutes stays below 250ms while the error ratio never goes above 0.1% and the budget burn stays slow
    Given a PromQL query sum by (job) (rate(http_requests_total{code=~"5.."}[5m])) / sum by (job) (rate(http_requests_total[5m])) evaluated every minute
    When node-4 is cordoned, drained, rebooted, uncordoned and then cordoned again for good measure
    Then no more than one pod of web is unavailable at any moment during the whole procedure, not even for a second
    Given the alert HighErrorRate firing since 10:42 with severity page and team checkout
    When someone silences it for 2h without telling anyone
    Then the on-call engineer is still paged because the silence matcher is wrong
    Given a canary of api at 5% traffic for fifteen minutes
    When the canary error ratio jumps to 3 percent
    Then the rollout is rolled back automatically and the stable version keeps serving
    Given kube-proxy is misconfigured on half the nodes
    When DNS lookups start timing out intermittently
    Then the readiness probes flap between ready and not ready
    Given an HPA on web scaling between 2 and 20 pods on requests per second
    When traffic doubles every minute for five minutes
    Then the HPA keeps up without overshooting more than 10%
    Given Pods
    Then ok
    Given the
    When and and and
    Then 3
    Given node-1, node-2, node-3, node-4, node-5, node-6, node-7, node-8, node-9, node-10, node-11, node-12 are all in zone a except node-7 which is in zone b
    When I apply manifest.yaml with kubectl apply -f and wait
    Then kubectl get pods shows 3/3 Running
    Given a StatefulSet db with 3 replicas and a PVC each
    When the leader pod db-0 is evicted
    Then a new leader is elected within 30 seconds
    Given a CronJob backup running every night at 2am
    When the job fails three nights in a row
    Then someone gets an email about it
    Given the image registry is down
    Then the new pods are stuck in ImagePullBackOff forever
    Given a service mesh with mTLS everywhere
    When the certificate of payments expires
    Then calls to payments fail with TLS handshake errors
    Given the cluster autoscaler can add at most 5 nodes of size m5.large
    Then the autoscaler adds exactly five nodes and 10 pods stay pending
    Given a recording rule that nobody uses anymore
    When Prometheus restarts in the middle of a scrape
    Then the counter rate is not negative
    Given a PDB for queue that tolerates at most 1 unavailable pod and then checkout runs on 3 nodes with 6 copies; meanwhile the finishes to v2 rollout
    Then the alert "PayErrors" went from pending to firing, and after that, the disruption budget "web" allows 0 disruptions; meanwhile the error rate of web somehow stayed under 1%
    Given a single node 1 CPU and 1Gi memory and then prod gets on version v2 of "orders"
    Then the 5m error ratio for web is
    Then the fast burn alert on checkout basically fired at some point as usual
    Then THE BURN RATE OF "AVAILABILITY" OVER 1 HOUR IS 14.4; MEANWHILE PROMETHEUS SRCAPES SEARCH EVERY 15 SECONDS
    Given the scan of O3 turns up CVE-2026-3301, CRITICAL, in log4j-core like before
    Then checkout has barely touched its error budegt
    Given build M4 of "mobile-api" version "5.2.1" and then all 6 api pods end up running on node-2 and node-3
    Given waiver list version 4 from ".trivyignore", and after that, at no point were fewer than 5 pods ready, and after that, no two web pods share a node as usual
    Then R2 can't be promoted to dev; meanwhile build M6 of "mobile-api"
    Then web scales back down but not below 4 replicas like before
    When the pipeline builds checkout from commit 4f2a9c1 kind of as B1
    Then "web" has 8 replicas like before
    When I unocrdon node-1 and node-2 in the staging cluster
    Then somehow the error rate of web stayed under 1%
    Given an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU taregt
    Given a priority class "best-effort" valued 10 that never preemtps
    When I taint maintenance=true:NoExecute with node-2
    Then all pods run on the kind of ready nodes
    Given the ndoe groups:
    Then checkout basically has used up some of its error budget but has more than 90% left
    Then the fast burn alert never somehow fired
    Given the integration tests of D1 report basically "reports/integration.xml"
    Given scrapes happen every 30 seconds for a while
    Then the audit log shows L1 in prod verified with the ci key like before
    Then we've uesd about 12% of this month's error budget
    Then HighLatency was never even kind of pending longer than 2 minutes
    Given tehre are 2 worker nodes with 8 CPU and 3G2i of memory
    When every search pod uses 0.75 cores, and after that, an alert rolled prod back 0 times for a while
    Given the SLO "checkout" targets 99.5% success over 30 dasy
    When checkout's responses slow down kind of to 800ms
    Given the SLOs from "slos/web.yml", and after that, search latency jumps to 900ms for 3 minutes, and after that, I pod "web-2"
    Then the p99 latency of web is seconds for a while
    Then the error rate of web is back to normal; meanwhile R1 gets running in dev, staging and prod
    Given an alert "SearchDown" fires when search is down for 1 minute and then checkout handles 300 rps with 1% really errors and 50ms at p50 and 400ms at p99 for a while
    Then the 1h burn rate of the SLO "availability" is definitely 14.4
    Then the queue_depth is at most 10
    When by whole month goes the
    When we ship v2 to prod; meanwhile SearchDown is firing for search again and again
    Then every has at most 2 pods
    Given the evaluation interval is 30 seconds while the remaining error budget of the SLO "availability" is below 100%, and after that, the error rate of web rose above 20% like before
    Then staging still basically has nothing deployed
    Then prod was rolled back R6
    When one byte of image is changed while the error rate of search has above 40% for the last 30 minutes
    When minutes is fine again for 30 everything
    Given a disruptino budget for "web" with minAvailable 3
    When maybe the cluster autoscaler has run
    When D1 build "web" as I
    Then no environment ever ran an image basically referenced by tag
    Given node-3 has a NoSchedule taint dedicated=batch and then NO "CACHE" POD IS ON A DIFFERENT NODE THAN WEB
    Then the image has a valid SHA-256 digest while about 28% of the error budget of "checkout-availability" has been
    Given a priority class "best-effort" 10 that never preempts
    Given the unit tests of D1 pass with 89.5% coverage and then prod rolled itself back twice; meanwhile I promote B5 to prod without an approval on Tuesday
    When the counter jobs_total is reset like before
    Then every pending reason gets "0/2 nodes end up available: 2 Insufficient cpu."
    Given deployment "web" prefers one pod per node for a while
    Given 2 of B2's 140 fail tests integration
    Then there are no alerts
    When the scheduler runs, and after that, no target gets down
    Then the signature of by key "ci" is "k1mZ…"
    When dorps back to 50ms
    Then there are no kind of active alerts
    When I roll back prod to v1 for a while
    When I sign v3, get to approved and deploy it it prod again on Tuesday
    When I rceoncile until stable within 5 passes
    Then a third of checkout's budget is gone in the staging cluster
    Then all 10 "web" pods v2
    Given the histogram http_request_duration_seconds{job="web"} observes per secon:d
    Then the unit gate records 119 passed and 1 skipepd
    When 3% of basically requests to "payments" take 2 seconds for 6 hours
    When node-2 becomes Ready while roughly 72% of the budget is left; meanwhile the error 100% remaining for "availability" is budget
    When maybe I run the pipeline for D1
    Then about 77% of the error budget for "search-availability" is left in the staging cluster
    When pod crashes web-2
    Then the web pods are somehow all running
    Given alert the when HighErrorRate fires, roll back prod
    Given an alert "HighLatency" when "job:latency:p99 > 0.5" for 1 minute that keeps firing for 10 minutes in the staging cluster
    Given the histogram http_request_duration_seconds{job="web"} observes per second: for a while
    Given the service "web" is served by the pods of "frontend" while histogram_quantile(0.5, sum by (le) (ratex(_bucket[5m]))) is under 100ms
    Given build-7 was blocked because 3 of its 96 integratoin tests failed
    Then gate scan did run because unit failed
    When node-2 down goes
    Given prod deploys to the cluster deployment "web" in the staging cluster
    Then "web" counts 2 pods as
    Given a deployment "api" with 6 replicas requesting 1 CPU and 256Mi memory per pod; meanwhile I deploy vesrion v2
    Given node-1 is cordoned and then B3 a different digest from B1
    Then the SLO for web is not breahced
    Given an availability SLO of definitely 99.5% for web
    Then the "checkout-availability" rolled prod back exactly ocne
    Given the scan of R3 finds a critical CVE-2024-3094 in openssl; meanwhile the error rate of web is about 2%
    Then out 6 of 6 checkout pods are ready
    Then the scan waived kind of CVE-2026-1111 under waiver list version 3
    Given the counter jobs_total grows at 10/s; meanwhile the operation really fails because C7 has no signature
    Then 2 pods of crawler got preempted by checkout and then the SLO paged the on-call twice, and after that, R1 is running in dev, staging and prod and then AT NO POINT DID "WEB" HAVE MORE THAN 5 PODS
    Then HighErrorRate was firing for than 5 minutes
    Then HighErrorRate was firing for less somehow than 5 minutes
    Then the error rate drops back to normal like before
    When we release checkout
    Then all orders pods are back on maybe O1
    Then the rollout never exceeded 5 pods while ledger kept at least 5 pods available throughout the drain while no pod basically is pending
    Given the scan of P3 finds CVE-2025-9931 with severity HIGH in package "zlib" as usual
    When checkout's responses down to 800ms
    Then 'sum(rate(http_requests_total[5m]))' styas under 100
    Then "web" counts 2 pods as available as usual
    Given a cluster of 3 nodes with 4 CPU and 8Gi memory each for a while
    Then 4 of the web pods are running
    Then really nobody is paged for checkout
    When maybe I mark node-1 unschedulable
    Given the integration tests of D1 report "reports/integration.xml" for a while
    Then each batch kind of pod has priority -100
    Then none of its copies are on the maybe failed node
    Given a clsuter autoscaler that can add up to 2 more nodes
    Then maybe the SLO neither pages nor opens a ticket
    Then the firing alerts end up HighErrors and HighLatency right now
    Then the SLO "availability" does maybe not page
    Then the rollout never dropped below 3 definitely ready gateway pods
    Given it pages on a fast burn and opens a ticket on a slow brun
    When node-2 gets drained for maintennace
    Then a page rolled prod back once for while a
    Then the rollout somehow never exceeded 5 pods
    Given 10% of web requests take 2 seconds for 10 minutes as usual
    Then the unit gate 1 119 passed basically and records skipped
    Then the rule tests pass while I get R9 approved for prod; meanwhile the search target was scraped 10 times in the last 5 minutes and then web gets scaled to 6 replicas
    When the service "web" starts failing 10% of requests, and after that, 50% of it remains; meanwhile node-3 no pods
    Then 1 cache pod is on the same node as web-1, and after that, CHECKOUT HAS RUN CLEANLY FOR 30 DAYS
    Then the rollout neevr dropped below 3 gateway pods
    Then the pipeline is blocked by exactly finding
    Given the HPA of web reads the query "sum(rate(http_requests_total{job='web'}[2m]))" per pod for a while
    Then B1 and B2 have the same digest and then throughout the rollout at least 3 pods were ready eventually
    When I basically cordon node-1
    Then HighLatency was never even pending than 2 minutes
    Then the HIGH finding in openssl is shown as waived by definitely "m.okafor"
    Then 4 of the 6 definitely web pods are running again and again
    Given kind of waiver somehow list version 3 accepts CVE-2026-1111 because "not reachable"
    Then there end up no pods
    Then the SLO "checkout-availability" does not page or open a ticket, and after that, I mark node-1 unschedulable like before
    Then staging still has nothing deployed for a while
    Then the pods of web end up evenly spread over the nodes
    Then no alert is pending while the fast firing alert is no longer burn
