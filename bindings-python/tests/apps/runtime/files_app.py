"""Files in every direction, compss_open / compss_wait_on_file / compss_delete_file, run by braid-run."""

import os
import sys

from braid.api.api import (compss_delete_file, compss_file_exists, compss_open, compss_wait_on,
                           compss_wait_on_file)
from braid.api.parameter import *  # noqa: F401,F403
from braid.api.task import task


@task(path=FILE_OUT)
def write(path, text):
    with open(path, "w") as f:
        f.write(text)


@task(path=FILE_INOUT)
def shout(path):
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.upper() + "!")


@task(source=FILE_IN, returns=1)
def read(source):
    with open(source) as f:
        return f.read()


@task(source=FILE_IN, target=FILE_OUT)
def copy(source, target):
    with open(source) as f, open(target, "w") as g:
        g.write(f.read() + "+copy")


def main(workdir):
    path = os.path.join(workdir, "greeting.txt")
    write(path, "hi")
    shout(path)
    print("read", compss_wait_on(read(path)))
    with compss_open(path) as f:
        print("open", f.read())
    other = os.path.join(workdir, "copy.txt")
    copy(path, other)
    compss_wait_on_file(other)
    with open(other) as f:
        print("wait-on-file", f.read())
    given = os.path.join(workdir, "given.txt")
    with open(given, "w") as f:
        f.write("from main")
    print("main-file", compss_wait_on(read(given)))
    print("exists", compss_file_exists(path))
    compss_delete_file(path)
    print("deleted", not os.path.exists(path))
    unwaited = os.path.join(workdir, "unwaited.txt")
    write(unwaited, "written at the end")


if __name__ == "__main__":
    main(sys.argv[1])
