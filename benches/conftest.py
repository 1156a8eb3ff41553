import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


def pytest_benchmark_update_machine_info(config, machine_info):
    """Record which compiled build of the search ran (see solver/_build.py)."""
    import solver

    machine_info["prefdd_engine_build"] = solver.BUILD
