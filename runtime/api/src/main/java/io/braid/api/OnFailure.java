package io.braid.api;

/**
 * What happens when a task fails (throws, or runs past its {@code timeOut}), as COMPSs' {@code
 * OnFailure}: {@code @Method(onFailure = OnFailure.IGNORE)}.
 */
public enum OnFailure {
    /** Run it again (once, on another node when there is one); if that fails too, the run stops. The default. */
    RETRY,
    /** The run stops at the first failure, without a second attempt. */
    FAIL,
    /** The run goes on as if the task had ended: what it writes gets an empty value (null, an empty file). */
    IGNORE,
    /** The run goes on without the task and without every task that needs what it writes. */
    CANCEL_SUCCESSORS
}
