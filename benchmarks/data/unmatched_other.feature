Feature: two hundred lines in other words
  Scenario: none of these is a phrase as written
    Given a clustr with 3 nodes
    When the deployment web is scaled up to 9 pods
    Then 4 pod are runing
    When node-3 goes dark for a while
    Then no pods sits on node-2
    Given a deploymnet called api with 5 replicas
    Then the rollout of web finishes quickly
    When I roll web forward to v3
    Then web runs v3 everywhere but one pod
    Given the HPA for web aims for 70 percent of CPU
    When CPU load hits 95% on web
    Then the autoscaler grows web to 12 pods at most
    Given build R1 of checkout passes the unit test gate
    When I promote R1 into staging right away
    When the security scan flags CVE-2024-1234 as critical
    When Dana signs off the production deploy
    Then prod runs the digest that was signed
    Given the signing key is revoked
    When I try deploying R2 to prod without a signature
    When 5% of checkout requests begin failing
    Then the fast burn alert pages someone within 5 minutes
    Given an SLO of 99.95 percent on latency under 300ms
    Then the latency SLO has burned half its budget
    When 10 minutes go by quietly
    Given a recording rule job:errors:rate5m over http_requests_total
    Then the recorded series reads 0.05 at 10m
    When the counter resets at minute 4
    Then rate still sees 2 requests per sec
    Given a taint gpu=true:NoSchedule on node-4
    Given a PDB on web allowing one pod down
    When I drain node-1 gently
    Then the drain waits for web's budget
    Given a PriorityClass named urgent at 100000
    Then the urgent pod kicks out a low one
    When the cluster autoscaler adds a node from group big
    Then the new node is called big-1
    Given a cluster of five nodes spread over two zones where each node has sixteen cores and sixty-four gigabytes of memory and the team wants everything balanced
    When the on-call engineer notices that the checkout service has been returning errors for the last twenty minutes and decides to roll back to the last good release
    Then after the rollback completes every checkout pod is running the previous digest and the error budget stops shrinking and nobody gets paged again
    Given the release manager has approved R3 for staging and production but the security team has not yet looked at the new critical finding
    When traffic to the web tier doubles during the lunch peak and stays at that level for forty-five minutes while the autoscaler reacts
    Then the number of web replicas climbs step by step but never goes past the maximum of twenty set in the horizontal pod autoscaler
    Given a deployment that needs more memory than any single node can offer so that its pods cannot be placed anywhere in the cluster
    Then the scheduler reports that the pods are pending because of insufficient memory on all nodes and explains it in the events
    When a node in zone b fails in the middle of a rolling update from v1 to v2 with max surge two and max unavailable zero
    Then the rollout pauses until the replacement pods find room and the deployment eventually reports that it is available again
    Given the pipeline for payments builds an image, runs unit tests with ninety percent coverage, scans it, signs it and pushes it to the registry
    When someone edits the manifest after it was signed and tries to push the edited version straight into production on a Friday afternoon
    Then the deploy gate notices that the digest differs from the signed one and refuses the change with a clear message to the person
    Given an availability objective of three nines over four weeks for the search service with alerts on both the one hour and six hour windows
    When the search service drops a fifth of its requests for exactly six minutes and then fully recovers without anyone touching it
    Then the page fires briefly and resolves while the ticket never fires because the six hour window never burned fast enough
    Given two clusters named east and west each running their own copy of the api with independent autoscalers and shared dashboards
    When the west cluster loses half its nodes at once because of a power failure in the data centre
    Then the east cluster keeps serving all traffic and the west pods are rescheduled onto the remaining healthy nodes within ten minutes
    Given a histogram of request durations with buckets at 0.1, 0.25, 0.5, 1, 2.5 and 5 seconds and a steady flow of requests
    Then the ninety-ninth percentile computed with histogram quantile sits somewhere between one and two and a half seconds
    When the batch job finishes its nightly run and scales its workers from fifty down to zero over the course of an hour
    Then the cluster autoscaler removes the now empty nodes after they have been unneeded for ten minutes each
    Given a canary that receives five percent of traffic for the new version while the stable version keeps the other ninety-five
    When the canary's error ratio is three times the stable one for fifteen minutes in a row
    Then the canary is rolled back automatically and the stable version keeps all of the traffic from then on
    Given a promtool test file with two alerting rules, three input series and expectations at five and fifteen minutes
    Then promtool reports that both alerts fire at the expected times with the labels and annotations we wrote down
    Given an operator who forgot to set resource requests on the logging daemonset running on every node
    Then the logging pods still get scheduled everywhere but the node utilisation numbers look strangely low
    Given the purple elephant dances on node-7
    When bananas exceed the quorum
    Then the moon reconciles twice
    Given yes
    When xyzzy
    Then 42
    Given lorem ipsum dolor sit amet consectetur adipiscing elit
    When the the the the the
    Then and and and or but
    Given !!! ??? ...
    When 😀 deploys to prod
    Then ñandú pods are runnning on nöde-2
    Given a b c d e f g h i j k l m n o p
    When qwertyuiop asdfghjkl zxcvbnm
    Then 3 3 3 3 3 3 3 3 3 3
    Given node-1 node-2 node-3 node-4 node-5
    When v1 v2 v3 v4 v5 v6 v7 v8
    Then R1 R2 R3 R4 R5 R6 R7
    Given sha256:deadbeef sha256:cafebabe
    When 99.9% 99.99% 99.999%
    Then CPU memory disk network
    Given {count:n} pods are running
    When <is|are> [very ]pending
    Then "quoted" "words" "everywhere"
    Given the cat sat on the mat
    When it rains in the datacentre
    Then everybody goes home early
    Given somebody something somewhere
    When nothing happens at all whatsoever
    Then it is what it is
    Given billing lives on 2 machines in the north zone
    Given auth lives on 4 machines in the east zone
    Given inventory lives on 6 machines in the central zone
    Given ledger lives on 8 machines in the south zone
    Given thumbnailer lives on 3 machines in the west zone
    When billing gets hammered with 200 calls per second
    When auth gets hammered with 400 calls per second
    When inventory gets hammered with 600 calls per second
    When ledger gets hammered with 800 calls per second
    When thumbnailer gets hammered with 100 calls per second
    Then billing answers most calls in under 100 milliseconds
    Then auth answers most calls in under 150 milliseconds
    Then inventory answers most calls in under 50 milliseconds
    Then ledger answers most calls in under 100 milliseconds
    Then thumbnailer answers most calls in under 150 milliseconds
    Given the billing team ships billing build B4 on a Tuesday
    Given the auth team ships auth build B6 on a Tuesday
    Given the inventory team ships inventory build B8 on a Tuesday
    Given the ledger team ships ledger build B10 on a Tuesday
    Given the thumbnailer team ships thumbnailer build B12 on a Tuesday
    When the billing build B1 sails through every check
    When the auth build B3 sails through every check
    When the inventory build B5 sails through every check
    When the ledger build B7 sails through every check
    When the thumbnailer build B9 sails through every check
    Then billing build B11 ends up in production by evening
    Then auth build B0 ends up in production by evening
    Then inventory build B2 ends up in production by evening
    Then ledger build B4 ends up in production by evening
    Then thumbnailer build B6 ends up in production by evening
    Given billing keeps 3 copies alive at all times
    Given auth keeps 5 copies alive at all times
    Given inventory keeps 3 copies alive at all times
    Given ledger keeps 5 copies alive at all times
    Given thumbnailer keeps 3 copies alive at all times
    When a billing copy crashes and restarts 2 times
    When a auth copy crashes and restarts 4 times
    When a inventory copy crashes and restarts 6 times
    When a ledger copy crashes and restarts 3 times
    When a thumbnailer copy crashes and restarts 5 times
    Then billing is flagged as crash looping by the platform
    Then auth is flagged as crash looping by the platform
    Then inventory is flagged as crash looping by the platform
    Then ledger is flagged as crash looping by the platform
    Then thumbnailer is flagged as crash looping by the platform
    Given the billing budget for errors is 1.5 percent this month
    Given the auth budget for errors is 0.5 percent this month
    Given the inventory budget for errors is 1.5 percent this month
    Given the ledger budget for errors is 0.5 percent this month
    Given the thumbnailer budget for errors is 1.5 percent this month
    When billing burns through its budget 2 times faster than allowed
    When auth burns through its budget 4 times faster than allowed
    When inventory burns through its budget 6 times faster than allowed
    When ledger burns through its budget 3 times faster than allowed
    When thumbnailer burns through its budget 5 times faster than allowed
    Then someone owning billing is woken up by a page
    Then someone owning auth is woken up by a page
    Then someone owning inventory is woken up by a page
    Then someone owning ledger is woken up by a page
    Then someone owning thumbnailer is woken up by a page
    Given the nightly billing reindex takes 2 hours
    Given the nightly auth reindex takes 4 hours
    Given the nightly inventory reindex takes 6 hours
    Given the nightly ledger reindex takes 3 hours
    Given the nightly thumbnailer reindex takes 5 hours
    When the billing queue grows past 500 items
    When the auth queue grows past 700 items
    When the inventory queue grows past 900 items
    When the ledger queue grows past 200 items
    When the thumbnailer queue grows past 400 items
    Then an extra billing worker spins up automatically
    Then an extra auth worker spins up automatically
    Then an extra inventory worker spins up automatically
    Then an extra ledger worker spins up automatically
    Then an extra thumbnailer worker spins up automatically
    Given billing pins its pods to nodes labelled tier=north
    Given auth pins its pods to nodes labelled tier=east
    Given inventory pins its pods to nodes labelled tier=central
    Given ledger pins its pods to nodes labelled tier=south
    Given thumbnailer pins its pods to nodes labelled tier=west
    When the tier=north nodes are all cordoned off
    When the tier=east nodes are all cordoned off
    When the tier=central nodes are all cordoned off
    When the tier=south nodes are all cordoned off
    When the tier=west nodes are all cordoned off
    Then the new billing pods wait with nowhere to go
    Then the new auth pods wait with nowhere to go
    Then the new inventory pods wait with nowhere to go
    Then the new ledger pods wait with nowhere to go
    Then the new thumbnailer pods wait with nowhere to go
    Given billing depends on cart for its answers
    Given auth depends on gateway for its answers
    Given inventory depends on mailer for its answers
    Given ledger depends on queue for its answers
    Given thumbnailer depends on search for its answers
    When cart slows down and billing times out
    When gateway slows down and auth times out
    When mailer slows down and inventory times out
    When queue slows down and ledger times out
    When search slows down and thumbnailer times out
    Given search lives on 3 machines in the south zone
    Given cart lives on 5 machines in the west zone
    Given gateway lives on 7 machines in the north zone
    Given mailer lives on 2 machines in the east zone
