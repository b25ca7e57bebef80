package org.epistle.mailer.outbound;

import static java.util.Map.entry;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;

/** Outbox mails as the games team writes them, with every model key of templates/README.md. */
final class SampleMails {
    private SampleMails() {
    }

    static final String ROOT_ID = "<game-12.root@epistle.localhost>";

    static final List<String> DIAGRAM = List.of(
            "    +-------------------------+",
            "  8 | r  .  b  q  k  b  .  r  |",
            "  7 | p  p  p  p  .  p  p  p  |",
            "  6 | .  .  n  .  .  n  .  .  |",
            "  5 | .  .  .  .  p  .  .  .  |",
            "  4 | .  . [B] .  P  .  .  .  |",
            "  3 | .  .  .  .  .  N  .  .  |",
            "  2 | P  P  P  P  .  P  P  P  |",
            "  1 | R  N  B  Q  K  .  .  R  |",
            "    +-------------------------+",
            "      a  b  c  d  e  f  g  h",
            "Black to move, turn 3.");

    static final List<String> RANKS = List.of("r.bqkb.r", "pppp.ppp", "..n..n..", "....p...",
            "..B.P...", ".....N..", "PPPP.PPP", "RNBQK..R");

    /** A model in the games team's style (MailModel): every key present, sides written "White"/"Black". */
    static final Map<String, Object> MODEL = Map.ofEntries(
            entry("kind", "turn-accepted"),
            entry("gameId", 12L),
            entry("variantKey", "marseillais"),
            entry("variantName", "Marseillais Chess"),
            entry("whiteName", "Alice"),
            entry("blackName", "Jürgen"),
            entry("whiteArmy", "Nutty Knights"),
            entry("blackArmy", "FIDE"),
            entry("recipientName", "Jürgen"),
            entry("recipientSide", "Black"),
            entry("opponentName", "Alice"),
            entry("sideToMove", "Black"),
            entry("toMoveName", "Jürgen"),
            entry("turnNumber", 3),
            entry("yourTurn", true),
            entry("playedTurn", Map.of("number", 3, "side", "White", "by", "Alice", "notation", "3. Nf3/Bc4")),
            entry("diagram", DIAGRAM),
            entry("ranks", RANKS),
            entry("marked", List.of("c4")),
            entry("moved", List.of(Map.of("from", "g1", "to", "f3"), Map.of("from", "f1", "to", "c4"))),
            entry("check", false),
            entry("reason", "cannot-capture-first"),
            entry("notAccepted", "Bc4-f7"),
            entry("explanation", "The bishop on c4 cannot capture on f7 in the first move of a turn."),
            entry("hint", "Play another first move, then Bxf7 as the second."),
            entry("rawText", "Bc4-f7/Qh5\r\n\r\nYour move!\r\n-- \r\nJürgen"),
            entry("gameOver", false),
            entry("result", "1-0"),
            entry("termination", "checkmate"),
            entry("ending", "White wins by checkmate."),
            entry("drawOfferedBy", ""),
            entry("rulesSummary", "Each side plays two moves a turn, except White's very first turn."),
            entry("notationHelp", "Write each move in algebraic notation; a turn is its moves joined by a slash: Nf3/e4."),
            entry("history", List.of("1. e4", "1... e5/Nc6", "2. Bc4/Nf3")),
            entry("replyAddress", "moves+12.k3x9@epistle.localhost"),
            entry("gameUrl", "http://127.0.0.1:7070/games/12"),
            entry("instructions", "Reply to this mail with your turn on the first line, e.g. Nf3/e4."),
            entry("line", List.of("if Nf3/e4 then Nc6/e5")),
            entry("lineNote", "Your conditional line is queued."),
            entry("deskUrl", "http://127.0.0.1:7070/desk/7-1715558400-abcdefghijklmnopqrstuvwxyz"),
            entry("deskGames", List.of(Map.ofEntries(entry("gameId", 12L), entry("variantName", "Marseillais Chess"),
                    entry("side", "Black"), entry("opponentName", "Alice"), entry("turnNumber", 3), entry("yourMove", true),
                    entry("whoseMove", "your move"), entry("timeLeft", ""), entry("deadline", ""),
                    entry("playUrl", "http://127.0.0.1:7070/play/12/abcdefghijklmnopqrst"),
                    entry("gameUrl", "http://127.0.0.1:7070/games/12"), entry("line", List.of())))),
            entry("shownTurns", List.of("2... Nc6")),
            entry("stopLine", "To stop following this game, reply with \"unsubscribe 12\" on the first line."),
            entry("listUnsubscribe", "<mailto:moves@epistle.localhost?subject=unsubscribe%2012>, <https://epistle.example/unsubscribe/3-abc>"),
            entry("tournamentName", "Spring Marseillais"),
            entry("heading", "Spring Marseillais has started"),
            entry("paragraphs", List.of("You are number 2.", "Round 1: Black against Alice, game 12.")),
            entry("crosstable", List.of("  #  Player   1  2  Pts  Place", "  1  Alice   ■  1    1  1",
                    "  2  Jürgen  0  ■    0  2")));

    static OutboxMail mail(long id, MailKind kind) {
        return mail(id, kind, "Jürgen", "[Epistle] Game 12 · Marseillais · Black to move (turn 3)", MODEL);
    }

    static OutboxMail mail(long id, MailKind kind, String toName, String subject, Map<String, Object> model) {
        return new OutboxMail(id, 12, kind, toName, "juergen@example.org", subject,
                "<game-12.mail-" + id + "@epistle.localhost>", ROOT_ID,
                List.of(ROOT_ID, "<game-12.mail-" + (id - 1) + "@epistle.localhost>"),
                "moves+12.k3x9@epistle.localhost", model, 0);
    }

    static Map<String, Object> modelWith(String key, Object value) {
        var model = new HashMap<>(MODEL);
        model.put(key, value);
        return model;
    }

    static Map<String, Object> modelWithout(String... keys) {
        var model = new HashMap<>(MODEL);
        for (String key : keys) {
            model.remove(key);
        }
        return model;
    }
}
