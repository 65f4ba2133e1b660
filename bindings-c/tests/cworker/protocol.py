"""The C worker protocol, Java's side of it, for the tests (docs/DESIGN.md, "C worker protocol")."""
import os
import struct
import subprocess

READY, TASK, RESULT, SHUTDOWN, BYE = 1, 2, 3, 4, 5
VOID, BOOLEAN, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, FILE, OBJECT = range(11)
UNSIGNED = 0x80
IN, OUT, INOUT = 0, 1, 2
FORMATS = {BOOLEAN: ">B", CHAR: ">b", SHORT: ">h", INT: ">i", LONG: ">q", FLOAT: ">f", DOUBLE: ">d"}
UFORMATS = {CHAR: ">B", SHORT: ">H", INT: ">I", LONG: ">Q"}


def fmt(type_):
    return (UFORMATS if type_ & UNSIGNED else FORMATS)[type_ & 0x7f]


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n):
        b = self.data[self.pos:self.pos + n]
        assert len(b) == n, "short message"
        self.pos += n
        return b

    def u8(self):
        return self.take(1)[0]

    def u32(self):
        return struct.unpack(">I", self.take(4))[0]

    def u64(self):
        return struct.unpack(">Q", self.take(8))[0]

    def blob(self):
        return self.take(self.u32())

    def str(self):
        return self.blob().decode()

    def value(self, type_):
        base = type_ & 0x7f
        if base in (STRING, FILE):
            return self.str()
        if base == OBJECT:
            return self.blob()
        f = fmt(type_)
        v = struct.unpack(f, self.take(struct.calcsize(f)))[0]
        return bool(v) if base == BOOLEAN else v


def blob(b):
    return struct.pack(">I", len(b)) + b


def s(text):
    return blob(text.encode())


def value(type_, v):
    base = type_ & 0x7f
    if base in (STRING, FILE):
        return s(v)
    if base == OBJECT:
        return blob(v)
    return struct.pack(fmt(type_), int(v) if base == BOOLEAN else v)


def arg(type_, direction, v=None):
    """One argument: type, direction, then the value for IN/INOUT and for every File."""
    has_value = direction != OUT or type_ == FILE
    return bytes([type_, direction]) + (value(type_, v) if has_value else b"")


def task(id_, function, args, cwd="", stdout="", stderr=""):
    return (bytes([TASK]) + struct.pack(">Q", id_) + s(function) + s(cwd) + s(stdout) + s(stderr)
            + struct.pack(">I", len(args)) + b"".join(args))


class Worker:
    """A braid-c-worker process, as the Java side will drive it."""

    def __init__(self, worker, library):
        self.proc = subprocess.Popen([worker, library], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)

    def send(self, payload):
        self.proc.stdin.write(struct.pack(">I", len(payload)) + payload)
        self.proc.stdin.flush()

    def receive(self):
        """One frame's payload, or None when stdout ended (the process died)."""
        head = self.proc.stdout.read(4)
        if len(head) < 4:
            return None
        n = struct.unpack(">I", head)[0]
        data = self.proc.stdout.read(n)
        assert len(data) == n, "stdout ended inside a frame"
        return data

    def ready(self):
        r = Reader(self.receive())
        assert r.u8() == READY
        out = {"protocol": r.u32(), "pid": r.u32(), "library": r.str(), "idl": r.str(), "functions": {}}
        for _ in range(r.u32()):
            name, ret, ret_type = r.str(), r.u8(), r.str()
            params = [(r.str(), r.u8(), r.u8(), r.str()) for _ in range(r.u32())]
            out["functions"][name] = (ret, ret_type, params)
        return out

    def run(self, id_, function, args, **kw):
        """Sends a task; returns ('ok', return, {index: value}) or ('error', message) or None (died)."""
        self.send(task(id_, function, args, **kw))
        data = self.receive()
        if data is None:
            return None
        r = Reader(data)
        assert r.u8() == RESULT
        assert r.u64() == id_
        if r.u8() != 0:
            return ("error", r.str())
        ret_type = r.u8()
        ret = r.value(ret_type) if ret_type != VOID else None
        updated = {}
        for _ in range(r.u32()):
            index, type_ = r.u32(), r.u8()
            updated[index] = r.value(type_)
        assert r.pos == len(data), "bytes after the result"
        return ("ok", ret, updated)

    def finish(self, timeout=60):
        """Closes stdin, waits for the end; returns (exit status, stderr text)."""
        if not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
        status = self.proc.wait(timeout)
        err = self.proc.stderr.read().decode()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return status, err

    def kill(self):
        """Cleanup: ends the process if a test left it running."""
        if self.proc.stderr.closed:
            return
        if self.proc.poll() is None:
            self.proc.kill()
        self.finish()
