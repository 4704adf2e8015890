"""``python -m dominosa_lab.cli``: the ``dominosa-lab`` command."""

import sys

from dominosa_lab.cli import main

__all__: list[str] = []

if __name__ == "__main__":
    sys.exit(main())
