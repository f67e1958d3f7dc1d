"""A refused operation said as one that failed: "the deploy fails because P7 is not
signed", "the operation fails because C7 has no signature", "the promotion didn't go
through". The previous step must have been rejected; the reason, when said, is checked in
the error as common/refusals.py checks it."""

from __future__ import annotations

from kubeloop.harness.reasons import Reason
from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.world import World

from ..common.refusals import operation_refused


@then(
    "the <deploy|deployment|promotion|release|operation|rollback|approval|push|request>"
    "[ <of|to|into> {target:name}] <fails|failed|has failed|errors out|errored out|is turned "
    "away|was turned away|bounces|bounced|does not go through|doesn't go through|did not go "
    "through|didn't go through>[ <because|since|as|for lack of|for want of> {reason:reason}]",
    "the deploy fails because P7 is not signed",
    "the operation fails because C7 has no signature",
    "the promotion to prod didn't go through",
)
@checks_error
def operation_failed(world: World, reason: Reason | None = None, target: str | None = None) -> None:
    """The previous step was rejected; "because …": its error gives that reason."""
    operation_refused(world, reason, target)
