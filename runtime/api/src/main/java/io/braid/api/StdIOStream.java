package io.braid.api;

/**
 * A FILE parameter bound to a standard stream of a binary or MPI task ({@code @Parameter(stream =
 * StdIOStream.STDOUT)}), as COMPSs' {@code StdIOStream}. Java method tasks accept and ignore it.
 */
public enum StdIOStream {
    STDIN, STDOUT, STDERR, UNSPECIFIED
}
