package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The FEN stored after every turn is the whole position: the game page judges the last turn again
 * from the FEN before it, and {@code --fen} starts any position. So for every position of every
 * documented game, the next recorded turn judged from the FEN must come out exactly as it does
 * in the game itself — the play-dependent schedules (the turn log), Momentum's pieces in motion,
 * Particle Collision's energy and the magnetic games' notes all travel in the seventh field.
 */
class FenCarriesTheGameTest {

    static Stream<String> records() {
        return Stream.of("balanced-marseillais-de-giglio-1.txt", "balanced-marseillais-de-giglio-2.txt",
                "balanced-marseillais-de-giglio-be3.txt", "double-move-vargiu.txt", "italian-progressive-boniface.txt",
                "king-and-pawns-gik.txt", "marseillais-braca-ending.txt", "marseillais-castelli.txt", "progressive-1996-email.txt",
                "progressive-galvin-white.txt", "triplets-castelli.txt", "magnetic/magnetic-1.txt", "magnetic/gravity-1.txt",
                "magnetic/anti-gravity-1.txt", "magnetic/anti-magnetic-1.txt");
    }

    @ParameterizedTest
    @MethodSource("records")
    void every_turn_of_a_documented_game_is_judged_alike_from_the_fen_before_it(String resource) {
        Replay.Report game = Records.replay(resource);
        assertFalse(game.turns().isEmpty(), resource);
        judgedAlikeFromTheFen(game, start(resource));
    }

    @Test
    void a_very_scottish_turn_length_comes_from_the_log_the_fen_carries() {
        // Very Scottish: a turn has one move more than the opponent actually made; White's check stops his
        // second turn after two of its three moves, so Black's next turn has three moves, not four
        Position p = Position.start(Ruleset.of(VariantCatalog.find("very-scottish").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
        for (String turn : List.of("e4", "e5, Nc6", "Bc4, Bxf7+")) {
            p = ((Verdict.Accepted) Referee.judge(p, turn)).position();
        }
        String fen = Fen.write(p);
        assertTrue(fen.contains(" log:"), fen);
        Position read = Fen.read(p.rules(), fen);
        assertEquals(3, p.movesThisTurn());
        assertEquals(3, read.movesThisTurn());
        assertEquals(fen, Fen.write(read));
    }

    @Test
    void particle_collision_energy_survives_the_fen() {
        Position p = Position.start(Ruleset.of(VariantCatalog.find("particle-collision").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
        for (String turn : List.of("e4", "e5", "d4", "exd4", "Qxd4")) {
            p = ((Verdict.Accepted) Referee.judge(p, turn)).position();
        }
        String fen = Fen.write(p);
        assertTrue(fen.contains(" energy:"), fen);
        Position read = Fen.read(p.rules(), fen);
        assertEquals(p.physics().energy(), read.physics().energy());
        assertEquals(Fen.write(((Verdict.Accepted) Referee.judge(p, "Bc5")).position()),
                Fen.write(((Verdict.Accepted) Referee.judge(read, "Bc5")).position()));
    }

    @Test
    void the_seed_of_the_random_magnetic_field_is_the_servers_secret_and_stays_out_of_the_fen() {
        Position p = org.epistle.core.rules.physics.Seeded.start(Ruleset.of(VariantCatalog.find("magnetic-random").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES), 4242L);
        p = ((Verdict.Accepted) Referee.judge(p, "e4")).position();
        assertTrue(p.physics().notes().values().contains("4242"), "the position keeps its seed");
        assertFalse(Fen.write(p).contains("4242"), Fen.write(p));
    }

    @Test
    void the_code_an_opponent_named_travels_in_the_fen() {
        Position p = Position.start(Ruleset.of(VariantCatalog.find("magnetic-opponent-choice").orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));
        p = ((Verdict.Accepted) Referee.judge(p, "e4(RRRR)")).position();
        String fen = Fen.write(p);
        assertTrue(fen.contains("note:magnetism.next=RRRR"), fen);
        Position read = Fen.read(p.rules(), fen);
        assertEquals(Fen.write(((Verdict.Accepted) Referee.judge(p, "d5(AAAA)")).position()),
                Fen.write(((Verdict.Accepted) Referee.judge(read, "d5(AAAA)")).position()));
    }

    private static Position start(String resource) {
        GameRecord record = Records.read(resource);
        Ruleset rules = Ruleset.of(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        return record.header("FEN").map(f -> Fen.read(rules, f)).orElse(Position.start(rules));
    }

    private static void judgedAlikeFromTheFen(Replay.Report game, Position start) {
        Position before = start;
        for (Replay.TurnReport t : game.turns()) {
            String fen = Fen.write(before);
            Position read = Fen.read(before.rules(), fen);
            assertEquals(fen, Fen.write(read), "the FEN reads back as written");
            assertEquals(before.movesThisTurn(), read.movesThisTurn(), () -> "moves due at " + t.turn() + " from " + fen);
            Verdict inGame = Referee.judge(before, t.turn().text());
            Verdict fromFen = Referee.judge(read, t.turn().text());
            assertEquals(summary(inGame), summary(fromFen), () -> "turn " + t.turn() + " from " + fen);
            if (!(inGame instanceof Verdict.Accepted)) {
                return;
            }
            before = t.after();
        }
    }

    private static String summary(Verdict v) {
        if (v instanceof Verdict.Accepted a) {
            return a.notation() + " -> " + Fen.write(a.position()) + " " + a.position().outcome();
        }
        return ((Verdict.Rejected) v).why().fullText();
    }
}
