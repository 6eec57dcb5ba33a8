"""What cpoly keeps on disk: one container format, the sources a game was read from, snapshots.

* :mod:`~cpoly.store.container`: the one file format (header, aligned arrays, checksum, atomic
  write; a memory-mapped and a standard-library reader).
* :mod:`~cpoly.store.sources`: the files a game was read from, their digests, the cache folder
  and its switches, the digest of cpoly's own code.
* :mod:`~cpoly.store.snapshot`: a loaded game kept as a DAG table, read back by a warm run.

Imports: cpoly.errors, cpoly.dag
"""
