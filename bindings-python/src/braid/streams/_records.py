"""How a Python value becomes an object stream's element, and back (docs/PYTHON.md, "Streams").

Python publishes bytes only, the one element type Java, C and Python all read: ``bytes`` go as
they are (a Java ``byte[]``, a C record), anything else (``str`` included) as a pickle behind
:data:`PICKLE_TAG`, so that a Python reader tells a pickle from bytes another language wrote.
Bytes that happen to start with the tag are pickled too, so every value comes back as it was
published, and a task and a main program (whose libbraid streams carry bytes only) publish the
same records. Reading, a Java ``String`` (kind ``str``) becomes a ``str``.
"""

import pickle
from typing import Any

PICKLE_TAG = b"\x00braid-pickle\x00"
"""First bytes of an element that is a pickled Python object (a Java or C reader sees a byte[]
/ record starting with them)."""

BYTES = "bytes"
TEXT = "str"


def encode(value: Any) -> bytes:
    """The element's bytes: ``value`` itself for bytes, else the tagged pickle."""
    if type(value) is bytes and not value.startswith(PICKLE_TAG):
        return value
    return PICKLE_TAG + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def decode(kind: str, payload: bytes) -> Any:
    """An element read: ``kind`` "str" for a Java ``String`` (UTF-8 ``payload``), else "bytes"."""
    if kind == TEXT:
        return payload.decode("utf-8")
    if payload.startswith(PICKLE_TAG):
        return pickle.loads(payload[len(PICKLE_TAG):])
    return payload
