"""The sample applications' worker libraries (built by braid-c-buildapp --build) run by
braid-c-worker: WORKER WORK_DIR (increment/ and simple/ inside it)."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "cworker"))
from protocol import DOUBLE, FILE, IN, INOUT, INT, OBJECT, OUT, Worker, arg  # noqa: E402

worker, work = sys.argv[1], sys.argv[2]

w = Worker(worker, os.path.join(work, "increment", "libincrement-worker.so"))
assert list(w.ready()["functions"]) == ["increment"]
counter = os.path.join(work, "increment", "counter-w")
with open(counter, "w") as f:
    f.write("0\n")
for i in range(3):
    assert w.run(i, "increment", [arg(FILE, INOUT, counter)]) == ("ok", None, {})
with open(counter) as f:
    assert f.read() == "3\n", "the counter is not 3"
assert w.finish()[0] == 0

w = Worker(worker, os.path.join(work, "simple", "libsimple-worker.so"))
assert list(w.ready()["functions"]) == ["fill", "scale", "sum"]
status, _, updated = w.run(1, "fill", [arg(OBJECT, OUT), arg(INT, IN, 4), arg(DOUBLE, IN, 1.5)])
assert status == "ok" and struct.unpack("=4d", updated[0]) == (1.5,) * 4, updated
status, _, updated = w.run(2, "scale", [arg(OBJECT, INOUT, updated[0]), arg(DOUBLE, IN, 2.0)])
assert status == "ok" and struct.unpack("=4d", updated[0]) == (3.0,) * 4, updated
assert w.run(3, "sum", [arg(OBJECT, IN, updated[0])]) == ("ok", 12.0, {})
assert w.finish()[0] == 0
print("sample workers: increment 3 times, fill/scale/sum = 12")
