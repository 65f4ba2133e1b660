"""A main program using streams through libbraid (run by test_native_streams.py in its own
process, with BRAID_STREAM_SERVER set): prints one JSON line per check."""

import ctypes
import json
import os
import pickle
import sys
import time

from braid.streams import _backends
from braid.streams._native import NativeBackend
from braid.streams.distro_stream import (AT_LEAST_ONCE, AT_MOST_ONCE, EXACTLY_ONCE, FileDistroStream,
                                         ObjectDistroStream, RegistrationException)


def drain(stream, deadline_s=120):
    end = time.monotonic() + deadline_s
    got = []
    while not stream.is_closed():
        if time.monotonic() > end:
            raise AssertionError(f"{stream} not closed after {deadline_s} s; read {got}")
        got.extend(stream.poll(200))
    return got + stream.poll()


def report(name, value):
    print(json.dumps({"name": name, "value": value}), flush=True)


def main(libbraid, work):
    _backends.install_main(NativeBackend(ctypes.CDLL(libbraid)))
    for mode in (AT_MOST_ONCE, AT_LEAST_ONCE, EXACTLY_ONCE):
        alias = f"native-{mode}"
        writer = ObjectDistroStream(alias=alias, access_mode=mode)
        readers = [ObjectDistroStream(alias=alias, access_mode=AT_MOST_ONCE) for _ in range(2)]
        values = ["text", b"raw", {"n": 1}, (2, 3)] + list(range(20))
        writer.publish_list(values)
        writer.close()
        got = drain(readers[0]) + drain(readers[1])
        report(f"object-{mode}", {"same_stream": len({r.get_stream_id() for r in readers + [writer]}) == 1,
                                  "reader_mode": readers[0].get_consumer_mode(),
                                  "read": sorted(map(repr, got)), "published": sorted(map(repr, values))})
    files = FileDistroStream(alias="native-files", base_dir=os.path.join(work, "frames"))
    for i in range(3):
        with open(os.path.join(files.base_dir, f"f{i}.txt"), "w") as f:
            f.write(str(i))
    files.close()
    report("files", {"base_dir": files.base_dir, "read": sorted(os.path.basename(p) for p in drain(files))})
    original = ObjectDistroStream(alias="native-pickled")
    copy = pickle.loads(pickle.dumps(original))
    original.publish("one")
    original.close()
    report("pickled", {"same_stream": copy.get_stream_id() == original.get_stream_id(), "read": drain(copy)})
    try:
        pickle.loads(pickle.dumps(ObjectDistroStream()))
        report("pickled-no-alias", "attached")
    except RegistrationException as e:
        report("pickled-no-alias", str(e))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
