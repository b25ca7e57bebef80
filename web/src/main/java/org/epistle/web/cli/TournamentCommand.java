package org.epistle.web.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Entrant;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.Tournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.BergerTable;
import org.epistle.core.games.tournament.Round;
import org.epistle.core.games.tournament.Scoring;
import org.epistle.core.games.tournament.TieBreak;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.web.Installation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Tournaments from the shell: the Berger tables, and enough to run a tournament without the web
 * (create, invite, start, withdraw, list, show). Every change goes through the same
 * {@link TournamentService} as mail and the admin pages; a refusal is printed and exits with 2.
 */
@Command(name = "tournament", description = "Tournaments: pairing tables, and running one without the web.",
        subcommands = {TournamentCommand.Berger.class, TournamentCommand.Create.class, TournamentCommand.Invite.class,
                TournamentCommand.Start.class, TournamentCommand.Withdraw.class, TournamentCommand.ListAll.class,
                TournamentCommand.Show.class})
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

    /** What every command that opens the installation shares. */
    abstract static class OnInstallation implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--config", paramLabel = "FILE", description = "Settings file (see config/README.md).")
        Path config;

        /**
         * How the commands open the installation: from the settings, with the server key in its usual
         * place. Tests open theirs with the key in their own directory.
         */
        static java.util.function.Function<Path, Installation> opener = Installation::open;

        @Override
        public final void run() {
            try (Installation installation = opener.apply(config)) {
                PrintWriter out = spec.commandLine().getOut();
                run(installation, out);
                out.flush();
            }
        }

        /** Most commands need only the tournaments; one that needs more of the installation overrides this. */
        void run(Installation installation, PrintWriter out) {
            run(installation.games().tournaments(), out);
        }

        abstract void run(TournamentService tournaments, PrintWriter out);

        /** Prints a done answer; a refused one is bad input, exit code 2. */
        static TournamentAnswer.Done done(TournamentAnswer answer, PrintWriter out) {
            if (answer instanceof TournamentAnswer.Done d) {
                out.println(d.message());
                return d;
            }
            throw new UserInputException(answer.message());
        }

        static Tournament find(TournamentService tournaments, String idOrName) {
            Optional<TournamentView> v = idOrName.matches("\\d+") ? tournaments.view(Long.parseLong(idOrName))
                    : tournaments.view(idOrName);
            return v.orElseThrow(() -> new UserInputException("there is no tournament '" + idOrName + "'")).tournament();
        }
    }

    @Command(name = "create", description = {"Create a tournament, open for entry. Prints its id alone on the last line."})
    static final class Create extends OnInstallation {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "What players write after 'join'.")
        String name;

        @Option(names = "--variant", required = true, paramLabel = "KEY", description = "Variant key (see 'epistle variants').")
        String variant;

        @Option(names = "--white-army", paramLabel = "ARMY", defaultValue = "fabulous-fides", description = "White's army in every game.")
        String whiteArmy;

        @Option(names = "--black-army", paramLabel = "ARMY", defaultValue = "fabulous-fides", description = "Black's army in every game.")
        String blackArmy;

        @Option(names = "--kind", paramLabel = "KIND", defaultValue = "round-robin", description = "round-robin, double-round-robin or knockout.")
        String kind;

        @Option(names = "--scoring", paramLabel = "S", defaultValue = "1/½/0", description = "1/½/0 (or 1/0.5/0) or 3/1/0.")
        String scoring;

        @Option(names = "--tie-breaks", paramLabel = "LIST", defaultValue = "SB,DE,wins,Koya",
                description = "Tie-breaks in order, from SB, DE (head to head), wins, Koya.")
        String tieBreaks;

        @Option(names = "--time-control", paramLabel = "SPEC", defaultValue = "none",
                description = "none, 3d, 30d+1d/45d or 10m/50d.")
        String timeControl;

        @Option(names = "--max-players", paramLabel = "N", description = "The most players it takes (default: the kind's most).")
        Integer maxPlayers;

        @Option(names = "--fen", paramLabel = "FEN", description = "A thematic start position for every game.")
        String fen;

        @Option(names = "--withdrawal", paramLabel = "RULE", defaultValue = "annul-if-fewer-than-half-played",
                description = "forfeit-unfinished, or annul-if-fewer-than-half-played.")
        String withdrawal;

        @Option(names = "--unrated", description = "Leave the players' ratings alone.")
        boolean unrated;

        @Option(names = "--tie-rule", paramLabel = "RULE", defaultValue = "lots",
                description = "A knockout match still level after two extra games: lots, or better-rated.")
        String tieRule;

        @Option(names = "--army-choice", description = "Each player names an army when joining ('join NAME ARMY').")
        boolean armyChoice;

        @Option(names = "--entry-until", paramLabel = "DATE", description = "The last day (UTC, 2026-12-31) a join is taken.")
        String entryUntil;

        @Option(names = "--round-by-round", description = "A round robin's next round starts when the round before is complete.")
        boolean roundByRound;

        @Option(names = "--observer-delay", paramLabel = "TURNS", description = {"How many turns late observers (by mail and "
                + "in the feeds) see its games, 0-100; default: the server's observers.delay-turns (ICCF uses 5)."})
        Integer observerDelay;

        /** The tournament's observer delay is set once it exists; its games, which take it, come only with the start. */
        @Override
        void run(Installation installation, PrintWriter out) {
            if (observerDelay != null) {
                try {
                    org.epistle.core.games.Observers.checkDelay(observerDelay);
                } catch (IllegalArgumentException e) {
                    throw new UserInputException(e.getMessage());
                }
            }
            long id = create(installation.games().tournaments(), out);
            if (observerDelay != null) {
                installation.games().observers().setTournamentDelay(id, Optional.of(observerDelay));
            }
            out.println(id);
        }

        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            out.println(create(tournaments, out));
        }

        private long create(TournamentService tournaments, PrintWriter out) {
            NewTournament t;
            try {
                TournamentKind k = TournamentKind.parse(kind);
                t = new NewTournament(name, variant, whiteArmy, blackArmy, timeControl, k, Scoring.parse(scoring),
                        TieBreak.parseOrder(tieBreaks), TieRule.parse(tieRule), withdrawalRule(withdrawal),
                        fen, maxPlayers == null ? k.maxPlayers() : maxPlayers, !unrated,
                        new Tournament.Entry(armyChoice, Optional.ofNullable(entryUntil).map(Create::day), roundByRound));
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            }
            return done(tournaments.create(t), out).tournamentId();
        }

        private static WithdrawalRule withdrawalRule(String text) {
            try {
                return WithdrawalRule.valueOf(text.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown withdrawal rule '" + text
                        + "': use forfeit-unfinished or annul-if-fewer-than-half-played");
            }
        }

        private static java.time.LocalDate day(String text) {
            try {
                return java.time.LocalDate.parse(text.strip());
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException("--entry-until takes a day written 2026-12-31, not '" + text + "'");
            }
        }
    }

    @Command(name = "invite", description = "Invite a player by address; they are mailed how to join.")
    static final class Invite extends OnInstallation {
        @Parameters(index = "0", paramLabel = "TOURNAMENT", description = "Id or name.")
        String tournament;

        @Parameters(index = "1", paramLabel = "NAME", description = "The player's name.")
        String name;

        @Parameters(index = "2", paramLabel = "ADDRESS", description = "The player's mail address.")
        String address;

        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            Contact c;
            try {
                c = new Contact(name, address);
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            }
            done(tournaments.invite(find(tournaments, tournament).id(), c), out);
        }
    }

    @Command(name = "start", description = "Start a tournament with the players who joined: every game is created and mailed.")
    static final class Start extends OnInstallation {
        @Parameters(index = "0", paramLabel = "TOURNAMENT", description = "Id or name.")
        String tournament;

        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            done(tournaments.start(find(tournaments, tournament).id()), out);
        }
    }

    @Command(name = "withdraw", description = "Withdraw a player (by address) as the admin.")
    static final class Withdraw extends OnInstallation {
        @Parameters(index = "0", paramLabel = "TOURNAMENT", description = "Id or name.")
        String tournament;

        @Parameters(index = "1", paramLabel = "ADDRESS", description = "The player's mail address.")
        String address;

        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            Tournament t = find(tournaments, tournament);
            Entrant e = tournaments.view(t.id()).orElseThrow().entrants().stream()
                    .filter(x -> x.player().email().equalsIgnoreCase(address.strip())).findFirst()
                    .orElseThrow(() -> new UserInputException(address + " is not on the list of \"" + t.name() + "\""));
            done(tournaments.withdraw(t.id(), e.player().id()), out);
        }
    }

    @Command(name = "list", description = "One line per tournament: id, state, kind, variant, players, name.")
    static final class ListAll extends OnInstallation {
        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            for (Tournament t : tournaments.list()) {
                long players = tournaments.view(t.id()).orElseThrow().entrants().stream()
                        .filter(e -> e.status() != Entrant.Status.INVITED).count();
                out.printf("%d  %s  %s  %s  %d  %s%n", t.id(), t.state().name().toLowerCase(java.util.Locale.ROOT),
                        t.kind().label().replace(' ', '-'), t.variant(), players, t.name());
            }
        }
    }

    @Command(name = "show", description = "A tournament's settings, players, crosstable and games.")
    static final class Show extends OnInstallation {
        @Parameters(index = "0", paramLabel = "TOURNAMENT", description = "Id or name.")
        String tournament;

        @Override
        void run(TournamentService tournaments, PrintWriter out) {
            TournamentView v = tournaments.view(find(tournaments, tournament).id()).orElseThrow();
            Tournament t = v.tournament();
            out.println("Tournament " + t.id() + ": " + t.name());
            out.println("  " + t.kind().label() + " of " + t.variant() + " (" + t.whiteArmy() + " v " + t.blackArmy()
                    + "), scored " + t.scoring().label() + ", tie-breaks " + TieBreak.codes(t.tieBreaks())
                    + ", time control " + t.timeControl() + (t.rated() ? ", rated" : ", unrated")
                    + t.startFen().map(f -> ", from " + f).orElse("")
                    + (t.isKnockout() ? ", level matches to " + t.tieRule().name().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', '-') : "")
                    + (t.entry().armyChoice() ? ", armies chosen on entry" : "")
                    + t.entry().until().map(d -> ", entry until " + d).orElse("")
                    + (t.entry().roundByRound() ? ", round by round" : ""));
            out.println("  " + t.state().name().toLowerCase(java.util.Locale.ROOT));
            out.println();
            out.println("Players:");
            for (Entrant e : v.entrants()) {
                out.println("  " + (e.number() > 0 ? e.number() + ". " : "") + e.player().name() + " <"
                        + e.player().email() + ">, " + e.status().name().toLowerCase(java.util.Locale.ROOT)
                        + e.army().map(a -> ", " + a).orElse(""));
            }
            if (t.isKnockout() && !t.isOpen()) {
                out.println();
                out.println("Bracket:");
                tournaments.bracket(t.id()).forEach(line -> out.println("  " + line));
                out.println();
                out.println("Games:");
                for (TournamentGame g : v.games()) {
                    out.println("  round " + g.round() + ": " + g.white() + "-" + g.black() + "  game " + g.gameId()
                            + "  " + g.outcome().mark());
                }
            }
            v.crosstable().ifPresent(table -> {
                out.println();
                table.text().forEach(out::println);
                out.println();
                out.println("Games:");
                for (TournamentGame g : v.games()) {
                    out.println("  round " + g.round() + ": " + g.white() + "-" + g.black() + "  game " + g.gameId()
                            + "  " + g.outcome().mark());
                }
            });
        }
    }
}
