"""The four hybrid workflow examples of docs/HYBRID.md in Python (tests/apps/python), run by
``scripts/braid-run`` on two local workers of 2 cores each (tests/apps/java/wordcount's XML files),
their output checked exactly as the Java versions' (tests/.../HybridWorkflowsTest,
HybridExamplesCdTest): (a) continuous data generation and (b) asynchronous data exchange, hybrid
and task-only; (c) an external sensor process feeding the application through a standalone stream
server; (d) a stream consumed in batches that each become a task."""

import os
import re
import subprocess
import sys

import pytest

from test_runtime import REPO, braid_run, explain, lines

EXAMPLES = os.path.join(REPO, "tests", "apps", "python")
NODES = os.path.join(REPO, "tests", "apps", "java", "wordcount")
TWO_WORKERS = (f"--resources={NODES}/resources.xml", f"--project={NODES}/project.xml")


def example(name, script=None):
    return os.path.join(EXAMPLES, name, (script or name) + ".py")


@pytest.fixture(scope="module", autouse=True)
def built():
    for needed in (os.path.join(REPO, "runtime", "dist", "target", "braid.jar"),
                   os.path.join(REPO, "bindings-c", "target", "build", "libbraid.so")):
        assert os.path.isfile(needed), f"{needed} is missing: build the repository first (mvn package; run-tests.sh)"


def runtime_log(tmp_path):
    logs = [os.path.join(d, "runtime.log") for d, _, files in os.walk(tmp_path / "logs") if "runtime.log" in files]
    assert len(logs) == 1, logs
    with open(logs[0]) as f:
        return f.read()


@pytest.mark.parametrize("mode", ["hybrid", "tasks"])
def test_continuous_generation_gives_the_exact_totals_hybrid_and_task_only(tmp_path, mode):
    done = braid_run(tmp_path, example("simulations"), mode, 2, 6, 50, 50, tmp_path / "out",
                     options=TWO_WORKERS + ("--log_level=info",))
    assert done.returncode == 0, explain(done)
    out = lines(done)
    # sim s, file k holds 1..(10(s+1)+k): totals 55+66+...+120 = 515 and 210+...+325 = 1595
    assert out[:2] == ["sim 0 total=515 files=6 expected=515", "sim 1 total=1595 files=6 expected=1595"], explain(done)
    assert len(out) == 3 and re.fullmatch(rf"elapsed_ms=\d+ mode={mode}", out[2]), explain(done)
    # File streams only (the source names no ObjectDistroStream): no Kafka broker is started.
    assert "embedded Kafka broker" not in runtime_log(tmp_path), explain(done)
    assert sorted(os.listdir(tmp_path / "out" / "sim1")) == [f"sim1-step{k:03d}.txt" for k in range(6)]


@pytest.mark.parametrize("mode", ["hybrid", "tasks"])
def test_asynchronous_exchange_gives_the_exact_states_hybrid_and_task_only(tmp_path, mode):
    options = TWO_WORKERS + ("--log_level=info",) + (("--streaming=NONE",) if mode == "tasks" else ())
    done = braid_run(tmp_path, example("exchange"), mode, 4, 6, 20, options=options)
    assert done.returncode == 0, explain(done)
    # the states of the sequential computation (exchange.expected), written out
    assert lines(done)[:4] == ["cell 0 state=441019 expected=441019", "cell 1 state=170362 expected=170362",
                               "cell 2 state=417504 expected=417504", "cell 3 state=911557 expected=911557"], \
        explain(done)
    assert len(lines(done)) == 5 and re.fullmatch(rf"elapsed_ms=\d+ mode={mode} start_ms=\d+", lines(done)[4]), \
        explain(done)
    log = runtime_log(tmp_path)
    if mode == "hybrid":
        # The source uses ObjectDistroStream: the broker starts with the run, not at the first stream.
        assert "object streams ready at" in log, explain(done)
        cells = []
        for d, _, files in os.walk(tmp_path / "logs"):
            for f in files:
                if f.endswith(".err") and f"{os.sep}jobs" in d:
                    with open(os.path.join(d, f)) as text:
                        cells += [line for line in text if line.startswith("cell ")]
        assert sorted(line.split()[1] for line in cells) == ["0", "1", "2", "3"], cells
    else:
        assert "embedded Kafka broker" not in log, explain(done)


def test_external_sensor_stream_is_filtered_extracted_and_summarised(tmp_path):
    n = 200
    with open(tmp_path / "server.err", "wb") as err:
        server = subprocess.Popen([os.path.join(REPO, "scripts", "braid-stream-server"), "--port=0",
                                   "--host=127.0.0.1", f"--work_dir={tmp_path / 'server'}"],
                                  stdout=subprocess.PIPE, stderr=err)
    sensor = None
    try:
        found = [server.stdout.readline().decode().strip() for _ in range(2)]
        assert found[0].startswith("BRAID_STREAM_SERVER=127.0.0.1:") and \
            found[1].startswith("BRAID_STREAM_SECRET_FILE="), f"stream server said {found}"
        server_env = dict(line.split("=", 1) for line in found)
        # The sensor: plain Python outside braid-run, its streams through libbraid on that server.
        sensor_env = dict(os.environ, **server_env)
        sensor_env.setdefault("BRAID_LIBBRAID", os.path.join(REPO, "bindings-c", "target", "build", "libbraid.so"))
        sensor_env.pop("PYTHONPATH", None)
        with open(tmp_path / "sensor.err", "wb") as err:
            sensor = subprocess.Popen([sys.executable, example("sensor", "sensor"), "readings", str(n), "5"],
                                      env=sensor_env, stdout=subprocess.PIPE, stderr=err, cwd=tmp_path)
        done = braid_run(tmp_path, example("sensor", "sensor_main"), "readings", 4, 3, options=TWO_WORKERS,
                         env=server_env)
        sensor_out = sensor.communicate(timeout=120)[0].decode().strip()
        assert sensor.returncode == 0, (sensor_out, (tmp_path / "sensor.err").read_text())
        assert done.returncode == 0, explain(done)

        # One stream, on the standalone server: the sensor and the application name the same id.
        stream_id = sensor_out.rsplit(" ", 1)[-1]
        assert sensor_out == f"sensor published {n} readings on {stream_id}"
        out = lines(done)
        assert out[0] == f"attached to {stream_id} ('readings')", explain(done)
        filters = [line for line in out if line.startswith("filter ")]
        assert [line.split()[1] for line in filters] == ["0", "1", "2", "3"], explain(done)
        assert sum(int(line.split("read=")[1]) for line in filters) == n, "each reading to exactly one filter\n" + \
            explain(done)
        relevant = [(seq, (37 * seq + 11) % 100) for seq in range(n) if (37 * seq + 11) % 100 >= 75]
        values = [v for _, v in relevant]
        assert len(relevant) == 50
        assert out[5:] == [
            f"readings={n}",
            f"relevant count=50 sum={sum(values)} min={min(values)} max={max(values)}",
            "relevant_seqs=" + ",".join(str(seq) for seq, _ in relevant),
        ], explain(done)
    finally:
        if sensor is not None and sensor.poll() is None:
            sensor.kill()
            sensor.wait()
        server.terminate()
        server.wait(timeout=60)


def test_a_stream_consumed_in_batches_that_each_become_a_task(tmp_path):
    n, batch = 400, 64
    done = braid_run(tmp_path, example("batches"), n, batch, 2, 2, options=TWO_WORKERS)
    assert done.returncode == 0, explain(done)
    out = lines(done)
    sizes = [f"batch {k} size={batch}" for k in range(n // batch)] + [f"batch {n // batch} size={n % batch}"]
    squares = sum(x * x for x in range(n))
    assert out[:len(sizes)] == sizes, explain(done)
    while_open = out[len(sizes)]
    assert re.fullmatch(r"spawned_while_open=\d+", while_open), explain(done)
    assert 0 <= int(while_open.split("=")[1]) <= n // batch, explain(done)
    assert out[len(sizes) + 1:] == [
        f"elements={n} distinct={n} repeated=0 missing=0 sum_squares={squares} batches={len(sizes)}",
        f"expected batches={len(sizes)} sum_squares={squares}",
    ], explain(done)
