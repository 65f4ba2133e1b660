"""Length-prefixed frames: a 4-byte big-endian unsigned length, then that many bytes.

A message is one frame of UTF-8 JSON (the header) followed by ``header["blobs"]`` binary frames
(pickled objects), so that the Java side reads every header with a JSON parser and carries the
pickles as opaque bytes.
"""

import json
import struct
from typing import Any, BinaryIO, List, Optional, Tuple

MAX_FRAME = 1 << 31


class ProtocolError(Exception):
    """The peer sent something that is not a frame of this protocol."""


def write_message(stream: BinaryIO, header: dict, blobs: List[bytes] = ()) -> None:
    header = dict(header, blobs=len(blobs))
    payload = json.dumps(header, separators=(",", ":")).encode("utf-8")
    parts = [struct.pack(">I", len(payload)), payload]
    for blob in blobs:
        parts.append(struct.pack(">I", len(blob)))
        parts.append(blob)
    stream.write(b"".join(parts))
    stream.flush()


def read_message(stream: BinaryIO) -> Optional[Tuple[dict, List[bytes]]]:
    """The next message, or None when the stream ended cleanly between two messages."""
    first = _read_frame(stream, allow_eof=True)
    if first is None:
        return None
    try:
        header = json.loads(first.decode("utf-8"))
    except ValueError as e:
        raise ProtocolError(f"header frame is not JSON: {e}") from None
    if not isinstance(header, dict):
        raise ProtocolError("header frame is not a JSON object")
    count = header.get("blobs", 0)
    if not isinstance(count, int) or count < 0:
        raise ProtocolError(f"bad blob count {count!r}")
    return header, [_read_frame(stream, allow_eof=False) for _ in range(count)]


def _read_frame(stream: BinaryIO, allow_eof: bool) -> Any:
    prefix = _read_exactly(stream, 4, allow_eof)
    if prefix is None:
        return None
    (length,) = struct.unpack(">I", prefix)
    if length >= MAX_FRAME:
        raise ProtocolError(f"frame of {length} bytes is too long")
    return _read_exactly(stream, length, False)


def _read_exactly(stream: BinaryIO, count: int, allow_eof: bool) -> Optional[bytes]:
    chunks = []
    remaining = count
    while remaining:
        chunk = stream.read(remaining)
        if not chunk:
            if allow_eof and remaining == count:
                return None
            raise ProtocolError(f"stream ended inside a frame ({count - remaining} of {count} bytes)")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
