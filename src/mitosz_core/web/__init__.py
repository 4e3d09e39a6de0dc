"""The reference game server and browser client (``mitosz-core serve``; the extra
``web``): tables of people and bots over WebSockets, built on the public API only.

:mod:`.protocol` (the messages and their limits), :mod:`.tables` (a game, its seats and
what each seat is sent), :mod:`.store` (saved tables in SQLite), :mod:`.server` (the
Starlette application). Nothing in the core imports this package.
"""
