"""Adapters of the engine to the AI libraries (the ``rl`` extra): NumPy tensors,
PettingZoo, OpenSpiel, Gymnasium. The core never imports them."""
