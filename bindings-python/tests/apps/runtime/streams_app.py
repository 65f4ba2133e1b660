"""Streams in a Python application run by braid-run: STREAM_OUT producers, STREAM_IN consumers,
the main program publishing and polling beside its tasks, in every consumer mode, object and file
streams. Prints one line per check."""

import os
import sys
import time

from braid.api.api import compss_barrier, compss_wait_on
from braid.api.parameter import STREAM_IN, STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import (AT_LEAST_ONCE, AT_MOST_ONCE, EXACTLY_ONCE, FileDistroStream,
                                         ObjectDistroStream)


def drain(stream, deadline_s=120):
    end = time.monotonic() + deadline_s
    got = []
    while not stream.is_closed():
        if time.monotonic() > end:
            raise RuntimeError(f"{stream} not closed after {deadline_s} s; read {got}")
        got.extend(stream.poll(200))
    return got + stream.poll()


@task(stream=STREAM_OUT)
def produce(stream, n):
    stream.publish_list([{"i": i} for i in range(n)])
    stream.publish("text")  # the worker closes the writer when the task returns


@task(stream=STREAM_IN, returns=1)
def consume(stream):
    return sorted(map(repr, drain(stream)))


@task(stream=STREAM_OUT)
def write_files(stream, n):
    for i in range(n):
        with open(os.path.join(stream.base_dir, f"part-{i}.txt"), "w") as f:
            f.write(str(i))


@task(stream=STREAM_IN, returns=1)
def read_files(stream):
    return sorted(os.path.basename(p) for p in drain(stream))


def main(work):
    for mode in (AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE):
        # task -> task
        between = ObjectDistroStream(access_mode=mode)
        produce(between, 3)
        print("task-to-task", mode, compss_wait_on(consume(between)))
        # task -> main program
        to_main = ObjectDistroStream(alias=f"to-main-{mode}", access_mode=mode)
        produce(to_main, 2)
        print("task-to-main", mode, sorted(map(repr, drain(to_main))))
        # main program -> task, published while the task runs
        from_main = ObjectDistroStream(alias=f"from-main-{mode}", access_mode=mode)
        result = consume(from_main)
        from_main.publish_list([1, "two", b"three"])
        from_main.close()
        print("main-to-task", mode, compss_wait_on(result))
        # file streams, both ways
        files = FileDistroStream(base_dir=os.path.join(work, f"files-{mode}"), access_mode=mode)
        write_files(files, 2)
        print("files-task-to-main", mode, sorted(os.path.basename(p) for p in drain(files)))
        files_in = FileDistroStream(base_dir=os.path.join(work, f"files-in-{mode}"), access_mode=mode)
        read = read_files(files_in)
        with open(os.path.join(files_in.base_dir, "from-main.txt"), "w") as f:
            f.write("m")
        files_in.close()
        print("files-main-to-task", mode, compss_wait_on(read))
    compss_barrier()


if __name__ == "__main__":
    main(sys.argv[1])
