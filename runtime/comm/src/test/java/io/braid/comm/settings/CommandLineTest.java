package io.braid.comm.settings;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandLineTest {
    private static final OptionSpec PORT = OptionSpec.value("--port", "N", "0", "a port");
    private static final OptionSpec TLS = OptionSpec.flag("--tls", List.of("-t"), "a flag");
    private static final List<OptionSpec> OPTIONS = List.of(PORT, TLS);

    @Test
    void optionsThenOperands() {
        CommandLine.Parsed p = CommandLine.parse(OPTIONS, new String[] {"--port", "7", "-t", "--port=8", "app", "--port=9"},
                CommandLine.Style.OPTIONS_THEN_OPERANDS);
        assertEquals(List.of("7", "8"), p.values().get("--port"));
        assertEquals("8", p.get(PORT));
        assertTrue(p.isSet(TLS));
        assertEquals(List.of("app", "--port=9"), p.operands());
    }

    @Test
    void optionsOnlyTakeNoSeparateValueAndNoOperand() {
        CommandLine.Parsed p = CommandLine.parse(OPTIONS, new String[] {}, CommandLine.Style.OPTIONS_ONLY);
        assertEquals("0", p.get(PORT));
        assertFalse(p.isSet(TLS));
        CommandLine.Problem missing = assertThrows(CommandLine.Problem.class,
                () -> CommandLine.parse(OPTIONS, new String[] {"--port", "7"}, CommandLine.Style.OPTIONS_ONLY));
        assertEquals("option --port needs a value: --port=N", missing.getMessage());
        CommandLine.Problem operand = assertThrows(CommandLine.Problem.class,
                () -> CommandLine.parse(OPTIONS, new String[] {"app"}, CommandLine.Style.OPTIONS_ONLY));
        assertEquals(CommandLine.Problem.Kind.UNKNOWN, operand.kind());
        assertEquals("app", operand.argument());
    }

    @Test
    void problemsNameTheOption() {
        assertEquals("unknown option --bogus", assertThrows(CommandLine.Problem.class, () -> CommandLine.parse(OPTIONS,
                new String[] {"--bogus=1"}, CommandLine.Style.OPTIONS_THEN_OPERANDS)).getMessage());
        assertEquals("option --tls takes no value", assertThrows(CommandLine.Problem.class, () -> CommandLine.parse(OPTIONS,
                new String[] {"--tls=yes"}, CommandLine.Style.OPTIONS_ONLY)).getMessage());
    }

    @Test
    void helpHasALinePerOptionWithItsDefault() {
        assertEquals(String.format("  %-44s a port [default: 0]%n  %-44s a flag%n", "--port=N", "-t, --tls"),
                CommandLine.help(OPTIONS));
    }

    /** runcompss's {@code --graph[=BOOL]}: alone it means its bare value, and it never takes the next argument. */
    @Test
    void anOptionalValueIsGivenWithEqualsOrLeftOut() {
        OptionSpec graph = OptionSpec.optionalValue("--graph", List.of("-g"), "BOOL", "false", "true", "a graph");
        List<OptionSpec> options = List.of(PORT, graph);
        CommandLine.Parsed p = CommandLine.parse(options, new String[] {"--graph", "app"}, CommandLine.Style.OPTIONS_THEN_OPERANDS);
        assertEquals("true", p.get(graph));
        assertEquals(List.of("app"), p.operands());
        assertEquals("false", CommandLine.parse(options, new String[] {"--graph=false", "app"},
                CommandLine.Style.OPTIONS_THEN_OPERANDS).get(graph));
        assertEquals("true", CommandLine.parse(options, new String[] {"-g"}, CommandLine.Style.OPTIONS_ONLY).get(graph));
        assertEquals("false", CommandLine.parse(options, new String[] {}, CommandLine.Style.OPTIONS_ONLY).get(graph));
        assertEquals("-g, --graph[=BOOL]", graph.usage());
    }
}
