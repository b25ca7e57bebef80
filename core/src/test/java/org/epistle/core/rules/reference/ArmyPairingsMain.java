package org.epistle.core.rules.reference;

/**
 * Scratch program (not a test): prints the perft table for all 25 army pairings from the
 * start array, in the line format of {@code perft/army-pairings.txt}.
 * Usage: {@code ArmyPairingsMain [maxDepth]} (default 4).
 */
public final class ArmyPairingsMain {

    private ArmyPairingsMain() {
    }

    public static void main(String[] args) {
        int maxDepth = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long t0 = System.nanoTime();
        for (String w : RefArmies.names()) {
            for (String b : RefArmies.names()) {
                long t1 = System.nanoTime();
                StringBuilder s = new StringBuilder(w + " " + b);
                RefPosition p = RefPosition.startPosition(w, b);
                for (int d = 1; d <= maxDepth; d++) {
                    s.append(' ').append(RefPerft.perft(p, d));
                }
                System.out.println(s);
                System.err.printf("  %s %s: %.1f s%n", w, b, (System.nanoTime() - t1) / 1e9);
            }
        }
        System.err.printf("total: %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
