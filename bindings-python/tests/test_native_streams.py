"""A main program's streams through libbraid (ctypes), as the runtime mode will install them: a
real standalone stream server with its Kafka broker, and a Python main program (its own process,
so libbraid's JVM ends with it) whose handles are the Java library's. Needs libbraid and braid.jar
built (``mvn -B verify`` builds bindings-c first; or set BRAID_LIBBRAID to a libbraid.so)."""

import json
import os
import subprocess
import sys

import pytest

from conftest import APPS

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def _libbraid() -> str:
    path = os.environ.get("BRAID_LIBBRAID") or os.path.join(REPO, "bindings-c", "target", "build", "libbraid.so")
    if not os.path.isfile(path):
        pytest.fail(f"{path} is missing: build bindings-c first (mvn -B package at the repository root), "
                    "or set BRAID_LIBBRAID", pytrace=False)
    return path


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Runs apps/native_streams_main.py against a standalone stream server; its checks by name."""
    libbraid = _libbraid()
    work = tmp_path_factory.mktemp("native-streams")
    env = dict(os.environ)
    with open(work / "server.err", "wb") as err:
        server = subprocess.Popen([os.path.join(REPO, "scripts", "braid-stream-server"), "--port=0",
                                   "--host=127.0.0.1", f"--work_dir={work / 'server'}"],
                                  stdout=subprocess.PIPE, stderr=err)
    try:
        lines = [server.stdout.readline().decode().strip() for _ in range(2)]
        assert lines[0].startswith("BRAID_STREAM_SERVER=") and lines[1].startswith("BRAID_STREAM_SECRET_FILE="), \
            f"stream server said {lines} (log: {work / 'server.err'})"
        env.update(line.split("=", 1) for line in lines)
        done = subprocess.run([sys.executable, os.path.join(APPS, "native_streams_main.py"), libbraid, str(work)],
                              env=env, capture_output=True, text=True, timeout=300)
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert done.returncode == 0, f"exit {done.returncode}; stderr:\n{done.stderr[-3000:]}"
    return {r["name"]: r["value"] for r in map(json.loads, done.stdout.splitlines())}


@pytest.mark.parametrize("mode", ["AT_MOST_ONCE", "AT_LEAST_ONCE", "EXACTLY_ONCE"])
def test_object_stream_readers_share_every_record_once(results, mode):
    r = results[f"object-{mode}"]
    assert r["same_stream"]
    assert r["reader_mode"] == mode  # the creator's mode wins
    assert r["read"] == r["published"]


def test_file_stream_hands_out_written_files(results):
    assert results["files"]["read"] == ["f0.txt", "f1.txt", "f2.txt"]


def test_an_unpickled_handle_attaches_by_alias(results):
    assert results["pickled"] == {"same_stream": True, "read": ["one"]}
    assert "cannot be attached again in the main program" in results["pickled-no-alias"]
