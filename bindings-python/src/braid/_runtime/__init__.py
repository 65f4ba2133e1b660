"""Runtime mode: the main program run by ``braid-run`` drives the Java master in this process.

``session`` is the :class:`braid._runtime.runtime_session.Session` of the run, set by the launcher
(``braid._runtime.launch``) before the application is imported, and None otherwise: a plain
``python app.py`` (sequential mode) and the workers' ``python -m braid.worker`` never set it.
"""

session = None

# The Session class lives in ``runtime_session``, not in a submodule named ``session``: importing a
# submodule sets the package's attribute of that name, and ``import braid._runtime.launch`` (a test,
# a tool) would have replaced ``session = None`` with a module, which @task takes for a running
# session (test_launch_streams.py imports it).
