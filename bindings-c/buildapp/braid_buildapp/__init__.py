"""braid-c-buildapp: turns a COMPSs-style IDL file into C master stubs and a worker library."""
