"""The terminal commands built on Rich: ``play``, ``replay``, ``render`` and
``simulate`` (their parsers are added to ``mitosz-core`` by :mod:`mitosz_core.cli`), the
text board they show, and the progress display of ``simulate`` and ``bench``."""
