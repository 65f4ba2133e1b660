"""A wrong declaration: the run stops before any task, with one line naming the function."""

import sys

from braid.api.api import compss_wait_on
from braid.api.constraint import constraint
from braid.api.task import task


@task(returns=1)
def fine(path):
    with open(path, "w") as f:
        f.write("a task ran")
    return 1


@constraint(computing_units="many")
@task(returns=1)
def wrong(value):
    return value


if __name__ == "__main__":
    compss_wait_on(fine(sys.argv[1]))
