"""Work split into chunks: threads in this process, or Dask across machines.

* :mod:`~cpoly.scale.parallel`: chunks of work on threads, one per core this process may use.
* :mod:`~cpoly.scale.chunks`: chunks on a Dask ``LocalCluster`` or any scheduler, a bounded
  window in flight, results checkpointed one file per chunk, ``--resume`` skipping those done.
* :mod:`~cpoly.scale.daskclient`: the Dask client they run on: a local cluster deaf to Ctrl-C,
  or a scheduler checked before it is trusted.

Imports: cpoly.errors, cpoly.store
"""

__all__: list[str] = []
