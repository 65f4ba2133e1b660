package compssfilenames;

import java.io.BufferedReader;
import java.io.File;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Tasks written as COMPSs users write them: they rely on the names their files had in the main program. */
public class Tasks {

    /** Adds one to the number in a file that must be called "counter". */
    public static void increment(String counterFile, int sleepMs) throws Exception {
        requireName(counterFile, "counter");
        int value = read(counterFile);
        Thread.sleep(sleepMs); // keeps tasks on other versions of "counter" running meanwhile
        try (FileWriter w = new FileWriter(counterFile)) {
            w.write(Integer.toString(value + 1));
        }
    }

    public static Integer readCounter(String counterFile, int sleepMs) throws Exception {
        requireName(counterFile, "counter");
        Thread.sleep(sleepMs);
        return read(counterFile);
    }

    /** Writes a file that must be called "result.txt". */
    public static void writeResult(String resultFile, String text) throws IOException {
        requireName(resultFile, "result.txt");
        try (FileWriter w = new FileWriter(resultFile)) {
            w.write(text);
        }
    }

    /** Replaces the file by a new one next to it: write a temporary, then rename it over the file. */
    public static void rewriteAtomically(String file, String suffix) throws IOException {
        String content = new String(Files.readAllBytes(Path.of(file)));
        Path tmp = new File(new File(file).getParentFile(), new File(file).getName() + ".tmp").toPath();
        Files.write(tmp, (content + suffix).getBytes());
        Files.move(tmp, Path.of(file), StandardCopyOption.REPLACE_EXISTING);
    }

    public static String namesOf(String first, String second) throws IOException {
        return new File(first).getName() + "=" + Files.readString(Path.of(first)) + " " + new File(second).getName()
                + "=" + Files.readString(Path.of(second));
    }

    public static String renamedName(String file) {
        return new File(file).getName();
    }

    public static String appendRenamed(String file, String text) throws IOException {
        try (FileWriter w = new FileWriter(file, true)) {
            w.write(text);
        }
        return new File(file).getName();
    }

    private static void requireName(String path, String expected) {
        String name = new File(path).getName();
        if (!name.equals(expected)) {
            throw new IllegalStateException("the task got file " + name + " where the main program used " + expected);
        }
    }

    private static int read(String file) throws IOException {
        try (BufferedReader r = new BufferedReader(new FileReader(file))) {
            return Integer.parseInt(r.readLine().trim());
        }
    }
}
