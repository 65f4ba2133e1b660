"""Streams without the runtime: producer and consumer tasks in one process, through STREAM_OUT/STREAM_IN."""

import os

import pytest

from braid.api.api import compss_wait_on
from braid.api.parameter import STREAM_IN, STREAM_OUT
from braid.api.task import task
from braid.streams.distro_stream import (AT_LEAST_ONCE, BackendException, FileDistroStream, ObjectDistroStream,
                                         RegistrationException)


@task(stream=STREAM_OUT)
def produce(stream, count):
    for i in range(count):
        stream.publish(i)
    stream.publish_list(["a", "b"])
    stream.close()


@task(stream=STREAM_IN, returns=1)
def consume(stream):
    taken = []
    while not stream.is_closed():
        taken.extend(stream.poll(timeout=100))
    taken.extend(stream.poll())
    return taken


@task(stream=STREAM_OUT)
def write_files(stream, count):
    for i in range(count):
        with open(os.path.join(stream.base_dir, f"f{i}.txt"), "w") as f:
            f.write(str(i))
    stream.close()


@task(stream=STREAM_IN, returns=1)
def read_files(stream):
    paths = []
    while not stream.is_closed() or not paths:
        paths.extend(stream.poll())
    return [os.path.basename(p) for p in paths]


def test_object_stream_between_tasks():
    stream = ObjectDistroStream()
    produce(stream, 3)
    assert compss_wait_on(consume(stream)) == [0, 1, 2, "a", "b"]
    assert stream.poll() == []


def test_file_stream_between_tasks(tmp_path):
    stream = FileDistroStream(base_dir=str(tmp_path / "frames"))
    write_files(stream, 3)
    assert compss_wait_on(read_files(stream)) == ["f0.txt", "f1.txt", "f2.txt"]


def test_alias_names_one_stream_whose_readers_share_records():
    writer = ObjectDistroStream(alias="shared-alias", access_mode=AT_LEAST_ONCE)
    reader_one = ObjectDistroStream(alias="shared-alias")
    reader_two = ObjectDistroStream(alias="shared-alias")
    assert reader_one.get_stream_id() == writer.get_stream_id()
    assert reader_one.get_consumer_mode() == AT_LEAST_ONCE  # the creator's mode wins
    writer.publish_list([1, 2, 3])
    assert reader_one.poll() == [1, 2, 3]
    assert reader_two.poll() == []
    writer.close()
    assert reader_two.is_closed()
    with pytest.raises(BackendException, match="is closed"):
        writer.publish(4)


def test_stream_errors(tmp_path):
    with pytest.raises(RegistrationException, match="needs base_dir"):
        FileDistroStream()
    with pytest.raises(RegistrationException, match="unknown consumer mode"):
        ObjectDistroStream(access_mode="SOMETIMES")
    ObjectDistroStream(alias="typed")
    with pytest.raises(RegistrationException, match="is a stream of type OBJECT, not FILE"):
        FileDistroStream(alias="typed", base_dir=str(tmp_path))
    files = FileDistroStream(base_dir=str(tmp_path / "base"))
    with pytest.raises(BackendException, match="not inside"):
        files.publish(str(tmp_path / "elsewhere.txt"))
    files.publish(str(tmp_path / "base" / "inside.txt"))
