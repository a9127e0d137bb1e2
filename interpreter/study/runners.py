"""Where the games of a simulation are played: here, on this machine's cores, or on a Ray cluster.

A runner maps a function over pieces of work and yields the results in the order of the
work, whatever order they finish in; so a study adds its games up in seed order and its
figures are the same for any runner and any number of workers. The function and its work
must pickle (a `Game` crosses as its source and is compiled once per worker process).

- `local`: in this process (`jobs` 1), or a pool of `jobs` processes (0: one per core);
- `ray`: Ray tasks (the optional extra `cardspec[ray]`); `ray.init()` joins the cluster
  named by `RAY_ADDRESS` when it is set, else starts Ray on this machine with `jobs` CPUs.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os

from ..core.errors import CardspecError

BACKENDS = ("local", "ray")


class RunnerError(CardspecError):
    """A backend that cannot be used here (e.g. Ray not installed)."""


class _Here:
    workers = 1

    def map(self, fn, work):
        return (fn(*w) for w in work)


class _Processes:
    def __init__(self, pool, workers: int):
        self.pool, self.workers = pool, workers

    def map(self, fn, work):
        return self.pool.map(fn, *zip(*work)) if work else iter(())


class _Ray:
    def __init__(self, ray, workers: int):
        self.ray, self.workers = ray, workers

    def map(self, fn, work):
        task = self.ray.remote(fn)
        refs = [task.remote(*w) for w in work]
        return (self.ray.get(ref) for ref in refs)  # in order, each as soon as it is done


@contextlib.contextmanager
def runner(backend: str = "local", jobs: int = 1, address: str | None = None):
    """The runner of `backend` with `jobs` workers (0: one per core), for a `with` block; `address`
    is the Ray cluster to join (default: `RAY_ADDRESS`, else a Ray started on this machine)."""
    workers = jobs or os.cpu_count() or 1
    if backend == "local":
        if workers == 1:
            yield _Here()
            return
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            yield _Processes(pool, workers)
        return
    if backend != "ray":
        raise RunnerError(f"unknown backend `{backend}`; the backends are {', '.join(BACKENDS)}")
    try:
        import ray
    except ImportError:
        raise RunnerError("the ray backend needs Ray, which is not installed: pip install 'cardspec[ray]'") from None
    import logging

    started = not ray.is_initialized()
    if started:
        joining = address or os.environ.get("RAY_ADDRESS")
        try:
            ray.init(**({"address": joining} if joining else {"num_cpus": workers}), include_dashboard=False,
                     log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, TimeoutError, RuntimeError, ValueError) as e:  # Ray's ways of saying "not there"
            where = f"the Ray cluster at {joining}" if joining else "a Ray instance on this machine"
            raise RunnerError(f"cannot start or join {where}: {e}") from None
    try:
        yield _Ray(ray, int(ray.available_resources().get("CPU", workers)) or workers)
    finally:
        if started:
            ray.shutdown()
