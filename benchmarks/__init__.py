"""The benchmark suite: the yardstick of the engine's speed and memory.

- ``catalogue``: the benchmarks by name and the work of each size (data only);
- ``workloads``: what is measured, on the public API only, so that the same code runs
  against any version of the engine;
- ``suite`` and ``worker``: pyperf's manager and worker processes, one benchmark each run;
- ``memory``: the retained memory per state, in a fresh process;
- ``report``: the table (text, reST, JSON) and the speed targets;
- ``run``: the current checkout against the baseline commit, interleaved in one run
  (``python -m benchmarks.run`` or ``nox -s bench``).
"""
