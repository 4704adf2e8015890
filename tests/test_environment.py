"""environment.yml (conda) and pyproject.toml (pip) declare the same dependencies."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONDA_ONLY = {"python", "pip"}


def _split(spec: str) -> tuple[str, str]:
    name, version = re.match(r"^([A-Za-z0-9_.\-]+)\s*(.*)$", spec.strip()).groups()
    return name.lower().replace("_", "-"), version.replace(" ", "")


def _pyproject() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        specs += extra
    return {k: v for k, v in map(_split, specs) if k != project["name"]}  # `all` names extras


def _environment() -> dict[str, str]:
    """Package specs listed under ``dependencies:`` (conda and pip), the project itself left out."""
    text = (ROOT / "environment.yml").read_text().split("dependencies:", 1)[1]
    specs = re.findall(r"^\s*-\s+([A-Za-z][^\s#:]*)\s*$", text, flags=re.MULTILINE)
    return {k: v for k, v in map(_split, specs) if k not in CONDA_ONLY}


def test_environment_yml_and_pyproject_list_the_same_packages_and_versions():
    assert _environment() == _pyproject()
