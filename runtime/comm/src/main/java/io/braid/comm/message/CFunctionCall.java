package io.braid.comm.message;

/**
 * How a worker runs a task implemented by a C function of a Java application
 * ({@code @CFunction}): {@code symbol} of the shared library {@code library}, called through JNA
 * in the worker's native task host. The arguments are the job's parameters as a Java method
 * would get them (the {@code paramTypes} of the {@link RunTask} say their Java types), a FILE as
 * its path.
 *
 * @param library    the shared library ({@code ${VAR}} not yet expanded: the worker's environment does it)
 * @param symbol     the function
 * @param returnType the Java return type by name ({@code void}, {@code int}, {@code double}, ...)
 */
public record CFunctionCall(String library, String symbol, String returnType) {
}
