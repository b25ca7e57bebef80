package org.epistle.core.rules.judge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every refusal reason, filled with sample facts of the kind the rules give it, reads as a player's sentence:
 * no placeholder left, no code name (a reason's own name, or anything in SHOUTING_SNAKE or kebab-code form),
 * a capital letter or a quotation first and a full stop last, for the explanation and for the hint.
 */
class EveryReasonReadsAsASentenceTest {
    /** Facts as the rules fill them: squares, pieces as the boards name them, whole sentences where a fact is one. */
    static final Map<String, String> SAMPLE = Map.ofEntries(
            Map.entry("piece", "bishop"), Map.entry("to", "c5"), Map.entry("at", "e7"), Map.entry("from", "f8"),
            Map.entry("variant", "Marseillais Chess"), Map.entry("example", "Bf8-d6"), Map.entry("king", "e1"),
            Map.entry("attacker", "the black queen"), Map.entry("why", "the king has moved"), Map.entry("text", "Bc5"),
            Map.entry("destination", "d4"), Map.entry("named", "knight"), Map.entry("square", "h3"),
            Map.entry("move", "Nxe5"), Map.entry("instead", "Stop it where it stands: write Bd3-d3."),
            Map.entry("choices", "queen, rook, bishop or knight"), Map.entry("what", "move the piece that moved last"),
            Map.entry("first", "rook"), Map.entry("traveller", "the black bishop"), Map.entry("sum", "8"),
            Map.entry("left", "1 move"), Map.entry("blocker", "your pawn"), Map.entry("allowed", "2 moves"),
            Map.entry("vacated", "e2"), Map.entry("times", "twice"), Map.entry("s", "s"), Map.entry("side", "kingside"),
            Map.entry("sent", "3"), Map.entry("other", "knight"), Map.entry("ordinal", "first"),
            Map.entry("orDecline", " (or decline)"), Map.entry("forExample", ", for example e4"),
            Map.entry("examples", "a move that takes back on e5, or decline"), Map.entry("energy", "3"),
            Map.entry("candidates", "Nb1-d2, Nf3-d2"), Map.entry("awaited", "White captured on e5, and it is your answer."),
            Map.entry("yourPieces", "Your pieces stand on e1, d1 and a1."), Map.entry("whose", "White's"),
            Map.entry("which", "last"), Map.entry("when", "it must be taken at once, on the move right after the pawn's double step"),
            Map.entry("way", "backwards"), Map.entry("total", "9"), Map.entry("result", "1-0 (checkmate)"),
            Map.entry("problem", "a move names a square, as e4 or Nf3 do."), Map.entry("played", "2"),
            Map.entry("placements", "Ra1, Nb1"), Map.entry("origin", "a1"), Map.entry("opponent", "Black"),
            Map.entry("occupant", "your pawn"), Map.entry("next", "b5"), Map.entry("nextOrdinal", "second"),
            Map.entry("name", "bishop"), Map.entry("moves", "e2-e4"), Map.entry("max", "8"), Map.entry("mass", "5"),
            Map.entry("longest", "Ra1-a8"), Map.entry("limit", "a man moves at most twice a turn"), Map.entry("length", "2"),
            Map.entry("last", "Qxf7"), Map.entry("kind", "castling"), Map.entry("expected", "a pawn"),
            Map.entry("destinations", "e7, d6 and c5"), Map.entry("count", "5"));

    private static final Pattern SNAKE = Pattern.compile("\\b[A-Z]{2,}_[A-Z_]+\\b");
    private static final Pattern KEBAB_CODE = Pattern.compile("\\b[a-z]+(-[a-z]+){2,}\\b");

    /** Where a reason's fact is a whole sentence rather than a phrase, as the rules write it for that reason. */
    static final Map<Reason, Map<String, String>> OWN = Map.of(
            Reason.NONE_CAN_MOVE_THERE, Map.of("candidates", "Your bishops stand on c1, f1."),
            Reason.REALM_NOT_ONE_REALM, Map.of("what", "These moves neither all end in one realm (a concentration) nor all"
                    + " start in one realm and leave it (a dispersal): they go from a1 and b2 to c3 and e5."));

    private static Illegality sample(Reason reason) {
        Illegality.Builder b = Illegality.of(reason).move(0, "Bc5");
        SAMPLE.forEach(b::fact);
        OWN.getOrDefault(reason, Map.of()).forEach(b::fact);
        return b.build();
    }

    @ParameterizedTest
    @EnumSource(Reason.class)
    void the_explanation_and_the_hint_read_as_sentences(Reason reason) {
        Illegality why = sample(reason);
        for (String text : new String[] {why.explanation(), why.hint()}) {
            if (text.isEmpty()) {
                continue; // a reason without a hint
            }
            assertFalse(text.contains("{") || text.contains("}"), reason + " leaves a placeholder: " + text);
            assertFalse(text.contains("null"), reason + ": " + text);
            assertFalse(SNAKE.matcher(text).find(), reason + " shows a code name: " + text);
            assertFalse(KEBAB_CODE.matcher(text).find(), reason + " shows a code name: " + text);
            assertFalse(text.contains(reason.name()) || text.contains(reason.name().toLowerCase(Locale.ROOT).replace('_', '-')),
                    reason + " names its code: " + text);
            char first = text.charAt(0);
            assertTrue(Character.isUpperCase(first) || first == '"' || Character.isDigit(first),
                    reason + " starts as a sentence: " + text);
            assertTrue(text.endsWith("."), reason + " ends with a full stop: " + text);
            assertFalse(text.contains("..") || text.contains(" ."), reason + ": " + text);
        }
    }
}
