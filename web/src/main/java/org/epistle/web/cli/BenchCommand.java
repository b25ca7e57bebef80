package org.epistle.web.cli;

import java.io.PrintWriter;
import org.epistle.core.rules.move.Perft;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Benchmarks that print figures; targets are judged by a person, not asserted in tests. */
@Command(name = "bench", description = "Run a benchmark and print its figures. Suites: engine.")
final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SUITE", description = "engine")
    String suite;

    @Option(names = "--depth", defaultValue = "6", description = "Perft depth for the start position (default ${DEFAULT-VALUE}).")
    int depth;

    @Override
    public void run() {
        if (!suite.equals("engine")) {
            throw new UserInputException("unknown benchmark suite '" + suite + "'; known: engine");
        }
        PrintWriter out = spec.commandLine().getOut();
        Ruleset fide = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Ruleset armies = new Ruleset(VariantCatalog.CHESS, Armies.NUTTY_KNIGHTS, Armies.REMARKABLE_ROOKIES);
        // warm the JIT up so the figures measure steady state
        for (int i = 0; i < 3; i++) {
            new Perft(Position.start(fide).workboard(), true).count(Math.min(depth, 5) - 1);
        }
        out.printf("%-48s %14s %9s %12s%n", "perft", "nodes", "seconds", "nodes/s");
        measure(out, "start position, depth " + depth + ", last ply by generation", fide, depth, true);
        measure(out, "start position, depth " + depth + ", every leaf made", fide, depth, false);
        measure(out, "nutty-knights v remarkable-rookies, depth " + (depth - 1), armies, depth - 1, true);
        out.flush();
    }

    private static void measure(PrintWriter out, String label, Ruleset rules, int depth, boolean bulk) {
        Position start = Position.start(rules);
        long t0 = System.nanoTime();
        long nodes = new Perft(start.workboard(), bulk).count(depth);
        double seconds = (System.nanoTime() - t0) / 1e9;
        out.printf("%-48s %14d %9.2f %12.0f%n", label, nodes, seconds, nodes / seconds);
        out.flush();
    }
}
