"""Parameter directions and types for ``@task``, with PyCOMPSs' names.

``@task(a=INOUT, f=FILE_IN, xs=COLLECTION_IN)`` or, with the dictionary form,
``@task(xs={Type: COLLECTION_IN, Depth: 2}, f={Type: FILE_IN, Prefix: "--in="})``.
For ``@binary``/``@mpi`` tasks, a FILE parameter may be the program's standard stream:
``{Type: FILE_OUT, StdIOStream: STDOUT}``, or ``FILE_OUT_STDOUT``.
A name is exported only when Braid carries it out (docs/PYTHON.md lists what is not there yet).
"""

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class _Param:
    """One declared parameter kind: what the value is (an object, a file path, a directory path,
    a collection, a stream) and how the task uses it (IN, OUT, INOUT); for a file, the standard
    stream of a @binary/@mpi program it is (STDIN, STDOUT, STDERR), if any."""

    kind: str
    direction: str
    alias: str
    stream: Optional[str] = None

    def __repr__(self) -> str:
        return self.alias


class DIRECTION:
    """Directions, as strings (the values ``Direction`` takes in the dictionary form)."""

    IN = "IN"
    OUT = "OUT"
    INOUT = "INOUT"


class TYPE:
    """Kinds of parameter value."""

    OBJECT = "object"
    FILE = "file"
    DIRECTORY = "directory"
    COLLECTION = "collection"
    STREAM = "stream"


# Keys of the dictionary form, with PyCOMPSs' names and values.
Type = "type"
Direction = "direction"
Prefix = "prefix"
Depth = "depth"
StdIOStream = "stdIOStream"

# Values of StdIOStream: the program's standard stream a FILE parameter is redirected to/from.
STDIN = "STDIN"
STDOUT = "STDOUT"
STDERR = "STDERR"

IN = _Param(TYPE.OBJECT, DIRECTION.IN, "IN")
OUT = _Param(TYPE.OBJECT, DIRECTION.OUT, "OUT")
INOUT = _Param(TYPE.OBJECT, DIRECTION.INOUT, "INOUT")

FILE = _Param(TYPE.FILE, DIRECTION.IN, "FILE")
FILE_IN = _Param(TYPE.FILE, DIRECTION.IN, "FILE_IN")
FILE_OUT = _Param(TYPE.FILE, DIRECTION.OUT, "FILE_OUT")
FILE_INOUT = _Param(TYPE.FILE, DIRECTION.INOUT, "FILE_INOUT")

DIRECTORY = _Param(TYPE.DIRECTORY, DIRECTION.IN, "DIRECTORY")
DIRECTORY_IN = _Param(TYPE.DIRECTORY, DIRECTION.IN, "DIRECTORY_IN")
DIRECTORY_OUT = _Param(TYPE.DIRECTORY, DIRECTION.OUT, "DIRECTORY_OUT")
DIRECTORY_INOUT = _Param(TYPE.DIRECTORY, DIRECTION.INOUT, "DIRECTORY_INOUT")

COLLECTION = _Param(TYPE.COLLECTION, DIRECTION.IN, "COLLECTION")
COLLECTION_IN = _Param(TYPE.COLLECTION, DIRECTION.IN, "COLLECTION_IN")
COLLECTION_OUT = _Param(TYPE.COLLECTION, DIRECTION.OUT, "COLLECTION_OUT")
COLLECTION_INOUT = _Param(TYPE.COLLECTION, DIRECTION.INOUT, "COLLECTION_INOUT")

FILE_STDIN = _Param(TYPE.FILE, DIRECTION.IN, "FILE_STDIN", STDIN)
FILE_STDOUT = _Param(TYPE.FILE, DIRECTION.IN, "FILE_STDOUT", STDOUT)
FILE_STDERR = _Param(TYPE.FILE, DIRECTION.IN, "FILE_STDERR", STDERR)
FILE_IN_STDIN = _Param(TYPE.FILE, DIRECTION.IN, "FILE_IN_STDIN", STDIN)
FILE_IN_STDOUT = _Param(TYPE.FILE, DIRECTION.IN, "FILE_IN_STDOUT", STDOUT)
FILE_IN_STDERR = _Param(TYPE.FILE, DIRECTION.IN, "FILE_IN_STDERR", STDERR)
FILE_OUT_STDIN = _Param(TYPE.FILE, DIRECTION.OUT, "FILE_OUT_STDIN", STDIN)
FILE_OUT_STDOUT = _Param(TYPE.FILE, DIRECTION.OUT, "FILE_OUT_STDOUT", STDOUT)
FILE_OUT_STDERR = _Param(TYPE.FILE, DIRECTION.OUT, "FILE_OUT_STDERR", STDERR)
FILE_INOUT_STDIN = _Param(TYPE.FILE, DIRECTION.INOUT, "FILE_INOUT_STDIN", STDIN)
FILE_INOUT_STDOUT = _Param(TYPE.FILE, DIRECTION.INOUT, "FILE_INOUT_STDOUT", STDOUT)
FILE_INOUT_STDERR = _Param(TYPE.FILE, DIRECTION.INOUT, "FILE_INOUT_STDERR", STDERR)

STREAM_IN = _Param(TYPE.STREAM, DIRECTION.IN, "STREAM_IN")
STREAM_OUT = _Param(TYPE.STREAM, DIRECTION.OUT, "STREAM_OUT")

__all__ = [
    "Type", "Direction", "Prefix", "Depth", "StdIOStream", "STDIN", "STDOUT", "STDERR", "TYPE", "DIRECTION",
    "IN", "OUT", "INOUT",
    "FILE", "FILE_IN", "FILE_OUT", "FILE_INOUT",
    "FILE_STDIN", "FILE_STDOUT", "FILE_STDERR", "FILE_IN_STDIN", "FILE_IN_STDOUT", "FILE_IN_STDERR",
    "FILE_OUT_STDIN", "FILE_OUT_STDOUT", "FILE_OUT_STDERR", "FILE_INOUT_STDIN", "FILE_INOUT_STDOUT",
    "FILE_INOUT_STDERR",
    "DIRECTORY", "DIRECTORY_IN", "DIRECTORY_OUT", "DIRECTORY_INOUT",
    "COLLECTION", "COLLECTION_IN", "COLLECTION_OUT", "COLLECTION_INOUT",
    "STREAM_IN", "STREAM_OUT",
]
