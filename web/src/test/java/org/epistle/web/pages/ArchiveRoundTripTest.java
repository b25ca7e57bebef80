package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.wolfraam.chessgame.ChessGame;
import io.github.wolfraam.chessgame.notation.NotationType;
import io.github.wolfraam.chessgame.pgn.PGNImporter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameImport;
import org.epistle.core.games.GameView;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.physics.Seeded;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Archives go out and come back: a record is imported into a game, the game's PGN is fetched from its page,
 * that PGN is imported again, and the second game's PGN is the first's (but for the game's own number in
 * Event and Site), ending in the same position. Over every documented record and a game of every variant.
 */
class ArchiveRoundTripTest extends SitePageTest {
    private static final Path RECORDS = Path.of("..", "core", "src", "test", "resources", "records");

    @Test void every_documented_record_comes_in_goes_out_as_pgn_and_comes_in_again_the_same() throws IOException {
        List<Path> records;
        try (Stream<Path> files = Files.walk(RECORDS)) {
            records = files.filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(records.size() >= 40, "the documented records are where the test looks: " + records.size());
        int roundTrips = 0;
        List<String> slipped = new ArrayList<>();
        for (Path file : records) {
            String text = Files.readString(file);
            GameRecord record = GameRecord.read(text);
            GameImport.Outcome outcome = only(site.games.imports().importArchive(text));
            Replay.Report replay = replay(record);
            boolean slips = record.turns().stream().anyMatch(t -> !t.slips().isEmpty());
            if (slips) {
                // the players left a piece where the rules had not put it: replay shows it, a stored game cannot hold it
                GameImport.Refused refused = assertInstanceOf(GameImport.Refused.class, outcome, file.toString());
                assertTrue(refused.reason().contains("marks a slip after turn"), refused.reason());
                slipped.add(file.getFileName().toString());
                continue;
            }
            if (!replay.allAccepted()) {
                GameImport.Refused refused = assertInstanceOf(GameImport.Refused.class, outcome, file.toString());
                assertTrue(refused.reason().contains("is refused"), file + ": " + refused.reason());
                continue;
            }
            GameImport.Imported first = assertInstanceOf(GameImport.Imported.class, outcome, () -> file + ": " + outcome);
            GameView game = site.games.view(first.gameId());
            assertEquals(Fen.write(replay.last()), Fen.write(game.position()), file + ": the game stands where the record ends");
            roundTrips += roundTrip(file.toString(), first.gameId());
        }
        assertEquals(List.of("anti-magnetic-1.txt", "anti-magnetic-3.txt", "gravity-1.txt"), slipped);
        assertTrue(roundTrips >= 35, "records that went round: " + roundTrips);
    }

    @Test void a_game_of_every_variant_played_on_the_web_goes_out_and_comes_back_the_same() {
        int played = 0;
        for (Variant variant : VariantCatalog.all()) {
            if (variant.physics().stream().anyMatch(r -> r instanceof Seeded)) {
                continue; // its draws come from the server's secret seed of that game: see the import's refusal below
            }
            CreatedGame game = site.game(variant.key(), "Ann Orme", "Ben Voss");
            for (int ply = 0; ply < 6; ply++) {
                GameView now = site.games.view(game.gameId());
                if (!now.isActive()) {
                    break;
                }
                Optional<String> turn = someTurn(now.position());
                if (turn.isEmpty()) {
                    break;
                }
                site.play(game, now.position().sideToMove(), turn.get());
            }
            if (site.games.view(game.gameId()).isActive()) {
                site.play(game, site.games.view(game.gameId()).position().sideToMove(), "resign");
            }
            roundTrip(variant.key(), game.gameId());
            played++;
        }
        assertTrue(played >= 60, "variants played: " + played);
    }

    @Test void a_variant_that_draws_from_the_games_secret_seed_is_refused_with_the_reason() {
        Variant seeded = VariantCatalog.all().stream().filter(v -> v.physics().stream().anyMatch(r -> r instanceof Seeded))
                .findFirst().orElseThrow();
        GameImport.Outcome outcome = only(site.games.imports().importArchive(
                "[Event \"?\"]\n[Variant \"" + seeded.key() + "\"]\n\n1. e4 *\n"));
        GameImport.Refused refused = assertInstanceOf(GameImport.Refused.class, outcome);
        assertTrue(refused.reason().contains("draws at random from each game's secret seed"), refused.reason());
    }

    @Test void fide_games_go_out_in_strict_san_that_an_independent_reader_replays_to_the_same_position() throws IOException {
        List<String> names = List.of("immortal-game.pgn", "opera-game.pgn");
        for (String name : names) {
            String text = Files.readString(RECORDS.resolve(name));
            GameImport.Imported imported = assertInstanceOf(GameImport.Imported.class, only(site.games.imports().importArchive(text)));
            String pgn = site.get("/games/" + imported.gameId() + "/record.pgn").body();
            assertTrue(pgn.startsWith("[Event \"Epistle game " + imported.gameId() + "\"]\n[Site "), pgn);
            assertTrue(!pgn.contains("[Variant "), "no variant tags for FIDE chess: " + pgn);

            List<ChessGame> read = new ArrayList<>();
            List<String> complaints = new ArrayList<>();
            PGNImporter reader = new PGNImporter();
            reader.setOnGame(read::add);
            reader.setOnError(complaints::add);
            reader.setOnWarning(complaints::add);
            reader.run(new ByteArrayInputStream(pgn.getBytes(StandardCharsets.UTF_8)));
            assertEquals(List.of(), complaints, pgn);
            assertEquals(1, read.size(), pgn);

            GameView game = site.games.view(imported.gameId());
            List<String> ours = game.turns().stream().map(t -> t.notation()).toList();
            assertEquals(ours, read.get(0).getNotationList(NotationType.SAN), name + ": our SAN is the reader's, mark for mark");
            assertEquals(fenBoard(Fen.write(game.position())), fenBoard(read.get(0).getFen()), name);
        }
    }

    @Test void an_archive_of_many_games_comes_in_game_by_game_and_a_bad_one_is_refused_alone() {
        String archive = """
                [Event "Club"]
                [White "Ann Orme"]
                [Black "Ben Voss"]
                [Result "0-1"]

                1. f3 e5 2. g4 Qh4# 0-1

                [Event "Club"]
                [White "Ben Voss"]
                [Black "Ann Orme"]
                [Result "1-0"]

                1. e4 e5 2. Ke3 {the king cannot go there} 1-0

                [Event "Club"]
                [White "Ann Orme"]
                [Black "Ben Voss"]
                [Variant "marseillais"]
                [Result "1/2-1/2"]

                1. e4/d4 e5/d5 {Drawn by agreement.} 1/2-1/2
                """;
        List<GameImport.Outcome> outcomes = site.games.imports().importArchive(archive);
        assertEquals(3, outcomes.size());
        GameImport.Imported mate = assertInstanceOf(GameImport.Imported.class, outcomes.get(0));
        GameImport.Refused king = assertInstanceOf(GameImport.Refused.class, outcomes.get(1));
        GameImport.Imported draw = assertInstanceOf(GameImport.Imported.class, outcomes.get(2));
        assertEquals(8, king.line(), "the refusal says where the game starts in the file");
        assertTrue(king.reason().startsWith("Turn 2. Ke3 is refused: "), king.reason());
        assertEquals("0-1", site.games.view(mate.gameId()).result().orElseThrow());
        assertEquals("checkmate", site.games.view(mate.gameId()).termination().orElseThrow());
        assertEquals("agreement", site.games.view(draw.gameId()).termination().orElseThrow());
        // the same names are the same players, with addresses no mail can reach
        GameView first = site.games.view(mate.gameId());
        GameView third = site.games.view(draw.gameId());
        assertEquals(first.white().id(), third.white().id());
        assertTrue(first.white().email().endsWith("@" + GameImport.IMPORTED_DOMAIN), first.white().email());
        assertEquals(List.of(), site.due(), "an import mails nobody");
    }

    @Test void a_name_that_belongs_to_one_registered_player_is_that_player() {
        CreatedGame earlier = site.game("chess", "Cora Lind", "Dan Hope");
        GameImport.Imported imported = assertInstanceOf(GameImport.Imported.class, only(site.games.imports().importArchive(
                "[White \"Cora Lind\"]\n[Black \"Eve Marsh\"]\n\n1. e4 e5 {Black resigned; White wins.} 1-0\n")));
        GameView game = site.games.view(imported.gameId());
        assertEquals(site.games.view(earlier.gameId()).white().id(), game.white().id());
        assertEquals("resignation", game.termination().orElseThrow());
    }

    @Test void bad_files_get_one_clear_answer_each_and_store_nothing() {
        assertEquals("The file holds no game: a PGN game is its tags, then its moves.",
                ((GameImport.Refused) only(site.games.imports().importArchive("\n\n"))).reason());
        assertTrue(((GameImport.Refused) only(site.games.imports().importArchive("[Variant \"tiddlywinks\"]\n\n1. e4 *\n")))
                .reason().startsWith("There is no variant \"tiddlywinks\""));
        assertTrue(((GameImport.Refused) only(site.games.imports().importArchive("[FEN \"not a position\"]\n\n1. e4 *\n")))
                .reason().startsWith("The FEN tag is not a position of "));
        assertTrue(((GameImport.Refused) only(site.games.imports().importArchive("[Result \"2-0\"]\n\n1. e4 e5\n")))
                .reason().contains("is not one of 1-0, 0-1, 1/2-1/2 or *"));
        assertEquals("The Result tag says 1-0 but the moves end with 0-1.",
                ((GameImport.Refused) only(site.games.imports().importArchive("[Result \"1-0\"]\n\n1. e4 e5 0-1\n"))).reason());
        assertTrue(((GameImport.Refused) only(site.games.imports().importArchive("1. f3 e5 2. g4 Qh4# 1-0\n")))
                .reason().startsWith("The record gives 1-0, but the final position is 0-1 by checkmate"));
        assertEquals(List.of(), site.games.games(), "nothing was stored");
    }

    @Test void an_unfinished_record_comes_in_as_an_archived_game_that_cannot_be_played_on() {
        GameImport.Imported imported = assertInstanceOf(GameImport.Imported.class, only(site.games.imports().importArchive(
                "[White \"Ann Orme\"]\n[Black \"Ben Voss\"]\n[TimeControl \"10/4320000\"]\n\n1. d4 d5 2. c4 *\n")));
        GameView game = site.games.view(imported.gameId());
        assertTrue(!game.isActive());
        assertEquals("10m/50d", game.timeControl().spec(), "ten moves in fifty days, read from the standard's seconds");
        String pgn = site.get("/games/" + imported.gameId() + "/record.pgn").body();
        assertTrue(pgn.contains("[Result \"*\"]\n") && pgn.contains("[Termination \"unterminated\"]\n")
                && pgn.contains("[TimeControl \"10/4320000\"]\n"), pgn);
    }

    /** Exports the game, imports the export, exports again: the two exports agree but for the game's number. */
    private int roundTrip(String what, long gameId) {
        String out = site.get("/games/" + gameId + "/record.pgn").body();
        GameImport.Outcome again = only(site.games.imports().importArchive(out));
        GameImport.Imported second = assertInstanceOf(GameImport.Imported.class, again, () -> what + ": " + again + "\n" + out);
        String back = site.get("/games/" + second.gameId() + "/record.pgn").body();
        assertEquals(withoutNumbers(out), withoutNumbers(back), what);
        GameView a = site.games.view(gameId);
        GameView b = site.games.view(second.gameId());
        assertEquals(Fen.write(a.position()), Fen.write(b.position()), what);
        assertEquals(a.result(), b.result(), what);
        assertEquals(a.termination(), b.termination(), what);
        assertEquals(Replay.run(start(GameRecord.read(out)), GameRecord.read(out).turns(), false).allAccepted(), true,
                what + ": epistle replay reads the export");
        return 1;
    }

    private static String withoutNumbers(String pgn) {
        return pgn.lines().filter(l -> !l.startsWith("[Event ") && !l.startsWith("[Site ")).reduce("", (x, y) -> x + y + "\n");
    }

    private static Replay.Report replay(GameRecord record) {
        return Replay.run(start(record), record.turns(), false);
    }

    private static Position start(GameRecord record) {
        Ruleset rules = new Ruleset(VariantCatalog.find(record.header("Variant").orElse("chess")).orElseThrow(),
                army(record.header("WhiteArmy").orElse("fabulous-fides")), army(record.header("BlackArmy").orElse("fabulous-fides")));
        try {
            return record.header("FEN").isPresent() ? Fen.read(rules, record.header("FEN").get()) : Position.start(rules);
        } catch (org.epistle.core.rules.position.FenException e) {
            throw new AssertionError(e);
        }
    }

    private static org.epistle.core.rules.piece.Army army(String keyOrName) {
        return Armies.byKey(keyOrName).or(() -> Armies.byName(keyOrName)).orElseThrow(() -> new AssertionError(keyOrName));
    }

    private static GameImport.Outcome only(List<GameImport.Outcome> outcomes) {
        assertEquals(1, outcomes.size(), outcomes.toString());
        return outcomes.get(0);
    }

    private static String fenBoard(String fen) {
        return fen.split(" ")[0];
    }

    /** A turn the rules accept: an ordinary opening move where one fits, else one the end-of-game search finds. */
    private static Optional<String> someTurn(Position p) {
        return LegalTurn.in(p, List.of("e4", "e5", "d4", "d5", "Nf3", "Nf6", "e2-e4", "e7-e5", "e4(RAAR)"));
    }
}
