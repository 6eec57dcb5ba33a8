"""Video-poker features solved on the base analysis: Multi-Strike levels, Ultimate X multipliers.
"""
