package io.braid.comm.message;

/**
 * How a worker runs a task implemented in another language than Java (a {@link RunTask} without
 * it calls a Java method or runs a {@link ProcessCall}): the function {@code function} of
 * {@code module}, run by that language's invoker on the worker (Python: a persistent
 * {@code python -m braid.worker} process per executor). Its objects are opaque bytes (pickles for
 * Python) that the runtime stores and moves without looking inside.
 *
 * <p>Parameters keep their {@link JobParam} meaning, with {@code javaType} unused: a {@code VALUE}
 * carries its bytes in Base64 in {@code value}; {@code OBJECT} and {@code FILE} go by data version
 * as for Java tasks; a collection is a {@link JobParam.Kind#COLLECTION} header whose value is its
 * length n, followed by its n elements (OBJECT parameters). The last {@code returns} parameters are the task's return values: OBJECT
 * parameters written only ({@code outData} set), which the function's results are stored under.
 *
 * @param language  {@code python} or {@code c} (run by braid-c-worker processes; values are the C worker
 *                  protocol's VALUE encodings)
 * @param module    the Python module ({@code pkg.mod}) or the C task's IDL interface
 * @param function  the function ({@code f} or {@code Class.method}) or C task function
 * @param location  Python: a directory the module is found in (put first on the Python path), null for none;
 *                  C: the worker library's absolute path (libAPP-worker.so)
 * @param returns   how many values the function returns (0: none)
 */
public record ForeignCall(String language, String module, String function, String location, int returns) {
    public static final String PYTHON = "python";
    public static final String C = "c";
}
