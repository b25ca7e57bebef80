package org.epistle.web.pages;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Side;

/**
 * A game's record as PGN: the seven standard tags, a {@code Variant} tag with the variant's key and
 * {@code WhiteArmy}/{@code BlackArmy} tags with the armies' keys (what {@code epistle replay}
 * reads), then the turns in the game's own notation, a Marseillais turn as {@code Nf3/e4}. Lines
 * are at most 79 characters; the end of the game is said in a closing comment.
 */
final class PgnRecord {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd").withZone(ZoneOffset.UTC);
    private static final int WIDTH = 79;

    private PgnRecord() {
    }

    static String of(GameView v, String site) {
        return of(v, site, "Epistle game " + v.id(), "-");
    }

    /** The record with the Event and Round tags of the tournament the game belongs to. */
    static String of(GameView v, String site, String event, String round) {
        String result = v.state() == GameState.FINISHED ? v.result().orElse("*") : "*";
        StringBuilder sb = new StringBuilder();
        tag(sb, "Event", event);
        tag(sb, "Site", site);
        tag(sb, "Date", DATE.format(v.createdAt()));
        tag(sb, "Round", round);
        tag(sb, "White", v.white().name());
        tag(sb, "Black", v.black().name());
        tag(sb, "Result", result);
        tag(sb, "Variant", v.variant().key());
        tag(sb, "WhiteArmy", v.whiteArmy().key());
        tag(sb, "BlackArmy", v.blackArmy().key());
        v.termination().ifPresent(t -> tag(sb, "Termination", t));
        sb.append('\n');

        List<String> tokens = new ArrayList<>();
        Side expected = Side.WHITE;
        for (TurnRecord t : v.turns()) {
            if (t.side() == Side.WHITE) {
                tokens.add(t.turnNumber() + ".");
            } else if (expected != Side.BLACK || tokens.isEmpty()) {
                tokens.add(t.turnNumber() + "...");
            }
            tokens.add(t.notation());
            expected = t.side().opponent();
        }
        String ending = GameModel.ending(v);
        if (!ending.isEmpty()) {
            tokens.add("{" + ending.replace("}", ")").replace("{", "(") + "}");
        }
        tokens.add(result);
        wrap(sb, tokens);
        return sb.toString();
    }

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"").append(value.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]\n");
    }

    private static void wrap(StringBuilder sb, List<String> tokens) {
        int column = 0;
        for (String token : tokens) {
            if (column > 0 && column + 1 + token.length() > WIDTH) {
                sb.append('\n');
                column = 0;
            } else if (column > 0) {
                sb.append(' ');
                column++;
            }
            sb.append(token);
            column += token.length();
        }
        sb.append('\n');
    }
}
