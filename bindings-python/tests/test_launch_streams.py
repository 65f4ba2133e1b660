"""braid-run app.py starts the Kafka broker with the run when the application's source names
ObjectDistroStream (braid._runtime.launch.uses_object_streams), as a Java run whose tasks take
object streams does; the runs themselves are in test_hybrid_examples.py."""

import os

from braid._runtime.launch import uses_object_streams

from test_hybrid_examples import example


def test_an_application_that_names_object_streams_has_them_prepared():
    assert uses_object_streams(example("exchange"))
    assert uses_object_streams(example("batches"))
    assert uses_object_streams(example("sensor", "sensor_main"))


def test_file_streams_only_or_a_mention_in_text_prepares_nothing(tmp_path):
    assert not uses_object_streams(example("simulations"))
    app = tmp_path / "app.py"
    app.write_text('"""Uses no ObjectDistroStream."""\n# ObjectDistroStream in a comment\nx = "ObjectDistroStream"\n')
    assert not uses_object_streams(str(app))


def test_every_spelling_of_the_name_counts(tmp_path):
    spellings = ["from braid.streams.distro_stream import ObjectDistroStream\n",
                 "import braid.streams.distro_stream as ds\ns = ds.ObjectDistroStream()\n",
                 "from braid.streams.distro_stream import ObjectDistroStream as Stream\n"]
    for i, source in enumerate(spellings):
        app = tmp_path / f"app{i}.py"
        app.write_text(source)
        assert uses_object_streams(str(app)), source


def test_a_source_that_does_not_parse_is_left_to_the_run(tmp_path):
    app = tmp_path / "broken.py"
    app.write_text("def (:\n")
    assert not uses_object_streams(str(app))
    assert not uses_object_streams(os.path.join(str(tmp_path), "missing.py"))


def test_importing_the_launcher_leaves_the_sequential_mode_alone():
    # the Session class's module once was braid._runtime.session: importing it replaced the package's
    # `session = None` with that module, and every @task then took it for a running session
    import braid._runtime as runtime
    import braid._runtime.launch  # noqa: F401
    import braid._runtime.runtime_session  # noqa: F401
    assert runtime.session is None
