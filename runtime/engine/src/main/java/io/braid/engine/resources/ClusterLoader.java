package io.braid.engine.resources;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import javax.xml.validation.Schema;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads COMPSs-style resources.xml / project.xml files into a {@link Cluster}.
 *
 * <p>What is read (everything else is accepted and ignored):
 * <ul>
 *   <li>resources.xml, per {@code <ComputeNode Name>}: {@code Processor/ComputingUnits} (summed
 *       over the CPU processors; a processor whose {@code Type} is not CPU, e.g. GPU, is skipped),
 *       the first {@code Processor/Architecture}, {@code Memory/Size} (GB), {@code Storage/Size}
 *       (GB), {@code Storage/Bandwidth} (MB/s), {@code SharedDisks/AttachedDisk Name + MountPoint},
 *       the adaptor's {@code Adaptors/.../MinPort}, {@code MaxPort} and {@code RemoteExecutionCommand},
 *       and Braid's {@code IOExecutors}.</li>
 *   <li>project.xml: {@code MasterNode/SharedDisks/AttachedDisk}; per {@code <ComputeNode Name>}:
 *       {@code InstallDir}, {@code WorkingDir}, {@code User}, {@code LimitOfTasks}, the adaptor's
 *       ports and remote-execution command, Braid's {@code IOExecutors} (these override
 *       resources.xml).</li>
 * </ul>
 * The nodes that run are those of project.xml, in its order, each of which must be declared in
 * resources.xml; with resources.xml alone, all its ComputeNodes; with project.xml alone, its nodes
 * with LimitOfTasks cores (or, without it, as many as this machine has).
 *
 * <p>Both files are validated against Braid's XSDs (resources-xml/*.xsd, packaged in this jar);
 * every error is a {@link ResourcesException} with one line {@code file:line: <Element>: problem}.
 */
public final class ClusterLoader {

    /** Root elements. */
    static final String RESOURCES_ROOT = "ResourcesList";
    static final String PROJECT_ROOT = "Project";

    private static volatile Schema resourcesSchema;
    private static volatile Schema projectSchema;

    private ClusterLoader() {
    }

    /**
     * Loads the cluster from either or both files.
     *
     * @param resources resources.xml, or null
     * @param project   project.xml, or null
     * @throws ResourcesException   on any problem in the files
     * @throws IllegalArgumentException if both are null (use {@link Cluster#localDefault(int)})
     */
    public static Cluster load(Path resources, Path project) {
        if (resources == null && project == null) {
            throw new IllegalArgumentException("neither resources.xml nor project.xml given; use Cluster.localDefault");
        }
        Map<String, ResourceNode> declared = null;
        if (resources != null) {
            String shown = resources.toString();
            Document doc = XmlReader.read(resources, shown, resourcesSchema(), RESOURCES_ROOT);
            declared = readResources(doc, shown);
        }
        if (project == null) {
            List<NodeDescription> nodes = new ArrayList<>();
            for (ResourceNode r : declared.values()) {
                nodes.add(r.describe(null));
            }
            return new Cluster(nodes, Map.of());
        }
        String shown = project.toString();
        Document doc = XmlReader.read(project, shown, projectSchema(), PROJECT_ROOT);
        Element root = doc.getDocumentElement();
        Map<String, String> master = new LinkedHashMap<>();
        for (Element m : children(root, "MasterNode")) {
            master.putAll(sharedDisks(m, shown));
        }
        List<NodeDescription> nodes = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Element cn : children(root, "ComputeNode")) {
            String name = nodeName(cn, shown, seen);
            ProjectNode p = new ProjectNode(
                    text(cn, "InstallDir"), text(cn, "WorkingDir"),
                    intValue(child(cn, "LimitOfTasks"), shown, NodeDescription.NO_LIMIT),
                    intValue(child(cn, "IOExecutors"), shown, 0), text(cn, "User"), adaptor(cn, shown));
            ResourceNode r;
            if (declared != null) {
                r = declared.get(name);
                if (r == null) {
                    throw new ResourcesException(where(shown, cn) + ": node '" + name
                            + "' is not declared in " + resources);
                }
            } else {
                int cores = p.limitOfTasks >= 0 ? p.limitOfTasks : Runtime.getRuntime().availableProcessors();
                r = new ResourceNode(name, cores, 0, null, 0, 0, 0, Map.of(), Adaptor.NONE);
            }
            nodes.add(r.describe(p));
        }
        return new Cluster(nodes, master);
    }

    private static Map<String, ResourceNode> readResources(Document doc, String file) {
        Element root = doc.getDocumentElement();
        Map<String, ResourceNode> nodes = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Element cn : children(root, "ComputeNode")) {
            String name = nodeName(cn, file, seen);
            int cus = 0;
            boolean sawCus = false;
            String arch = null;
            for (Element proc : children(cn, "Processor")) {
                String type = text(proc, "Type");
                if (type != null && !type.equalsIgnoreCase("CPU")) {
                    continue; // GPU / FPGA processors: Braid has no such constraints yet
                }
                Element cu = child(proc, "ComputingUnits");
                if (cu != null) {
                    int v = intValue(cu, file, 0);
                    if (v < 1) {
                        throw new ResourcesException(where(file, cu) + ": '" + v + "' must be at least 1");
                    }
                    cus = Math.addExact(cus, v);
                    sawCus = true;
                }
                if (arch == null) {
                    arch = text(proc, "Architecture");
                }
            }
            if (!sawCus) {
                throw new ResourcesException(where(file, cn) + ": node '" + name
                        + "' has no <Processor> with <ComputingUnits>");
            }
            Element memory = child(cn, "Memory");
            Element storage = child(cn, "Storage");
            nodes.put(name, new ResourceNode(name, cus,
                    amount(memory == null ? null : child(memory, "Size"), file),
                    arch,
                    amount(storage == null ? null : child(storage, "Size"), file),
                    amount(storage == null ? null : child(storage, "Bandwidth"), file),
                    intValue(child(cn, "IOExecutors"), file, 0),
                    sharedDisks(cn, file), adaptor(cn, file)));
        }
        return nodes;
    }

    private static String nodeName(Element cn, String file, Map<String, Integer> seen) {
        String name = cn.getAttribute("Name").trim();
        if (name.isEmpty()) {
            throw new ResourcesException(where(file, cn) + ": missing attribute Name");
        }
        Integer first = seen.putIfAbsent(name, XmlReader.line(cn));
        if (first != null) {
            throw new ResourcesException(where(file, cn) + ": duplicate node name '" + name
                    + "' (first declared at line " + first + ")");
        }
        return name;
    }

    private static Map<String, String> sharedDisks(Element owner, String file) {
        Map<String, String> disks = new LinkedHashMap<>();
        for (Element sd : children(owner, "SharedDisks")) {
            for (Element ad : children(sd, "AttachedDisk")) {
                String name = ad.getAttribute("Name").trim();
                if (name.isEmpty()) {
                    throw new ResourcesException(where(file, ad) + ": missing attribute Name");
                }
                String mount = text(ad, "MountPoint");
                if (mount == null) {
                    throw new ResourcesException(where(file, ad) + ": shared disk '" + name + "' has no <MountPoint>");
                }
                disks.put(name, mount);
            }
        }
        return disks;
    }

    /**
     * The node's adaptor settings: COMPSs nests them as {@code Adaptors/Adaptor/Ports/MinPort}
     * (and {@code Properties} in some versions), so they are looked for anywhere under Adaptors.
     */
    private static Adaptor adaptor(Element cn, String file) {
        Element adaptors = child(cn, "Adaptors");
        if (adaptors == null) {
            return Adaptor.NONE;
        }
        Element min = descendant(adaptors, "MinPort");
        Element max = descendant(adaptors, "MaxPort");
        int lo = intValue(min, file, 0);
        int hi = intValue(max, file, lo);
        if (min == null && max != null) {
            lo = hi;
        }
        if (hi > 65_535 || lo > hi) {
            throw new ResourcesException(where(file, max != null ? max : min) + ": port range " + lo + "-" + hi
                    + " is not MinPort <= MaxPort <= 65535");
        }
        Element exec = descendant(adaptors, "RemoteExecutionCommand");
        String command = exec == null ? null : exec.getTextContent().trim();
        return new Adaptor(lo, hi, command == null || command.isEmpty() ? null : command);
    }

    private static Element descendant(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                if (localName(e).equals(name)) {
                    return e;
                }
                Element deeper = descendant(e, name);
                if (deeper != null) {
                    return deeper;
                }
            }
        }
        return null;
    }

    // ---- DOM helpers ----

    static String where(String file, Element e) {
        return file + ":" + XmlReader.line(e) + ": <" + localName(e) + ">";
    }

    private static String localName(Node n) {
        return n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName(e).equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && localName(e).equals(name)) {
                return e;
            }
        }
        return null;
    }

    /** Trimmed text of the named child, null when absent or empty. */
    private static String text(Element parent, String name) {
        Element c = child(parent, name);
        if (c == null) {
            return null;
        }
        String t = c.getTextContent().trim();
        return t.isEmpty() ? null : t;
    }

    private static int intValue(Element e, String file, int absent) {
        if (e == null) {
            return absent;
        }
        String t = e.getTextContent();
        String problem = XmlValues.problem(localName(e), t);
        if (problem != null) {
            throw new ResourcesException(where(file, e) + ": " + problem);
        }
        return Integer.parseInt(t.trim().startsWith("+") ? t.trim().substring(1) : t.trim());
    }

    private static double amount(Element e, String file) {
        if (e == null) {
            return 0;
        }
        String t = e.getTextContent();
        String problem = XmlValues.problem(localName(e), t);
        if (problem != null) {
            throw new ResourcesException(where(file, e) + ": " + problem);
        }
        return new BigDecimal(t.trim()).doubleValue();
    }

    private static Schema resourcesSchema() {
        Schema s = resourcesSchema;
        if (s == null) {
            s = XmlReader.schema("resources.xsd");
            resourcesSchema = s;
        }
        return s;
    }

    private static Schema projectSchema() {
        Schema s = projectSchema;
        if (s == null) {
            s = XmlReader.schema("project.xsd");
            projectSchema = s;
        }
        return s;
    }

    /** Ports ({@code maxPort} 0: any) and remote-execution command (null: not given) of a node's adaptor. */
    private record Adaptor(int minPort, int maxPort, String remoteExecution) {
        static final Adaptor NONE = new Adaptor(0, 0, null);

        /** This one's settings where it has them, otherwise {@code under}'s. */
        Adaptor over(Adaptor under) {
            boolean ports = maxPort > 0;
            return new Adaptor(ports ? minPort : under.minPort, ports ? maxPort : under.maxPort,
                    remoteExecution != null ? remoteExecution : under.remoteExecution);
        }
    }

    private record ProjectNode(String installDir, String workingDir, int limitOfTasks, int ioExecutors, String user,
                               Adaptor adaptor) {
    }

    private record ResourceNode(String name, int computingUnits, double memoryGB, String architecture,
                                double storageSizeGB, double storageBandwidthMBs, int ioExecutors,
                                Map<String, String> sharedDisks, Adaptor adaptor) {
        NodeDescription describe(ProjectNode p) {
            if (p == null) {
                return new NodeDescription(name, computingUnits, memoryGB, architecture, storageSizeGB,
                        storageBandwidthMBs, ioExecutors, null, null, NodeDescription.NO_LIMIT, sharedDisks, null,
                        adaptor.minPort, adaptor.maxPort, adaptor.remoteExecution);
            }
            int io = p.ioExecutors > 0 ? p.ioExecutors : ioExecutors;
            Adaptor a = p.adaptor.over(adaptor);
            return new NodeDescription(name, computingUnits, memoryGB, architecture, storageSizeGB,
                    storageBandwidthMBs, io, p.workingDir, p.installDir, p.limitOfTasks, sharedDisks, p.user,
                    a.minPort, a.maxPort, a.remoteExecution);
        }
    }
}
