"""The house rule: the core never imports matplotlib, pandas or Jupyter."""

import subprocess
import sys

import pytest

CORE = [
    "dominosa_lab", "dominosa_lab.puzzle", "dominosa_lab.formats", "dominosa_lab.catalog",
    "dominosa_lab.search", "dominosa_lab.exact_cover", "dominosa_lab.solvers",
    "dominosa_lab.tilings", "dominosa_lab.sampling", "dominosa_lab.generate",
    "dominosa_lab.parity_tiling", "dominosa_lab.tiling_bias", "dominosa_lab.swaps",
    "dominosa_lab.quadrilles", "dominosa_lab.pips", "dominosa_lab.play", "dominosa_lab.tree",
    "dominosa_lab.dominopeg",
]
FORBIDDEN = ("matplotlib", "pandas", "IPython", "ipywidgets", "nbclient", "nbformat")


@pytest.mark.parametrize("module", CORE)
def test_core_module_imports_no_plotting_tables_or_jupyter(module):
    code = (f"import sys, {module}; "
            f"print(' '.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
