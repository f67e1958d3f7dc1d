"""A warning raised in kubeloop's own code is a bug, and fails the test suite."""

import warnings

import pytest

import kubeloop.core.clock


def test_a_warning_from_kubeloop_code_is_an_error() -> None:
    with pytest.raises(UserWarning):
        warnings.warn_explicit(
            "deprecated", UserWarning, kubeloop.core.clock.__file__, 1, "kubeloop.core.clock"
        )
