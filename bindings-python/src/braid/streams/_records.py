"""How a Python value becomes an object stream's element, and back (docs/PYTHON.md, "Streams").

Elements cross languages as bytes or text: ``bytes`` go as they are (a Java ``byte[]``, a C
record), ``str`` as text (a Java ``String``), anything else as a pickle behind :data:`PICKLE_TAG`,
so that a Python reader tells a pickle from bytes another language wrote. Bytes that happen to
start with the tag are pickled too, so every value comes back as it was published.
"""

import pickle
from typing import Any, Tuple

PICKLE_TAG = b"\x00braid-pickle\x00"
"""First bytes of an element that is a pickled Python object (a Java or C reader sees a byte[]
/ record starting with them)."""

BYTES = "bytes"
TEXT = "str"


def encode(value: Any) -> Tuple[str, bytes]:
    """(kind, payload): ``("str", utf-8)`` for text, ``("bytes", ...)`` for bytes and pickles."""
    if type(value) is str:
        return TEXT, value.encode("utf-8")
    if type(value) is bytes and not value.startswith(PICKLE_TAG):
        return BYTES, value
    return BYTES, PICKLE_TAG + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def decode(kind: str, payload: bytes) -> Any:
    if kind == TEXT:
        return payload.decode("utf-8")
    if payload.startswith(PICKLE_TAG):
        return pickle.loads(payload[len(PICKLE_TAG):])
    return payload
