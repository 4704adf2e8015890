"""Shared pytest setup.

* Draw off-screen in the test process (notebook kernels keep their inline backend).
* Hypothesis: no deadlines and no too-slow health check, because tests never assert on wall
  time (the machine may be loaded; speed is measured by benchmarks/ instead).
* ``dask_client``: one real two-worker Dask cluster for the tests of the distributed sweeps.
"""

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile("dominosa", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dominosa")


@pytest.fixture(scope="session")
def dask_client():
    """A real two-worker LocalCluster (one process each) and its Client, shared by the tests."""
    from dask.distributed import Client, LocalCluster

    with (LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                       dashboard_address=None) as cluster,
          Client(cluster) as client):
        yield client
