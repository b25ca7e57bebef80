package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.physics.magnetism.DynamicMagnetism;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The physics variants played by mail: what a move set off, and the energy, reach both players. */
class PhysicsGamesTest {
    @TempDir
    Path dir;
    Club club;

    @BeforeEach
    void open() {
        club = Club.in(dir);
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void the_mail_after_a_magnetic_turn_says_which_pieces_were_pulled() {
        CreatedGame game = club.game("magnetic");
        club.play(game, WHITE, "d4");
        Map<String, Object> toBob = club.mailsAfter(game, 2).get(1).model();
        @SuppressWarnings("unchecked")
        List<String> diagram = (List<String>) toBob.get("diagram");
        assertTrue(diagram.contains("Last move:") && diagram.contains("  d4 pulled the black pawn d7→d5"), String.join("\n", diagram));
        assertEquals(List.of("rnbqkbnr", "ppp.pppp", "........", "...p....", "...P....", "........", "PPP.PPPP", "RNBQKBNR"),
                toBob.get("ranks"));
    }

    @Test
    void the_notation_help_of_a_physics_game_tells_where_choices_are_written() {
        assertTrue(Instructions.notation(VariantCatalog.find("particle-collision").orElseThrow()).contains("write it after the move"));
        assertTrue(!Instructions.notation(VariantCatalog.find("chess").orElseThrow()).contains("write it after the move"));
    }

    @Test
    void a_stored_anti_gravity_game_is_rebuilt_with_its_fields_and_refuses_a_repeated_position() {
        CreatedGame game = club.game("anti-gravity");
        // none of these moves has a piece on its lines, and kings neither push nor pull; Kd7 would
        // bring back the position after 2... Kd7 (castling rights already gone on both sides)
        club.playAll(game, "e4", "d5", "Ke2", "Kd7", "Ke1", "Ke8", "Ke2");
        Result r = club.play(game, BLACK, "Kd7");
        assertEquals(Result.Effect.TURN_REFUSED, r.effect(), r.outcome());
        Map<String, Object> toBob = club.mailsAfter(game, 2 + 7 * 2).get(0).model();
        assertEquals("position-repeated", toBob.get("reason"));
        assertEquals(7, club.view(game).turns().size());
        assertEquals(Result.Effect.TURN_PLAYED, club.play(game, BLACK, "a6").effect());
    }

    @Test
    void particle_collision_mails_show_the_energy_on_the_board() {
        CreatedGame game = club.game("particle-collision");
        club.playAll(game, "e4", "e5", "d4");
        club.play(game, BLACK, "exd4");
        Map<String, Object> toWhite = club.mailsAfter(game, 2 + 3 * 2).get(0).model();
        @SuppressWarnings("unchecked")
        List<String> diagram = (List<String>) toWhite.get("diagram");
        assertTrue(diagram.stream().anyMatch(l -> l.contains(" .  .  .  1  .  .  .  . ")), String.join("\n", diagram));
        assertEquals(Map.of("d6", 1), toWhite.get("energy"), "for the PNG");
    }

    @Test
    void a_random_field_game_has_its_own_secret_seed_and_announces_the_field_of_each_turn() {
        CreatedGame game = club.game("magnetic-random");
        Map<String, Object> started = club.mails(game).get(0).model();
        @SuppressWarnings("unchecked")
        List<String> diagram = (List<String>) started.get("diagram");
        int at = diagram.indexOf("Field:");
        assertTrue(at >= 0 && diagram.get(at + 1).matches("  turn 1: [RAN]{4}"), String.join("\n", diagram));
        String turnOne = diagram.get(at + 1);
        club.play(game, WHITE, "e4");
        @SuppressWarnings("unchecked")
        List<String> afterWhite = (List<String>) club.mailsAfter(game, 2).get(1).model().get("diagram");
        assertTrue(afterWhite.contains(turnOne), "Black's move of turn 1 has the same field: " + afterWhite);

        Ruleset rules = Ruleset.of(VariantCatalog.find("magnetic-random").orElseThrow(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Replayer replayer = new Replayer(club.key);
        String seed = replayer.start(game.gameId(), rules).physics().notes().get(DynamicMagnetism.SEED);
        assertEquals(seed, new Replayer(club.key).start(game.gameId(), rules).physics().notes().get(DynamicMagnetism.SEED),
                "the same game, the same seed, however often it is replayed");
        assertTrue(!seed.equals(replayer.start(game.gameId() + 1, rules).physics().notes().get(DynamicMagnetism.SEED)),
                "another game, another seed");
        assertTrue(Fen.write(replayer.start(game.gameId(), rules)).startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
                "the seed is not in the FEN stored with the game");
    }
}
