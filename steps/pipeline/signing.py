"""Keys, trust and signatures: what verify-before-deploy checks."""

from __future__ import annotations

import json
from typing import Any

from kubeloop.harness.errors import HarnessError, ScenarioAssertionError
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import EnvironmentSpec

from .pipeline_part import scene


def _with_key(world: World, key: str, seed: str) -> tuple[tuple[str, str], ...]:
    keys = dict(scene(world).definition.keys)
    keys[key] = seed
    return tuple(sorted(keys.items()))


@given("key {key:name} from seed {seed:text}", 'key "rogue" from seed "not ours"')
def key_from_seed(world: World, key: str, seed: str) -> None:
    """An Ed25519 key derived from the seed text: the same seed is always the same key."""
    current = scene(world)
    world.attempt(lambda: current.configure(world, keys=_with_key(world, key, seed)))


@given(
    "the pipeline signs with key {key:name}[ from seed {seed:text}]",
    'the pipeline signs with key "release" from seed "release-2026"',
    'the pipeline signs with key "ci"',
)
def pipeline_signs_with(world: World, key: str, seed: str | None = None) -> None:
    """The sign gate signs with this key (environments that name no keys trust it)."""
    current = scene(world)
    keys = _with_key(world, key, seed) if seed is not None else current.definition.keys
    world.attempt(lambda: current.configure(world, keys=keys, signing_key=key))


def _trust(world: World, env: str, keys: list[str], only: bool) -> None:
    current = scene(world)
    definition = current.definition
    specs = []
    for spec in definition.environments:
        if spec.name != env:
            specs.append(spec)
            continue
        kept = () if only else definition.trusted_names(spec)
        specs.append(EnvironmentSpec(spec.name, spec.requires_approval, (*kept, *keys)))
    if env not in [s.name for s in specs]:
        raise world.fail(
            f"an environment {env}", ", ".join(s.name for s in definition.environments)
        )
    current.configure(world, environments=tuple(specs))


@given(
    "{env:name} <requires|needs> [<an|a manual|manual|one>] approval[ from someone]",
    "prod requires an approval",
    "promotion to prod needs an approval from someone",
    "prod requires 2 approvals",
    variants=(
        "<promotion|promotions|a promotion|deploying|a deploy> to {env:name} <requires|needs> "
        "[<an|a manual|manual|one>] approval[ from someone]",
        "{env:name} <requires|needs> {count:n} approvals",
    ),
)
def requires_approval(world: World, env: str, count: int = 1) -> None:
    """A promotion to ENV waits for one manual approval (GitHub's required reviewers, one
    reviewer): the pipeline counts one approval per promotion, so more is refused here."""
    if count != 1:
        raise world.fail(
            f"{count} approvals the pipeline can count",
            "it takes one approval per promotion (a second approver is not modelled)",
        )
    current = scene(world)
    definition = current.definition
    names = [spec.name for spec in definition.environments]
    if env not in names:
        raise world.fail(f"an environment {env}", ", ".join(names))
    specs = tuple(
        EnvironmentSpec(s.name, True, s.trusts) if s.name == env else s
        for s in definition.environments
    )
    world.attempt(lambda: current.configure(world, environments=specs))


@given("{env:name} trusts only key(s) {keys:names}", 'prod trusts only key "release"')
def trusts_only(world: World, env: str, keys: list[str]) -> None:
    """Deploys to ENV verify against these keys and no other."""
    world.attempt(lambda: _trust(world, env, keys, only=True))


@given("{env:name} also trusts key(s) {keys:names}", 'staging also trusts key "rogue"')
def also_trusts(world: World, env: str, keys: list[str]) -> None:
    """Add keys to those ENV trusts."""
    world.attempt(lambda: _trust(world, env, keys, only=False))


@when(
    "I sign {alias:artifact} with key {key:name}",
    'I sign D2 with key "rogue"',
    "I sign R9",
    "I sign R1 with the release key",
    variants=(
        "I sign {alias:artifact}",
        "I sign {alias:artifact} with the {key:name} key",
        "I sign {alias:artifact} with {key:text}",
        "the pipeline signs {alias:artifact} with [key ]{key:name}",
    ),
)
def i_sign(world: World, alias: str, key: str | None = None) -> None:
    """Sign the artifact's digest outside the pipeline (as cosign sign --key would), with
    the pipeline's own signing key unless a key is named."""
    current = scene(world)
    key = current.key_named(key, world.step.text) if key else current.definition.signing_key
    if key is None:
        raise world.fail("a key to sign with (the pipeline has no signing key)", "none")
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, "sign")(digest, key))


@when(
    "I attach the signature of {source:name} to {target:name}",
    "I attach the signature of D1 to D2",
    "I copy the signature of L1 onto L3",
    variants=(
        "I <attach|copy|move|paste> the signature of {source:name} <to|onto|on> {target:name}",
        "I <attach|copy|move|paste> {source:artifacts} signature <to|onto|on> {target:name}",
    ),
)
def i_attach(world: World, source: str, target: str) -> None:
    """Copy SOURCE's signatures onto TARGET (anyone who can push can do this)."""
    current = scene(world)
    one, two = current.digest(world, source), current.digest(world, target)
    world.attempt(lambda: world.capability(current.pipeline, "attach_signature")(one, two))


def _signed(world: World, alias: str) -> bool:
    current = scene(world)
    return bool(world.capability(current.pipeline, "is_signed")(current.digest(world, alias)))


@then(
    "{alias:artifact} is signed",
    "D1 is signed",
    "R1 gets signed",
    variants=(
        "{alias:artifact} <gets|got|was|has been|is now> signed",
        "{alias:artifact} <has|carries|bears> a [valid ]signature",
    ),
)
def is_signed(world: World, alias: str) -> None:
    """The artifact carries a valid signature made for its own digest."""
    if not _signed(world, alias):
        raise world.fail(f"{alias} to carry a valid signature for its digest", "it does not")


@then(
    "{alias:artifact} is not signed",
    "D2 is not signed",
    variants=(
        "{alias:artifact} <was not|wasn't|isn't|has not been|hasn't been|is still not|was never|"
        "is never|has never been|never got|never gets|never was|did not get|didn't get|does "
        "not get|doesn't get> signed",
        "{alias:artifact} <is|was|stays|stayed|remains|remained|is left|was left> unsigned",
        "{alias:artifact} <has|carries|bears> no [valid ]signature",
    ),
)
def is_not_signed(world: World, alias: str) -> None:
    """No signature made for the artifact's own digest (a copied one does not count)."""
    if _signed(world, alias):
        raise world.fail(f"{alias} to carry no valid signature of its own", "it is signed")


def _signatures(world: World, alias: str) -> list[Any]:
    current = scene(world)
    digest = current.digest(world, alias)
    return list(world.capability(current.pipeline, "signatures")(digest))


@then(
    "{alias:artifact} is signed by key {key:name}",
    'D1 is signed by key "release"',
    "P1 is signed with the release key",
    variants=(
        "{alias:artifact} <is|was|gets|got|has been> signed <by|with> [the ]key {key:name}",
        "{alias:artifact} <is|was|gets|got|has been> signed <by|with> the {key:name} key",
    ),
)
def is_signed_by(world: World, alias: str, key: str) -> None:
    """One of the artifact's signatures for its own digest was made with that key ("the
    release key", undeclared: the pipeline's own)."""
    key = scene(world).key_named(key, world.step.text)
    digest = scene(world).digest(world, alias)
    found = _signatures(world, alias)
    if not any(s.key_name == key and s.claimed_digest == digest for s in found):
        names = ", ".join(sorted({s.key_name for s in found})) or "none"
        raise world.fail(f"a signature of {alias} by key {key}", f"signatures by {names}")


@then(
    "the signature of {alias:artifact} by key {key:name} is {signature:text}",
    'the signature of D1 by key "ci" is "k1mZ…"',
)
def the_signature_is(world: World, alias: str, key: str, signature: str) -> None:
    """Pin the deterministic Ed25519 signature (base64; a trailing … matches any rest)."""
    found = [s.signature for s in _signatures(world, alias) if s.key_name == key]
    prefix = signature[:-1] if signature.endswith("…") else None
    if not any(s == signature or (prefix is not None and s.startswith(prefix)) for s in found):
        raise world.fail(f"the signature {signature}", ", ".join(found) or "no signature by it")


@given(
    "the trusted [signing ]keys are {keys:names}",
    'the trusted signing keys are "ci-ed25519-2026" and "ci-ed25519-2025"',
    variants=(
        "<every environment|all environments|each environment> <trusts|trust> only [the ]"
        "[signing ]keys {keys:names}",
        "only [the ]keys {keys:names} are trusted",
    ),
)
def trusted_keys_are(world: World, keys: list[str]) -> None:
    """These keys (each derived from a seed of its own name if not defined yet) and no
    other are trusted by every environment; the pipeline still signs with its own key."""
    current = scene(world)
    for key in keys:
        current.know_key(world, key)
    for env in [spec.name for spec in current.definition.environments]:
        if world.error is None:
            world.attempt(lambda e=env: _trust(world, e, keys, only=True))  # type: ignore[misc]


@then(
    "the signature of {alias:artifact} verifies[ against a trusted key][ <in|for> {env:name}]",
    "the signature of L1 verifies against a trusted key",
    "the signature of D1 verifies for prod",
    variants=("{alias:artifact} is signed by a trusted key[ <in|for> {env:name}]",),
)
def signature_verifies(world: World, alias: str, env: str | None = None) -> None:
    """A valid signature of the artifact's own digest is by a key ENV trusts (none said:
    some environment)."""
    current = scene(world)
    digest = current.digest(world, alias)
    if not _signed(world, alias):
        raise world.fail(f"a valid signature of {alias}", "it has none of its own")
    envs = [env] if env else [spec.name for spec in current.definition.environments]
    trusted = set()
    for each in envs:
        trusted |= set(world.capability(current.pipeline, "trusted_keys")(each))
    own = [s for s in _signatures(world, alias) if s.claimed_digest == digest]
    if not any(s.key_id in trusted for s in own):
        names = ", ".join(sorted({s.key_name for s in own})) or "none"
        raise world.fail(f"a signature of {alias} by a trusted key", f"signed by {names}")


@then(
    "the signature <of|on|for> {alias:artifact} <does not verify|doesn't verify|fails to verify|"
    "fails verification|is invalid|is not valid|isn't valid>[ <in|for> {env:name}]",
    "the signature on L3 does not verify",
    "the signature of L3 is invalid for prod",
    variants=(
        "{alias:artifact} <fails|failed> <verification|signature verification>[ <in|for> "
        "{env:name}]",
        "{alias:artifact} <is not|isn't> signed by a trusted key[ <in|for> {env:name}]",
    ),
)
def signature_does_not_verify(world: World, alias: str, env: str | None = None) -> None:
    """No signature of the artifact's own digest is by a key ENV trusts (none said: any
    environment): unsigned, signed by a key nobody trusts, or carrying another build's. A
    build or environment that does not exist fails, never passes as "not verified"."""
    current = scene(world)
    current.digest(world, alias)
    if env is not None and env not in [spec.name for spec in current.definition.environments]:
        raise world.fail(f"an environment {env}", "no such environment")
    try:
        signature_verifies(world, alias, env)
    except ScenarioAssertionError:
        return
    raise world.fail(f"no valid signature of {alias} by a trusted key", "it has one")


@given(
    "{alias:artifact} <was|has been|got> signed with the {key:name} key",
    "the image was signed with the release key",
    "R1 has been signed with the ops key",
)
def was_signed_with(world: World, alias: str, key: str) -> None:
    """The artifact was signed with that key (made known to the pipeline, from a seed of
    its own name, if it was not; "the release key", undeclared: the pipeline's own), as "I
    sign R1 with key …" does."""
    current = scene(world)
    key = current.key_named(key, world.step.text)
    current.know_key(world, key)
    if world.error is None:
        digest = current.digest(world, alias)
        world.attempt(lambda: world.capability(current.pipeline, "sign")(digest, key))


@then(
    "the signature of {alias:artifact} verifies <against|with> [the ]{key:name} key",
    "the signature of P5 verifies against the release key",
    "the signature of P5 verifies against the ci key",
    'the signature of D1 verifies with the "ci" key',
    variants=(
        "the signature of {alias:artifact} verifies <against|with> key {key:name}",
        "{alias:artifacts} signature <verifies|checks out> <against|with> [the ]{key:name} key",
    ),
)
def verifies_with_key(world: World, alias: str, key: str) -> None:
    """One of the artifact's signatures verifies under that key alone (made with it, over
    its payload, for this very digest), as ``cosign verify --key`` checks it ("the release
    key", undeclared: the pipeline's own)."""
    current = scene(world)
    key = current.key_named(key, world.step.text)
    digest = current.digest(world, alias)
    check = world.capability(current.pipeline, "verify_with")
    try:
        why = check(digest, key)
    except Exception as error:  # the engine's own refusal: an unknown key, say
        if isinstance(error, HarnessError):
            raise
        raise world.fail(f"a key {key} to verify {alias} with", str(error)) from None
    if why is not None:
        raise world.fail(f"the signature of {alias} to verify against key {key}", why)


@then(
    "no signature exists for {alias:artifact}",
    "no signature exists for L2",
    variants=(
        "{alias:artifact} has no signatures[ at all]",
        "there is no signature <for|of|on> {alias:artifact}",
    ),
)
def no_signature_at_all(world: World, alias: str) -> None:
    """The artifact carries no signature at all (not even a copied one)."""
    found = _signatures(world, alias)
    if found:
        names = ", ".join(sorted({s.key_name for s in found}))
        raise world.fail(f"no signature on {alias}", f"signatures by {names}")


@when(
    "{alias:artifact} is tampered with[ after <signing|it was signed>]",
    "L4 is tampered with after signing",
    "one byte of L4's image is changed",
    variants=(
        "<one byte of|a byte of|a byte in|the content of> {alias:artifacts} <image|content> "
        "<is|gets|was> <changed|modified|altered>",
        "<someone|somebody|an attacker> <tampers|tampered> with {alias:artifact}"
        "[ after <signing|it was signed>]",
    ),
)
def tampered(world: World, alias: str) -> None:
    """The artifact's content changes after it was signed: ALIAS now names the changed
    content (a new digest, as content addressing makes it), carrying the old signatures,
    which claim the old digest (so verify-before-deploy refuses it)."""
    from .build import bind  # noqa: PLC0415  (build imports nothing from here)

    current = scene(world)
    digest = current.digest(world, alias)
    pipeline = current.pipeline
    record = world.capability(pipeline, "artifact")(digest)
    data = json.loads(record.canonical)
    labels = dict(data.get("labels") or {})
    labels[_TAMPERED] = str(int(labels.get(_TAMPERED, "0")) + 1)
    data["labels"] = labels
    changed = world.attempt(lambda: world.capability(pipeline, "build")(data))
    if changed is None:
        return
    if _signatures(world, alias):
        world.attempt(lambda: world.capability(pipeline, "attach_signature")(digest, changed))
    if world.error is None:
        bind(world, alias, changed, str(data["version"]))


_TAMPERED = "org.kubeloop.tampered"
"""The label a tampered copy carries: one more change of the content, counted."""
