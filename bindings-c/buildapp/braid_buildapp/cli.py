"""braid-c-buildapp's command line: parse the IDL, write the generated files, optionally compile.

Every failure is one line on stderr and exit status 1 (an IDL error: 'file:line: message';
a compiler's own diagnostics come first, then the line naming what failed).
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

from . import generate, idl

PROG = "braid-c-buildapp"


class Failure(Exception):
    pass


def arguments(argv):
    p = argparse.ArgumentParser(prog=PROG, description=(
        "Generates, from a COMPSs-style IDL file APP.idl, APP.h (the task prototypes), APP-stubs.c (the master "
        "stubs: a call submits the task) and APP-executor.c (the worker's dispatch table that braid-c-worker "
        "runs). With --build, also compiles the master program DIR/APP and the worker library "
        "DIR/libAPP-worker.so. docs/C.md."))
    p.add_argument("idl", metavar="APP.idl")
    p.add_argument("-o", "--output", metavar="DIR", help="where the files go (default: the IDL file's directory)")
    p.add_argument("--cxx", action="store_true", help="a C++ application: generate .cc files, compile with $CXX")
    p.add_argument("--build", action="store_true", help="compile the master program and the worker library")
    p.add_argument("--main", nargs="+", default=[], metavar="FILE", help="--build: the main program's sources")
    p.add_argument("--functions", nargs="+", default=[], metavar="FILE",
                   help="--build: the sources of the task functions (APP-functions.c)")
    p.add_argument("--types", nargs="+", default=[], metavar="FILE",
                   help="--build: the sources of the user types' T_serialize/T_deserialize/T_release "
                        "(linked into both: the master sends such values, the worker receives them)")
    args = p.parse_args(argv)
    if args.build and (not args.main or not args.functions):
        raise Failure("--build needs --main FILE... and --functions FILE...")
    if not args.build and (args.main or args.functions or args.types):
        raise Failure("--main, --functions and --types go with --build")
    return args


def braid_flags():
    """Compiler and linker flags of libbraid: $BRAID_CFLAGS/$BRAID_LIBS, else pkg-config braid."""
    if "BRAID_CFLAGS" in os.environ or "BRAID_LIBS" in os.environ:
        return shlex.split(os.environ.get("BRAID_CFLAGS", "")), shlex.split(os.environ.get("BRAID_LIBS", ""))
    if not shutil.which("pkg-config"):
        raise Failure("no pkg-config to find libbraid: install it, or set BRAID_CFLAGS and BRAID_LIBS")
    flags = []
    for what in ("--cflags", "--libs"):
        r = subprocess.run(["pkg-config", what, "braid"], capture_output=True, text=True)
        if r.returncode != 0:
            raise Failure("pkg-config finds no braid.pc: set PKG_CONFIG_PATH to <prefix>/lib/pkgconfig "
                          "(cmake --install of bindings-c), or BRAID_CFLAGS and BRAID_LIBS")
        flags.append(shlex.split(r.stdout))
    return flags[0], flags[1]


def compile_(command, what):
    r = subprocess.run(command)
    if r.returncode != 0:
        raise Failure(f"{command[0]} failed building {what} (exit status {r.returncode}): {shlex.join(command)}")


def build(args, paths, out_dir, base):
    """The worker library first (a task function missing from --functions fails here, at link
    time: -Wl,--no-undefined), then the master program. $CFLAGS, $LDFLAGS and $LDLIBS apply to both."""
    compiler = os.environ.get("CXX", "c++") if args.cxx else os.environ.get("CC", "cc")
    if not shutil.which(shlex.split(compiler)[0]):
        raise Failure(f"no compiler {compiler} on PATH (set {'CXX' if args.cxx else 'CC'})")
    cc = shlex.split(compiler)
    env = {k: shlex.split(os.environ.get(k, "")) for k in ("CFLAGS", "LDFLAGS", "LDLIBS")}
    for f in args.main + args.functions + args.types:
        if not os.path.isfile(f):
            raise Failure(f"{f}: no such file")
    cflags, libs = braid_flags()
    inc = ["-I", out_dir] + cflags + env["CFLAGS"]
    worker = os.path.join(out_dir, f"lib{base}-worker.so")
    # libbraid: tasks with stream parameters call braid_object_stream_* (braid-c-worker has it loaded).
    # -Bsymbolic: the library's calls of its own task functions bind to them, not to a C library
    # function of the same name that the dynamic linker would find first (glibc's old step()).
    compile_(cc + inc + ["-shared", "-fPIC", "-Wl,--no-undefined", "-Wl,-Bsymbolic", "-o", worker] + args.functions
             + args.types + [paths["executor"]] + env["LDFLAGS"] + libs + env["LDLIBS"], worker)
    master = os.path.join(out_dir, base)
    compile_(cc + inc + ["-o", master] + args.main + args.types + [paths["stubs"]] + env["LDFLAGS"] + libs
             + env["LDLIBS"], master)


def main(argv=None) -> int:
    try:
        args = arguments(sys.argv[1:] if argv is None else argv)
        if not args.idl.endswith(".idl"):
            raise Failure(f"{args.idl}: an IDL file's name ends with .idl")
        try:
            parsed = idl.parse_file(args.idl)
        except OSError as e:
            raise Failure(f"{args.idl}: {e.strerror}") from None
        base = os.path.basename(args.idl)[:-len(".idl")]
        out_dir = args.output or os.path.dirname(os.path.abspath(args.idl))
        paths = generate.write_all(parsed, out_dir, base, args.cxx)
        if args.build:
            build(args, paths, out_dir, base)
        return 0
    except idl.IdlError as e:
        print(e, file=sys.stderr)
    except Failure as e:
        print(f"{PROG}: {e}", file=sys.stderr)
    except OSError as e:
        print(f"{PROG}: {e.filename}: {e.strerror}", file=sys.stderr)
    return 1
