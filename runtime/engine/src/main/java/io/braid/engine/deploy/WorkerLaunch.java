package io.braid.engine.deploy;

import java.nio.file.Path;
import java.util.List;

/**
 * What every worker start needs to know about the run. {@code commandPrefix} goes before the java
 * command of a local worker (e.g. {@code nice -n 10}); empty for none.
 */
public record WorkerLaunch(List<String> commandPrefix, String javaCommand, String braidJar, List<String> jvmOptions,
                           String masterHost, int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                           int defaultIoExecutors) {

    /** The same launch, with the workers connecting to the master at {@code host:port}. */
    public WorkerLaunch withMaster(String host, int port) {
        return new WorkerLaunch(commandPrefix, javaCommand, braidJar, jvmOptions, host, port, appClasspath, logDir,
                logLevel, defaultIoExecutors);
    }
}
