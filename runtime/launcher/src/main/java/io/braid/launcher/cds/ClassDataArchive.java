package io.braid.launcher.cds;

import io.braid.launcher.LauncherSettings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The class-data archive of braid.jar ({@code braid.jsa} beside it, written by the build with
 * {@link ClassDataTraining}): JVMs that map it load the runtime's, Netty's and Kafka's classes
 * from it instead of parsing them from the jar (an embedded broker starts in about 2 s instead of
 * 3.6 s; docs/PERFORMANCE.md). braid-run passes it to the master as
 * {@code -XX:SharedArchiveFile} and names it in {@code braid.cds.archive}; the master gives the same
 * options to the workers it starts. A stale or unusable archive is ignored by the JVM
 * ({@code -Xshare:auto}) without a word on stdout.
 */
public final class ClassDataArchive {
    /** The master's system property naming the archive braid-run found (unset: none). */
    public static final String PROPERTY = LauncherSettings.CDS_ARCHIVE.property();

    private ClassDataArchive() {
    }

    /** JVM options that map {@code archive}, or none when it is null or missing. */
    public static List<String> jvmOptions(String archive) {
        if (archive == null || archive.isBlank() || !Files.isRegularFile(Path.of(archive))) {
            return List.of();
        }
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /** The options for this JVM's workers: the archive the master was given, if any. */
    public static List<String> forWorkers() {
        return jvmOptions(LauncherSettings.CDS_ARCHIVE.get());
    }
}
