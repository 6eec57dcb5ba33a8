"""What cpoly keeps on disk and how it touches files: one container format, the sources a game
was read from, snapshots, one atomic writer, bounded reads of the files a user names.

* :mod:`~cpoly.store.container`: the one file format (header, aligned arrays, checksum, atomic
  write; a memory-mapped and a standard-library reader).
* :mod:`~cpoly.store.sources`: the files a game was read from, their digests, the cache folder
  and its switches, the digest of cpoly's own code.
* :mod:`~cpoly.store.snapshot`: a loaded game kept as a DAG table, read back by a warm run.
* :mod:`~cpoly.store.atomic`: the one atomic writer every file cpoly writes goes through.
* :mod:`~cpoly.store.inputfile`: a file the user names read bounded (a regular file, a size cap).
* :mod:`~cpoly.store.cachecap`: the cache directory kept under its size cap, least recently
  used entries out first.
* :mod:`~cpoly.store.outfolder`: a folder a command writes, refused unless it holds only its own
  earlier files, written all at once; a checkpoint folder, refused unless new, empty or an
  earlier run's.
* :mod:`~cpoly.store.gameset`: the constants a command gives the game it loads (``--set``).
* :mod:`~cpoly.store.outfile`: one file a command writes, refused unless new or its own earlier
  output.

Imports: cpoly.errors, cpoly.dag
"""

__all__: list[str] = []
