package org.epistle.core.rules.physics.magnetism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every sample game of magnetic-chess.md, replayed as {@code epistle replay} does from the record as
 * printed (remarks, marks and all) and compared with the document's final diagram (white pawns drawn O).
 * Where the printed record cannot be played as it stands, the record marks the correction in its text and
 * a line of the file says why; this test proves each statement:
 * <ul>
 * <li>{@code #fix TURN PRINTED => MEANT | REASON | why}: a typo. The record holds the move meant; put back
 * as printed, the move is refused for that reason;</li>
 * <li>{@code #reads TURN PRINTED => MEANT | why}: the printed move does not say which piece or square; the
 * replay reads it as the move meant, and it is the one reading that lets the record go on;</li>
 * <li>{@code #slip TURN | FROM-TO | LATER-TURN REASON | why}: the players forgot what the field did on that
 * turn; the record marks it ({@code {slip: FROM-TO}}). Without the mark the record is refused later, at the
 * turn named; with it the game goes on to its end;</li>
 * <li>{@code #differs SQUARES | why}: the game plays to its end and differs from the diagram on exactly
 * those squares.</li>
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
        Ruleset rules = Ruleset.of(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(),
                Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Replay.Report report = Replay.run(Position.start(rules), record.turns(), false);
        assertTrue(report.allAccepted() && report.stoppedBecause().isEmpty(), () -> game + ": " + report.stoppedBecause()
                + " " + report.turns().get(report.turns().size() - 1).verdict());
        for (String[] fix : directives(text, "#fix ")) {
            Replay.TurnReport turn = turn(report, fix[0]);
            Position before = before(report, turn, rules);
            String[] swap = fix[1].split("=>");
            Verdict printed = Referee.judge(before, turn.turn().text().replace(swap[1].trim(), swap[0].trim()));
            Verdict.Rejected refused = assertInstanceOf(Verdict.Rejected.class, printed, () -> game + " " + fix[1] + " is declared wrong but is accepted");
            assertEquals(Reason.valueOf(fix[2]), refused.why().reason(), () -> game + " " + fix[1] + ": " + refused.why().fullText());
        }
        for (String[] reads : directives(text, "#reads ")) {
            Replay.TurnReport turn = turn(report, reads[0]);
            String meant = reads[1].split("=>")[1].trim();
            String notation = ((Verdict.Accepted) turn.verdict()).notation();
            assertTrue(notation.startsWith(meant), () -> game + " " + reads[0] + " read as " + notation + ", not " + meant);
        }
        for (String[] slip : directives(text, "#slip ")) {
            Replay.TurnReport turn = turn(report, slip[0]);
            assertEquals(slip[1], turn.turn().slips().stream().map(Object::toString).reduce("", String::concat),
                    () -> game + ": the record marks the slip after " + slip[0]);
            assertTrue(turn.notes().stream().anyMatch(n -> n.contains("players went on")), () -> game + ": " + turn.notes());
            List<GameRecord.Turn> unmarked = record.turns().stream()
                    .map(t -> new GameRecord.Turn(t.number(), t.side(), t.text(), t.line())).toList();
            Replay.Report byTheRules = Replay.run(Position.start(rules), unmarked, false);
            Replay.TurnReport refused = byTheRules.turns().get(byTheRules.turns().size() - 1);
            String[] later = slip[2].split("\\s+");
            assertEquals(later[0], label(refused.turn()), () -> game + ": without the slip the record stops at " + label(refused.turn()));
            assertEquals(Reason.valueOf(later[later.length - 1]), ((Verdict.Rejected) refused.verdict()).why().reason());
        }
        List<String> printed = text.lines().filter(l -> l.startsWith("#|")).map(l -> l.substring(2).replace(" ", "").replace('O', 'P')).toList();
        List<String> reached = TextDiagram.ranks(report.last());
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

    @Test
    void an_anti_magnetic_mark_that_disagrees_with_the_field_is_a_note_not_a_refusal() {
        // 1. c4 pulls the white bishop c1 up to c3, its nearest friend on the file, and pushes nothing: one +
        Ruleset rules = Ruleset.of(VariantCatalog.find("anti-magnetic").orElseThrow(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
        Replay.Report right = Replay.run(Position.start(rules), GameRecord.read("1. c4 + c5 + 2. g3 ++\n").turns(), false);
        assertTrue(right.allAccepted(), () -> right.turns().toString());
        right.turns().forEach(t -> assertEquals(List.of(), t.notes(), t.turn().text()));
        Replay.Report wrong = Replay.run(Position.start(rules), GameRecord.read("1. c4 ++- c5 + 2. g3 ++\n").turns(), false);
        assertTrue(wrong.allAccepted());
        assertTrue(wrong.turns().get(0).notes().get(0).startsWith("the record marks c4 ++-, but the field pulled 1 and pushed 0"),
                wrong.turns().get(0).notes().toString());
    }

    /** The turn of the report labelled "8." or "8...". */
    private static Replay.TurnReport turn(Replay.Report report, String label) {
        return report.turns().stream().filter(t -> label(t.turn()).equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no turn " + label));
    }

    private static Position before(Replay.Report report, Replay.TurnReport turn, Ruleset rules) {
        int i = report.turns().indexOf(turn);
        return i == 0 ? Position.start(rules) : report.turns().get(i - 1).after();
    }

    /** "#fix 14... axb7 => axb6 | REASON | why": the turn's label, then every part. */
    private static List<String[]> directives(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).map(l -> {
            String[] parts = l.substring(prefix.length()).split("\\|");
            String head = parts[0].trim();
            List<String> out = new ArrayList<>();
            out.add(head.split("\\s+")[0]);
            out.add(head.substring(head.indexOf(' ') + 1).trim());
            for (int i = 1; i < parts.length; i++) {
                out.add(parts[i].trim());
            }
            if (prefix.equals("#slip ")) {
                out.remove(1);  // the turn's move is only a reminder for the reader
            }
            return out.toArray(new String[0]);
        }).toList();
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
