"""The candidate action encoding of the adapters (``pip install mitosz-core[rl]``): an
action is an index into the canonical legal list, at most ``K`` per decision (the
overflow rule splits a longer list in groups), with a row of features per candidate.
See :mod:`.encoding` and, for the card facts of a row, :mod:`.facts`."""

from mitosz_core.adapters.candidates.encoding import (
    CANDIDATES,
    CandidateEncoding,
    Group,
    Option,
    Path,
    encoding,
    split,
)
from mitosz_core.adapters.candidates.facts import FACTS, MITOSZ_CARD, MYTHOS_CARD, CardFacts

__all__ = [
    "CANDIDATES",
    "FACTS",
    "MITOSZ_CARD",
    "MYTHOS_CARD",
    "CandidateEncoding",
    "CardFacts",
    "Group",
    "Option",
    "Path",
    "encoding",
    "split",
]
