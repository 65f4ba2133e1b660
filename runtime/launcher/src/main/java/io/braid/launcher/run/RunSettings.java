package io.braid.launcher.run;

import io.braid.engine.resources.Cluster;
import io.braid.launcher.streams.StreamingMode;
import io.braid.streams.internals.server.KafkaMode;

import java.nio.file.Path;
import java.util.List;

/**
 * Everything a run needs, resolved from the command line, the environment and the XML files.
 * {@code streamServer}: {@code host:port} of an existing stream server to use, or null to host one.
 * {@code workerJvmOptions} are the user's own ({@code --jvm_workers_opts}); they come after {@code workerJit}'s.
 * {@code workerPriority}: the local workers' nice value.
 * {@code masterName}: {@code --master_name}, the master's cluster address, or null to choose it.
 * {@code allowUninstrumented}: {@code --allow_uninstrumented}, load classes that cannot be instrumented unchanged.
 */
public record RunSettings(String mainClass, List<String> appArgs, List<String> classpath, List<String> extraInterfaces,
                          Cluster cluster, Path logDir, String logLevel, boolean graph, boolean tracing, boolean summary,
                          int ioExecutors, int masterPort, List<String> workerJvmOptions, int workerStartTimeoutSeconds,
                          String braidJar, StreamingMode streaming, KafkaMode streamingBackend,
                          String streamServer, WorkerJit workerJit, WorkerPriority workerPriority,
                          String masterName, boolean allowUninstrumented) {
}
