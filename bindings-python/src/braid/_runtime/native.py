"""ctypes over libbraid (bindings-c): braid.h's run calls and braid_foreign.h's task calls.

This is the binding's whole native layer: the Java master runs in this process, in the JVM
libbraid starts through the JNI invocation API, and every task call goes through
``braid_foreign_*`` (docs/DESIGN.md, "The Python main program's native layer"). Nothing here
knows about pickles or futures: objects are ids and bytes, as braid_foreign.h says.

Where libbraid is found (the first that exists): ``$BRAID_LIBBRAID``; beside the braid.jar named
by ``$BRAID_JAR`` or ``$BRAID_HOME`` (an installation's ``lib/libbraid.so`` for
``share/braid/braid.jar``, this repository's ``bindings-c/target/build/libbraid.so`` for
``runtime/dist/target/braid.jar``); then the system's library path (``ctypes.util.find_library``).
"""

import ctypes
import ctypes.util
import os
from typing import Callable, List, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")

c_char_pp = ctypes.POINTER(ctypes.c_char_p)
c_longlong_p = ctypes.POINTER(ctypes.c_longlong)
c_size_t_p = ctypes.POINTER(ctypes.c_size_t)

#: braid_status values (braid.h) that are the caller's fault: braid-run exits 2 on them, as for its options.
ERR_ARGUMENT = 1


class BraidError(RuntimeError):
    """A libbraid call failed: the message is braid_last_error()'s one line."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def find_libbraid(environ=os.environ) -> str:
    """The path of libbraid.so, or :class:`BraidError` naming where it looked."""
    given = environ.get("BRAID_LIBBRAID")
    if given:
        if not os.path.isfile(given):
            raise BraidError(0, f"BRAID_LIBBRAID={given}: no such file")
        return given
    looked: List[str] = []
    jars = [environ.get("BRAID_JAR")]
    if environ.get("BRAID_HOME"):
        jars.append(os.path.join(environ["BRAID_HOME"], "braid.jar"))
    for jar in filter(None, jars):
        here = os.path.dirname(os.path.abspath(jar))
        for candidate in (os.path.join(here, "..", "..", "lib", "libbraid.so"),
                          os.path.join(here, "..", "..", "lib64", "libbraid.so"),
                          os.path.join(here, "..", "..", "..", "bindings-c", "target", "build", "libbraid.so")):
            candidate = os.path.normpath(candidate)
            if os.path.isfile(candidate):
                return candidate
            looked.append(candidate)
    system = ctypes.util.find_library("braid")
    if system:
        return system
    raise BraidError(0, "libbraid.so not found (looked at " + (", ".join(looked) or "no BRAID_JAR/BRAID_HOME")
                     + " and the system's library path): set BRAID_LIBBRAID, or build bindings-c")


def _strings(values: Sequence[str]):
    return (ctypes.c_char_p * len(values))(*(v.encode() for v in values)) if values else None


def _optional_strings(values: Sequence[Optional[str]]):
    """An array with NULL entries for None; NULL when every entry is None."""
    if not any(v is not None for v in values):
        return None
    return (ctypes.c_char_p * len(values))(*(None if v is None else v.encode() for v in values))


def _text(s: Optional[str]):
    return None if s is None else s.encode()


class Libbraid:
    """The loaded library, its functions declared once; every failure raises :class:`BraidError`."""

    def __init__(self, path: str):
        try:
            self._lib = lib = ctypes.CDLL(path)
        except OSError as e:
            raise BraidError(0, f"cannot load libbraid ({path}): {e}") from None
        self.path = path
        i, ll, cp, vp = ctypes.c_int, ctypes.c_longlong, ctypes.c_char_p, ctypes.c_void_p
        sigs = {
            "braid_last_error": ([], cp),
            "braid_on_options": ([cp, cp], i),
            "braid_barrier": ([], i),
            "braid_off": ([], i),
            "braid_log_dir": ([c_char_pp], i),
            "braid_foreign_define": ([cp, cp, cp, cp, c_char_pp, i, i, c_char_pp, i, i, i, cp, ll,
                                      ctypes.POINTER(i)], i),
            "braid_foreign_define_program": ([cp, cp, c_char_pp, i, c_char_pp, c_char_pp, c_char_pp, i, i, c_char_pp,
                                              i, i, i, cp, ll, ctypes.POINTER(i)], i),
            "braid_foreign_submit": ([i, c_longlong_p, c_char_pp, c_size_t_p, c_char_pp, c_longlong_p, i,
                                      c_size_t_p, ctypes.POINTER(c_longlong_p), ctypes.POINTER(c_char_pp),
                                      ctypes.POINTER(c_size_t_p), c_longlong_p], i),
            "braid_foreign_wait_on": ([ll, ctypes.POINTER(vp), c_size_t_p], i),
            "braid_foreign_wait_on_file": ([cp, ctypes.POINTER(vp)], i),
            "braid_foreign_delete_object": ([ll], i),
            "braid_foreign_delete_objects": ([c_longlong_p, ctypes.c_size_t], i),
            "braid_foreign_delete_file": ([cp], i),
            "braid_foreign_open_group": ([cp], i),
            "braid_foreign_close_group": ([cp, i, ctypes.POINTER(vp)], i),
            "braid_foreign_barrier_group": ([cp, ctypes.POINTER(vp)], i),
            "braid_foreign_cancel_group": ([cp], i),
            "braid_foreign_free": ([vp], None),
        }
        for name, (args, result) in sigs.items():
            try:
                f = getattr(lib, name)
            except AttributeError:
                raise BraidError(0, f"{path} has no {name}: a libbraid older than this package") from None
            f.argtypes = args
            f.restype = result

    @property
    def cdll(self) -> ctypes.CDLL:
        """The loaded library itself, for the stream functions (braid.streams._native)."""
        return self._lib

    def _check(self, status: int) -> None:
        if status != 0:
            raise BraidError(status, (self._lib.braid_last_error() or b"").decode(errors="replace")
                             or f"libbraid failed with status {status}")

    def _taken_text(self, p: ctypes.c_void_p) -> Optional[str]:
        if not p.value:
            return None
        try:
            return ctypes.string_at(p.value).decode(errors="replace")
        finally:
            self._lib.braid_foreign_free(p)

    # ---- the run (braid.h) ----------------------------------------------------------------------

    def on(self, options: str, app_name: Optional[str]) -> None:
        self._check(self._lib.braid_on_options(_text(options), _text(app_name)))

    def barrier(self) -> None:
        self._check(self._lib.braid_barrier())

    def off(self) -> None:
        self._check(self._lib.braid_off())

    def log_dir(self) -> str:
        d = ctypes.c_char_p()
        self._check(self._lib.braid_log_dir(ctypes.byref(d)))
        return d.value.decode()

    # ---- tasks (braid_foreign.h) ----------------------------------------------------------------

    def define(self, module: str, function: str, location: Optional[str], params: Sequence[str], returns: int,
               constraints: Sequence[str], io: bool, priority: bool, on_failure: Optional[str],
               time_out_ms: int) -> int:
        type_id = ctypes.c_int()
        self._check(self._lib.braid_foreign_define(
            b"python", module.encode(), function.encode(), _text(location), _strings(params), len(params), returns,
            _strings(constraints), len(constraints), int(io), int(priority), _text(on_failure), time_out_ms,
            ctypes.byref(type_id)))
        return type_id.value

    def define_program(self, module: str, function: str, program: Sequence[str], params: Sequence[str],
                       prefixes: Sequence[Optional[str]], streams: Sequence[Optional[str]], returns: int,
                       constraints: Sequence[str], io: bool, priority: bool, on_failure: Optional[str],
                       time_out_ms: int) -> int:
        """A task type whose implementation is a binary or MPI program (braid_foreign_define_program)."""
        type_id = ctypes.c_int()
        n = len(params)
        self._check(self._lib.braid_foreign_define_program(
            module.encode(), function.encode(), _strings(program), len(program), _strings(params),
            _optional_strings(prefixes), _optional_strings(streams), n, returns, _strings(constraints),
            len(constraints), int(io), int(priority), _text(on_failure), time_out_ms, ctypes.byref(type_id)))
        return type_id.value

    def submit(self, type_id: int, n: int, object_ids: Optional[Sequence[int]], values: Optional[Sequence[Optional[bytes]]],
               files: Optional[Sequence[Optional[str]]], return_ids: Sequence[int],
               elements: Optional[Sequence[Optional[Tuple[Sequence[int], Sequence[Optional[bytes]]]]]]) -> None:
        """One array entry per parameter (see braid_foreign_submit); ``elements[i]``: (ids, bytes or None) of
        collection parameter i."""
        ids = (ctypes.c_longlong * n)(*object_ids) if object_ids is not None else None
        vals = sizes = None
        if values is not None:
            vals = (ctypes.c_char_p * n)(*values)
            sizes = (ctypes.c_size_t * n)(*(0 if v is None else len(v) for v in values))
        paths = (ctypes.c_char_p * n)(*(None if f is None else f.encode() for f in files)) if files else None
        rets = (ctypes.c_longlong * len(return_ids))(*return_ids) if return_ids else None
        counts = eids = evals = esizes = None
        if elements is not None:
            counts = (ctypes.c_size_t * n)()
            eids = (c_longlong_p * n)()
            evals = (c_char_pp * n)()
            esizes = (c_size_t_p * n)()
            keep = []
            for k, e in enumerate(elements):
                if e is None:
                    continue
                element_ids, element_bytes = e
                m = len(element_ids)
                counts[k] = m
                a = (ctypes.c_longlong * m)(*element_ids)
                b = (ctypes.c_char_p * m)(*element_bytes)
                s = (ctypes.c_size_t * m)(*(0 if v is None else len(v) for v in element_bytes))
                keep.append((a, b, s))
                eids[k] = ctypes.cast(a, c_longlong_p)
                evals[k] = ctypes.cast(b, c_char_pp)
                esizes[k] = ctypes.cast(s, c_size_t_p)
        self._check(self._lib.braid_foreign_submit(type_id, ids, vals, sizes, paths, rets, len(return_ids), counts,
                                                    eids, evals, esizes, None))

    def wait_on(self, object_id: int, read: Callable[[memoryview], T]) -> T:
        """Waits for the object's newest version and gives its bytes to ``read`` (e.g.
        ``pickle.loads``) in place: a view of the runtime's buffer, valid during the call only (a
        large object is not copied into a ``bytes`` first: one array less in this process)."""
        data = ctypes.c_void_p()
        size = ctypes.c_size_t()
        self._check(self._lib.braid_foreign_wait_on(object_id, ctypes.byref(data), ctypes.byref(size)))
        try:
            if not size.value:
                return read(memoryview(b""))
            view = memoryview((ctypes.c_char * size.value).from_address(data.value)).cast("B")
            try:
                return read(view)
            finally:
                view.release()
        finally:
            if data.value:
                self._lib.braid_foreign_free(data)

    def wait_on_file(self, path: str) -> str:
        canonical = ctypes.c_void_p()
        self._check(self._lib.braid_foreign_wait_on_file(path.encode(), ctypes.byref(canonical)))
        return self._taken_text(canonical) or path

    def delete_object(self, object_id: int) -> None:
        self._check(self._lib.braid_foreign_delete_object(object_id))

    def delete_objects(self, object_ids: Sequence[int]) -> None:
        """braid_foreign_delete_object of every id, in one call."""
        if object_ids:
            ids = (ctypes.c_longlong * len(object_ids))(*object_ids)
            self._check(self._lib.braid_foreign_delete_objects(ids, len(object_ids)))

    def delete_file(self, path: str) -> None:
        self._check(self._lib.braid_foreign_delete_file(path.encode()))

    def open_group(self, name: str) -> None:
        self._check(self._lib.braid_foreign_open_group(name.encode()))

    def close_group(self, name: str, barrier: bool) -> Optional[str]:
        message = ctypes.c_void_p()
        self._check(self._lib.braid_foreign_close_group(name.encode(), int(barrier), ctypes.byref(message)))
        return self._taken_text(message)

    def barrier_group(self, name: str) -> Optional[str]:
        message = ctypes.c_void_p()
        self._check(self._lib.braid_foreign_barrier_group(name.encode(), ctypes.byref(message)))
        return self._taken_text(message)

    def cancel_group(self, name: str) -> None:
        self._check(self._lib.braid_foreign_cancel_group(name.encode()))
