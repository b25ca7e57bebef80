package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.position.Position;

/**
 * Proves what a record file says about its corrections. A record is kept as printed; where it cannot be played
 * as it stands, the correction is marked in its text and a line of the file says why:
 * <ul>
 * <li>{@code #fix TURN PRINTED => MEANT | REASON | why}: a typo. The record holds the move meant; put back
 * as printed, the move is refused for that reason;</li>
 * <li>{@code #reads TURN PRINTED => MEANT | why}: the printed move does not say which piece or square; the
 * replay reads it as the move meant;</li>
 * <li>{@code #slip TURN MOVE | FROM-TO | LATER-TURN REASON | why}: the players forgot what the field did on that
 * turn; the record marks it ({@code {slip: FROM-TO}}). Without the mark the record is refused later, at the
 * turn named; with it the game goes on;</li>
 * <li>{@code #as-played TURN | REASON | why}: the players made a turn the rules forbid, as the document says; the
 * record marks it ({@code {as played: …}}), the replay refuses it for that reason and makes it as written, and
 * without the mark the replay stops there.</li>
 * </ul>
 * No rule is bent: every turn is judged by the referee as a player's turn would be.
 */
public final class MarkedCorrections {
    private MarkedCorrections() {
    }

    /** Checks every directive of the record file {@code text}, replayed from {@code start} into {@code report}. */
    public static void prove(String name, String text, Position start, Replay.Report report) {
        GameRecord record = GameRecord.read(text);
        for (String[] fix : directives(text, "#fix ")) {
            Replay.TurnReport turn = turn(report, fix[0]);
            Position before = before(report, turn, start);
            String[] swap = fix[1].split("=>");
            Verdict printed = Referee.judge(before, turn.turn().text().replace(swap[1].trim(), swap[0].trim()));
            Verdict.Rejected refused = assertInstanceOf(Verdict.Rejected.class, printed, () -> name + " " + fix[1] + " is declared wrong but is accepted");
            assertEquals(Reason.valueOf(fix[2]), refused.why().reason(), () -> name + " " + fix[1] + ": " + refused.why().fullText());
        }
        for (String[] reads : directives(text, "#reads ")) {
            Replay.TurnReport turn = turn(report, reads[0]);
            String meant = reads[1].split("=>")[1].trim();
            String notation = ((Verdict.Accepted) turn.verdict()).notation();
            assertTrue(notation.startsWith(meant), () -> name + " " + reads[0] + " read as " + notation + ", not " + meant);
        }
        for (String[] slip : directives(text, "#slip ")) {
            slip = withoutReminder(slip);
            Replay.TurnReport turn = turn(report, slip[0]);
            String mark = slip[1];
            assertEquals(mark, turn.turn().slips().stream().map(Object::toString).reduce("", String::concat),
                    () -> name + ": the record marks the slip after " + turn.turn());
            assertTrue(turn.notes().stream().anyMatch(n -> n.contains("players went on")), () -> name + ": " + turn.notes());
            Replay.TurnReport refused = lastOf(Replay.run(start, unmarked(record), false));
            String[] later = slip[2].split("\\s+");
            assertEquals(later[0], label(refused.turn()), () -> name + ": without the slip the record stops at " + label(refused.turn()));
            assertEquals(Reason.valueOf(later[later.length - 1]), ((Verdict.Rejected) refused.verdict()).why().reason());
        }
        for (String[] asPlayed : directives(text, "#as-played ")) {
            Replay.TurnReport turn = turn(report, asPlayed[0]);
            assertTrue(turn.turn().markedAsPlayed() && turn.forced(), () -> name + ": " + asPlayed[0] + " is not marked {as played: …}");
            Reason reason = Reason.valueOf(asPlayed[1]);
            assertEquals(reason, assertInstanceOf(Verdict.Rejected.class, turn.verdict()).why().reason(), () -> name + " " + asPlayed[0]);
            Replay.Report byTheRules = Replay.run(start, unmarked(record), false);
            assertEquals(asPlayed[0], label(lastOf(byTheRules).turn()), () -> name + ": without the mark the record stops elsewhere");
        }
    }

    /** The record's turns without the marks it carries: as the rules alone would replay them. */
    private static List<GameRecord.Turn> unmarked(GameRecord record) {
        return record.turns().stream().map(t -> new GameRecord.Turn(t.number(), t.side(), t.text(), t.line())).toList();
    }

    private static Replay.TurnReport lastOf(Replay.Report r) {
        return r.turns().get(r.turns().size() - 1);
    }

    /** The turn of the report labelled "8." or "8...". */
    private static Replay.TurnReport turn(Replay.Report report, String label) {
        return report.turns().stream().filter(t -> label(t.turn()).equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no turn " + label));
    }

    private static Position before(Replay.Report report, Replay.TurnReport turn, Position start) {
        int i = report.turns().indexOf(turn);
        return i == 0 ? start : report.turns().get(i - 1).after();
    }

    /** "#fix 14... axb7 => axb6 | REASON | why": the turn's label, then every part. */
    private static List<String[]> directives(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).map(l -> {
            String[] parts = l.substring(prefix.length()).split("\\|");
            String head = parts[0].trim();
            List<String> out = new ArrayList<>();
            out.add(head.split("\\s+")[0]);
            if (head.indexOf(' ') > 0) {
                out.add(head.substring(head.indexOf(' ') + 1).trim());
            }
            for (int i = 1; i < parts.length; i++) {
                out.add(parts[i].trim());
            }
            return out.toArray(new String[0]);
        }).toList();
    }

    /** A slip's head names the turn's move only as a reminder for the reader. */
    private static String[] withoutReminder(String[] slip) {
        List<String> out = new ArrayList<>(List.of(slip));
        out.remove(1);
        return out.toArray(new String[0]);
    }

    private static String label(GameRecord.Turn t) {
        return t.number() + (t.side() == Side.WHITE ? "." : "...");
    }
}
