"""A wrong @binary/@mpi declaration, chosen by the first argument (test_programs.py)."""

import sys

from braid.api.binary import binary
from braid.api.mpi import mpi
from braid.api.parameter import INOUT
from braid.api.task import task

if __name__ == "__main__":
    case = sys.argv[1]
    if case == "unknown-keyword":
        @binary(binary="ls", workdir="/tmp")
        @task()
        def f():
            pass
    elif case == "mpi-without-runner":
        @mpi(binary="hostname", processes=2)
        @task()
        def f():
            pass
    elif case == "binary-without-binary":
        @binary(working_dir="/tmp")
        @task()
        def f():
            pass
    elif case == "inout-object":
        @binary(binary="ls")
        @task(x=INOUT)
        def f(x):
            pass
    elif case == "two-returns":
        @mpi(binary="hostname", runner="mpirun")
        @task(returns=2)
        def f():
            pass
    print("not stopped")
