"""A rejected operation, said the way people say it: "the promotion is refused with
"coverage"", "the deploy is refused because R9 has no valid signature"."""

from __future__ import annotations

from kubeloop.harness.reasons import Reason, says
from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.world import World

_WHAT = (
    "<promotion|deploy|deployment|release|rollback|build|operation|approval|request|change|update>"
)


@then(
    "the " + _WHAT + "[ <to|of|into> {target:name}] <is|was|gets|got|has been> "
    "<refused|rejected|blocked|denied|stopped>[ <with|saying|because|since|for lack of|"
    "for want of> {reason:reason}]",
    'the promotion is refused with "coverage"',
    "the deploy is refused because R9 has no valid signature",
    "the promotion was rejected",
)
@checks_error
def operation_refused(
    world: World, reason: Reason | None = None, target: str | None = None
) -> None:
    """The previous step was rejected; "with …"/"because …": its error gives that reason
    (quoted: contains the text; in words: names every word that carries meaning); the
    target ("to prod") is the step's own, so it is not checked again here."""
    error = world.take_error()
    if reason is not None and not says(reason, str(error), world.declared.artifact_versions):
        raise world.fail(f"a refusal because {reason}", f"{type(error).__name__}: {error}")
