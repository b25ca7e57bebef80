package org.epistle.web.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.epistle.core.games.GameImport;
import org.epistle.web.Installation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Reads a PGN archive into games: {@code epistle import FILE.pgn}. One line a game, then a count:
 * <pre>
 * game 1 (line 1): imported as game 42: Alice v Bob, marseillais, 31 turns, 1-0
 * game 2 (line 40): refused: Turn 12... Bc5 is refused: …
 * imported 1 of 2 games
 * </pre>
 * Exit code 0 when every game was imported, 1 when one was refused, 2 when the file cannot be read.
 */
@Command(name = "import", description = {"Read the games of a PGN file into the server's games (finished games, and",
        "unfinished ones as archived records); every turn is judged as 'epistle replay' does.",
        "Exit code: 0 every game imported, 1 a game refused, 2 bad input."})
final class ImportCommand implements Callable<Integer> {
    /** Far above any archive of correspondence games, and small enough to read whole. */
    static final long MAX_BYTES = 64L * 1024 * 1024;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The PGN file.")
    Path file;

    @Option(names = "--config", paramLabel = "FILE", description = "Settings file (see config/README.md).")
    Path config;

    @Override
    public Integer call() {
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new UserInputException(file + " is larger than " + MAX_BYTES / (1024 * 1024) + " MB");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserInputException("cannot read " + file + ": " + e.getMessage());
        }
        List<GameImport.Outcome> outcomes;
        try (Installation installation = Installation.open(config)) {
            outcomes = installation.games().imports().importArchive(text);
        }
        PrintWriter out = spec.commandLine().getOut();
        long imported = 0;
        for (GameImport.Outcome o : outcomes) {
            out.println(line(o));
            if (o instanceof GameImport.Imported) {
                imported++;
            }
        }
        out.println("imported " + imported + " of " + outcomes.size() + (outcomes.size() == 1 ? " game" : " games"));
        out.flush();
        return imported == outcomes.size() ? 0 : 1;
    }

    static String line(GameImport.Outcome o) {
        String head = "game " + o.index() + " (line " + o.line() + "): ";
        if (o instanceof GameImport.Imported i) {
            return head + "imported as game " + i.gameId() + ": " + i.white() + " v " + i.black() + ", " + i.variant() + ", "
                    + i.turns() + (i.turns() == 1 ? " turn, " : " turns, ") + i.result();
        }
        return head + "refused: " + ((GameImport.Refused) o).reason();
    }
}
