"""Shared pytest setup.

* Draw off-screen in the test process (notebook kernels keep their inline backend).
* Hypothesis: no deadlines and no too-slow health check, because tests never assert on wall
  time (the machine may be loaded; speed is measured by benchmarks/ instead).
"""

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile("dominosa", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dominosa")
