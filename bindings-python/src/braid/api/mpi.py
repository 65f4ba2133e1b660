"""``@mpi(binary=..., runner="mpirun", processes=N, ...)`` over ``@task``: the task runs an MPI
program (PyCOMPSs' decorator; docs/PYTHON.md, "Binary and MPI tasks").

The command is ``runner -n <ranks> [flags...] binary args...`` on one node, the arguments formed
as for ``@binary``. Ranks: ``processes``, times the task's ``computing_units`` with
``scale_by_cu=True``; the task holds ``processes`` × ``computing_units`` computing units.
``processes_per_node`` is accepted and unused (one node). The body is never run.
"""

from braid._internal import program as _program
from braid._internal.attach import describe
from braid.errors import TaskDefinitionError

__all__ = ["mpi", "Mpi", "MPI"]

KEYWORDS = ("binary", "runner", "processes", "computing_nodes", "processes_per_node", "working_dir", "flags",
            "scale_by_cu", "fail_by_exit_value")
UNSUPPORTED = ("args", "params")


class mpi:  # noqa: N801 - PyCOMPSs' name
    """The task is the MPI program ``binary`` started by ``runner``."""

    def __init__(self, **kwargs):
        self._options = kwargs

    def __call__(self, function):
        name = describe(function)

        def fail(message):
            return TaskDefinitionError(f"@mpi of {name}: {message}")

        o = self._options
        layouts = [k for k in o if k.endswith("_layout")]
        if layouts:
            raise fail(f"'{layouts[0]}' (a data layout of PyCOMPSs' Python MPI tasks) is not supported by Braid")
        _program.keywords("@mpi", o, KEYWORDS, UNSUPPORTED, fail)
        if o.get("binary") is None:
            raise fail("needs binary=... (Python MPI tasks, mpi4py code in the body, are not supported)")
        if o.get("runner") is None:
            raise fail("needs runner=... (the MPI launcher, e.g. runner=\"mpirun\")")
        flags = o.get("flags")
        if flags is not None and not isinstance(flags, str):
            raise fail(f"flags must be a string, not {flags!r}")
        processes = o.get("processes", o.get("computing_nodes", 1))
        if o.get("processes_per_node") is not None:
            _program.count(o["processes_per_node"], "processes_per_node", fail)
        spec = _program.Program(
            kind="mpi", binary=_program.text(o["binary"], "binary", fail, required=True),
            runner=_program.text(o["runner"], "runner", fail, required=True),
            working_dir=_program.text(o.get("working_dir"), "working_dir", fail),
            fail_by_exit_value=_program.flag(o.get("fail_by_exit_value", False), "fail_by_exit_value", fail),
            flags=(flags or "").split(), processes=_program.count(processes, "processes", fail),
            scale_by_cu=_program.flag(o.get("scale_by_cu", False), "scale_by_cu", fail))
        return _program.attach_to(function, spec, "@mpi")


Mpi = MPI = mpi
