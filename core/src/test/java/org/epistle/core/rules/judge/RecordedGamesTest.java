package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** The documented games, replayed turn by turn through the referee. */
class RecordedGamesTest {

    private static Replay.Report replay(String resource) throws IOException {
        String text;
        try (InputStream in = RecordedGamesTest.class.getResourceAsStream("/records/" + resource)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        GameRecord record = GameRecord.read(text);
        Ruleset rules = new Ruleset(VariantCatalog.find(record.header("Variant").orElse("chess")).orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Replay.Report report = Replay.run(Position.start(rules), record.turns(), false);
        assertEquals(Optional.empty(), report.stoppedBecause(), () -> report.turns().get(report.turns().size() - 1).verdict().toString());
        assertEquals(record.turns().size(), report.turns().size());
        assertTrue(report.allAccepted());
        return report;
    }

    @Test
    void the_opera_game_ends_in_mate() throws IOException {
        Replay.Report r = replay("opera-game.pgn");
        assertEquals("1-0", r.result(Optional.empty()));
        assertEquals("checkmate", r.termination(Optional.empty()));
    }

    @Test
    void the_immortal_game_ends_in_mate() throws IOException {
        assertEquals("checkmate", replay("immortal-game.pgn").termination(Optional.empty()));
    }

    @Test
    void castellis_classical_marseillais_line() throws IOException {
        Position last = replay("marseillais-castelli.txt").last();
        // 4 d4/Qxf8+ wins the queen another way: the black king on d8 is in check from f8
        assertEquals("rnbk1Qnr/pp2p1pp/2p5/1B2q3/3Pp3/8/PPP2PPP/RNB1K2R b KQ d3 0 4", Fen.write(last));
        assertTrue(last.isCheck());
    }

    @Test
    void castellis_side_line_wins_material_with_a_discovered_check() throws IOException {
        Position last = replay("marseillais-castelli-bd7.txt").last();
        assertTrue(last.isCheck(), "Nb6 uncovers the bishop on b5");
    }

    @Test
    void de_giglio_first_game_ends_with_ne6_rxf8_mate() throws IOException {
        Replay.Report r = replay("balanced-marseillais-de-giglio-1.txt");
        assertEquals("1-0", r.result(Optional.empty()));
        assertEquals("checkmate", r.termination(Optional.empty()));
        Verdict.Accepted lastTurn = (Verdict.Accepted) r.turns().get(r.turns().size() - 1).verdict();
        assertEquals("Ne6/Rxf8#", lastTurn.notation());
    }

    @Test
    void de_giglio_second_game_reaches_bxa8() throws IOException {
        Position last = replay("balanced-marseillais-de-giglio-2.txt").last();
        assertEquals("B3k3/p3qpp1/3bp3/6P1/3p3R/8/PP1B1PP1/R4K2 b - - 0 10", Fen.write(last));
    }

    @Test
    void as_played_goes_on_after_a_refused_turn() {
        Ruleset rules = new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        GameRecord record = GameRecord.read("1. e4 f5 2. Qh5+ a6 3. d3 g6");
        Replay.Report strict = Replay.run(Position.start(rules), record.turns(), false);
        assertEquals(4, strict.turns().size());
        Replay.Report asPlayed = Replay.run(Position.start(rules), record.turns(), true);
        assertEquals(6, asPlayed.turns().size());
        assertTrue(asPlayed.turns().get(3).forced());
        assertEquals(Reason.STILL_IN_CHECK, ((Verdict.Rejected) asPlayed.turns().get(3).verdict()).why().reason());
        assertTrue(asPlayed.turns().get(5).verdict().isAccepted(), "g6 blocks the check that a6 ignored");
    }
}
