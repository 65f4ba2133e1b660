"""Synchronisation with the tasks, with PyCOMPSs' names and signatures.

Run by ``braid-run``, these wait for the runtime (braid._runtime.runtime_session).

Without the Braid runtime (``python app.py``) every task has already ended when its call
returns, so these functions have nothing to wait for: they return the values and files as they
are, as PyCOMPSs' sequential mode does. ``compss_delete_file`` deletes the file, as Braid's
runtime does (docs/PYTHON.md).
"""

import os
from typing import Any, List, Union

import braid._runtime as runtime
from braid.errors import TaskGroupError

_groups: List[str] = []


def compss_wait_on(*args: Any, **kwargs: Any) -> Any:
    """The values of the given futures (one value for one argument, else a list), nested lists,
    tuples and dicts of futures included. ``mode`` ("r" or "rw") is PyCOMPSs' keyword."""
    unknown = [k for k in kwargs if k != "mode"]
    if unknown:
        raise TypeError(f"compss_wait_on() got an unexpected keyword argument {unknown[0]!r}")
    mode = kwargs.get("mode", "rw")
    if mode not in ("r", "rw"):
        raise ValueError(f"compss_wait_on(): mode must be 'r' or 'rw', not {mode!r}")
    session = runtime.session
    if session is not None:
        args = tuple(session.wait_on(a) for a in args)
    return args[0] if len(args) == 1 else list(args)


def compss_wait_on_file(*file_name: str) -> None:
    """Waits until the tasks writing these files have ended."""
    session = runtime.session
    if session is not None:
        for name in file_name:
            session.wait_on_file(name)
    return None


def compss_wait_on_directory(*directory_name: str) -> None:
    """Waits until the tasks writing these directories have ended and brings what they wrote
    into each directory (its former content is replaced)."""
    session = runtime.session
    if session is not None:
        for name in directory_name:
            session.wait_on_directory(name)
    return None


def compss_open(file_name: str, mode: str = "r") -> Any:
    """Opens the file once the tasks writing it have ended (``open(file_name, mode)``)."""
    if runtime.session is not None:
        runtime.session.wait_on_file(file_name)
    return open(file_name, mode)


def compss_file_exists(*file_name: str) -> Union[bool, List[bool]]:
    """Whether each file exists (once the tasks writing it have ended)."""
    compss_wait_on_file(*file_name)
    found = [os.path.exists(f) for f in file_name]
    return found[0] if len(found) == 1 else found


def compss_delete_file(*file_name: str) -> Union[bool, List[bool]]:
    """Deletes the files and forgets them; True for each (a missing file is not an error)."""
    session = runtime.session
    for name in file_name:
        if session is not None:
            session.delete_file(name)
            continue
        try:
            os.remove(name)
        except FileNotFoundError:
            pass
    return True if len(file_name) == 1 else [True] * len(file_name)


def compss_delete_object(*obj: Any) -> Union[bool, List[bool]]:
    """Tells the runtime these objects are not used any more; True for each."""
    if runtime.session is not None:
        for o in obj:
            runtime.session.delete_object(o)
    return True if len(obj) == 1 else [True] * len(obj)


def compss_barrier(no_more_tasks: bool = False) -> None:
    """Waits until every task called so far has ended."""
    if runtime.session is not None:
        runtime.session.barrier()
    return None


def compss_barrier_group(group_name: str) -> None:
    """Waits until every task of the group has ended (a name no group has: returns at once).
    Raises :class:`braid.errors.TaskGroupError` when a task failure ended the group."""
    if runtime.session is not None:
        message = runtime.session.barrier_group(group_name)
        if message is not None:
            raise TaskGroupError(f"task group {group_name}: {message}")
    return None


class TaskGroup:
    """``with TaskGroup("name"):`` groups the tasks called inside; with ``implicit_barrier`` (the
    default) the block ends when they have. Groups nest."""

    def __init__(self, group_name: str, implicit_barrier: bool = True):
        if not isinstance(group_name, str) or not group_name:
            raise ValueError(f"TaskGroup needs a non-empty name, not {group_name!r}")
        self.group_name = group_name
        self.implicit_barrier = implicit_barrier

    def __enter__(self) -> "TaskGroup":
        _groups.append(self.group_name)
        if runtime.session is not None:
            runtime.session.open_group(self.group_name)
        return self

    def __exit__(self, exc_type: Any, exc: Any, traceback: Any) -> None:
        _groups.pop()
        barrier = self.implicit_barrier and exc_type is None
        if runtime.session is not None:
            message = runtime.session.close_group(self.group_name, barrier)
            if message is not None:
                raise TaskGroupError(f"task group {self.group_name}: {message}")
        elif barrier:
            compss_barrier_group(self.group_name)


def current_groups() -> List[str]:
    """The names of the groups the caller is in, outermost first (used by the runtime binding)."""
    return list(_groups)
