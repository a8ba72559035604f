"""Running a simulation on a Ray cluster (`--ray [ADDRESS]`; Ray is the optional extra `ray`).

`run_ray(address, fn, tasks)` runs fn(task) for every task as Ray tasks and returns the results
in task order. The address is "local" (start a Ray instance on this machine, stopped when the
command ends), "auto" (the cluster this machine has joined with `ray start`), or a cluster's
address ("HEAD:6379", or "ray://HEAD:10001" through Ray Client). If Ray is already initialised in
this process (a test, a notebook), that connection is used as it is.

The driver's own copy of the ygosim package is shipped to the workers (Ray's runtime_env
`py_modules`), so every node plays with the same code as this machine: the nodes need Python 3.11
and ygosim's dependencies (`pip install -e '.[ray]'` installs both), not this checkout.
"""
from __future__ import annotations

from pathlib import Path

from ..cards.errors import YgosimError


def ray_module():
    try:
        import ray
    except ImportError:
        raise YgosimError("--ray needs Ray: pip install -e '.[ray]' (or pip install 'ray>=2.9')")
    return ray


def run_ray(address: str, fn, tasks: list, progress=None) -> list:
    """fn(task) for each task on Ray; results in task order. progress(result) is called as
    each result comes in (in the order they finish)."""
    ray = ray_module()
    if not ray.is_initialized():
        import ygosim
        runtime_env = {"py_modules": [str(Path(ygosim.__file__).parent)],
                       "excludes": ["__pycache__", "*.pyc"]}
        try:
            ray.init(address=None if address in (None, "", "local") else address,
                     runtime_env=runtime_env, include_dashboard=False, log_to_driver=False,
                     logging_level="ERROR")
        except (ConnectionError, ValueError, RuntimeError) as e:
            raise YgosimError(f"--ray {address}: cannot connect to a Ray cluster: "
                              f"{str(e).splitlines()[0] if str(e) else type(e).__name__}")
        # one Ray for the whole command (a gauntlet runs several series): stopped at exit
        import atexit
        atexit.register(ray.shutdown)
    remote = ray.remote(fn)
    refs = [remote.remote(t) for t in tasks]
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        if progress:
            progress(ray.get(done[0]))
    return ray.get(refs)
