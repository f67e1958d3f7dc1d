@task-1 @points=1
Feature: An artifact's identity is the digest of its content
  A build hashes the manifest's canonical bytes (JSON, sorted keys, no whitespace, UTF-8):
  key order and whitespace do not change identity, any content change does. Digests follow
  the OCI image-spec grammar; a tag is a mutable pointer, never an identity.

  Scenario: The fidelity reference's worked example
    Given the manifest "app":
      """
      {"name": "app", "version": "1.0.0", "files": {"main.py": "print('hi')\n"}}
      """
    When I build "app" as A1
    Then the digest of A1 is "sha256:b39c1d9432b5f0bf175a1d1d2d9950c6c82f1d0f25f6dcdd6f6a851b3c7ab456"

  Scenario: Key order and whitespace do not change identity
    Given the manifest "web":
      """
      {"version": "1.0.0", "name": "web",
         "config": {"port": 8080, "env": ["A=1", "B=2"]}}
      """
    When I build "web" as D1
    Given the manifest "web":
      """
      name: web
      config:
        env: [A=1, B=2]
        port: 8080
      version: 1.0.0
      """
    When I build "web" as D2
    Then D1 and D2 are the same artifact

  Scenario Outline: Any content change is a different artifact
    Given the manifest "web":
      """
      {"name": "web", "version": "1.0.0", "config": {"port": 8080, "env": ["A=1", "B=2"]}}
      """
    When I build "web" as D1
    Given the manifest "web":
      """
      <changed>
      """
    When I build "web" as D2
    Then D1 and D2 are different artifacts

    Examples:
      | changed                                                                                  |
      | {"name": "web", "version": "1.0.1", "config": {"port": 8080, "env": ["A=1", "B=2"]}}     |
      | {"name": "web", "version": "1.0.0", "config": {"port": 8081, "env": ["A=1", "B=2"]}}     |
      | {"name": "web", "version": "1.0.0", "config": {"port": 8080, "env": ["B=2", "A=1"]}}     |
      | {"name": "web", "version": "1.0.0", "config": {"port": "8080", "env": ["A=1", "B=2"]}}   |
      | {"name": "web", "version": "1.0.0", "config": {"port": 8080, "env": ["A=1", "B=2"]}, "labels": {}} |

  Scenario: Building the same manifest twice is the same artifact
    Given a manifest "web" version "1.0.0"
    When I build "web" as D1
    And I build "web" as D2
    Then D1 and D2 are the same artifact

  Scenario: A floating-point number has no canonical form and is refused
    Given the manifest "web":
      """
      {"name": "web", "version": "1.0.0", "config": {"ratio": 1.5}}
      """
    When I build "web" as D1
    Then the operation fails with "floating-point"

  Scenario: A typo in an edited manifest is a clear error naming the line
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the manifest "web":
      """
      name: web
      verison: 1.0.1
      """
    Then the operation fails with "(doc string):2:1: verison: unknown field"

  Scenario Outline: The OCI digest grammar (image-spec descriptor.md, go-digest's tests)
    Then "<digest>" is not a valid digest because "<reason>"

    Examples: malformed
      | digest                                                                    | reason                  |
      | sha256:                                                                   | expected                |
      | :                                                                         | expected                |
      | d41d8cd98f00b204e9800998ecf8427e                                          | expected                |
      | sha256:abcdef0123456789                                                   | needs 64 hex digits     |
      | sha256:d41d8cd98f00b204e9800m98ecf8427e                                   | needs 64 hex digits     |
      | sha256:E58FCF7418D4390DEC8E8FB69D88C06EC07039D651FEDD3AA72AF9972E7D046B   | upper case is not allowed |
      | sha384__foo+bar:d3fc7881460b7e22e3d172954463dddd7866d17597e7248453c48b3e | algorithm               |
      | SHA256:e58fcf7418d4390dec8e8fb69d88c06ec07039d651fedd3aa72af9972e7d046b   | algorithm               |
      | sha256:e58fcf7418d4390dec8e8fb69d88c06ec07039d651fedd3aa72af9972e7d04 6b  | encoded part            |

    Examples: well formed, but not an identity kubeloop computes
      | digest                                                                    | reason                  |
      | sha256+b64u:LCa0a2j_xo_5m0U8HTBBNBNCLXBkg7-g-YpeiGJm564                   | not supported           |
      | multihash+base58:QmRZxt2b1FVZPNqd8hsiykDL3TdBDeTSPX9Kv46HmX4Gx8           | not supported           |
      | foo:d41d8cd98f00b204e9800998ecf8427e                                      | not supported           |

  Scenario Outline: Valid sha256 digests
    Then "<digest>" is a valid digest

    Examples:
      | digest                                                                  |
      | sha256:e58fcf7418d4390dec8e8fb69d88c06ec07039d651fedd3aa72af9972e7d046b |
      | sha256:6c3c624b58dbbcd3c0dd82b4c53f04194d1247c6eebdaab7c610cf7d66709b3b |
      | sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 |

  Scenario: A tag is a mutable pointer: it moves, and deploying by it is refused
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And D1 passed every gate
    And a manifest "web" version "2.0.0"
    And I built "web" as D2
    When I tag D1 as "latest"
    And I tag D2 as "latest"
    Then tag "latest" points to D2
    When I deploy "web:latest" to dev
    Then the operation fails with "deploy by digest, not by tag"
    And dev runs nothing

  Scenario: One environment's whole history is by digest, whatever moved it there
    Given a manifest "web" version "3.1.0"
    And I built "web" as D3
    And D3 passed every gate
    And a manifest "web" version "3.2.0"
    And I built "web" as D4
    And D4 passed every gate
    When I promote D3 to dev
    And I promote D4 to dev
    And I roll dev back to D3
    Then dev's history refers to only digests, never tags
    And every deployment to dev was by digest

  Scenario: A manifest from a file is the same artifact as the same content inline
    Given the manifest "web" from "fixtures/web-manifest.yaml"
    When I build "web" as D1
    Given the manifest "web":
      """
      {"config": {"env": ["A=1", "B=2"], "port": 8080}, "files": {"main.py": "print('hi')\n"},
       "name": "web", "version": "1.0.0"}
      """
    When I build "web" as D2
    Then D1 and D2 are the same artifact

  Scenario: A manifest file that does not exist
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the manifest "web" from "fixtures/nowhere.yaml"
    Then the operation fails with "nowhere.yaml:1:1: $: cannot read the file"
