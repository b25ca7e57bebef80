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
import org.epistle.core.rules.judge.MarkedCorrections;
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
 * a line of the file says why ({@code #fix}, {@code #reads}, {@code #slip}, proved by {@link MarkedCorrections});
 * {@code #differs SQUARES | why}: the game plays to its end and differs from the diagram on exactly those squares.
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
        MarkedCorrections.prove(game, text, Position.start(rules), report);
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

    private static String read(String game) throws IOException {
        try (InputStream in = MagneticRecordsTest.class.getResourceAsStream("/records/magnetic/" + game + ".txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
