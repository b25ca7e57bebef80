package org.epistle.core.rules.physics.momentum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.MarkedCorrections;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** The three Momentum games played by email, replayed under the revised rules. */
class MomentumGamesTest {

    static GameRecord record(String name) throws IOException {
        return GameRecord.read(text(name));
    }

    static String text(String name) throws IOException {
        try (InputStream in = MomentumGamesTest.class.getResourceAsStream("/records/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Position start(GameRecord record) {
        return Position.start(Ruleset.of(VariantCatalog.MOMENTUM,
                Armies.byName(record.header("WhiteArmy").orElseThrow()).orElseThrow(),
                Armies.byName(record.header("BlackArmy").orElseThrow()).orElseThrow()));
    }

    static String dump(Replay.Report r) {
        List<String> out = new ArrayList<>();
        for (Replay.TurnReport t : r.turns()) {
            out.add(t.turn().number() + " " + t.turn().side() + " " + t.turn().text() + " => "
                    + (t.verdict() instanceof Verdict.Accepted a ? a.notation() + " " + a.notices() : ((Verdict.Rejected) t.verdict()).why().fullText()));
        }
        return String.join("\n", out);
    }

    private static Replay.Report replay(Position start, List<GameRecord.Turn> turns) {
        Replay.Report r = Replay.run(start, turns, false);
        assertEquals(Optional.empty(), r.stoppedBecause(), () -> dump(r));
        return r;
    }

    private static String turnLabel(Replay.TurnReport t) {
        return t.turn().number() + (t.turn().side() == Side.WHITE ? "." : "...");
    }

    @Test
    void the_first_game_replays_under_the_revised_rules_with_different_checks() throws IOException {
        GameRecord game = record("momentum-neto-betza-1.txt");
        Replay.Report r = replay(start(game), game.turns());
        Set<String> markedInRecord = new TreeSet<>();
        Set<String> checkNow = new TreeSet<>();
        for (Replay.TurnReport t : r.turns()) {
            if (t.turn().text().contains("+")) {
                markedInRecord.add(turnLabel(t));
            }
            if (((Verdict.Accepted) t.verdict()).notation().endsWith("+")) {
                checkNow.add(turnLabel(t));
            }
        }
        Set<String> noLonger = new TreeSet<>(markedInRecord);
        noLonger.removeAll(checkNow);
        Set<String> newly = new TreeSet<>(checkNow);
        newly.removeAll(markedInRecord);
        // The text: "Black's 23rd move would not be check under the new rules" (...Kg8-f8 would autostop the
        // rook on d8, but Black would have used his move).
        assertEquals(Set.of("23..."), noLonger);
        // Not in the text: after 12...(fbNF)c6-d4,(fhNrlbK)e6-f4 the Fibnif's momentum to e2 is blocked by the
        // white king, so it stops by itself and may start again by taking the king: check under rule 8.
        assertEquals(Set.of("12..."), newly);
        assertEquals(Set.of("6...", "7...", "14...", "22..."), checkNow.stream().filter(markedInRecord::contains)
                .collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void the_second_game_has_a_typo_at_black_4_and_a_real_slip_at_white_15_both_marked_in_the_record() throws IOException {
        String text = text("momentum-neto-betza-2.txt");
        GameRecord game = GameRecord.read(text);
        Replay.Report r = Replay.run(start(game), game.turns(), false);
        assertEquals(Optional.empty(), r.stoppedBecause(), () -> dump(r));
        assertEquals(game.turns().size(), r.turns().size());
        MarkedCorrections.prove("momentum-neto-betza-2", text, start(game), r);
        // "White made two moves, but neither of them was a continuation by momentum."
        Illegality slip = ((Verdict.Rejected) r.turns().get(28).verdict()).why();
        assertEquals("f:g4", slip.moveText());
        assertEquals("Only one piece may be started or stopped per turn: Bc1-f4 already used your move, and f:g4 is not "
                + "the pawn's momentum (it moves f3-f4, non-capturing, and is blocked).", slip.explanation());

        // the note's line after 18...Kh8 follows, every black turn a check
        GameRecord note = GameRecord.read("""
                19. Rf1   f3-f2+
                20. Kg2   (fsQbhNbK)h4-e4+
                21. Kh3   (frlRrlbK)f8-f3+
                22. Kg2   (frlRrlbK)f3-g4++
                23. K:f2  (frlRrlbK)a8-f8+
                """);
        Replay.Report line = replay(r.last(), note.turns());
        for (Replay.TurnReport t : line.turns()) {
            if (t.turn().side() == Side.BLACK) {
                assertTrue(((Verdict.Accepted) t.verdict()).notation().endsWith("+"), () -> dump(line));
            }
        }
    }

    @Test
    void black_could_not_play_4_Bc5_and_c6_d5_in_the_second_game() throws IOException {
        GameRecord game = record("momentum-neto-betza-2.txt");
        Replay.Report upTo3 = replay(start(game), game.turns().subList(0, 6));
        MomentumGameAt g = new MomentumGameAt(upTo3.last());
        // "White could have saved the N with 4. Nd5-d5": then Black's two-piece idea is one action too many.
        g.accepts("Nd5-d5");
        Illegality why = g.refuses("(fBbhN)f8-c5, c6:d5");
        assertEquals(Reason.ONE_ACTION_PER_TURN, why.reason(), why::fullText);
    }

    @Test
    void the_third_game_has_a_typo_at_black_11_marked_in_the_record_and_ends_with_the_knight_fork() throws IOException {
        String text = text("momentum-betza-neto-3.txt");
        GameRecord game = GameRecord.read(text);
        Replay.Report r = replay(start(game), game.turns());
        MarkedCorrections.prove("momentum-betza-neto-3", text, start(game), r);
        assertEquals(game.turns().size(), r.turns().size());
        assertEquals(Optional.of("1-0"), game.result());
        assertEquals("(HFD)e3-e5+", ((Verdict.Accepted) r.turns().get(8).verdict()).notation());
    }

    @Test
    void the_third_games_note_on_3_f6_needs_two_starts() throws IOException {
        GameRecord game = record("momentum-betza-neto-3.txt");
        Replay.Report upTo3 = replay(start(game), game.turns().subList(0, 5));
        // As the note writes it, Black's turn leaves out the Charging Knight on e6, which goes on to d4 by itself.
        MomentumGameAt g = new MomentumGameAt(upTo3.last());
        assertEquals("f7-f6, (fhNrlbK)e6-d4", g.accepts("f7-f6").notation());
        // 4.(HFD)f4-f7,(RN)f5:g7 is two starts: both pieces stopped by themselves on White's third turn (f7 and g7
        // were occupied then), so the mate is not legal.
        Illegality why = g.refuses("(HFD)f4-f7, (RN)f5:g7");
        assertEquals(Reason.ONE_ACTION_PER_TURN, why.reason());
        assertEquals("(RN)f5:g7", why.moveText());
    }

    /** A game picked up from a replayed position. */
    private static final class MomentumGameAt {
        private Position position;

        MomentumGameAt(Position position) {
            this.position = position;
        }

        Verdict.Accepted accepts(String turn) {
            Verdict v = org.epistle.core.rules.judge.Referee.judge(position, turn);
            Verdict.Accepted a = assertInstanceOf(Verdict.Accepted.class, v, v::toString);
            position = a.position();
            return a;
        }

        Illegality refuses(String turn) {
            return assertInstanceOf(Verdict.Rejected.class, org.epistle.core.rules.judge.Referee.judge(position, turn)).why();
        }
    }
}
