package io.braid.streams.internals.files;

import io.braid.streams.ConsumerMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The completion rule, through the queue (one application, one reader). */
class DirectoryMonitorTest {

    @TempDir
    Path dir;
    @TempDir
    Path elsewhere;

    static FileStreamOptions defaults() {
        return FileStreamOptions.fromSystemProperties().withCompletion(CompletionRule.AUTO).withPollingOnly(false);
    }

    static List<String> takeAll(DirectoryFileStreamQueue q) {
        return q.take("app", "r", ConsumerMode.AT_MOST_ONCE, Integer.MAX_VALUE);
    }

    /** Takes until {@code n} paths arrived or the timeout passed. */
    static List<String> await(DirectoryFileStreamQueue q, String app, String reader, ConsumerMode mode, int n,
                              long timeoutMs) throws InterruptedException {
        List<String> got = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (got.size() < n && System.nanoTime() < end) {
            got.addAll(q.take(app, reader, mode, n - got.size()));
            if (got.size() < n) {
                Thread.sleep(2);
            }
        }
        return got;
    }

    @Test
    void localDirectoryUsesOpenFiles() throws Exception {
        assertTrue(OpenWriters.available(), "the open-writer check reads /proc/<pid>/fd (Linux): this machine has none");
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            assertEquals(CompletionRule.OPEN_FILES, q.monitor().completionRule());
            assertTrue(q.monitor().usesEvents());
        }
    }

    @Test
    void fileHeldOpenInThisJvmIsNotHandedOutUntilClosed() throws Exception {
        assertTrue(OpenWriters.available(), "the open-writer check reads /proc/<pid>/fd (Linux): this machine has none");
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path f = dir.resolve("held.dat");
            OutputStream out = new FileOutputStream(f.toFile());
            for (int i = 0; i < 5; i++) {
                out.write(("part " + i + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                q.settle(); // the monitor has looked at the directory and the file's writers
                assertEquals(List.of(), takeAll(q), "handed out while open for writing");
            }
            out.close();
            q.settle();
            assertEquals(List.of(f.toString()), takeAll(q), "complete at the first look after the close");
        }
    }

    @Test
    void fileOpenForReadingOnlyIsComplete() throws Exception {
        assertTrue(OpenWriters.available(), "the open-writer check reads /proc/<pid>/fd (Linux): this machine has none");
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path f = dir.resolve("read.dat");
            Files.writeString(f, "x");
            try (var in = Files.newInputStream(f)) {
                assertEquals(List.of(f.toString()), await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 2000));
            }
        }
    }

    @Test
    void renameIntoTheDirectoryIsCompleteAtOnce() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path src = elsewhere.resolve("moved.dat");
            Files.writeString(src, "payload");
            Files.move(src, dir.resolve("moved.dat"), StandardCopyOption.ATOMIC_MOVE);
            q.settle();
            assertEquals(List.of(dir.resolve("moved.dat").toString()), takeAll(q),
                    "complete at the first look: no writer, no window to wait for");
        }
    }

    @Test
    void inProgressNamesAreIgnoredUntilRenamed() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            for (String name : List.of(".hidden", "a.tmp", "b.part")) {
                Files.writeString(dir.resolve(name), name);
            }
            q.settle();
            assertEquals(List.of(), takeAll(q));
            Files.move(dir.resolve(".hidden"), dir.resolve("hidden"), StandardCopyOption.ATOMIC_MOVE);
            Files.move(dir.resolve("a.tmp"), dir.resolve("a"), StandardCopyOption.ATOMIC_MOVE);
            Files.move(dir.resolve("b.part"), dir.resolve("b"), StandardCopyOption.ATOMIC_MOVE);
            List<String> got = await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 3, 2000);
            assertEquals(List.of(dir.resolve("hidden").toString(), dir.resolve("a").toString(),
                    dir.resolve("b").toString()), got);
        }
    }

    @Test
    void stabilityFallbackInPollingMode() throws Exception {
        FileStreamOptions opts = defaults().withPollingOnly(true).withCompletion(CompletionRule.STABILITY)
                .withStabilityWindow(Duration.ofMillis(300)).withScanInterval(Duration.ofMillis(100));
        AtomicLong clock = new AtomicLong(1_000_000_000L); // the monitor's clock, in ns, moved by this test
        try (MonitorThreads threads = new MonitorThreads("test-monitor", 1, clock::get);
             DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, opts, threads)) {
            assertEquals(CompletionRule.STABILITY, q.monitor().completionRule());
            Path f = dir.resolve("growing.log");
            for (int i = 0; i < 10; i++) {
                Files.writeString(f, "line " + i + "\n", StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                q.settle(); // sees the new size: the window starts again
                clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(100));
                q.settle();
                assertEquals(List.of(), takeAll(q), "handed out while still growing, write " + i);
            }
            clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(199)); // 299 ms since the last change was seen
            q.settle();
            assertEquals(List.of(), takeAll(q), "handed out before the window passed");
            clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(1));
            q.settle();
            assertEquals(List.of(f.toString()), takeAll(q), "stable for the whole window");
            assertEquals(10, Files.readAllLines(f).size());
        }
    }

    @Test
    void writerInAnotherProcessKeepsTheFileUnavailableUntilItCloses() throws Exception {
        assertTrue(OpenWriters.available(), "the open-writer check reads /proc/<pid>/fd (Linux): this machine has none");
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path f = dir.resolve("from-shell.txt");
            // Opens fd 3, writes and closes it when told (a line on its stdin), then lives until its
            // stdin closes: availability must follow the close, not the exit.
            Process p = new ProcessBuilder("sh", "-c",
                    "exec 3>'" + f + "'; echo opened; read go; echo x >&3; exec 3>&-; echo closed; read end")
                    .redirectErrorStream(true).start();
            try (var told = new java.io.PrintStream(p.getOutputStream(), true);
                 var says = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()))) {
                assertEquals("opened", says.readLine());
                q.settle();
                assertEquals(List.of(), takeAll(q), "handed out while another process writes it");
                told.println("go");
                assertEquals("closed", says.readLine());
                assertEquals(List.of(f.toString()), await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 5000));
                assertTrue(p.isAlive(), "should be available after the close, before the process exits");
                assertEquals("x\n", Files.readString(f));
            } finally {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void pollingOnlyModeFindsFilesWithTheOpenFilesRule() throws Exception {
        assertTrue(OpenWriters.available(), "the open-writer check reads /proc/<pid>/fd (Linux): this machine has none");
        FileStreamOptions opts = defaults().withPollingOnly(true).withScanInterval(Duration.ofMillis(100));
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, opts)) {
            assertTrue(!q.monitor().usesEvents());
            assertEquals(CompletionRule.OPEN_FILES, q.monitor().completionRule());
            OutputStream out = new FileOutputStream(dir.resolve("p1").toFile());
            out.write(1);
            Files.writeString(dir.resolve("p2"), "2");
            assertEquals(List.of(dir.resolve("p2").toString()),
                    await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 1000));
            q.settle();
            assertEquals(List.of(), takeAll(q));
            out.close();
            assertEquals(List.of(dir.resolve("p1").toString()),
                    await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 1000));
        }
    }

    @Test
    void filesPresentBeforeStartAreDeliveredOldestFirst() throws Exception {
        Path older = Files.writeString(dir.resolve("z-older"), "1");
        Files.setLastModifiedTime(older, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Path newer = Files.writeString(dir.resolve("a-newer"), "2");
        Files.writeString(dir.resolve(".ignored"), "3");
        Files.createDirectory(dir.resolve("subdir"));
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            assertEquals(List.of(older.toString(), newer.toString()),
                    await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 2, 2000));
            q.settle();
            assertEquals(List.of(), takeAll(q));
        }
    }

    @Test
    void filesPresentBeforeStartCanBeSkipped() throws Exception {
        Files.writeString(dir.resolve("before"), "1");
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults().withIncludeExisting(false))) {
            q.settle(); // the monitor has started: what is there now is skipped
            Files.writeString(dir.resolve("after"), "2");
            assertEquals(List.of(dir.resolve("after").toString()),
                    await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 2000));
            q.settle();
            assertEquals(List.of(), takeAll(q));
        }
    }

    @Test
    void deletedAndRecreatedFileCountsAgainButModificationsDoNot() throws Exception {
        try (DirectoryFileStreamQueue q = new DirectoryFileStreamQueue(dir, defaults())) {
            Path f = Files.writeString(dir.resolve("again"), "1");
            assertEquals(1, await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 2000).size());
            Files.writeString(f, "modified");
            q.settle();
            assertEquals(List.of(), takeAll(q));
            Files.delete(f);
            q.settle(); // the monitor has seen it gone
            Files.writeString(f, "new file");
            assertEquals(List.of(f.toString()), await(q, "app", "r", ConsumerMode.AT_MOST_ONCE, 1, 2000));
        }
    }

    @Test
    void withoutExistingFilesOnlyFilesMadeAfterTheStartAreReported() throws Exception {
        Files.writeString(dir.resolve("old.dat"), "there before");
        List<Path> got = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (DirectoryMonitor m = new DirectoryMonitor(dir, defaults().withIncludeExisting(false), got::add)) {
            m.start();
            Path fresh = Files.writeString(dir.resolve("new.dat"), "made after the start");
            m.settle(Duration.ofSeconds(10));
            assertEquals(List.of(fresh.toAbsolutePath()), got);
        }
    }

    /**
     * With {@code includeExisting=false} a base directory that cannot be listed at the start is an
     * error naming it: the files already there could not be told from new ones (they were
     * published once the directory could be listed, with a WARN). Here the directory is removed
     * between the monitor's creation and its start (as root, permissions would not stop a listing).
     */
    @Test
    void withoutExistingFilesADirectoryThatCannotBeListedFailsTheStartNamingIt() throws Exception {
        Path gone = Files.createDirectory(elsewhere.resolve("base"));
        DirectoryMonitor m = new DirectoryMonitor(gone, defaults().withIncludeExisting(false), p -> { });
        Files.delete(gone);
        try {
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, m::start);
            assertTrue(e.getMessage().contains("cannot list file stream base directory " + gone.toAbsolutePath())
                    && e.getMessage().contains("includeExisting=false"), e.getMessage());
        } finally {
            m.close();
        }
    }

    @Test
    void optionsFromSystemProperties() {
        assertEquals(CompletionRule.OPEN_FILES_AND_STABILITY, FileStreamOptions.parseRule("open-files-and-stability"));
        FileStreamOptions d = FileStreamOptions.fromSystemProperties();
        assertEquals(Duration.ofMillis(500), d.stabilityWindow());
        assertEquals(Duration.ofMillis(150), d.scanInterval());
        assertTrue(d.includeExisting());
        assertTrue(Set.of(CompletionRule.values()).contains(d.completion()));
    }
}
