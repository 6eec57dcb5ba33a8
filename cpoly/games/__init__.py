"""The games built on the engine: video poker and Hold'em, each its own package; neither imports
the other.

Imports: nothing
"""

__all__: list[str] = []
