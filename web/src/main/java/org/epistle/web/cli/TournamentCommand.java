package org.epistle.web.cli;

import java.io.PrintWriter;
import org.epistle.core.games.tournament.BergerTable;
import org.epistle.core.games.tournament.Round;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Tournaments from the shell: {@code epistle tournament berger N}. */
@Command(name = "tournament", description = "Tournaments: pairing tables.",
        subcommands = {TournamentCommand.Berger.class})
final class TournamentCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints a FIDE Berger table: one line per round, {@code round R: W-B W-B ...}. */
    @Command(name = "berger", description = {"Print the FIDE Berger table for N players (3 to 20), one line per round:",
            "'round R: W-B W-B ...', White first. For an odd N the bye is player N+1 and its pairings are printed too."})
    static final class Berger implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "N", description = "The number of players, 3 to 20.")
        String players;

        @Option(names = "--double", description = "Both cycles of a double round robin (the second with colours reversed).")
        boolean doubled;

        @Override
        public void run() {
            int n;
            try {
                n = Integer.parseInt(players.trim());
            } catch (NumberFormatException e) {
                throw new UserInputException("N must be a number of players from " + BergerTable.MIN_PLAYERS
                        + " to " + BergerTable.MAX_PLAYERS + ", not '" + players + "'");
            }
            if (n < BergerTable.MIN_PLAYERS || n > BergerTable.MAX_PLAYERS) {
                throw new UserInputException("the Berger tables are for " + BergerTable.MIN_PLAYERS + " to "
                        + BergerTable.MAX_PLAYERS + " players, not " + n);
            }
            PrintWriter out = spec.commandLine().getOut();
            for (Round round : BergerTable.of(n, doubled ? 2 : 1).rounds()) {
                out.println(round.line());
            }
            out.flush();
        }
    }
}
