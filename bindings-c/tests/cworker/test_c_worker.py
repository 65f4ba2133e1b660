"""braid-c-worker driven as the Java side will drive it: real processes, real files.

Environment: BRAID_C_WORKER (the executable), BRAID_C_TASKS_LIB (libtasks-worker.so, built from
tasks.idl by braid-c-buildapp), BRAID_NO_TABLE_LIB (a shared library without a task table), BRAID_INCOMPLETE_LIB (the executor
without the task functions),
BRAID_TEST_TMP (a scratch directory).
"""
import os
import signal
import struct
import subprocess
import tempfile
import unittest

from protocol import (BOOLEAN, BYE, CHAR, DOUBLE, FILE, FLOAT, IN, INOUT, INT, LONG, OBJECT, OUT, SHORT,
                      SHUTDOWN, STRING, UNSIGNED, VOID, Worker, arg)

WORKER = os.environ["BRAID_C_WORKER"]
LIB = os.environ["BRAID_C_TASKS_LIB"]
TMP = os.environ.get("BRAID_TEST_TMP", tempfile.gettempdir())


def point(x, y, label):
    return struct.pack("=dd", x, y) + label.encode()


def unpoint(b):
    x, y = struct.unpack("=dd", b[:16])
    return x, y, b[16:].decode()


class CWorkerTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(dir=TMP, prefix="cworker-")
        self.worker = Worker(WORKER, LIB)
        self.addCleanup(self.worker.kill)

    def test_ready_describes_the_library(self):
        ready = self.worker.ready()
        self.assertEqual(1, ready["protocol"])
        self.assertEqual(self.worker.proc.pid, ready["pid"])
        self.assertEqual("tasks.idl", ready["idl"])
        self.assertEqual((VOID, "", [("counter", FILE, INOUT, "")]), ready["functions"]["increment"])
        self.assertEqual((OBJECT, "Point", [("p", OBJECT, IN, "Point"), ("q", OBJECT, INOUT, "Point"),
                                            ("r", OBJECT, OUT, "Point"), ("dx", DOUBLE, IN, "")]),
                         ready["functions"]["move"])
        self.assertEqual(INT | UNSIGNED, ready["functions"]["kinds"][2][4][1])

    def test_several_tasks_of_every_kind_in_one_process(self):
        w = self.worker
        w.ready()
        self.assertEqual(("ok", 5, {}), w.run(1, "add", [arg(INT, IN, 2), arg(INT, IN, 3)]))
        self.assertEqual(("ok", None, {0: 7.5, 2: 7}), w.run(2, "scale", [arg(DOUBLE, INOUT, 2.5), arg(DOUBLE, IN, 3.0), arg(LONG, OUT)]))
        self.assertEqual(("ok", None, {5: 65 - 300 + 1 + 10 + 4000000000}),
                         w.run(3, "kinds", [arg(CHAR, IN, 65), arg(SHORT, IN, -300), arg(BOOLEAN, IN, True),
                                            arg(FLOAT, IN, 2.5), arg(INT | UNSIGNED, IN, 4000000000), arg(LONG, OUT)]))
        self.assertEqual(("ok", "hello, ada", {1: "start;ada;", 2: "ADA!"}),
                         w.run(4, "greet", [arg(STRING, IN, "ada"), arg(STRING, INOUT, "start;"), arg(STRING, OUT)]))
        counter = os.path.join(self.dir, "counter")
        with open(counter, "w") as f:
            f.write("41\n")
        self.assertEqual(("ok", None, {}), w.run(5, "increment", [arg(FILE, INOUT, counter)]))
        self.assertEqual(("ok", None, {}), w.run(6, "increment", [arg(FILE, INOUT, counter)]))
        with open(counter) as f:
            self.assertEqual("43\n", f.read())
        target = os.path.join(self.dir, "out.txt")
        self.assertEqual(("ok", None, {}), w.run(7, "write_text", [arg(STRING, IN, "written by C"), arg(FILE, OUT, target)]))
        with open(target) as f:
            self.assertEqual("written by C", f.read())
        status, ret, updated = w.run(8, "move", [arg(OBJECT, IN, point(1, 2, "p")), arg(OBJECT, INOUT, point(10, 20, "q")),
                                                 arg(OBJECT, OUT), arg(DOUBLE, IN, 0.5)])
        self.assertEqual("ok", status)
        self.assertEqual((2.0, 4.0, "twice p"), unpoint(ret))
        self.assertEqual((10.5, 20.0, "q+moved"), unpoint(updated[1]))
        self.assertEqual((1.5, 2.0, "p->r"), unpoint(updated[2]))
        self.assertEqual(("ok", None, {}), w.run(9, "noop", []))
        w.send(bytes([SHUTDOWN]))
        self.assertEqual(bytes([BYE]), w.receive())
        status, err = w.finish()
        self.assertEqual(0, status)
        # the tasks' printf went to stderr, never into a frame
        self.assertIn("add on stdout: 2 + 3", err)
        self.assertIn("greet printed this", err)

    def test_a_task_output_and_directory(self):
        w = self.worker
        w.ready()
        out = os.path.join(self.dir, "task.out")
        self.assertEqual(("ok", 3, {}), w.run(1, "add", [arg(INT, IN, 1), arg(INT, IN, 2)], stdout=out))
        self.assertEqual(("ok", None, {}), w.run(2, "increment", [arg(FILE, INOUT, "relative")], cwd=self.dir))
        with open(out) as f:
            self.assertEqual("add on stdout: 1 + 2\n", f.read())
        with open(os.path.join(self.dir, "relative")) as f:
            self.assertEqual("1\n", f.read())
        # the directory and stdout are the worker's own again for the next task
        self.assertEqual(("ok", 7, {}), w.run(3, "add", [arg(INT, IN, 3), arg(INT, IN, 4)]))
        self.assertFalse(os.path.exists("relative"))
        status, err = w.finish()
        self.assertEqual(0, status)
        self.assertIn("add on stdout: 3 + 4", err)

    def test_errors_are_results_and_the_process_goes_on(self):
        w = self.worker
        w.ready()
        status, message = w.run(1, "no_such_task", [])
        self.assertEqual("error", status)
        self.assertEqual(f"no task function no_such_task in {LIB} (it has: increment, add, scale, kinds, greet, "
                         "write_text, move, crash, noop)", message)
        self.assertEqual(("error", "add takes 2 arguments, the request has 1"), w.run(2, "add", [arg(INT, IN, 1)]))
        self.assertEqual(("error", "argument 2 (b) of add: the request has in double, the IDL declares in int"),
                         w.run(3, "add", [arg(INT, IN, 1), arg(DOUBLE, IN, 1.0)]))
        self.assertEqual(("error", "argument 1 (p) of move: Point_deserialize failed (returned 7)"),
                         w.run(4, "move", [arg(OBJECT, IN, b"abc"), arg(OBJECT, INOUT, point(0, 0, "")),
                                           arg(OBJECT, OUT), arg(DOUBLE, IN, 0)]))
        self.assertEqual(("ok", 2, {}), w.run(5, "add", [arg(INT, IN, 1), arg(INT, IN, 1)]))
        self.assertEqual(0, w.finish()[0])

    def test_large_values_both_ways(self):
        w = self.worker
        w.ready()
        big = "x" * (8 << 20)
        status, ret, updated = w.run(1, "move", [arg(OBJECT, IN, point(1, 1, big)), arg(OBJECT, INOUT, point(0, 0, big)),
                                                 arg(OBJECT, OUT), arg(DOUBLE, IN, 1)])
        self.assertEqual("ok", status)
        self.assertEqual((2.0, 2.0, "twice " + big), unpoint(ret))
        self.assertEqual((1.0, 0.0, big + "+moved"), unpoint(updated[1]))
        self.assertEqual(("ok", "hello, " + big, {1: big + ";", 2: big.upper() + "!"}),
                         w.run(2, "greet", [arg(STRING, IN, big), arg(STRING, INOUT, ""), arg(STRING, OUT)]))
        self.assertEqual(0, w.finish()[0])

    def crash(self, how, signum):
        w = self.worker
        pid = w.ready()["pid"]
        self.assertEqual(("ok", 2, {}), w.run(1, "add", [arg(INT, IN, 1), arg(INT, IN, 1)]))
        self.assertIsNone(w.run(2, "crash", [arg(INT, IN, how)]))  # stdout ends: no result
        status, _ = w.finish()
        self.assertEqual(-signum, status)
        # a new process takes the next task, as the Java side will start one
        again = Worker(WORKER, LIB)
        self.addCleanup(again.kill)
        self.assertNotEqual(pid, again.ready()["pid"])
        self.assertEqual(("ok", 4, {}), again.run(3, "add", [arg(INT, IN, 2), arg(INT, IN, 2)]))
        self.assertEqual(0, again.finish()[0])

    def test_a_segfault_ends_only_that_process(self):
        self.crash(0, signal.SIGSEGV)

    def test_an_abort_ends_only_that_process(self):
        self.crash(1, signal.SIGABRT)

    def test_a_malformed_request_is_one_line_and_exit_3(self):
        w = self.worker
        w.ready()
        w.send(bytes([2, 0, 0]))  # a TASK frame cut short
        self.assertIsNone(w.receive())
        status, err = w.finish()
        self.assertEqual(3, status)
        self.assertEqual(["braid-c-worker: malformed request: message type 2 (3 bytes), its body does not match its function"],
                         err.splitlines())

    def test_end_of_input_is_a_clean_exit(self):
        self.worker.ready()
        self.assertEqual((0, ""), self.worker.finish())


class CWorkerStartTest(unittest.TestCase):
    def start(self, *args):
        r = subprocess.run([WORKER, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
        self.assertEqual("", r.stdout)
        return r.returncode, r.stderr.splitlines()

    def test_no_library(self):
        self.assertEqual((2, ["braid-c-worker: usage: braid-c-worker LIBRARY (the libAPP-worker.so braid-c-buildapp built)"]),
                         self.start())

    def test_missing_library(self):
        self.assertEqual((2, ["braid-c-worker: /nonexistent/libx.so: no such library"]), self.start("/nonexistent/libx.so"))

    def test_a_library_without_task_table(self):
        lib = os.environ["BRAID_NO_TABLE_LIB"]
        status, err = self.start(lib)
        self.assertEqual(2, status)
        self.assertEqual([f"braid-c-worker: {lib} has no task table (braid_c_tasks): link the APP-executor.c "
                          "braid-c-buildapp generated into it"], err)

    def test_a_library_missing_a_task_function(self):
        lib = os.environ["BRAID_INCOMPLETE_LIB"]
        status, err = self.start(lib)
        self.assertEqual(2, status)
        self.assertEqual(1, len(err))
        self.assertTrue(err[0].startswith(f"braid-c-worker: cannot load {lib}: "), err[0])
        self.assertIn("undefined symbol: ", err[0])

    def test_a_file_that_is_no_library(self):
        path = os.path.join(TMP, "not-a-library.so")
        with open(path, "w") as f:
            f.write("text")
        status, err = self.start(path)
        self.assertEqual(2, status)
        self.assertEqual(1, len(err))
        self.assertTrue(err[0].startswith(f"braid-c-worker: cannot load {path}: "), err[0])


if __name__ == "__main__":
    unittest.main()
