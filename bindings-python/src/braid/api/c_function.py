"""C functions of a shared library as the body of a task: ``@c_function``.

Stacked under ``@task``, it makes the task call ``symbol`` of ``library`` through ctypes::

    @task(returns=1)
    @c_function(library="libm.so.6", symbol="cos", restype=ctypes.c_double, argtypes=[ctypes.c_double])
    def cos(x): ...

The call runs in the worker's Python process of the executor, as any Python task: a crash in the
C function (SIGSEGV, abort) ends that process only; the task fails, is retried like any task,
and the executor's next task starts a new process. The function's body is never run.

Arguments: numbers and ``bool`` as ``argtypes`` says; ``str`` (a string, or a FILE parameter's
path) as a NUL-terminated UTF-8 ``const char *``; ``bytes`` as a read-only ``const char *`` to
its bytes; ``bytearray`` as a ``char *`` to its own memory, so what the function writes there is
the argument's new value when the task declares it INOUT; ``None`` as NULL.
"""

import ctypes
import functools
import os

__all__ = ["c_function", "CFunctionUnavailable"]

_LIBRARIES = {}
_FUNCTIONS = {}


class CFunctionUnavailable(Exception):
    """The library cannot be loaded, or has no such symbol: one line naming both."""


def c_function(library, symbol, restype=ctypes.c_int, argtypes=None):
    """Makes the decorated function call ``symbol`` of ``library`` (``${VAR}`` and ``$VAR``
    expand from the worker's environment when the task runs). ``restype``/``argtypes`` are
    ctypes types, as for a ctypes function (``restype=None``: void; ``argtypes=None``: ctypes'
    default conversions)."""
    if not library or not symbol:
        raise TypeError("@c_function needs library and symbol, e.g. @c_function(library=\"libm.so.6\","
                        " symbol=\"cos\", restype=ctypes.c_double, argtypes=[ctypes.c_double])")

    def decorate(declared):
        @functools.wraps(declared)
        def call(*args):
            f = _function(os.path.expandvars(library), symbol, restype, argtypes)
            return f(*[_argument(a) for a in args])
        call.__braid_c_function__ = (library, symbol)
        return call
    return decorate


def _function(library, symbol, restype, argtypes):
    key = (library, symbol)
    f = _FUNCTIONS.get(key)
    if f is None:
        lib = _LIBRARIES.get(library)
        if lib is None:
            try:
                lib = _LIBRARIES[library] = ctypes.CDLL(library)
            except OSError as e:
                raise CFunctionUnavailable(f"C function {symbol} of {library}: cannot load library {library}: {e}") \
                    from None
        try:
            f = getattr(lib, symbol)
        except AttributeError:
            raise CFunctionUnavailable(f"C function {symbol} of {library}: library {library} has no symbol {symbol}") \
                from None
        f.restype = restype
        if argtypes is not None:
            f.argtypes = argtypes
        _FUNCTIONS[key] = f
    return f


def _argument(a):
    if isinstance(a, str):
        return a.encode("utf-8")
    if isinstance(a, bytearray):
        return (ctypes.c_char * len(a)).from_buffer(a) if a else None
    return a
