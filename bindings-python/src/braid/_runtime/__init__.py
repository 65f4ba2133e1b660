"""Runtime mode: the main program run by ``braid-run`` drives the Java master in this process.

``session`` is the :class:`braid._runtime.session.Session` of the run, set by the launcher
(``braid._runtime.launch``) before the application is imported, and None otherwise: a plain
``python app.py`` (sequential mode) and the workers' ``python -m braid.worker`` never set it.
"""

session = None
