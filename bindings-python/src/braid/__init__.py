"""Braid's Python binding: PyCOMPSs applications port by replacing ``pycompss`` with ``braid``.

The user-facing modules mirror PyCOMPSs (``braid.api.task``, ``braid.api.parameter``,
``braid.api.api``...). Everything under ``braid._internal`` is private; ``braid.worker`` is the
task executor a Braid worker runs (``python -m braid.worker``).
"""

__version__ = "0.1.0"
