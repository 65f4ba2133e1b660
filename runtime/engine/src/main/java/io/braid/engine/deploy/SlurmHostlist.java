package io.braid.engine.deploy;

import java.util.ArrayList;
import java.util.List;

/**
 * SLURM's compressed host lists ({@code SLURM_JOB_NODELIST}): {@code node[1-3,5]},
 * {@code n01,n02}, {@code rack[1-2]-n[01-02]}, expanded in SLURM's order, as
 * {@code scontrol show hostnames} does, without running it. Zero padding follows the range's
 * lower bound ({@code n[08-10]} gives n08, n09, n10).
 */
public final class SlurmHostlist {
    private SlurmHostlist() {
    }

    /** @throws IllegalArgumentException naming the list when it is malformed */
    public static List<String> expand(String hostlist) {
        if (hostlist == null || hostlist.isBlank()) {
            throw new IllegalArgumentException("empty SLURM host list");
        }
        List<String> out = new ArrayList<>();
        for (String item : splitTopLevel(hostlist.trim(), hostlist)) {
            out.addAll(expandItem(item, hostlist));
        }
        return out;
    }

    /** Splits at the commas outside brackets. */
    private static List<String> splitTopLevel(String s, String whole) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            }
            if (depth < 0 || depth > 1) {
                throw malformed(whole);
            }
            if (c == ',' && depth == 0) {
                items.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw malformed(whole);
        }
        items.add(s.substring(start));
        for (String item : items) {
            if (item.isEmpty()) {
                throw malformed(whole);
            }
        }
        return items;
    }

    /** One item: text and bracketed ranges in turn; each range group multiplies the names. */
    private static List<String> expandItem(String item, String whole) {
        List<String> names = List.of("");
        int i = 0;
        while (i < item.length()) {
            int open = item.indexOf('[', i);
            if (open < 0) {
                names = append(names, List.of(item.substring(i)));
                break;
            }
            int close = item.indexOf(']', open);
            names = append(names, List.of(item.substring(i, open)));
            names = append(names, ranges(item.substring(open + 1, close), whole));
            i = close + 1;
        }
        return names;
    }

    private static List<String> append(List<String> heads, List<String> tails) {
        List<String> out = new ArrayList<>(heads.size() * tails.size());
        for (String h : heads) {
            for (String t : tails) {
                out.add(h + t);
            }
        }
        return out;
    }

    private static List<String> ranges(String spec, String whole) {
        List<String> out = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            int dash = part.indexOf('-');
            String lo = dash < 0 ? part : part.substring(0, dash);
            String hi = dash < 0 ? part : part.substring(dash + 1);
            if (!lo.matches("\\d+") || !hi.matches("\\d+")) {
                throw malformed(whole);
            }
            long from = Long.parseLong(lo);
            long to = Long.parseLong(hi);
            if (to < from) {
                throw malformed(whole);
            }
            for (long n = from; n <= to; n++) {
                out.add(pad(n, lo.length()));
            }
        }
        return out;
    }

    private static String pad(long n, int width) {
        String s = Long.toString(n);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    private static IllegalArgumentException malformed(String hostlist) {
        return new IllegalArgumentException("malformed SLURM host list '" + hostlist + "'");
    }
}
