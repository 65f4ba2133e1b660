"""Streams with PyCOMPSs' names: ``braid.streams.distro_stream``."""
