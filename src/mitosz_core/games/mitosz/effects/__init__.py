"""The Mítosz effect language: what cards do, as data (chapter 4).

``language`` is the closed set of frozen values card files are made of; ``interpret``
is the one place that gives them meaning.
"""
