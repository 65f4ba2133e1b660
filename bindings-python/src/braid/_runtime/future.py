"""What a task call returns in runtime mode: a placeholder for a value a task will produce."""


class Future:
    """The value of a task's return (object ``object_id`` of the run). ``compss_wait_on(f)`` gives
    the value; passing ``f`` to another task makes that task wait for it, without the main
    program waiting."""

    __slots__ = ("object_id", "_session", "_value", "_has_value")

    def __init__(self, object_id: int, session) -> None:
        self.object_id = object_id
        self._session = session
        self._has_value = False
        self._value = None

    def __del__(self) -> None:
        # Only queues the id (Session.dropped: a deque append): the collector may run this in any
        # thread, inside any lock or libbraid call; the session tells the runtime at its next call.
        session = self._session
        if session is not None:
            self._session = None
            session.dropped(self.object_id)

    def __repr__(self) -> str:
        return f"<braid Future of object {self.object_id}>"

    def __reduce__(self):
        raise TypeError(f"{self!r} is inside an object passed to a task or pickled: pass the future itself as a "
                        f"task parameter (or in a COLLECTION), or compss_wait_on it first")
