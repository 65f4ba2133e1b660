package io.braid.launcher.cds;

import io.braid.comm.transport.DataFetcher;
import io.braid.comm.transport.DataServerHandler;
import io.braid.comm.transport.MessageServer;
import io.braid.comm.transport.VersionStore;
import io.braid.engine.resources.ClusterLoader;
import io.braid.streams.ConsumerMode;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.internals.client.DistroStreamClient;
import io.braid.streams.internals.server.DistroStreamServer;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The training run of braid.jar's class-data archive: the build (runtime/dist) runs it with
 * {@code -XX:ArchiveClassesAtExit=braid.jsa}, and the JVM archives every class it loaded from
 * the jar. It loads what a run's JVMs load: every Braid class (without initialising it), and,
 * by using them, the JDK's XML parser and schema validator (resources.xml and project.xml), the
 * stream server and client (Netty, Jackson), a data server and a fetch from it, an embedded Kafka
 * broker and the Kafka producer and consumer of an object stream.
 */
public final class ClassDataTraining {

    private ClassDataTraining() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        int loaded = loadBraidClasses();
        loadNodeDescriptions();
        fetchOnce();
        try (DistroStreamServer server = DistroStreamServer.builder().host("127.0.0.1").start()) {
            System.setProperty(DistroStreamClient.SERVER_PROPERTY, server.address());
            ObjectDistroStream<String> stream = new ObjectDistroStream<>("cds-training", ConsumerMode.AT_MOST_ONCE);
            stream.publish("x");
            List<String> got = List.of();
            for (int i = 0; i < 100 && got.isEmpty(); i++) {
                got = stream.poll(100);
            }
            stream.close();
            if (got.isEmpty()) {
                throw new IllegalStateException("the training stream returned nothing");
            }
        }
        System.out.printf("class-data training: %d Braid classes and an object stream in %d ms%n", loaded,
                (System.nanoTime() - t0) / 1_000_000);
        System.exit(0); // the stream client's threads are not daemons; the archive is written at exit
    }

    /**
     * A data server and a fetch from it, as a task's input from the main program and the main
     * program's read of a result move: the archive then holds the lambdas of the fetcher, the
     * request client, the data server's handler and sender, which a run otherwise spins on its
     * first tasks, master and worker alike (docs/performance/tasks.md, "A fresh run's first links").
     */
    private static void fetchOnce() throws Exception {
        VersionStore store = new VersionStore();
        byte[] value = {1, 2, 3};
        store.putObject("d1v1", value);
        MessageServer server = MessageServer.start("127.0.0.1", 0, () -> new DataServerHandler(store), "cds-training-data");
        try (DataFetcher fetcher = new DataFetcher("cds-training-fetch")) {
            fetcher.connectAhead(server.host(), server.port());
            byte[] got = fetcher.fetch(server.host(), server.port(), "d1v1").get(30, TimeUnit.SECONDS).bytes();
            if (!Arrays.equals(value, got)) {
                throw new IllegalStateException("the training fetch returned other bytes");
            }
        } finally {
            server.close();
        }
    }

    /** Reads and validates a resources.xml and a project.xml of one local node, as a run does. */
    private static void loadNodeDescriptions() throws IOException {
        Path dir = Files.createTempDirectory("braid-cds-training-");
        try {
            Path resources = Files.writeString(dir.resolve("resources.xml"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <ResourcesList>
                      <ComputeNode Name="127.0.0.2">
                        <Processor Name="MainProcessor"><ComputingUnits>1</ComputingUnits></Processor>
                      </ComputeNode>
                    </ResourcesList>
                    """);
            Path project = Files.writeString(dir.resolve("project.xml"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <Project>
                      <MasterNode/>
                      <ComputeNode Name="127.0.0.2"><InstallDir>/unused</InstallDir></ComputeNode>
                    </Project>
                    """);
            ClusterLoader.load(resources, project);
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    /** Loads (without initialising) every io.braid class of the jar this class came from. */
    private static int loadBraidClasses() throws IOException, URISyntaxException {
        Path jar = Path.of(ClassDataTraining.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!jar.toString().endsWith(".jar")) {
            return 0; // run from classes (tests): nothing to archive
        }
        int n = 0;
        ClassLoader loader = ClassDataTraining.class.getClassLoader();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                if (name.startsWith("io/braid/") && name.endsWith(".class") && !name.contains("module-info")) {
                    try {
                        Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, loader);
                        n++;
                    } catch (ClassNotFoundException | LinkageError ex) {
                        // an optional dependency missing: the class is simply not archived
                    }
                }
            }
        }
        return n;
    }
}
