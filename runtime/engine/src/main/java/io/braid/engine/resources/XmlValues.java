package io.braid.engine.resources;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * The value rules of the elements Braid reads, in one place: used both to explain an XSD
 * validation error in plain words and to read the values once the file is valid.
 */
final class XmlValues {

    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)");

    private XmlValues() {
    }

    /** Lowest allowed value of an integer element, or null if the element is not an integer one. */
    static Integer integerMinimum(String element) {
        return switch (element) {
            case "ComputingUnits" -> 1;
            case "LimitOfTasks", "IOExecutors", "MinPort", "MaxPort" -> 0;
            default -> null;
        };
    }

    static boolean isAmount(String element) {
        return element.equals("Size") || element.equals("Bandwidth");
    }

    static boolean isNonEmptyText(String element) {
        return element.equals("MountPoint");
    }

    /** What is wrong with {@code text} as the value of {@code element}, or null if nothing is. */
    static String problem(String element, String text) {
        String v = text.trim();
        Integer min = integerMinimum(element);
        if (min != null) {
            if (!INTEGER.matcher(v).matches()) {
                return "'" + v + "' is not an integer";
            }
            BigInteger b = new BigInteger(v);
            if (b.compareTo(BigInteger.valueOf(min)) < 0) {
                return min == 0 ? "'" + v + "' is negative" : "'" + v + "' must be at least " + min;
            }
            if (b.bitLength() > 31) {
                return "'" + v + "' is too large";
            }
            return null;
        }
        if (isAmount(element)) {
            if (!DECIMAL.matcher(v).matches()) {
                return "'" + v + "' is not a number";
            }
            if (new BigDecimal(v).signum() < 0) {
                return "'" + v + "' is negative";
            }
            return null;
        }
        if (isNonEmptyText(element) && v.isEmpty()) {
            return "must not be empty";
        }
        return null;
    }
}
