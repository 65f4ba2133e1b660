package io.braid.launcher.options;

/**
 * An environment variable braid-run reads, declared once with the name of its value and its
 * one-line documentation ({@code braid-run --help} lists them after the options).
 */
public record EnvironmentSpec(String name, String valueName, String doc) {
}
