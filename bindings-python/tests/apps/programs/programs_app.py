"""@binary and @mpi tasks, run the same by braid-run and by plain python (sequential mode).

    programs_app.py <scenario> <dir>

Scenarios: ``binary`` (arguments with prefixes, FILE_IN/FILE_OUT, stdout into a FILE_OUT, a
non-zero exit returned, a Python task reading a program's output file), ``fail`` (a
fail_by_exit_value task exiting non-zero), ``missing`` (a binary that does not exist), ``mpi``
(Open MPI's mpirun with 2 ranks).
"""

import os
import sys

from braid.api.api import compss_open, compss_wait_on
from braid.api.binary import binary
from braid.api.mpi import mpi
from braid.api.parameter import FILE_IN, FILE_OUT, FILE_OUT_STDOUT, Prefix, StdIOStream, STDOUT, Type
from braid.api.task import task

HERE = os.path.dirname(os.path.abspath(__file__))
ARGS = os.path.join(HERE, "args.sh")


@binary(binary=ARGS)
@task(source={Type: FILE_IN, Prefix: "--in="}, target={Type: FILE_OUT, Prefix: "--out="},
      listing={Type: FILE_OUT, StdIOStream: STDOUT}, name={Prefix: "--name="}, hidden={Prefix: "#"}, returns=1)
def copy_upper(count, name, flag, source, target, hidden, listing):
    pass


@binary(binary="sh", working_dir="${PROGRAMS_WORK}/exits")  # the variable: from the worker's environment
@task(script=FILE_IN, returns=1)
def exit_with(script, code=7):
    pass


@binary(binary="grep")
@task(pattern={Prefix: "-e"}, source=FILE_IN, found=FILE_OUT_STDOUT, returns=int)
def grep(pattern, source, found):
    pass


@binary(binary="sh", fail_by_exit_value=True)
@task(script=FILE_IN, returns=1)
def must_succeed(script, code):
    pass


@binary(binary="/nonexistent/braid-no-such-program")
@task(returns=1)
def missing():
    pass


@mpi(binary="sh", runner="mpirun", processes=2, flags="--oversubscribe")
@task(script=FILE_IN, out=FILE_OUT_STDOUT, returns=1)
def ranks(script, word, out):
    pass


@task(path=FILE_IN, returns=1)
def read_text(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def main(scenario, work):
    os.makedirs(work, exist_ok=True)
    exit_script = write(os.path.join(work, "exit.sh"), 'exit "$1"\n')
    if scenario == "binary":
        source = write(os.path.join(work, "in.txt"), "first line\nsecond line\n")
        target = os.path.join(work, "out.txt")
        listing = os.path.join(work, "listing.txt")
        code = copy_upper(3, "Hello World", True, source, target, "never-shown", listing)
        print("copy exit", compss_wait_on(code))
        with compss_open(target) as f:
            print("copy target", f.read().strip().replace("\n", "|"))
        print("copy listing", "|".join(a.split("=")[0] + "=" + os.path.basename(a) if "/" in a else a
                                       for a in read_text_now(listing).split("|")))
        print("exit 5 gives", compss_wait_on(exit_with(exit_script, 5)))
        print("exit default gives", compss_wait_on(exit_with(exit_script)))
        found = os.path.join(work, "found.txt")
        g = grep("second", source, found)
        print("grep", compss_wait_on(g), compss_wait_on(read_text(found)).strip())
        print("grep missing", compss_wait_on(grep("absent", source, os.path.join(work, "none.txt"))))
        print("exit dir", os.path.isdir(os.path.join(work, "exits")))
    elif scenario == "fail":
        print("returned", compss_wait_on(must_succeed(exit_script, 3)))
    elif scenario == "missing":
        print("returned", compss_wait_on(missing()))
    elif scenario == "mpi":
        script = write(os.path.join(work, "rank.sh"), 'echo "rank $OMPI_COMM_WORLD_RANK of $OMPI_COMM_WORLD_SIZE $1"\n')
        out = os.path.join(work, "ranks.txt")
        print("mpi exit", compss_wait_on(ranks(script, "hi", out)))
        print("mpi lines", "|".join(sorted(read_text_now(out).split("|"))))  # the ranks write in any order
    else:
        sys.exit(f"unknown scenario {scenario}")


def read_text_now(path):
    with compss_open(path) as f:
        return f.read().strip().replace("\n", "|")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
