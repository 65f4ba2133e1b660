"""The task bodies every Python system runs (importable by the peers' worker processes)."""


def noop(i):
    return None


def inc(x):
    return x + 1


def item(i):
    return i


def total(xs):
    """The fan-in's reducer, given the list of the producers' results (Dask resolves the list)."""
    return sum(xs)


def total_args(*xs):
    """The same reducer taking the results as arguments (Parsl resolves futures among arguments)."""
    return sum(xs)
