package io.braid.engine.resources;

import io.braid.engine.scheduling.NodeResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterLoaderTest {

    /** The annotated examples, found from the module directory (surefire runs in runtime/engine). */
    private static final Path EXAMPLES = Path.of("../../resources-xml/examples");

    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p;
    }

    private static String compute(String name, String inside) {
        return "  <ComputeNode Name=\"" + name + "\">\n" + inside + "  </ComputeNode>\n";
    }

    private static String cpu(int cus) {
        return "    <Processor Name=\"P\"><ComputingUnits>" + cus + "</ComputingUnits></Processor>\n";
    }

    private static String resources(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ResourcesList>\n" + body + "</ResourcesList>\n";
    }

    private static String project(String body) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Project>\n" + body + "</Project>\n";
    }

    private ResourcesException fails(Path resources, Path project) {
        return assertThrows(ResourcesException.class, () -> ClusterLoader.load(resources, project));
    }

    @Test
    void loadsTheAnnotatedExamples() {
        Cluster c = ClusterLoader.load(EXAMPLES.resolve("resources.xml"), EXAMPLES.resolve("project.xml"));
        assertEquals(Map.of("shared", "/tmp/braid-shared"), c.masterSharedDisks());
        assertEquals(List.of(
                new NodeDescription("127.0.0.2", 4, 8, "Intel", 100, 200, 2, "/tmp/braid-worker-2/", "/opt/braid/", 3,
                        Map.of("shared", "/tmp/braid-shared"), "user", 43001, 43002, null),
                new NodeDescription("127.0.0.3", 2, 4, "AMD", 0, 0, 1, "/tmp/braid-worker-3/", "/opt/braid/",
                        NodeDescription.NO_LIMIT, Map.of("shared", "/tmp/braid-shared"))), c.nodes());
        assertEquals(new NodeResources("127.0.0.2", 3, 8, "Intel", 100, 200, 2), c.nodes().get(0).toResources());
        assertEquals(new NodeResources("127.0.0.3", 2, 4, "AMD", 0, 0, 1), c.nodes().get(1).toResources(4));
    }

    @Test
    void resourcesAloneGivesAllComputeNodes() {
        Cluster c = ClusterLoader.load(EXAMPLES.resolve("resources.xml"), null);
        assertEquals(List.of("127.0.0.2", "127.0.0.3"), c.nodes().stream().map(NodeDescription::name).toList());
        assertEquals(NodeDescription.NO_LIMIT, c.nodes().get(0).limitOfTasks());
        assertNull(c.nodes().get(0).workingDir());
        assertEquals(4, c.nodes().get(0).toResources().computingUnits());
        assertEquals(NodeDescription.DEFAULT_IO_EXECUTORS, c.nodes().get(1).toResources().ioExecutors());
    }

    @Test
    void projectSelectsAndOrdersNodes() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(2)) + compute("b", cpu(4)) + compute("c", cpu(8))));
        Path p = write("project.xml", project(compute("c", "") + compute("a", "    <LimitOfTasks>8</LimitOfTasks>\n")));
        Cluster c = ClusterLoader.load(r, p);
        assertEquals(List.of("c", "a"), c.nodes().stream().map(NodeDescription::name).toList());
        assertEquals(2, c.nodes().get(1).toResources().computingUnits()); // min(2, 8)
    }

    @Test
    void projectAloneUsesLimitOfTasksAsCores() throws IOException {
        Path p = write("project.xml", project(compute("127.0.0.2", "    <LimitOfTasks>3</LimitOfTasks>\n")));
        Cluster c = ClusterLoader.load(null, p);
        assertEquals(3, c.nodes().get(0).computingUnits());
    }

    @Test
    void realCompssFilesWithExtraElementsLoad() throws IOException {
        Path r = write("resources.xml", """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <ResourcesList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
                  <SharedDisk Name="gpfs"><Storage><Size>100</Size><Type>Persistent</Type></Storage></SharedDisk>
                  <DataNode Name="dn"><Host>h</Host><Path>/data</Path><Storage><Size>10</Size></Storage></DataNode>
                  <ComputeNode Name="127.0.0.2">
                    <Processor Name="MainProcessor">
                      <ComputingUnits>2</ComputingUnits>
                      <Architecture>Intel</Architecture>
                      <Speed>2.6</Speed>
                      <ProcessorProperty><Key>k</Key><Value>v</Value></ProcessorProperty>
                    </Processor>
                    <Processor Name="Second"><Type>CPU</Type><ComputingUnits>2</ComputingUnits><Architecture>Intel</Architecture></Processor>
                    <Processor Name="GPU"><Type>GPU</Type><ComputingUnits>1</ComputingUnits><Architecture>nvidia</Architecture></Processor>
                    <Memory><Size>8</Size><Type>Volatile</Type></Memory>
                    <Storage><Size>100</Size><Bandwidth>200</Bandwidth></Storage>
                    <OperatingSystem><Type>Linux</Type><Distribution>Debian</Distribution><Version>12</Version></OperatingSystem>
                    <Software><Application>JAVA</Application><Application>PYTHON</Application></Software>
                    <Adaptors>
                      <Adaptor Name="es.bsc.compss.nio.master.NIOAdaptor">
                        <SubmissionSystem><Interactive/></SubmissionSystem>
                        <Ports><MinPort>43001</MinPort><MaxPort>43002</MaxPort></Ports>
                      </Adaptor>
                      <Adaptor Name="es.bsc.compss.gat.master.GATAdaptor">
                        <SubmissionSystem><Batch><Queue>sequential</Queue></Batch><Interactive/></SubmissionSystem>
                        <BrokerAdaptor>sshtrilead</BrokerAdaptor>
                      </Adaptor>
                    </Adaptors>
                    <Price><TimeUnit>1</TimeUnit><PricePerUnit>0.1</PricePerUnit></Price>
                    <SharedDisks><AttachedDisk Name="gpfs"><MountPoint>/gpfs</MountPoint></AttachedDisk></SharedDisks>
                  </ComputeNode>
                  <Service wsdl="http://x/y?wsdl"><Name>s</Name><Namespace>n</Namespace><Port>p</Port></Service>
                  <CloudProvider Name="BSC">
                    <Endpoint><Server>https://bscgrid20.bsc.es:11443/</Server><ConnectorJar>x.jar</ConnectorJar><ConnectorClass>C</ConnectorClass></Endpoint>
                    <Images><Image Name="img"><CreationTime>60</CreationTime><Adaptors/></Image></Images>
                    <InstanceTypes><InstanceType Name="small"><Processor Name="P"><ComputingUnits>1</ComputingUnits></Processor><Memory><Size>2</Size></Memory></InstanceType></InstanceTypes>
                  </CloudProvider>
                </ResourcesList>
                """);
        Path p = write("project.xml", """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <Project>
                  <MasterNode>
                    <SharedDisks><AttachedDisk Name="gpfs"><MountPoint>/gpfs</MountPoint></AttachedDisk></SharedDisks>
                    <Price><TimeUnit>1</TimeUnit><PricePerUnit>0</PricePerUnit></Price>
                  </MasterNode>
                  <ComputeNode Name="127.0.0.2">
                    <InstallDir>/opt/COMPSs/</InstallDir>
                    <WorkingDir>/tmp/Worker/</WorkingDir>
                    <User>user</User>
                    <Application><AppDir>/home/user/app</AppDir><Classpath>/home/user/app.jar</Classpath><Pythonpath>/x</Pythonpath></Application>
                    <LimitOfTasks>2</LimitOfTasks>
                    <Adaptors><Adaptor Name="es.bsc.compss.nio.master.NIOAdaptor"><SubmissionSystem><Interactive/></SubmissionSystem><Ports><MinPort>43001</MinPort><MaxPort>43002</MaxPort></Ports></Adaptor></Adaptors>
                  </ComputeNode>
                  <CloudProvider Name="BSC"><LimitOfVMs>3</LimitOfVMs><Properties><Property><Name>k</Name><Value>v</Value></Property></Properties></CloudProvider>
                </Project>
                """);
        Cluster c = ClusterLoader.load(r, p);
        assertEquals(List.of(new NodeDescription("127.0.0.2", 4, 8, "Intel", 100, 200, 0, "/tmp/Worker/",
                "/opt/COMPSs/", 2, Map.of("gpfs", "/gpfs"), "user", 43001, 43002, null)), c.nodes());
        assertEquals(Map.of("gpfs", "/gpfs"), c.masterSharedDisks());
    }

    @Test
    void localDefault() {
        Cluster c = Cluster.localDefault(8);
        assertEquals(1, c.nodes().size());
        assertEquals(new NodeResources("localhost", 8, 0, null, 0, 0, 2), c.nodes().get(0).toResources(2));
        assertThrows(IllegalArgumentException.class, () -> ClusterLoader.load(null, null));
    }

    // ---- errors: one line, file:line: <Element>: problem ----

    @Test
    void nonIntegerComputingUnits() throws IOException {
        Path r = write("resources.xml", resources(compute("a",
                "    <Processor Name=\"P\">\n      <ComputingUnits>two</ComputingUnits>\n    </Processor>\n")));
        assertEquals(r + ":5: <ComputingUnits>: 'two' is not an integer", fails(r, null).getMessage());
    }

    @Test
    void computingUnitsBelowOne() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(0))));
        assertEquals(r + ":4: <ComputingUnits>: '0' must be at least 1", fails(r, null).getMessage());
        Files.writeString(r, resources(compute("a", cpu(-2))));
        assertEquals(r + ":4: <ComputingUnits>: '-2' must be at least 1", fails(r, null).getMessage());
    }

    @Test
    void computeNodeWithoutCores() throws IOException {
        Path r = write("resources.xml", resources(compute("a", "    <Memory><Size>4</Size></Memory>\n")));
        assertEquals(r + ":3: <ComputeNode>: node 'a' has no <Processor> with <ComputingUnits>",
                fails(r, null).getMessage());
    }

    @Test
    void negativeAndNonNumericAmounts() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(1) + "    <Memory><Size>-1</Size></Memory>\n")));
        assertEquals(r + ":5: <Size>: '-1' is negative", fails(r, null).getMessage());
        Files.writeString(r, resources(compute("a", cpu(1) + "    <Storage>\n      <Bandwidth>fast</Bandwidth>\n    </Storage>\n")));
        assertEquals(r + ":6: <Bandwidth>: 'fast' is not a number", fails(r, null).getMessage());
        Files.writeString(r, resources(compute("a", cpu(1) + "    <IOExecutors>-4</IOExecutors>\n")));
        assertEquals(r + ":5: <IOExecutors>: '-4' is negative", fails(r, null).getMessage());
        Path ok = write("r2.xml", resources(compute("a", cpu(1))));
        Path p = write("project.xml", project(compute("a", "    <LimitOfTasks>many</LimitOfTasks>\n")));
        assertEquals(p + ":4: <LimitOfTasks>: 'many' is not an integer", fails(ok, p).getMessage());
    }

    @Test
    void duplicateNodeNames() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(1)) + compute("a", cpu(2))));
        assertEquals(r + ":6: <ComputeNode>: duplicate node name 'a' (first declared at line 3)",
                fails(r, null).getMessage());
        Path ok = write("r2.xml", resources(compute("a", cpu(1))));
        Path p = write("project.xml", project(compute("a", "") + compute("a", "")));
        assertEquals(p + ":5: <ComputeNode>: duplicate node name 'a' (first declared at line 3)",
                fails(ok, p).getMessage());
    }

    @Test
    void projectNodeMissingFromResources() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(1))));
        Path p = write("project.xml", project(compute("a", "") + compute("127.0.0.9", "")));
        assertEquals(p + ":5: <ComputeNode>: node '127.0.0.9' is not declared in " + r, fails(r, p).getMessage());
    }

    @Test
    void missingOrEmptyName() throws IOException {
        Path r = write("resources.xml", resources("  <ComputeNode>\n" + cpu(1) + "  </ComputeNode>\n"));
        assertEquals(r + ":3: <ComputeNode>: missing attribute Name", fails(r, null).getMessage());
        Files.writeString(r, resources(compute(" ", cpu(1))));
        assertEquals(r + ":3: <ComputeNode>: attribute Name must not be empty", fails(r, null).getMessage());
    }

    @Test
    void attachedDiskWithoutMountPoint() throws IOException {
        Path r = write("resources.xml", resources(compute("a", cpu(1)
                + "    <SharedDisks>\n      <AttachedDisk Name=\"gpfs\"/>\n    </SharedDisks>\n")));
        assertEquals(r + ":6: <AttachedDisk>: shared disk 'gpfs' has no <MountPoint>", fails(r, null).getMessage());
    }

    @Test
    void malformedXml() throws IOException {
        Path r = write("resources.xml", resources(compute("a", "    <Processor><ComputingUnits>1</ComputingUnits>\n"
                + "    <Memory><Size>1</Size></Memory>\n")));
        String m = fails(r, null).getMessage();
        assertEquals(r + ":6: malformed XML: ", m.substring(0, (r + ":6: malformed XML: ").length()), m);
        assertEquals(1, m.lines().count());
        Path empty = write("empty.xml", "");
        assertEquals(empty + ":1: malformed XML: ", fails(empty, null).getMessage().substring(0, (empty + ":1: malformed XML: ").length()));
    }

    @Test
    void wrongRootElement() throws IOException {
        Path r = write("resources.xml", "<?xml version=\"1.0\"?>\n<Project>\n</Project>\n");
        assertEquals(r + ":2: <Project>: the root element must be <ResourcesList>", fails(r, null).getMessage());
        Path p = write("project.xml", resources(compute("a", cpu(1))));
        assertEquals(p + ":2: <ResourcesList>: the root element must be <Project>", fails(null, p).getMessage());
    }

    @Test
    void missingFile() {
        Path r = dir.resolve("nope.xml");
        assertEquals(r + ": file not found", fails(r, null).getMessage());
    }

    @Test
    void sshNodesTakeUserPortsAndRemoteExecutionFromProjectOverResources() throws Exception {
        Path r = write("resources.xml", resources("""
                <ComputeNode Name="10.213.0.2"><Processor Name="P"><ComputingUnits>2</ComputingUnits></Processor>
                  <Adaptors><Adaptor Name="es.bsc.compss.nio.master.NIOAdaptor"><SubmissionSystem><Interactive/></SubmissionSystem>
                    <Ports><MinPort>43001</MinPort><MaxPort>43009</MaxPort><RemoteExecutionCommand>srun</RemoteExecutionCommand></Ports>
                  </Adaptor></Adaptors></ComputeNode>
                <ComputeNode Name="10.213.0.3"><Processor Name="P"><ComputingUnits>1</ComputingUnits></Processor>
                  <Adaptors><Adaptor Name="es.bsc.compss.nio.master.NIOAdaptor"><Ports><MinPort>43100</MinPort><MaxPort>43101</MaxPort></Ports></Adaptor></Adaptors>
                </ComputeNode>
                """));
        Path p = write("project.xml", project("""
                <ComputeNode Name="10.213.0.2"><InstallDir>/opt/braid</InstallDir><User>alice</User>
                  <Adaptors><Adaptor Name="es.bsc.compss.nio.master.NIOAdaptor"><Ports><RemoteExecutionCommand>ssh</RemoteExecutionCommand></Ports></Adaptor></Adaptors>
                </ComputeNode>
                <ComputeNode Name="10.213.0.3"><WorkingDir>/scratch/w</WorkingDir></ComputeNode>
                """));
        List<NodeDescription> nodes = ClusterLoader.load(r, p).nodes();
        NodeDescription a = nodes.get(0);
        assertEquals(List.of("alice", 43001, 43009, "ssh"), List.of(a.user(), a.minPort(), a.maxPort(), a.remoteExecution()));
        NodeDescription b = nodes.get(1);
        assertEquals(null, b.user());
        assertEquals(List.of(43100, 43101), List.of(b.minPort(), b.maxPort()));
        assertEquals(null, b.remoteExecution());
    }

    @Test
    void aBadPortRangeOrRemoteCommandIsOneLineNamingTheElement() throws Exception {
        Path r = write("resources.xml", resources("""
                <ComputeNode Name="h"><Processor Name="P"><ComputingUnits>1</ComputingUnits></Processor>
                  <Adaptors><Adaptor Name="a"><Ports><MinPort>50</MinPort><MaxPort>40</MaxPort></Ports></Adaptor></Adaptors></ComputeNode>
                """));
        ResourcesException e = fails(r, null);
        assertTrue(e.getMessage().contains("<MaxPort>") && e.getMessage().contains("50-40"), e.getMessage());
        Path r2 = write("resources2.xml", resources("""
                <ComputeNode Name="h"><Processor Name="P"><ComputingUnits>1</ComputingUnits></Processor>
                  <Adaptors><Adaptor Name="a"><Ports><RemoteExecutionCommand>rsh</RemoteExecutionCommand></Ports></Adaptor></Adaptors></ComputeNode>
                """));
        ResourcesException e2 = fails(r2, null);
        assertTrue(e2.getMessage().contains("RemoteExecutionCommand"), e2.getMessage());
    }

    @Test
    void loadsTheSshExample() {
        Cluster c = ClusterLoader.load(EXAMPLES.resolve("resources-ssh.xml"), EXAMPLES.resolve("project-ssh.xml"));
        assertEquals(Map.of("gpfs", "/gpfs"), c.masterSharedDisks());
        NodeDescription n1 = c.nodes().get(0);
        assertEquals(List.of("node1.cluster", "/gpfs/apps/braid", "/scratch/braid", "alice", 43001, 43010, "ssh"),
                List.of(n1.name(), n1.installDir(), n1.workingDir(), n1.user(), n1.minPort(), n1.maxPort(),
                        n1.remoteExecution()));
        NodeDescription n2 = c.nodes().get(1);
        assertEquals(List.of("node2.cluster", 43001, 43010, Map.of("gpfs", "/gpfs")),
                List.of(n2.name(), n2.minPort(), n2.maxPort(), n2.sharedDisks()));
        assertNull(n2.remoteExecution());
    }
}
