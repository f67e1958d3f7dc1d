"""setuptools' one computed setting: the step library in steps/ installs as kubeloop.steps.

Everything else is declared in pyproject.toml. The folder stays at the top of the project
(scenarios' authors read it beside features/); the mapping gives it its package name, so
there is one import root and no symlink.
"""

from setuptools import find_packages, setup

STEPS = ["kubeloop.steps", *(f"kubeloop.steps.{name}" for name in find_packages("steps"))]

setup(
    packages=[*find_packages(include=["kubeloop", "kubeloop.*"]), *STEPS],
    package_dir={"kubeloop.steps": "steps"},
)
