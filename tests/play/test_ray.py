"""The Ray backend of simulate (extra ``mitosz-core[ray]``): a local Ray of two workers
plays the same games as this process for the same seeds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mitosz_core import simulate as sim

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_same_records_as_local_processes() -> None:
    specs = sim.plan("mythos", ("guardians", "chaos"), ("random", "random"), 4, first_seed=2)
    local = sim.run(specs)
    seen: list[int] = []
    on_ray = sim.run(specs, backend="ray", jobs=2, on_record=lambda r: seen.append(r.index))
    assert sorted(seen) == [0, 1, 2, 3]
    assert all(a.same_game(b) for a, b in zip(local, on_ray, strict=True))
