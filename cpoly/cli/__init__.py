"""The ``cpoly`` command: one module per group of subcommands, wired in :mod:`cpoly.cli.main`."""
