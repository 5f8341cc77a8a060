"""The pure engine: derivation (events → preferences), retrieval, and the prompt block.

No I/O, no Qt, no clock: every function that depends on time takes ``now`` (int ms UTC).
"""
