"""The Python process ``braid-run app.py args`` starts: runs the application as ``__main__``
with the Braid runtime on in this process (docs/PYTHON.md, docs/DESIGN.md).

braid-run passes its own options in ``BRAID_RUN_OPTIONS`` (given to ``braid_on_options``) and the
braid.jar it runs in ``BRAID_JAR`` (libbraid starts that jar, and is found beside it). The exit
status is 0 only if the application and all its tasks succeeded; 2 for options braid_on refuses.
"""

import builtins
import ctypes
import os
import re
import signal
import sys
import traceback
import types
from typing import List, Optional

import braid._runtime as state
from braid._runtime.native import ERR_ARGUMENT, BraidError, Libbraid, find_libbraid
from braid._runtime.runtime_session import Session
from braid.streams import _backends as streams
from braid.streams._native import NativeBackend
from braid.errors import TaskArgumentError, TaskDefinitionError

_ONE_LINE = (TaskDefinitionError, TaskArgumentError, BraidError)


def main(argv: List[str]) -> int:
    if not argv:
        print("braid-run: no Python application given", file=sys.stderr)
        return 2
    app = os.path.abspath(argv[0])
    if not os.path.isfile(app):
        print(f"braid-run: {argv[0]}: no such Python file", file=sys.stderr)
        return 2
    _die_with_parent()
    # The workers' Python processes run the interpreter of the main program (its venv, its packages).
    os.environ.setdefault("BRAID_PYTHON", sys.executable)
    _master_option("-Dbraid.python.prestart=true")  # the workers start their Python processes as they start
    if uses_object_streams(app):
        _master_option("-Dbraid.streams.prepare=true")
    try:
        lib = Libbraid(find_libbraid())
        lib.on(os.environ.get("BRAID_RUN_OPTIONS", ""), os.path.basename(app))
    except BraidError as e:
        print(f"braid-run: {e}", file=sys.stderr)
        return 2 if e.status == ERR_ARGUMENT else 1
    state.session = Session(lib, os.path.dirname(app))
    # The main program's streams are libbraid's handles (the Java library's, in this process's JVM).
    streams.install_main(NativeBackend(lib.cdll))
    sys.argv = [argv[0]] + list(argv[1:])
    sys.path[0] = os.path.dirname(app)
    status = 0
    reported: Optional[str] = None
    try:
        _run_as_main(app)
    except SystemExit as e:
        status = _exit_status(e.code)
    except BaseException as e:  # noqa: B902 - KeyboardInterrupt too: the runtime still stops
        status = 1
        reported = _report(e, app)
    sys.stdout.flush()
    finished: Optional[BraidError] = None
    if status == 0:
        try:  # directories tasks wrote reach their paths, dropped Futures are released
            state.session.finish()
        except BraidError as e:
            finished = e
    try:
        lib.off()
        if finished is not None:
            raise finished
    except BraidError as e:
        status = status or 1
        if reported is None:  # else the application stopped on this failure, reported already
            print(f"braid: error: {e}", file=sys.stderr)
            _task_traceback(str(e))
    finally:
        state.session = None
        streams.install_main(None)
    return status


def uses_object_streams(app: str) -> bool:
    """True when the application's source names ``ObjectDistroStream`` (outside strings and
    comments). A Java run knows from its task interface that tasks take object streams and starts
    the Kafka broker beside the workers; a Python application's tasks are only known as it runs,
    and a broker started at the first ``ObjectDistroStream()`` starts after the workers, seconds
    later (docs/performance/python.md). A module the application imports is not looked at."""
    import ast
    try:
        with open(app, "rb") as f:
            tree = ast.parse(f.read(), app)
    except (OSError, SyntaxError, ValueError):
        return False  # the run reports it, as before
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "ObjectDistroStream":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "ObjectDistroStream":
            return True
        if isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] == "ObjectDistroStream":
            return True
    return False


def _master_option(flag: str) -> None:
    """Adds ``flag`` to the options of the master (the JVM libbraid starts in this process, reading
    BRAID_MASTER_JVM_OPTS). ``braid.streams.prepare``: the master starts the broker with the run and
    has the workers ready their Kafka clients, as for a Java application whose tasks take object
    streams (--streaming=NONE or FILES still has no broker). ``braid.python.prestart``: the master
    has its workers start their Python processes as they start, not at their first task."""
    options = os.environ.get("BRAID_MASTER_JVM_OPTS", "")
    if flag not in options.split():
        os.environ["BRAID_MASTER_JVM_OPTS"] = f"{options} {flag}".strip()


def _run_as_main(app: str) -> None:
    """Runs the script as ``__main__`` that is also importable under its file's name: the workers
    import it as that module to find its tasks, so the classes it defines are pickled under that
    name (``app.Point``, not ``__main__.Point``) and unpickled here as the same classes."""
    name = os.path.splitext(os.path.basename(app))[0]
    module = types.ModuleType("__main__")
    module.__file__ = app
    module.__builtins__ = builtins
    sys.modules["__main__"] = module
    sys.modules.setdefault(name, module)
    build_class = builtins.__build_class__

    def build_app_class(*args, **kwargs):
        cls = build_class(*args, **kwargs)
        if getattr(cls, "__module__", None) == "__main__":
            cls.__module__ = name
        return cls

    builtins.__build_class__ = build_app_class
    with open(app, "rb") as f:
        code = compile(f.read(), app, "exec")
    exec(code, module.__dict__)


def _report(error: BaseException, app: str) -> Optional[str]:
    """Prints the application's exception: one line for Braid's own errors, else the traceback
    from the application's frames (not this launcher's). Returns the one line of a run's failure."""
    if isinstance(error, _ONE_LINE):
        print(f"braid: error: {error}", file=sys.stderr)
        if isinstance(error, BraidError):
            _task_traceback(str(error))
            return str(error)
        return None
    tb = error.__traceback__
    while tb is not None and os.path.abspath(tb.tb_frame.f_code.co_filename) != app:
        tb = tb.tb_next
    traceback.print_exception(type(error), error, tb or error.__traceback__, file=sys.stderr)
    return None


_FAILED_TASK = re.compile(r"Python task (?P<name>[\w.]+) raised")
_LOGS = re.compile(r"\(logs: (?P<dir>[^)]+)\)")


def _task_traceback(message: str) -> None:
    """A task's Python exception ended the run: its traceback (from the job's .err file) goes to
    stderr, below the one-line reason."""
    name = _FAILED_TASK.search(message)
    if name is None:
        return
    function = name.group("name").rsplit(".", 1)[-1]
    logs = _LOGS.search(message)
    log_dir = logs.group("dir") if logs else None
    if log_dir is None:
        try:
            log_dir = state.session.lib.log_dir() if state.session else None
        except BraidError:
            log_dir = None
    jobs = os.path.join(log_dir, "jobs") if log_dir else None
    if not jobs or not os.path.isdir(jobs):
        return
    errs = sorted((os.path.getmtime(os.path.join(jobs, f)), f) for f in os.listdir(jobs)
                  if f.endswith(f"_{function}.err"))
    for _, f in reversed(errs):
        with open(os.path.join(jobs, f), errors="replace") as text:
            content = text.read()
        if "Traceback" in content:
            start = content.rfind("Traceback (most recent call last)")
            sys.stderr.write(f"[braid] the task's traceback ({os.path.join(jobs, f)}):\n{content[start:]}")
            if not content.endswith("\n"):
                sys.stderr.write("\n")
            return


def _exit_status(code) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _die_with_parent() -> None:
    """Started by braid-run (``BRAID_RUN_PARENT``: its pid), this process ends with it, even when
    braid-run is killed outright: Linux's parent-death signal, SIGTERM so that the runtime's
    shutdown hooks stop the workers (libbraid's braid_on does the same for a C main program)."""
    parent = os.environ.get("BRAID_RUN_PARENT")
    if not parent:
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return  # not Linux: braid-run's shutdown hook still stops this process on SIGTERM/SIGINT
    if str(os.getppid()) != parent.strip():  # braid-run died before the request
        os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
