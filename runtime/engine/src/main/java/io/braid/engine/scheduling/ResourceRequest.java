package io.braid.engine.scheduling;

import io.braid.engine.scheduling.learning.AutoBandwidth;

import java.util.regex.Pattern;

/**
 * What a task needs from the node it runs on, for as long as it runs.
 *
 * <p>A compute task occupies {@code computingUnits} cores; an I/O task ({@code ioTask}) occupies
 * one I/O executor slot of the node instead, and no cores. Both also hold {@code memoryGB} and
 * {@code storageBW} (MB/s) of the node. {@code architecture} and {@code storageSizeGB} only select
 * nodes; they are not consumed. Zero means "no requirement" for every number but
 * {@code computingUnits}.
 *
 * @param computingUnits cores held while running (at least 1 for compute tasks, 0 for I/O tasks)
 * @param memoryGB       memory in GB held while running, 0 = none
 * @param architecture   required processor architecture, case-insensitive; null = any
 * @param storageBW      storage bandwidth in MB/s held while running, 0 = none
 * @param storageSizeGB  storage size in GB the node must have, 0 = none
 * @param ioTask         true for {@code @IO} tasks
 */
public record ResourceRequest(int computingUnits, double memoryGB, String architecture,
                              double storageBW, double storageSizeGB, boolean ioTask) {

    /** One core, nothing else: the request of a task without constraints. */
    public static final ResourceRequest DEFAULT = new ResourceRequest(1, 0, null, 0, 0, false);

    /** An I/O task without constraints. */
    public static final ResourceRequest IO = new ResourceRequest(0, 0, null, 0, 0, true);

    /** COMPSs' placeholder for "not set" in string-valued annotation attributes. */
    private static final String UNASSIGNED = "[unassigned]";

    /** Plain decimal notation (optionally with an exponent); no "NaN", "Infinity", hex or type suffixes. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");

    public ResourceRequest {
        if (computingUnits < 0) {
            throw new IllegalArgumentException("computingUnits must be >= 0, got " + computingUnits);
        }
        if (!ioTask && computingUnits == 0) {
            throw new IllegalArgumentException("a compute (non-I/O) task needs at least 1 computing unit");
        }
        checkAmount("memoryGB", memoryGB);
        checkAmount("storageBW", storageBW);
        checkAmount("storageSizeGB", storageSizeGB);
        if (architecture != null) {
            architecture = architecture.trim();
            if (architecture.isEmpty()) {
                architecture = null;
            }
        }
    }

    /** Compute task needing {@code cus} cores and nothing else. */
    public static ResourceRequest cores(int cus) {
        return new ResourceRequest(cus, 0, null, 0, 0, false);
    }

    /**
     * Builds a request from COMPSs-style {@code @Constraints} strings; "" (or null) means the
     * default. For I/O tasks the computing units are checked but not held: an I/O task uses an
     * I/O executor slot instead.
     *
     * @throws IllegalArgumentException naming the attribute and the bad value
     */
    public static ResourceRequest parse(String cus, String mem, String arch, String storageBW,
                                        String storageSize, boolean io) {
        int units = io ? 0 : 1;
        if (isSet(cus)) {
            units = parseInt("computingUnits", cus);
            if (io) {
                units = 0;
            } else if (units < 1) {
                throw new IllegalArgumentException("computingUnits=\"" + cus
                        + "\": a task needs at least 1 computing unit (only @IO tasks take 0)");
            }
        }
        double memory = isSet(mem) ? parseAmount("memorySize", mem) : 0;
        String architecture = isSet(arch) && !UNASSIGNED.equalsIgnoreCase(arch.trim()) ? arch.trim() : null;
        double bandwidth = 0;
        if (isSet(storageBW)) {
            if (AutoBandwidth.parse(storageBW) != null) {
                // "auto" / "auto(min,max,delta)": learned at run time (scheduling.learning); the
                // core gives each task a concrete value when it releases it to the scheduler.
                if (!io) {
                    throw new IllegalArgumentException("storageBW=\"" + storageBW.trim()
                            + "\": auto constraints apply to @IO tasks only");
                }
                bandwidth = 0;
            } else {
                bandwidth = parseAmount("storageBW", storageBW);
            }
        }
        double size = isSet(storageSize) ? parseAmount("storageSize", storageSize) : 0;
        return new ResourceRequest(units, memory, architecture, bandwidth, size, io);
    }

    /** This request holding {@code mbs} MB/s of storage bandwidth instead. */
    public ResourceRequest withStorageBW(double mbs) {
        return new ResourceRequest(computingUnits, memoryGB, architecture, mbs, storageSizeGB, ioTask);
    }

    /** True when {@code node}'s architecture satisfies this request (null on either side = any). */
    public boolean architectureMatches(String nodeArchitecture) {
        return architecture == null || nodeArchitecture == null || architecture.equalsIgnoreCase(nodeArchitecture.trim());
    }

    private static boolean isSet(String s) {
        return s != null && !s.isBlank();
    }

    private static int parseInt(String attribute, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(attribute + "=\"" + value + "\" is not an integer");
        }
    }

    private static double parseAmount(String attribute, String value) {
        String v = value.trim();
        if (!DECIMAL.matcher(v).matches()) {
            throw new IllegalArgumentException(attribute + "=\"" + value + "\" is not a number");
        }
        double d = Double.parseDouble(v);
        if (d < 0 || Double.isInfinite(d)) {
            throw new IllegalArgumentException(attribute + "=\"" + value + "\" must be a finite number >= 0");
        }
        return d;
    }

    private static void checkAmount(String what, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, got " + value);
        }
    }

    /** What the task asks for, in words: "2 computing units, architecture AMD, 1.5 GB of memory". */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(ioTask ? "an I/O executor" : computingUnits + (computingUnits == 1 ? " computing unit" : " computing units"));
        if (architecture != null) {
            b.append(", architecture ").append(architecture);
        }
        if (memoryGB > 0) {
            b.append(", ").append(memoryGB).append(" GB of memory");
        }
        if (storageBW > 0) {
            b.append(", ").append(storageBW).append(" MB/s of storage bandwidth");
        }
        if (storageSizeGB > 0) {
            b.append(", ").append(storageSizeGB).append(" GB of storage");
        }
        return b.toString();
    }

    // Written out as a record's would be (doubles by Double.compare): see io.braid.engine.analysis.ObjectKey.
    @Override
    public boolean equals(Object o) {
        return o instanceof ResourceRequest r && r.computingUnits == computingUnits && r.ioTask == ioTask
                && Double.compare(r.memoryGB, memoryGB) == 0 && Double.compare(r.storageBW, storageBW) == 0
                && Double.compare(r.storageSizeGB, storageSizeGB) == 0
                && java.util.Objects.equals(r.architecture, architecture);
    }

    @Override
    public int hashCode() {
        int h = computingUnits;
        h = 31 * h + Double.hashCode(memoryGB);
        h = 31 * h + java.util.Objects.hashCode(architecture);
        h = 31 * h + Double.hashCode(storageBW);
        h = 31 * h + Double.hashCode(storageSizeGB);
        return 31 * h + Boolean.hashCode(ioTask);
    }
}
