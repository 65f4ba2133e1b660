"""braid-c-buildapp's IDL parser and generator: every construct, every error with file:line, and
the command line's one-line errors. Run by ctest (buildapp_idl) with python3 -m unittest."""
import os
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(REPO, "bindings-c", "buildapp"))
from braid_buildapp import generate, idl  # noqa: E402

BUILDAPP = os.path.join(REPO, "scripts", "braid-c-buildapp")


def parse(text):
    return idl.parse(text, "app.idl")


class ParseTest(unittest.TestCase):
    def test_every_construct(self):
        app = parse('#include "block.h"\n'
                    "#include <stdint.h>\n"
                    "// a comment\n"
                    "interface Simple {\n"
                    "    /* a comment\n"
                    "       over lines */\n"
                    "    void increment(inout File counter);\n"
                    "    int f(in char c, in short s, in int i, in long l, in float x, in double d, in boolean b);\n"
                    "    unsigned long g(out unsigned char uc, inout unsigned short us, in unsigned int ui);\n"
                    "    string h(in string a, out string b, inout string c, out File o, in File i);\n"
                    "    Block k(in Block a, inout Block b, out Block c);\n"
                    "    void none();\n"
                    "};\n"
                    "interface Second { double z(in double a); };\n")
        self.assertEqual(['"block.h"', "<stdint.h>"], app.includes)
        self.assertEqual(["Simple", "Second"], [i.name for i in app.interfaces])
        self.assertEqual(["increment", "f", "g", "h", "k", "none", "z"], [f.name for f in app.functions])
        self.assertEqual([7, 8, 9, 10, 11, 12, 14], [f.line for f in app.functions])
        prototypes = [f.c_prototype for f in app.functions]
        self.assertEqual([
            "void increment(file counter)",
            "int f(char c, short s, int i, long l, float x, double d, int b)",
            "unsigned long g(unsigned char *uc, unsigned short *us, unsigned int ui)",
            "char *h(char *a, char **b, char **c, file o, file i)",
            "Block k(Block *a, Block *b, Block *c)",
            "void none(void)",
            "double z(double a)"], prototypes)
        self.assertEqual(["Block"], app.user_types())
        f = app.functions[1]
        self.assertEqual([2, 3, 4, 5, 6, 7, 1], [p.type.code for p in f.params])
        self.assertEqual(4 | 0x80, app.functions[2].params[2].type.code)
        self.assertEqual(["in", "out", "inout", "out", "in"], [p.direction for p in app.functions[3].params])

    def test_stream_parameters(self):
        app = parse("interface S {\n"
                    "    void produce(out ObjectStream s, in int n);\n"
                    "    int consume(in ObjectStream s, in FileStream f, out FileStream g);\n"
                    "};\n")
        self.assertEqual(["void produce(braid_object_stream *s, int n)",
                          "int consume(braid_object_stream *s, braid_file_stream *f, braid_file_stream *g)"],
                         [f.c_prototype for f in app.functions])
        self.assertEqual([11, 12, 12], [p.type.code for p in app.functions[1].params])
        self.assertEqual([], app.user_types())

    def test_an_empty_interface(self):
        self.assertEqual([], parse("interface Empty { };").functions)

    def error(self, text):
        with self.assertRaises(idl.IdlError) as e:
            parse(text)
        return str(e.exception)

    def test_every_error_names_file_and_line(self):
        cases = [
            ("", "app.idl:1: no interface declared (interface Name { ... };)"),
            ("// only a comment\n", "app.idl:2: no interface declared (interface Name { ... };)"),
            ("void f();", "app.idl:1: expected 'interface', found 'void'"),
            ("interface { };", "app.idl:1: expected the interface's name, found '{'"),
            ("interface A\n void f(); };", "app.idl:2: expected '{', found 'void'"),
            ("interface A {\n void f(); }", "app.idl:2: expected ';' after the interface's '}', found end of file"),
            ("interface A {\n void f();\n", "app.idl:3: expected '}' closing interface A, found end of file"),
            ("interface A {\n void f()\n};", "app.idl:3: expected ';' after the declaration of f, found '}'"),
            ("interface A {\n void f(int a);\n};", "app.idl:2: expected a direction (in, out, inout) for parameter 1 of f, found 'int'"),
            ("interface A {\n void f(in a);\n};", "app.idl:2: expected the name of parameter 1 of f, found ')'"),
            ("interface A {\n void f(in int a in int b);\n};", "app.idl:2: expected ',' or ')' in the parameters of f, found 'in'"),
            ("interface A {\n void f(in int a,);\n};", "app.idl:2: expected a direction (in, out, inout) for parameter 2 of f, found ')'"),
            ("interface A {\n void f(in int int);\n};", "app.idl:2: expected the name of parameter 1 of f, found the keyword 'int'"),
            ("interface A {\n void f(in void a);\n};", "app.idl:2: a parameter cannot be void"),
            ("interface A {\n void f(in out int a);\n};", "app.idl:2: expected the type of parameter 1 of f, found the direction 'out'"),
            ("interface A {\n void f(in int a, in int a);\n};", "app.idl:2: parameter a of f is declared twice"),
            ("interface A {\n void f();\n};\ninterface B {\n int f();\n};", "app.idl:5: function f is declared twice"),
            ("interface A {\n File f();\n};", "app.idl:2: a task cannot return a File: declare it 'out File'"),
            ("interface A {\n ObjectStream f();\n};", "app.idl:2: a task cannot return an ObjectStream: pass it as a parameter, 'out ObjectStream' to publish on it"),
            ("interface A {\n void f(inout FileStream s);\n};", "app.idl:2: parameter 1 of f: a task reads a stream (in FileStream) or publishes on it (out FileStream), not both"),
            ("interface A {\n void f(in unsigned double d);\n};", "app.idl:2: 'unsigned' goes with char, short, int, long, not 'double'"),
            ("interface A {\n void f(in int[4] a);\n};", "app.idl:2: arrays are not supported: use a user type with its own serialise functions, or a File"),
            ("interface A {\n void f(in wstring a);\n};", "app.idl:2: wide strings are not supported: use string"),
            ("interface A {\n void f(in wchar a);\n};", "app.idl:2: wide characters are not supported: use char or string"),
            ("interface A {\n void f(in any a);\n};", "app.idl:2: 'any' is not supported: use a user type with its own serialise functions"),
            ("interface A {\n void f(in longlong a);\n};", "app.idl:2: 'longlong' is not supported: long is 64 bits here"),
            ("interface A {\n static void f();\n};", "app.idl:2: static (class) methods are C++ classes' tasks: not supported, declare a plain function"),
            ("interface A {\n void f(in enum E e);\n};", "app.idl:2: enum parameters are not supported: pass an int"),
            ("interface A {\n @Constraints(computingUnits=2)\n void f();\n};", "app.idl:2: constraints (@Constraints) are not supported yet"),
            ("#define X 1\ninterface A { };", "app.idl:1: only '#include \"file.h\"' lines may start with '#', not '#define X 1'"),
            ("interface A {\n void f(in int a = 1);\n};", "app.idl:2: unexpected character '='"),
            ("interface A {\n /* open\n\n", "app.idl:2: comment not closed: '/*' without '*/'"),
            ("interface A {\n void f(in int a);\ninterface B { };", "app.idl:3: expected a return type (void, a basic type, string or a user type), found 'interface' (missing '};' before it?)"),
            ("interface A {\n void 2f();\n};", "app.idl:2: expected the function's name, found '2'"),
            ("interface A {\n void f();\n void write(in int a);\n};", "app.idl:3: function write has the name of a C "
             "library function: its stub would replace that function in the program (and the JVM in it); rename the task"),
        ]
        for text, expected in cases:
            with self.subTest(text=text):
                self.assertEqual(expected, self.error(text))


class GenerateTest(unittest.TestCase):
    def test_files_and_names(self):
        app = parse('#include "block.h"\ninterface S {\n void f(inout File x, out Block b);\n int g(in unsigned int u);\n};')
        with tempfile.TemporaryDirectory() as d:
            paths = generate.write_all(app, d, "simple", cxx=True)
            self.assertEqual({"header": f"{d}/simple.h", "stubs": f"{d}/simple-stubs.cc",
                              "executor": f"{d}/simple-executor.cc"}, paths)
            with open(paths["header"]) as f:
                h = f.read()
        self.assertIn('#include "block.h"', h)
        self.assertIn("void f(file x, Block *b);", h)
        self.assertIn("int Block_serialize(const Block *value, void **data, size_t *size);", h)
        self.assertIn("int Block_deserialize(const void *data, size_t size, Block *value);", h)
        self.assertIn("void Block_release(Block *value);", h)
        stubs = generate.stubs(app, "simple")
        self.assertIn('braid_task_stub("S", &braid_f_f, args, NULL);', stubs)
        self.assertIn("braid_task_arg args[1] = {{&u}};", stubs)
        self.assertIn("{\"u\", BRAID_T_INT | BRAID_T_UNSIGNED, BRAID_IN, NULL}", stubs)
        ex = generate.executor(app, "simple")
        self.assertIn("r->i = (int)g((unsigned int)a[0].i);", ex)
        self.assertIn('braid_c_tasks = {BRAID_WORKER_ABI, "app.idl", 2, braid_functions};', ex)


class CommandLineTest(unittest.TestCase):
    def run_buildapp(self, *args, cwd=None):
        r = subprocess.run([sys.executable, BUILDAPP, *args], capture_output=True, text=True, cwd=cwd, timeout=120)
        return r.returncode, r.stderr.splitlines(), r.stdout

    def test_a_syntax_error_is_one_line_and_exit_1(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bad.idl")
            with open(path, "w") as f:
                f.write("interface Bad {\n  void f(in int a);\n  void g(int b);\n};\n")
            self.assertEqual((1, [f"{path}:3: expected a direction (in, out, inout) for parameter 1 of g, found 'int'"], ""),
                             self.run_buildapp(path))
            self.assertEqual(["bad.idl"], os.listdir(d))  # nothing generated

    def test_a_missing_file(self):
        self.assertEqual((1, ["braid-c-buildapp: /nonexistent/app.idl: No such file or directory"], ""),
                         self.run_buildapp("/nonexistent/app.idl"))

    def test_not_an_idl_name(self):
        self.assertEqual((1, ["braid-c-buildapp: app.c: an IDL file's name ends with .idl"], ""), self.run_buildapp("app.c"))

    def test_build_needs_sources(self):
        self.assertEqual((1, ["braid-c-buildapp: --build needs --main FILE... and --functions FILE..."], ""),
                         self.run_buildapp("app.idl", "--build"))

    def test_a_task_function_missing_from_functions_fails_the_build(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "two.idl"), "w") as f:
                f.write("interface Two { void present(in int a); void absent(in int b); };\n")
            with open(os.path.join(d, "two-functions.c"), "w") as f:
                f.write('#include "two.h"\nvoid present(int a) { (void)a; }\n')
            with open(os.path.join(d, "main.c"), "w") as f:
                f.write("int main(void) { return 0; }\n")
            env = dict(os.environ, CC="gcc", BRAID_CFLAGS="-I" + os.path.join(REPO, "bindings-c", "include"), BRAID_LIBS="")
            r = subprocess.run([sys.executable, BUILDAPP, "--build", "two.idl", "--main", "main.c", "--functions",
                                "two-functions.c"], capture_output=True, text=True, cwd=d, env=env, timeout=120)
            self.assertEqual(1, r.returncode)
            self.assertIn("undefined reference to `absent'", r.stderr)  # the linker's own message
            self.assertTrue(r.stderr.splitlines()[-1].startswith(
                f"braid-c-buildapp: gcc failed building {d}/libtwo-worker.so (exit status 1): gcc "), r.stderr)
            self.assertFalse(os.path.exists(os.path.join(d, "two")))

    def test_a_task_named_as_a_hidden_c_library_function_runs_its_own_code(self):
        """glibc still has step@GLIBC_2.2.5 (not found by dlsym, so the parser cannot refuse the name),
        which the dynamic linker binds an unversioned call to before the library's own step: the
        worker library is linked -Bsymbolic, so braid-c-worker runs the task's step."""
        sys.path.insert(0, os.path.join(REPO, "bindings-c", "tests", "cworker"))
        import protocol
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "chain.idl"), "w") as f:
                f.write("interface Chain { void step(inout long x); };\n")
            with open(os.path.join(d, "chain-functions.c"), "w") as f:
                f.write('#include "chain.h"\nvoid step(long *x) { *x += 1; }\n')
            with open(os.path.join(d, "main.c"), "w") as f:  # stands in for libbraid: only the worker side runs
                f.write("#include <braid_tasks.h>\nvoid braid_task_stub(const char *i, const braid_task_function *f, "
                        "const braid_task_arg *a, void *r) { (void)i; (void)f; (void)a; (void)r; }\n"
                        "int main(void) { return 0; }\n")
            env = dict(os.environ, CC="gcc", BRAID_CFLAGS="-I" + os.path.join(REPO, "bindings-c", "include"), BRAID_LIBS="")
            r = subprocess.run([sys.executable, BUILDAPP, "--build", "chain.idl", "--main", "main.c", "--functions",
                                "chain-functions.c"], capture_output=True, text=True, cwd=d, env=env, timeout=120)
            self.assertEqual(0, r.returncode, r.stderr)
            w = protocol.Worker(os.environ["BRAID_C_WORKER"], os.path.join(d, "libchain-worker.so"))
            try:
                w.ready()
                self.assertEqual(("ok", None, {0: 42}), w.run(1, "step", [protocol.arg(5, 2, 41)]))
            finally:
                w.finish()

    def test_generates_beside_the_idl_or_in_output(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "inc.idl")
            with open(path, "w") as f:
                f.write("interface Inc { void increment(inout File counter); };\n")
            self.assertEqual((0, [], ""), self.run_buildapp(path))
            self.assertEqual(["inc-executor.c", "inc-stubs.c", "inc.h", "inc.idl"], sorted(os.listdir(d)))
            self.assertEqual((0, [], ""), self.run_buildapp(path, "-o", os.path.join(d, "gen"), "--cxx"))
            self.assertEqual(["inc-executor.cc", "inc-stubs.cc", "inc.h"], sorted(os.listdir(os.path.join(d, "gen"))))


if __name__ == "__main__":
    unittest.main()
