"""Video poker: full-game analysis from a category array (generic formulas), autohold, cache."""
