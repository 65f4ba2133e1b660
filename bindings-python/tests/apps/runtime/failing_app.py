"""A task that fails for good: the run stops, non-zero, with the task's Python traceback."""

from braid.api.api import compss_wait_on
from braid.api.task import task


@task(returns=1)
def explode(value):
    return helper(value)


def helper(value):
    raise ValueError(f"exploded on {value}")


if __name__ == "__main__":
    print("before", flush=True)
    print(compss_wait_on(explode(7)))
    print("not reached")
