package org.epistle.web.cli;

import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.rules.judge.RefereeTree;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.move.Perft;
import org.epistle.core.rules.notation.SanWriter;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Counts move-tree leaves; the count stands alone on the last line of output. */
@Command(name = "perft", description = "Count the leaves of the legal move tree. The count is printed alone on the last line.")
final class PerftCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    GameOptions game;

    @Option(names = "--fen", paramLabel = "FEN", description = "Start from this position instead of the starting array.")
    String fen;

    @Option(names = "--depth", required = true, paramLabel = "N", description = "Depth in moves (plies).")
    int depth;

    @Option(names = "--divide", description = "Also print the count below each legal first move.")
    boolean divide;

    @Override
    public void run() {
        if (depth < 0) {
            throw new UserInputException("--depth must be 0 or more");
        }
        Ruleset rules = game.ruleset();
        if (rules.variant().physics(org.epistle.core.rules.physics.TurnRule.class).isPresent()) {
            throw new UserInputException("perft counts the chess move tree, and " + rules.variant().name()
                    + " judges its turns by rules of its own (what a turn holds and what it sets moving), so that tree is"
                    + " not its game's; use 'epistle replay' to check its games");
        }
        Optional<String> ownTree = RefereeTree.whyNotTheChessTree(rules.variant());
        if (ownTree.isPresent() && !RefereeTree.counts(rules.variant())) {
            throw new UserInputException("perft counts one move at a time, and " + ownTree.get() + " while a turn of "
                    + rules.variant().name() + " has several moves, so its tree is not counted; use 'epistle replay' to check its games");
        }
        Position start;
        try {
            start = fen == null ? Position.start(rules) : Fen.read(rules, fen);
        } catch (FenException e) {
            throw new UserInputException("bad --fen: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (ownTree.isPresent()) {
            // the chess generator's tree is not this game's: every move is judged by the referee instead
            countOwnTree(out, start);
            return;
        }
        Perft perft = new Perft(start.workboard(), true, rules.variant().schedule(), start.turnNumber());
        long total;
        if (divide && depth > 0) {
            total = 0;
            for (Map.Entry<Integer, Long> e : perft.divide(depth).entrySet()) {
                Move m = Move.of(e.getKey(), rules);
                out.println(SanWriter.longForm(start, m) + ": " + e.getValue());
                total += e.getValue();
            }
            out.println();
        } else {
            total = perft.count(depth);
        }
        out.println(total);
        out.flush();
    }

    private void countOwnTree(PrintWriter out, Position start) {
        long total;
        if (divide && depth > 0) {
            total = 0;
            for (Map.Entry<String, Long> e : RefereeTree.divide(start, depth).entrySet()) {
                out.println(e.getKey() + ": " + e.getValue());
                total += e.getValue();
            }
            out.println();
        } else {
            total = RefereeTree.count(start, depth);
        }
        out.println(total);
        out.flush();
    }
}
