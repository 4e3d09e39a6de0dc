"""The Ray backend of :func:`mitosz_core.simulate.run` (the extra ``mitosz-core[ray]``).

Each game is one Ray task running :func:`~mitosz_core.simulate.play_game`, so a game on
the cluster is the same game as on this machine. ``address`` is passed to
:func:`ray.init`: ``None`` joins the cluster that the ``RAY_ADDRESS`` environment variable
names, or starts a local one; ``"auto"`` joins the cluster this machine is part of;
``"ray://HOST:10001"`` a remote one through Ray Client. Every node needs mitosz-core
installed (or a runtime environment that installs it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ray

from mitosz_core.errors import MitoszError
from mitosz_core.simulate import GameRecord, GameSpec, play_game

_play = ray.remote(play_game)


def _join(address: str | None) -> None:
    """Start or join the Ray cluster at ``address``; a cluster that cannot be joined (no
    cluster running, an unreachable or malformed address) is one
    :class:`~mitosz_core.errors.MitoszError` naming the address, not Ray's traceback."""
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, TimeoutError, RuntimeError, ValueError, OSError) as exc:
        first = next(iter(str(exc).splitlines()), "") or type(exc).__name__
        where = "RAY_ADDRESS" if address is None else repr(address)
        raise MitoszError(f"--ray-address {where}: cannot join a Ray cluster: {first}") from None


def run(
    specs: Sequence[GameSpec],
    finished: Callable[[GameRecord], None],
    *,
    address: str | None = None,
    jobs: int = 0,
) -> None:
    """Play ``specs`` as Ray tasks, at most ``jobs`` at a time (0: no limit); call
    ``finished`` with each record as it comes back."""
    started_here = not ray.is_initialized()
    if started_here:
        _join(address)
    try:
        waiting = list(specs)
        running: list[Any] = []
        limit = jobs if jobs > 0 else len(waiting)
        while waiting or running:
            while waiting and len(running) < limit:
                running.append(_play.remote(waiting.pop(0)))
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                finished(ray.get(ref))
    finally:
        if started_here:
            ray.shutdown()
