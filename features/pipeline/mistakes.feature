Feature: Mistakes people make with the pipeline, and what they are told
  Every mistake is named plainly: which alias, which field, which file and line.

  Background: a pipeline that has built something already
    Given a manifest "base" version "1.0.0"
    And I built "base" as B1

  Scenario: A version written as a YAML number
    Given the manifest "web":
      """
      name: web
      version: 1.0
      """
    Then the operation fails with "(doc string):2:10: version: must be string, not float (1.0)"

  Scenario: A manifest whose name is not the step's
    Given the manifest "web":
      """
      {"name": "api", "version": "1.0.0"}
      """
    Then the operation fails with "the manifest is \"api\", not \"web\""

  Scenario: A manifest name that is no repository name
    Given the manifest "Web":
      """
      {"version": "1.0.0"}
      """
    Then the operation fails with "repository name"

  Scenario: A doc string that is not JSON or YAML
    Given the manifest "web":
      """
      {"name": "web", "version": "1.0.0"
      """
    Then the operation fails with "not valid YAML"

  Scenario: A waiver list version beyond any real list
    Given waiver list version 99999999999 accepts CVE-2026-1111 because "typo"
    Then the operation fails with "out of range"

  Scenario: Trusting a key nobody defined
    Given prod trusts only key "release"
    Then the operation fails with "environment prod trusts unknown key(s) release; keys: ci"

  Scenario: Signing with a key nobody defined
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    When I sign D1 with key "release"
    Then the operation fails with "key \"release\" not found; known: ci"

  Scenario: Rejecting a promotion nobody asked for
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    When I reject the promotion of D1 to prod
    Then the operation fails with "no promotion of web 1.0.0"

  Scenario: Deploying by a malformed digest
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    When I deploy "sha256:1234" to dev
    Then the operation fails with "sha256 needs 64 hex digits, this has 4"

  Scenario: Deploying a digest nobody built
    When I deploy "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" to dev
    Then the operation fails with "artifact \"sha256:e3b0c442"

  Scenario: Copying signatures from an artifact that has none
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And a manifest "web" version "2.0.0"
    And I built "web" as D2
    When I attach the signature of D1 to D2
    Then the operation fails with "has no signature to copy"
