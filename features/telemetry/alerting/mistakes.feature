Feature: Mistakes people make with queries and rules, and what they are told
  A query that does not parse, or a rule file Prometheus would refuse, is an error that
  names what is wrong and where — never a silent pass.

  # kubeloop's own parser's words (Prometheus says "unclosed left parenthesis")
  @kubeloop-exact
  Scenario: A query with an unclosed parenthesis
    Given the series:
      | series              | values  |
      | http_requests_total | 0+60x10 |
    When I evaluate "sum(rate(http_requests_total[5m])" at 5 minutes
    Then the operation fails with "expected ')' closing sum(…)"

  Scenario: A rule file with a broken expression names the file and line
    When I load the rules from "rules/broken.yml"
    Then the operation fails with "rules/broken.yml:5"

  Scenario: A function given the wrong arguments says which
    Given the series:
      | series              | values  |
      | http_requests_total | 0+60x10 |
    When I evaluate "histogram_quantile(0.5)" at 5 minutes
    Then the operation fails with "histogram_quantile"

  Scenario: A Sloth SLO whose query has no {{.window}} names the file, line and field
    When I load the SLOs from "../slo/slos/broken.yml"
    Then the operation fails with "slos/broken.yml:8:22: $.slos[0].sli.events.error_query: the query must contain the {{.window}} variable"
