package org.epistle.core.rules.physics.magnetism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every sample game of magnetic-chess.md, replayed through the referee from the record as printed
 * and compared with the document's final diagram (white pawns drawn O). Where the printed record
 * cannot be played, the record file says so, and this test proves each statement:
 * <ul>
 * <li>{@code #fix TURN PRINTED => MEANT | REASON | why}: the printed move is refused for that reason
 * (a typo, or notation that does not say which piece), and the move meant is played instead;</li>
 * <li>{@code #slip TURN | FROM-TO | LATER-TURN REASON | why}: the players forgot what the field did on
 * that turn. Played by the rules, the record is refused later at the turn named; played as they
 * did, with the piece the field moved put back where they left it, the game goes on to its end;</li>
 * <li>{@code #differs SQUARES | why}: the game plays to its end and differs from the diagram on
 * exactly those squares.</li>
 * </ul>
 * No rule is bent: every turn is judged by the referee as a player's turn would be.
 */
class MagneticRecordsTest {

    @ParameterizedTest
    @ValueSource(strings = {"magnetic-1", "magnetic-2", "magnetic-3", "magnetic-4", "magnetic-5", "gravity-1",
            "anti-gravity-1", "anti-magnetic-1", "anti-magnetic-2", "anti-magnetic-3", "anti-magnetic-4"})
    void the_sample_game_reaches_its_printed_diagram(String game) throws IOException {
        String text = read(game);
        GameRecord record = GameRecord.read(text);
        Map<String, String[]> fixes = directives(text, "#fix ");
        Map<String, String[]> slips = directives(text, "#slip ");
        Ruleset rules = Ruleset.of(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Position p = Position.start(rules);
        List<GameRecord.Turn> turns = record.turns();
        for (int i = 0; i < turns.size(); i++) {
            GameRecord.Turn turn = turns.get(i);
            String key = label(turn) + " " + bare(turn.text());
            String played = turn.text();
            String[] fix = fixes.remove(key);
            if (fix != null) {
                Verdict printed = Referee.judge(p, turn.text());
                Verdict.Rejected refused = assertInstanceOf(Verdict.Rejected.class, printed, () -> game + " " + key + " is declared wrong but is accepted");
                assertEquals(Reason.valueOf(fix[1]), refused.why().reason(), () -> game + " " + key + ": " + refused.why().fullText());
                played = fix[0].split("=>")[1].trim();
            }
            Verdict v = Referee.judge(p, played);
            String shown = played;
            Verdict.Accepted accepted = assertInstanceOf(Verdict.Accepted.class, v, () -> game + " " + label(turn) + " " + shown
                    + " is refused: " + ((Verdict.Rejected) v).why().fullText());
            p = accepted.position();
            String[] slip = slips.remove(key);
            if (slip != null) {
                assertRefusedLater(game, p, turns.subList(i + 1, turns.size()), slip[1].trim());
                p = moved(p, slip[0].trim());
            }
        }
        assertTrue(fixes.isEmpty() && slips.isEmpty(), () -> game + ": directives that match no turn: " + fixes.keySet() + slips.keySet());
        List<String> printed = text.lines().filter(l -> l.startsWith("#|")).map(l -> l.substring(2).replace(" ", "").replace('O', 'P')).toList();
        List<String> reached = TextDiagram.ranks(p);
        TreeSet<String> differing = new TreeSet<>();
        for (int r = 0; r < 8; r++) {
            for (int f = 0; f < 8; f++) {
                if (printed.get(r).charAt(f) != reached.get(r).charAt(f)) {
                    differing.add(new Square(f, 7 - r).name());
                }
            }
        }
        String declared = text.lines().filter(l -> l.startsWith("#differs ")).map(l -> l.substring(9).split("\\|")[0].trim())
                .findFirst().orElse("");
        assertEquals(declared, String.join(" ", differing), () -> game + " reached\n" + String.join("\n", reached));
    }

    /** Played by the rules from here, the record is refused at the turn and for the reason named. */
    private static void assertRefusedLater(String game, Position from, List<GameRecord.Turn> rest, String expected) {
        String[] parts = expected.split("\\s+");
        String turnLabel = parts[0];
        Reason reason = Reason.valueOf(parts[parts.length - 1]);
        Position p = from;
        for (GameRecord.Turn t : rest) {
            Verdict v = Referee.judge(p, t.text());
            if (v instanceof Verdict.Rejected r) {
                assertEquals(turnLabel, label(t), () -> game + ": by the rules the record breaks at " + label(t) + " " + r.why().fullText());
                assertEquals(reason, r.why().reason(), () -> game + ": " + r.why().fullText());
                return;
            }
            p = ((Verdict.Accepted) v).position();
        }
        throw new AssertionError(game + ": the record was expected to break at " + expected + " but plays to its end");
    }

    /** The position with one piece put back where the players left it. */
    private static Position moved(Position p, String fromTo) {
        int from = p.geometry().index(Square.of(fromTo.substring(0, 2)));
        int to = p.geometry().index(Square.of(fromTo.substring(3, 5)));
        int[] cells = new int[p.geometry().size()];
        for (int sq = 0; sq < cells.length; sq++) {
            cells[sq] = p.code(sq);
        }
        assertTrue(cells[from] != 0 && cells[to] == 0, () -> "cannot move a piece " + fromTo + " in " + p);
        cells[to] = cells[from];
        cells[from] = 0;
        return p.rearranged(cells, p.castlingRights(), false);
    }

    /** "#fix 8. Nd2 => Nbd2 | AMBIGUOUS | why" by "8. Nd2": the parts after the turn. */
    private static Map<String, String[]> directives(String text, String prefix) {
        Map<String, String[]> out = new HashMap<>();
        text.lines().filter(l -> l.startsWith(prefix)).forEach(l -> {
            String[] parts = l.substring(prefix.length()).split("\\|");
            String head = parts[0].trim();
            String[] turn = head.split("\\s+", 3);
            String key = turn[0] + " " + bare(turn[1]);
            List<String> rest = new ArrayList<>();
            rest.add(head);
            for (int i = 1; i < parts.length; i++) {
                rest.add(parts[i].trim());
            }
            out.put(key, prefix.equals("#fix ") ? rest.toArray(new String[0]) : rest.subList(1, rest.size()).toArray(new String[0]));
        });
        return out;
    }

    private static String bare(String move) {
        return move.replaceAll("[+#!?]+$", "");
    }

    private static String label(GameRecord.Turn t) {
        return t.number() + (t.side() == Side.WHITE ? "." : "...");
    }

    private static String read(String game) throws IOException {
        try (InputStream in = MagneticRecordsTest.class.getResourceAsStream("/records/magnetic/" + game + ".txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
