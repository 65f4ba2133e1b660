"""Length-prefixed frames: a 4-byte big-endian unsigned length, then that many bytes.

A message is one frame of UTF-8 JSON (the header) followed by ``header["blobs"]`` binary frames
(pickled objects), so that the Java side reads every header with a JSON parser and carries the
pickles as opaque bytes.

The common task request and its successful result have a compact binary form instead, one frame
each whose first byte is ``TASK`` or ``RESULT`` (a JSON header starts with ``{``): no JSON to
parse or write per task on either side (docs/DESIGN.md, "Python worker protocol: compact task
frames"). A compact request is handed on as the header dict its JSON form would give, with
``"compact": True``, so that the executor does not know the difference; ``write_result`` answers
it compactly when every output is inline.
"""

import json
import struct
from typing import Any, BinaryIO, List, Optional, Tuple

MAX_FRAME = 1 << 31
TASK = 1
RESULT = 2
_DIRECTIONS = ("IN", "OUT", "INOUT")
_KINDS = ("value", "file")
_TASK_HEAD = struct.Struct(">BqH")
_RESULT_HEAD = struct.Struct(">BqB")
_U8 = struct.Struct(">B")
_U16 = struct.Struct(">H")
_U32 = struct.Struct(">I")
_ARG_HEAD = struct.Struct(">BBI")
_UPDATED_HEAD = struct.Struct(">HB")


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
    if first[:1] == b"\x01":
        return _compact_task(first)
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


def write_result(stream: BinaryIO, header: dict, blobs: List[bytes], compact: bool) -> None:
    """A task's reply: compact when the request was and every output is an inline pickle
    of a positional argument, else JSON (errors, outputs written to paths, keyword arguments)."""
    frame = _compact_result(header, blobs) if compact else None
    if frame is None:
        write_message(stream, header, blobs)
        return
    stream.write(_U32.pack(len(frame)))
    stream.write(frame)
    stream.flush()


def _compact_result(header: dict, blobs: List[bytes]) -> Optional[bytes]:
    if header.get("status") != "ok":
        return None
    returns, updated = header["returns"], header["updated"]
    if len(returns) > 255 or len(updated) > 0xFFFF:
        return None
    parts = [_RESULT_HEAD.pack(RESULT, header.get("id") or 0, len(returns))]
    for out in returns:
        if "blob" not in out:
            return None
        blob = blobs[out["blob"]]
        parts.append(_U32.pack(len(blob)))
        parts.append(blob)
    parts.append(_U16.pack(len(updated)))
    for u in updated:
        arg, item = u["arg"], u["item"]
        if "blob" not in u or not isinstance(arg, int) or not 0 <= arg <= 0xFFFF or len(item) > 255:
            return None
        parts.append(_UPDATED_HEAD.pack(arg, len(item)))
        parts.extend(struct.pack(">i", i) for i in item)
        blob = blobs[u["blob"]]
        parts.append(_U32.pack(len(blob)))
        parts.append(blob)
    return b"".join(parts)


def _compact_task(frame: bytes) -> Tuple[dict, List[Any]]:
    """A compact task request as (header, blobs); the blobs are views into ``frame``."""
    try:
        view = memoryview(frame)
        _, task_id, length = _TASK_HEAD.unpack_from(view, 0)
        at = _TASK_HEAD.size
        module = str(view[at:at + length], "utf-8")
        at += length
        (length,) = _U16.unpack_from(view, at)
        at += 2
        function = str(view[at:at + length], "utf-8")
        at += length
        (returns,) = _U8.unpack_from(view, at)
        (count,) = _U16.unpack_from(view, at + 1)
        at += 3
        sys_path = []
        for _ in range(count):
            (length,) = _U32.unpack_from(view, at)
            sys_path.append(str(view[at + 4:at + 4 + length], "utf-8"))
            at += 4 + length
        (count,) = _U16.unpack_from(view, at)
        at += 2
        args, blobs = [], []
        for _ in range(count):
            kind, direction, length = _ARG_HEAD.unpack_from(view, at)
            at += _ARG_HEAD.size
            if at + length > len(view):
                raise ProtocolError("compact task request: an argument runs past the frame")
            if kind == 0:
                args.append({"kind": "value", "blob": len(blobs), "direction": _DIRECTIONS[direction]})
                blobs.append(view[at:at + length])
            else:
                args.append({"kind": _KINDS[kind], "path": str(view[at:at + length], "utf-8"),
                             "direction": _DIRECTIONS[direction]})
            at += length
        if at != len(view):
            raise ProtocolError(f"compact task request: {len(view) - at} bytes after its fields")
    except (struct.error, IndexError, UnicodeDecodeError) as e:
        raise ProtocolError(f"compact task request is malformed: {e}") from None
    header = {"type": "task", "id": task_id, "module": module, "function": function, "returns": returns,
              "args": args, "compact": True}
    if sys_path:
        header["sys_path"] = sys_path
    return header, blobs
