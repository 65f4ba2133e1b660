"""The processes under this one, read from /proc: for a bench run by braid-run, the worker JVM and
its Python task processes. Shared by the Python benches (numpy_bench, noop_bench, release_bench)."""

import os
from typing import Dict, List, Optional, Tuple


def descendants() -> Dict[int, Tuple[str, List[str]]]:
    """{pid: (command name, the fields of /proc/<pid>/stat after the name)} of this process's live descendants."""
    parent, stat = {}, {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                name, rest = f.read().rsplit(")", 1)
            fields = rest.split()
            parent[int(pid)] = int(fields[1])
            stat[int(pid)] = (name.split("(", 1)[1], fields)
        except (FileNotFoundError, ProcessLookupError, ValueError, IndexError):
            pass
    mine, changed = {os.getpid()}, True
    while changed:
        changed = False
        for pid, ppid in parent.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                changed = True
    return {pid: stat[pid] for pid in mine - {os.getpid()}}


def cpu_seconds(fields: List[str]) -> float:
    """User plus system CPU seconds from a process's stat fields (as ``descendants`` gives them)."""
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def vm_hwm_kb(pid: int) -> Optional[int]:
    """The process's peak resident memory (VmHWM) in kB; None once it has ended."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0
    except (FileNotFoundError, ProcessLookupError):
        return None
