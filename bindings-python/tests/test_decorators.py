"""Declaration mistakes stop the program when the module is imported (TaskDefinitionError);
values that do not fit the declaration stop it at the call (TaskArgumentError). Each message
names the function."""

import os
import subprocess
import sys

import pytest

from braid.api.constraint import constraint
from braid.api.IO import IO
from braid.api.on_failure import on_failure
from braid.api.parameter import (COLLECTION_IN, COLLECTION_INOUT, DIRECTORY_IN, FILE_IN, FILE_INOUT, FILE_OUT, IN,
                                 INOUT, OUT, STREAM_IN, Depth, Direction, Prefix, Type)
from braid.api.task import task
from braid.errors import TaskArgumentError, TaskDefinitionError


def definition_of(function):
    return function.__braid_task__


def test_directions_and_defaults_are_recorded():
    @task(a=INOUT, f={Type: FILE_IN, Prefix: "--in="}, xs={Type: COLLECTION_IN, Depth: 3},
          o={Type: IN, Direction: OUT}, returns=2, priority=True, time_out=5, on_failure="IGNORE")
    def f(a, f, xs, o, plain):
        return 1, 2

    d = definition_of(f)
    assert d.name == f"{__name__}.test_directions_and_defaults_are_recorded.<locals>.f"
    assert (d.spec_of("a").kind, d.spec_of("a").direction) == ("object", "INOUT")
    assert (d.spec_of("f").kind, d.spec_of("f").prefix) == ("file", "--in=")
    assert (d.spec_of("xs").kind, d.spec_of("xs").depth) == ("collection", 3)
    assert d.spec_of("o").direction == "OUT"
    assert (d.spec_of("plain").kind, d.spec_of("plain").direction) == ("object", "IN")
    assert (d.returns, d.priority, d.time_out, d.on_failure) == (2, True, 5, "IGNORE")


@pytest.mark.parametrize("returns, count", [(0, 0), (1, 1), (3, 3), (int, 1), ([int, str], 2), ((list,), 1)])
def test_returns_forms(returns, count):
    @task(returns=returns)
    def f():
        pass

    assert definition_of(f).returns == count


def test_bare_task_and_method_self_direction():
    @task
    def plain(x):
        return x

    assert plain(3) == 3

    class C:
        @task(target_direction=IN)
        def read(self):
            return 1

        @task()
        def write(self):
            return 2

    assert definition_of(C.read).spec_of("self").direction == "IN"
    assert definition_of(C.write).spec_of("self").direction == "INOUT"


@pytest.mark.parametrize("options, message", [
    ({"colour": IN}, "'colour' is neither a parameter of"),
    ({"returns": "many"}, "returns must be a count"),
    ({"returns": -1}, "returns must not be negative"),
    ({"returns": True}, "returns must be a count"),
    ({"priority": "yes"}, "priority must be True or False"),
    ({"time_out": "soon"}, "time_out must be a number of seconds"),
    ({"on_failure": "PANIC"}, "on_failure must be one of RETRY, CANCEL_SUCCESSORS, FAIL, IGNORE"),
    ({"target_direction": FILE_IN}, "target_direction must be IN, OUT or INOUT"),
    ({"a": "INOUT"}, "parameter 'a' is declared as 'INOUT'"),
    ({"a": {Type: COLLECTION_IN, "deep": 2}}, "unknown key 'deep'"),
    ({"a": {Type: "FILE"}}, "the dictionary form's Type is one of the parameter kinds"),
    ({"a": {Type: FILE_IN, Depth: 2}}, "Depth applies to collections"),
    ({"a": {Type: COLLECTION_IN, Depth: 0}}, "Depth must be an integer >= 1"),
    ({"a": {Type: FILE_IN, Prefix: 3}}, "Prefix must be a string"),
    ({"is_replicated": True}, "option 'is_replicated' of PyCOMPSs is not supported by Braid"),
    ({"varargs_type": IN}, "the function has no *args"),
])
def test_definition_errors_name_the_function(options, message):
    def bad_task(a, b):
        pass

    with pytest.raises(TaskDefinitionError) as caught:
        task(**options)(bad_task)
    text = str(caught.value)
    assert text.startswith(f"@task of {__name__}.test_definition_errors_name_the_function.<locals>.bad_task: ")
    assert message in text
    assert "\n" not in text


def test_positional_decorator_argument_is_an_error():
    with pytest.raises(TaskDefinitionError, match="keywords only"):
        task(1, 2)


def test_kwargs_function_accepts_any_parameter_name():
    @task(anything=INOUT)
    def f(**kwargs):
        return kwargs

    assert definition_of(f).spec_of("anything").direction == "INOUT"


@pytest.mark.parametrize("values, message", [
    ({"computing_units": "two"}, "computing_units must be an integer >= 1, not 'two'"),
    ({"computing_units": 0}, "computing_units must be an integer >= 1"),
    ({"computing_units": 1.5}, "computing_units must be an integer >= 1"),
    ({"memory_size": "lots"}, "memory_size must be a number >= 0"),
    ({"storage_bw": "fast"}, "storage_bw must be a number >= 0 (MB/s), 'auto' or 'auto(min,max,delta)'"),
    ({"storage_bw": "auto(10,5,2)"}, "needs 0 < min <= max and delta > 1"),
    ({"storage_bw": "auto(10,50,1)"}, "needs 0 < min <= max and delta > 1"),
    ({"processor_architecture": ""}, "processor_architecture must be a non-empty string"),
    ({"gpus": 1}, "unknown constraint 'gpus'"),
    ({"computing_units": "$BRAID_TEST_UNSET_VARIABLE"}, "environment variable BRAID_TEST_UNSET_VARIABLE is not set"),
])
def test_constraint_errors_name_the_function(values, message):
    @task()
    def heavy():
        pass

    with pytest.raises(TaskDefinitionError) as caught:
        constraint(**values)(heavy)
    assert str(caught.value).startswith("@constraint of ")
    assert "heavy: " in str(caught.value)
    assert message in str(caught.value)


def test_constraints_io_and_on_failure_on_either_side_of_task(monkeypatch):
    monkeypatch.setenv("BRAID_TEST_CUS", "4")

    @constraint(computing_units="$BRAID_TEST_CUS", memory_size="1.5", storage_bw="AUTO")
    @IO()
    @task()
    def above():
        pass

    @task()
    @constraint(storage_bw="auto(10, 160, 2)", processor_architecture="arm")
    @on_failure(management="IGNORE", returns=0)
    def below():
        pass

    d = definition_of(above)
    assert d.constraints == {"computing_units": 4, "memory_size": 1.5, "storage_bw": "auto"}
    assert d.io is True
    d = definition_of(below)
    assert d.constraints == {"storage_bw": "auto(10,160,2)", "processor_architecture": "arm"}
    assert (d.on_failure, d.defaults, d.io) == ("IGNORE", {"returns": 0}, False)


def test_on_failure_needs_a_known_management():
    with pytest.raises(TaskDefinitionError, match="management= .* is missing"):
        on_failure(returns=0)(task()(lambda: None))
    with pytest.raises(TaskDefinitionError, match="on_failure must be one of"):
        on_failure(management="SOMETIMES")(task()(lambda: None))


def test_io_takes_no_arguments():
    with pytest.raises(TaskDefinitionError, match="@IO takes no arguments"):
        IO(storage_bw=3)


def test_call_errors_name_the_function_and_parameter(tmp_path):
    existing = tmp_path / "in.txt"
    existing.write_text("x")

    @task(f=FILE_IN, o=FILE_OUT, io=FILE_INOUT, d=DIRECTORY_IN, xs=COLLECTION_IN, ys=COLLECTION_INOUT,
          box=INOUT, s=STREAM_IN)
    def user(f=None, o=None, io=None, d=None, xs=(), ys=None, box=None, s=None):
        return "ran"

    def call_error(**kwargs):
        with pytest.raises(TaskArgumentError) as caught:
            user(**kwargs)
        return str(caught.value)

    prefix = f"task {__name__}.test_call_errors_name_the_function_and_parameter.<locals>.user: parameter "
    assert call_error(f=3) == prefix + "'f' is FILE_IN but got int 3 (a path is expected)"
    assert call_error(f=str(tmp_path / "missing")).endswith("is not an existing file")
    assert call_error(o=[]).startswith(prefix + "'o' is FILE_OUT but got list")
    assert call_error(io=str(tmp_path)).endswith("is not an existing file")
    assert call_error(d=str(existing)).endswith("is not an existing directory")
    assert call_error(xs=5).startswith(prefix + "'xs' is COLLECTION_IN but got int 5")
    assert call_error(ys=(1, 2)).endswith("(a list (it is updated in place) is expected)")
    assert call_error(box=3).startswith(prefix + "'box' is INOUT but got an immutable int 3")
    assert call_error(s="not a stream").startswith(prefix + "'s' is STREAM_IN but got str")
    assert user(f=existing, o=str(tmp_path / "out"), io=str(existing), d=tmp_path, xs=(1,), ys=[1], box=[]) == "ran"


def test_a_wrong_call_still_raises_pythons_own_type_error():
    @task()
    def one(a):
        return a

    with pytest.raises(TypeError, match="missing 1 required positional argument"):
        one()


def test_a_bad_declaration_stops_the_script_with_one_line(tmp_path):
    script = tmp_path / "bad_app.py"
    script.write_text("from braid.api.task import task\n"
                      "from braid.api.parameter import FILE_IN\n"
                      "print('started')\n"
                      "@task(returns=1, path=FILE_IN)\n"
                      "def count(pth):\n"
                      "    return 1\n"
                      "if __name__ == '__main__':\n"
                      "    print(count('x'))\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout == "started\n"
    assert done.stderr == ("braid: error: @task of bad_app.count: 'path' is neither a parameter of "
                           "count(pth) nor a @task option (returns, priority, target_direction, time_out, "
                           "on_failure, defaults, varargs_type)\n")


def test_a_bad_call_stops_the_script_with_one_line(tmp_path):
    script = tmp_path / "bad_call.py"
    script.write_text("from braid.api.task import task\n"
                      "from braid.api.parameter import FILE_IN\n"
                      "@task(returns=1, path=FILE_IN)\n"
                      "def count(path):\n"
                      "    return 1\n"
                      "if __name__ == '__main__':\n"
                      "    count(42)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          cwd=os.fspath(tmp_path))
    assert done.returncode == 1
    assert done.stderr == ("braid: error: task bad_call.count: parameter 'path' is FILE_IN but got int 42 "
                           "(a path is expected)\n")


def test_varargs_type_applies_to_every_extra_argument(tmp_path):
    existing = tmp_path / "a.txt"
    existing.write_text("a")

    @task(varargs_type=FILE_IN, returns=1)
    def count(*paths):
        return len(paths)

    assert count(str(existing), existing) == 2
    with pytest.raises(TaskArgumentError, match=r"parameter 'paths' is FILE_IN but got int 3"):
        count(str(existing), 3)
