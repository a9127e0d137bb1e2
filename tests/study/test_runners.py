"""Where a simulation's games are played: how many workers each runner has, and the Ray backend
(checked against a stand-in module, so that it runs where Ray is not installed): which cluster
it starts or joins, how it says it cannot, how many workers the cluster gives, results in
order, and Ray shut down only when it was started here."""

from __future__ import annotations

import os
import sys
import types

import pytest

from interpreter.study.runners import RunnerError, runner


def add(a, b):
    return a + b


class FakeRay(types.ModuleType):
    """What the runner uses of Ray: init, is_initialized, available_resources, remote, get, shutdown."""

    def __init__(self, running=False, refuse=None, cpus=3):
        super().__init__("ray")
        self.running, self.refuse, self.cpus, self.calls = running, refuse, cpus, []

    def is_initialized(self):
        return self.running

    def init(self, **kw):
        self.calls.append(("init", kw))
        if self.refuse:
            raise self.refuse
        self.running = True

    def available_resources(self):
        return {"CPU": self.cpus} if self.cpus is not None else {}

    def remote(self, fn):
        return types.SimpleNamespace(remote=lambda *args: ("ref", fn(*args)))

    def get(self, ref):
        return ref[1]

    def shutdown(self):
        self.calls.append(("shutdown",))
        self.running = False


@pytest.fixture
def fake_ray(monkeypatch):
    def install(**kw):
        ray = FakeRay(**kw)
        monkeypatch.setitem(sys.modules, "ray", ray)
        return ray
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    return install


def test_the_local_runner_has_one_worker_here_or_the_processes_asked_for():
    with runner("local", 1) as here:
        assert here.workers == 1 and list(here.map(add, [(1, 2), (3, 4)])) == [3, 7]
    with runner("local", 2) as pool:
        assert pool.workers == 2 and list(pool.map(add, [(1, 2), (3, 4)])) == [3, 7]
    with runner() as default:
        assert default.workers == 1
    with pytest.raises(RunnerError, match="unknown backend `far`; the backends are local, ray"):
        with runner("far"):
            pass


def test_ray_is_started_here_with_the_jobs_and_shut_down_after(fake_ray):
    ray = fake_ray()
    with runner("ray", 2) as pool:
        assert pool.workers == 3  # what the cluster offers
        assert list(pool.map(add, [(1, 2), (3, 4), (5, 6)])) == [3, 7, 11]
    (what, kw), shut = ray.calls
    assert (what, kw["num_cpus"], "address" in kw, kw["include_dashboard"]) == ("init", 2, False, False)
    assert shut == ("shutdown",)


def test_ray_joins_the_cluster_named_or_in_ray_address(fake_ray, monkeypatch):
    ray = fake_ray(cpus=None)
    with runner("ray", 4, address="10.0.0.1:6379") as pool:
        assert pool.workers == 4  # the cluster says nothing of its cores: the jobs asked for
    assert ray.calls[0][1]["address"] == "10.0.0.1:6379" and "num_cpus" not in ray.calls[0][1]
    monkeypatch.setenv("RAY_ADDRESS", "10.0.0.2:6379")
    ray = fake_ray()
    with runner("ray", 0):
        pass
    assert ray.calls[0][1]["address"] == "10.0.0.2:6379"


def test_a_ray_already_running_is_used_and_left_running(fake_ray):
    ray = fake_ray(running=True)
    with runner("ray", 0) as pool:
        assert pool.workers == 3
    assert ray.calls == [] and ray.running


@pytest.mark.parametrize("address, where", [
    ("10.0.0.1:6379", "the Ray cluster at 10.0.0.1:6379"), (None, "a Ray instance on this machine")])
def test_a_ray_that_cannot_be_started_or_joined_says_where(fake_ray, address, where):
    fake_ray(refuse=ConnectionError("nobody there"))
    with pytest.raises(RunnerError) as e:
        with runner("ray", 2, address=address):
            pass
    assert str(e.value) == f"cannot start or join {where}: nobody there"


def test_jobs_0_is_one_worker_per_core(fake_ray):
    ray = fake_ray()
    with runner("ray", 0):
        pass
    assert ray.calls[0][1]["num_cpus"] == (os.cpu_count() or 1)


def test_with_the_cores_unknown_jobs_0_is_this_process_alone(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    with runner("local", 0) as pool:
        assert pool.workers == 1 and list(pool.map(add, [(2, 3)])) == [5]
