"""Drives a real ``python -m braid.worker`` process the way the Java worker will."""

import os
import pickle
import subprocess
import sys

from braid.worker.framing import read_message, write_message

from conftest import APPS


class WorkerProcess:
    def __init__(self, *extra_args):
        self.stderr_path = None
        self.process = subprocess.Popen(
            [sys.executable, "-m", "braid.worker", "--path", APPS, *extra_args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.ready = self.receive()

    def send(self, header, blobs=()):
        write_message(self.process.stdin, header, list(blobs))

    def receive(self):
        message = read_message(self.process.stdout)
        return message

    def call(self, function, *args, module="worker_tasks", returns=1, **fields):
        """Runs a task whose arguments are all inline pickled IN values (or given as specs)."""
        specs, blobs = [], []
        for value in args:
            if isinstance(value, dict) and "kind" in value:
                specs.append(value)
            else:
                blobs.append(pickle.dumps(value))
                specs.append({"kind": "value", "blob": len(blobs) - 1, "direction": "IN"})
        header = dict({"type": "task", "id": fields.pop("id", function), "module": module,
                       "function": function, "args": specs, "returns": returns}, **fields)
        self.send(header, blobs)
        return self.receive()

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=30)
        self.process.stdout.close()
        self.process.stderr.close()


def value(reply, out):
    header, blobs = reply
    if "blob" in out:
        return pickle.loads(blobs[out["blob"]])
    with open(out["path"], "rb") as f:
        return pickle.load(f)


def inline(obj, blobs, direction="IN", **extra):
    blobs.append(pickle.dumps(obj))
    return dict({"kind": "value", "blob": len(blobs) - 1, "direction": direction}, **extra)
