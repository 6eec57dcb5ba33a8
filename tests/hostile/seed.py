"""The hostile suite's one random seed: fresh each run, printed in every failure, and replayed by
setting ``CPOLY_HOSTILE_SEED=N`` (every test of the suite draws from it).

>>> replay("a detail").startswith(f"CPOLY_HOSTILE_SEED={SEED}: ")
True
"""

from __future__ import annotations

import os
import random

SEED = int(os.environ.get("CPOLY_HOSTILE_SEED", random.randrange(1 << 32)))


def replay(detail: str) -> str:
    """How to replay a failure: the seed's setting, then ``detail`` (the case in words)."""
    return f"CPOLY_HOSTILE_SEED={SEED}: {detail}"
