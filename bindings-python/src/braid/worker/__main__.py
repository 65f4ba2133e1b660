"""``python -m braid.worker [--path DIR]... [--object-dir DIR [--object-threshold BYTES]]``: serve task requests until the input ends or a
``shutdown`` request comes (docs/DESIGN.md, "Python worker protocol")."""

import argparse
import os
import platform
import sys

from braid.worker import PROTOCOL_VERSION, channel, executor
from braid.worker.framing import ProtocolError, read_message, write_message


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m braid.worker",
                                     description="Braid's Python task executor (speaks on stdin/stdout)")
    parser.add_argument("--path", action="append", default=[],
                        help="directory put first on sys.path (the application's); repeatable")
    parser.add_argument("--object-dir", default=None,
                        help="directory the returned and updated objects whose pickle reaches --object-threshold "
                             "are written to (the worker's data directory); without it they all go inline")
    parser.add_argument("--object-threshold", type=int, default=executor.OBJECT_FILE_THRESHOLD,
                        help="pickle size in bytes from which an object goes to a file of --object-dir")
    options = parser.parse_args(argv)
    if options.object_dir:
        executor.objects = executor.ObjectFiles(os.path.abspath(options.object_dir), options.object_threshold)
    for entry in reversed(options.path):
        sys.path.insert(0, os.path.abspath(entry))

    # The protocol keeps the original stdin/stdout; the tasks' prints go to stderr and they
    # read an empty stdin, so that nothing a task does can break a frame.
    requests = os.fdopen(os.dup(0), "rb", buffering=1 << 16)
    replies = os.fdopen(os.dup(1), "wb", buffering=1 << 16)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdout.flush()
    os.dup2(2, 1)

    channel.current = channel.Channel(requests, replies)
    write_message(replies, {"type": "ready", "protocol": PROTOCOL_VERSION, "pid": os.getpid(),
                            "python": platform.python_version()})
    while True:
        try:
            message = read_message(requests)
        except ProtocolError as e:
            print(f"braid.worker: {e}", file=sys.stderr)
            return 3
        if message is None:
            return 0
        header, blobs = message
        kind = header.get("type")
        if kind == "task":
            channel.current.task += 1  # the worker released the previous task's stream handles
            reply, reply_blobs = executor.run(header, blobs)
            channel.current.send(reply, reply_blobs, compact=header.get("compact", False))
        elif kind == "shutdown":
            write_message(replies, {"type": "bye"})
            return 0
        else:
            print(f"braid.worker: unknown message type {kind!r}", file=sys.stderr)
            return 3


if __name__ == "__main__":
    sys.exit(main())
