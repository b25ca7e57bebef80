package org.epistle.web.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.clock.TimeControl;
import java.util.Optional;
import org.epistle.core.games.Observers;
import org.epistle.web.Installation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Game administration from the shell: {@code epistle game create}. */
@Command(name = "game", description = "Manage games.", subcommands = {GameCommand.Create.class})
final class GameCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Starts a game: both players get the opening mail (sent by the running server from the outbox). */
    @Command(name = "create", description = {"Start a game between two players; both get the opening mail.",
            "Prints the game id alone on the last line."})
    static final class Create implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        GameOptions game;

        @Option(names = "--white", arity = "2", required = true, paramLabel = "NAME ADDRESS", description = "White's name and mail address.")
        String[] white;

        @Option(names = "--black", arity = "2", required = true, paramLabel = "NAME ADDRESS", description = "Black's name and mail address.")
        String[] black;

        @Option(names = "--config", paramLabel = "FILE", description = "Settings file (see config/README.md).")
        Path config;

        @Option(names = "--time-control", paramLabel = "SPEC", description = {"none, 3d (3 days a move), 30d+1d/45d (30 days, "
                + "1 more after each turn, at most 45 in hand) or 10m/50d (10 moves in 50 days, unused time carried over).",
                "Default: server.days-per-move."})
        String timeControl;

        @Option(names = "--observer-delay", paramLabel = "TURNS", description = {"How many turns late observers (by mail and "
                + "in the feeds) see this game, 0-100; default: the server's observers.delay-turns (ICCF uses 5)."})
        Integer observerDelay;

        @Option(names = "--rated", description = "The result updates both players' Glicko-2 ratings in the variant's family.")
        boolean rated;

        @Override
        public Integer call() {
            String variant = GameOptions.variant(game.variant == null ? "chess" : game.variant).key();
            String whiteArmy = GameOptions.army(game.whiteArmy == null ? NewGame.DEFAULT_ARMY : game.whiteArmy).key();
            String blackArmy = GameOptions.army(game.blackArmy == null ? NewGame.DEFAULT_ARMY : game.blackArmy).key();
            NewGame spec;
            try {
                spec = new NewGame(variant, whiteArmy, blackArmy, new Contact(white[0], white[1]), new Contact(black[0], black[1]),
                        timeControl == null ? Optional.empty() : Optional.of(TimeControl.parse(timeControl)), rated);
                if (observerDelay != null) {
                    Observers.checkDelay(observerDelay);
                }
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            }
            try (Installation installation = Installation.open(config)) {
                CreatedGame created = installation.games().create(spec, Optional.ofNullable(observerDelay));
                var out = this.spec.commandLine().getOut();
                out.println("Game " + created.gameId() + " created: " + white[0] + " <" + white[1] + "> (White) v "
                        + black[0] + " <" + black[1] + "> (Black)" + (rated ? ", rated" : "")
                        + ". Both opening mails are in the outbox.");
                out.println(created.gameId());
                out.flush();
            }
            return 0;
        }
    }
}
