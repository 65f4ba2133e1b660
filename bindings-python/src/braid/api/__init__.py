"""The PyCOMPSs-compatible API: ``braid.api.task``, ``.parameter``, ``.constraint``, ``.IO``,
``.on_failure`` and ``.api`` (synchronisation functions and TaskGroup)."""
