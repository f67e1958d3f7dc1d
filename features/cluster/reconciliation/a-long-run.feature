Feature: A long run keeps a bounded past
  kube-apiserver deletes an event an hour after its last update (its --event-ttl), so
  kubectl get events shows the last hour. The cluster's history keeps its latest pass
  records; "at no point" checks read each deployment's lows and highs, kept for the
  whole run, so they stay exact about passes the history no longer holds.

  Scenario: An event is gone an hour after its last update
    Given 3 nodes and a deployment of 3
    When I reconcile until stable
    And 59 minutes pass
    Then an event Scheduled was recorded for "web-1"
    When 1 minute passes
    Then no event Scheduled was recorded for "web-1"
    And no event SuccessfulCreate was recorded

  Scenario: Events can be kept for ever, or for less than an hour
    Given 3 nodes and a deployment of 3
    And events are kept forever
    When I reconcile until stable
    And 2 hours pass
    Then an event Scheduled was recorded for "web-1"
    When events expire 10 minutes after their last update
    And 1 second passes
    Then no event Scheduled was recorded

  Scenario: "At no point" sees a pass the history no longer keeps
    Given 3 nodes and a deployment of 3
    And the cluster keeps the last 2 pass records
    When I scale "web" to 6
    And I reconcile until stable
    And I scale "web" to 2
    And I reconcile until stable
    And I scale "web" to 3
    And I reconcile until stable
    And 10 minutes pass
    Then at no point did "web" have more than 6 pods
    And the most pods "web" ever had was 6
    And the fewest ready pods "web" ever had was 2
