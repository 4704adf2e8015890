"""Shared pytest setup: draw off-screen in the test process (notebook kernels keep inline)."""

import matplotlib

matplotlib.use("Agg")
