"""The Mítosz effect language: what cards do, as data (chapter 4).

``language`` is the closed set of frozen values card files are made of; the rules'
interpreter (:mod:`mitosz_core.games.mitosz.rules.interpret`) is the one place that
gives them meaning: it reads the rules of the board, fights and lasting effects, so it
lives among them, and this package holds the data alone.
"""
