package org.epistle.core.games;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;

/**
 * The values a mail's templates show, kept with the mail in the outbox as JSON. Every key is
 * always present, so a template never meets a missing value: text that does not apply is
 * {@code ""}, a list that does not apply is empty, a number that does not apply is 0.
 * Sides are written "White" and "Black".
 *
 * <table>
 * <caption>Keys of every mail's model</caption>
 * <tr><th>key</th><th>type</th><th>meaning</th></tr>
 * <tr><td>kind</td><td>text</td><td>the template's base name: {@code turn-accepted}, {@code refusal}, …</td></tr>
 * <tr><td>gameId</td><td>number</td><td>the game; 0 in a refusal about no game</td></tr>
 * <tr><td>variantKey, variantName</td><td>text</td><td>{@code marseillais}, "Marseillais Chess"</td></tr>
 * <tr><td>whiteName, blackName</td><td>text</td><td>the players' names</td></tr>
 * <tr><td>whiteArmy, blackArmy</td><td>text</td><td>the armies' names: "Fabulous FIDEs", "Nutty Knights"</td></tr>
 * <tr><td>recipientName, recipientSide</td><td>text</td><td>who this mail is for, and the side they play</td></tr>
 * <tr><td>opponentName</td><td>text</td><td>the recipient's opponent</td></tr>
 * <tr><td>sideToMove, toMoveName</td><td>text</td><td>who is to move now ("" once the game is over)</td></tr>
 * <tr><td>turnNumber</td><td>number</td><td>the turn now to be played (a White turn and the Black turn after it share a number)</td></tr>
 * <tr><td>yourTurn</td><td>boolean</td><td>whether the recipient is to move</td></tr>
 * <tr><td>deadline</td><td>text</td><td>when the side to move runs out of time, "Friday 4 December 2026, 16:00 UTC", followed
 *     by the time in the recipient's zone when they set one ("(… 17:00 in Europe/Paris)"); "" without a limit or once over</td></tr>
 * <tr><td>deadlineAt</td><td>text</td><td>the same moment as an ISO-8601 instant, for the calendar attachment; "" when none</td></tr>
 * <tr><td>clock</td><td>text</td><td>both sides' time in hand for the recipient, "You have 4 days 6 hours; Bob has 12 days.", or ""</td></tr>
 * <tr><td>timeControl</td><td>text</td><td>the game's time control in words, "3 days a move", "no time limit"</td></tr>
 * <tr><td>playedTurn</td><td>map</td><td>the turn just played: {@code number} (0 when none), {@code side}, {@code by} (name),
 *     {@code notation} (the turn in the game's notation, "" when none); filled in turn-accepted and, after a final turn, game-over</td></tr>
 * <tr><td>diagram</td><td>list of text</td><td>the lines of the text diagram of the position now, with its legend and
 *     "White to move" line; the marked squares are bracketed</td></tr>
 * <tr><td>ranks</td><td>list of text</td><td>the ranks alone, top first, one character a square ('.' empty, upper case White): for the PNG</td></tr>
 * <tr><td>marked</td><td>list of text</td><td>square names an explanation is about ("e4"), for a rejection</td></tr>
 * <tr><td>energy</td><td>map</td><td>energy lying on squares (Particle Collision Chess), square name to amount, for the PNG; empty otherwise</td></tr>
 * <tr><td>realms</td><td>number</td><td>how many squares apart the PNG draws thick realm borders (2 in Realm and
 *     Power Realm Chess), 0 for none</td></tr>
 * <tr><td>moved</td><td>list of maps</td><td>the moves of the last turn played, each {@code from} and {@code to} square names, to highlight</td></tr>
 * <tr><td>check</td><td>boolean</td><td>whether the side to move is in check</td></tr>
 * <tr><td>reason</td><td>text</td><td>why a turn or command was refused, as a code: the referee's reasons in kebab case
 *     ({@code cannot-move-there}, {@code path-blocked}, …) or ours: {@code stale-turn-number}, {@code crossed},
 *     {@code not-your-turn}, {@code game-over}, {@code no-draw-offer}, {@code draw-already-offered}, {@code bad-credentials}</td></tr>
 * <tr><td>notAccepted</td><td>text</td><td>the exact part of the turn that was not accepted ("" when it is the turn as a whole)</td></tr>
 * <tr><td>explanation</td><td>text</td><td>why, in one plain sentence (rejections and refusals; in a game-over
 *     mail of a game the admin adjudicated or aborted, the admin's reason, which the ending also quotes)</td></tr>
 * <tr><td>hint</td><td>text</td><td>what the player may do instead, or ""</td></tr>
 * <tr><td>rawText</td><td>text</td><td>the player's own text, for quoting below a rejection or refusal</td></tr>
 * <tr><td>gameOver</td><td>boolean</td><td>whether the game has ended</td></tr>
 * <tr><td>result</td><td>text</td><td>"1-0", "0-1", "1/2-1/2" once the game is over; "*" in the game-over mail of a game the admin aborted</td></tr>
 * <tr><td>termination</td><td>text</td><td>"checkmate", "stalemate", "resignation", "agreement", "threefold repetition", …</td></tr>
 * <tr><td>ending</td><td>text</td><td>the end in one sentence: "Black wins by checkmate.", "White resigned; Black wins."</td></tr>
 * <tr><td>drawOfferedBy</td><td>text</td><td>the side whose draw offer stands, or ""</td></tr>
 * <tr><td>rulesSummary</td><td>text</td><td>the variant's rules in our own words (help and game-started)</td></tr>
 * <tr><td>notationHelp</td><td>text</td><td>how to write a turn, with examples (help and game-started)</td></tr>
 * <tr><td>history</td><td>list of text</td><td>every turn, "12. Nf3/e4" for White and "12... Nc6/d5" for Black (history and game-over)</td></tr>
 * <tr><td>replyAddress</td><td>text</td><td>where the recipient's reply goes (also the mail's Reply-To)</td></tr>
 * <tr><td>gameUrl</td><td>text</td><td>the game's web page</td></tr>
 * <tr><td>playUrl</td><td>text</td><td>the recipient's personal page with the move form (secret, like the reply address)</td></tr>
 * <tr><td>motions</td><td>list</td><td>pieces in motion as "d3-b5" (where each goes next), drawn as arrows</td></tr>
 * <tr><td>notices</td><td>list</td><td>warnings for the recipient about a legal turn ("your king can be taken")</td></tr>
 * <tr><td>instructions</td><td>text</td><td>how to reply now: "Reply to this mail with your turn, e.g. …"</td></tr>
 * <tr><td>line</td><td>list of text</td><td>the recipient's conditional line, one pair a line ("if Nf3 then Nc6"); empty when none</td></tr>
 * <tr><td>lineNote</td><td>text</td><td>what became of the line: queued, cleared, cancelled by another turn (conditional-line)</td></tr>
 * <tr><td>headline</td><td>text</td><td>the body's first line, which inbox lists show as the preview: what happened
 *     ("Bob played e5 — your move, turn 2", "Your turn was not accepted: Bc5", "Reminder: 1 day left"); every mail about
 *     a game has one (the subject is the same for the whole game), a mail about no game ""</td></tr>
 * <tr><td>drawWithTurn</td><td>boolean</td><td>whether the turn just played carried its player's draw offer (turn-accepted)</td></tr>
 * </table>
 *
 * <p>Which mails fill which keys beyond the common ones: game-started (rulesSummary, notationHelp),
 * turn-accepted (playedTurn, moved), turn-rejected (reason, notAccepted, explanation, hint, rawText,
 * marked; the diagram shows the unchanged position with the marked squares), game-over (playedTurn
 * when a turn ended it, result, termination, ending, history), draw-offered and draw-declined
 * (drawOfferedBy), board, history (history), help (rulesSummary, notationHelp), refusal (reason,
 * explanation, hint, rawText), clock-notice (explanation: the reminder or the news about the clock).
 */
public final class MailModel {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Game game;
    private Side recipient;

    private MailModel(Game game) {
        this.game = game;
    }

    /** The common keys of a mail about a game to one of its players. */
    static MailModel about(Game game, MailKind kind, Side recipient, String replyAddress, String gameUrl, String playUrl) {
        return about(game, kind, recipient, replyAddress, gameUrl, playUrl, board(game));
    }

    /**
     * The keys drawn from the position alone (the diagram and what the pictures show): the same in both players' mails
     * of a turn, so {@link Correspondence} works them out once for both. The values are never changed after this; a
     * mail that shows other squares (a refusal's marks) puts a new diagram instead.
     */
    static Map<String, Object> board(Game game) {
        Position p = game.position();
        boolean over = !game.row().isActive();
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("diagram", diagram(game, List.of()));
        b.put("ranks", TextDiagram.ranks(p));
        b.put("marked", List.of());
        b.put("moved", moved(game.lastMoves()));
        b.put("energy", energy(p));
        b.put("motions", motions(p));
        b.put("stacked", stacked(p));
        b.put("realms", org.epistle.core.rules.physics.realm.Realms.bordersEvery(p));
        b.put("figures", figures(p));
        b.put("checked", checked(p));
        b.put("field", field(p));
        b.put("check", !over && p.isCheck());
        return java.util.Collections.unmodifiableMap(b);
    }

    /** As {@link #about(Game, MailKind, Side, String, String, String)}, with the position's keys already worked out. */
    static MailModel about(Game game, MailKind kind, Side recipient, String replyAddress, String gameUrl, String playUrl,
                           Map<String, Object> board) {
        MailModel m = new MailModel(game);
        m.recipient = recipient;
        Position p = game.position();
        boolean over = !game.row().isActive();
        boolean yourTurn = !over && p.sideToMove() == recipient;
        m.put("kind", kind.template())
                .put("gameId", game.id())
                .put("variantKey", game.variant().key())
                .put("variantName", game.variant().name())
                .put("whiteName", game.white().name())
                .put("blackName", game.black().name())
                .put("whiteArmy", game.whiteArmy().name())
                .put("blackArmy", game.blackArmy().name())
                .put("recipientName", game.player(recipient).name())
                .put("recipientSide", recipient.label())
                .put("opponentName", game.player(recipient.opponent()).name())
                .put("sideToMove", over ? "" : p.sideToMove().label())
                .put("toMoveName", over ? "" : game.player(p.sideToMove()).name())
                .put("turnNumber", p.turnNumber())
                .put("yourTurn", yourTurn)
                .put("deadline", "")
                .put("deadlineAt", "")
                .put("clock", "")
                .put("timeControl", "")
                .put("playedTurn", playedTurn(0, "", "", ""));
        board.forEach(m::put);
        m.put("notices", List.of())
                .put("reason", "")
                .put("notAccepted", "")
                .put("explanation", "")
                .put("hint", "")
                .put("rawText", "")
                .put("gameOver", over)
                .put("result", nonNull(game.row().result()))
                .put("termination", nonNull(game.row().termination()))
                .put("ending", over ? Ending.sentence(game.row().result(), game.row().termination()) : "")
                .put("drawOfferedBy", game.row().drawOfferedBy() == null ? "" : game.row().drawOfferedBy().label())
                .put("rulesSummary", "")
                .put("notationHelp", "")
                .put("history", List.of())
                .put("replyAddress", replyAddress)
                .put("gameUrl", gameUrl)
                .put("playUrl", playUrl)
                .put("instructions", Instructions.forRecipient(game, recipient))
                .put("line", List.of())
                .put("lineNote", "")
                .put("headline", "")
                .put("drawWithTurn", false);
        return m;
    }

    /** The keys of a refusal about no game: only the recipient and the reason are filled. */
    static Map<String, Object> aboutNoGame(String recipientName, Refusal refusal, String replyAddress) {
        return aboutNoGame(MailKind.REFUSAL, recipientName, refusal, replyAddress);
    }

    /** The keys of a mail of this kind about no game: only the recipient, the explanation and the hint are filled. */
    static Map<String, Object> aboutNoGame(MailKind kind, String recipientName, Refusal refusal, String replyAddress) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", kind.template());
        m.put("gameId", 0L);
        for (String key : List.of("variantKey", "variantName", "whiteName", "blackName", "whiteArmy", "blackArmy",
                "recipientSide", "opponentName", "sideToMove", "toMoveName", "notAccepted", "rawText", "result",
                "termination", "ending", "drawOfferedBy", "rulesSummary", "notationHelp", "gameUrl", "playUrl")) {
            m.put(key, "");
        }
        m.put("recipientName", recipientName);
        m.put("turnNumber", 0);
        m.put("yourTurn", false);
        m.put("deadline", "");
        m.put("deadlineAt", "");
        m.put("clock", "");
        m.put("timeControl", "");
        m.put("playedTurn", playedTurn(0, "", "", ""));
        for (String key : List.of("diagram", "ranks", "marked", "moved", "motions", "stacked", "notices", "history")) {
            m.put(key, List.of());
        }
        m.put("energy", Map.of());
        m.put("realms", 0);
        m.put("figures", Map.of());
        m.put("checked", List.of());
        m.put("field", List.of());
        m.put("check", false);
        m.put("gameOver", false);
        m.put("reason", refusal.reason());
        m.put("explanation", refusal.explanation());
        m.put("hint", refusal.hint());
        m.put("replyAddress", replyAddress);
        m.put("instructions", "");
        m.put("line", List.of());
        m.put("lineNote", "");
        m.put("headline", "");
        m.put("drawWithTurn", false);
        return m;
    }

    /** A text the model holds already: a clock's notice is worded with the deadline its clock keys show. */
    String text(String key) {
        if (!(values.get(key) instanceof String text)) {
            throw new IllegalStateException("the mail model holds no text " + key);
        }
        return text;
    }

    MailModel put(String key, Object value) {
        if (value == null) {
            throw new IllegalArgumentException("the mail model's " + key + " is null");
        }
        values.put(key, value);
        return this;
    }

    MailModel playedTurn(TurnRecord turn) {
        return put("playedTurn", playedTurn(turn.turnNumber(), turn.side().label(), game.player(turn.side()).name(), turn.notation()));
    }

    /** A refusal of a turn or command: why, what instead, the player's text, and the squares to mark. */
    MailModel refusal(Refusal refusal, String rawText) {
        put("reason", refusal.reason()).put("notAccepted", refusal.notAccepted())
                .put("explanation", refusal.explanation()).put("hint", refusal.hint()).put("rawText", rawText);
        if (!refusal.marked().isEmpty()) {
            put("marked", refusal.marked().stream().map(Square::name).toList());
            put("diagram", diagram(game, refusal.marked()));
        }
        return this;
    }

    /** The body's first line, worded for the player who acted or for the other one. */
    MailModel headline(Side actor, String forActor, String forOther) {
        return put("headline", recipient == actor ? forActor : forOther);
    }

    /** Warnings about the turn just played, for its mover only. */
    MailModel notices(Side mover, List<String> notices) {
        return recipient == mover ? put("notices", List.copyOf(notices)) : this;
    }

    /** The recipient's conditional line, one pair a line, and what became of it. */
    MailModel line(List<String> pairs, String note) {
        return put("line", List.copyOf(pairs)).put("lineNote", note);
    }

    MailModel history() {
        return put("history", game.turns().stream().map(TurnRecord::line).toList());
    }

    MailModel rules() {
        return put("rulesSummary", game.variant().rules()).put("notationHelp", Instructions.notation(game.variant()));
    }

    Map<String, Object> build() {
        return Map.copyOf(values);
    }

    /**
     * The text diagram's lines; when the players ended the game (resignation, agreement) the
     * position knows nothing of it, so its last line, "White to move", says how the game ended.
     */
    private static List<String> diagram(Game game, List<Square> marked) {
        List<String> lines = new ArrayList<>(TextDiagram.render(game.position(), marked).lines().toList());
        if (!game.row().isActive() && game.position().outcome().isEmpty()) {
            lines.set(lines.size() - 1, game.row().result() == null ? "Game stopped (" + game.row().termination() + ")."
                    : "Game over: " + game.row().result() + " (" + game.row().termination() + ").");
        }
        return List.copyOf(lines);
    }

    private static Map<String, Object> playedTurn(int number, String side, String by, String notation) {
        return Map.of("number", number, "side", side, "by", by, "notation", notation);
    }

    private static List<Map<String, String>> moved(List<Move> moves) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Move m : moves) {
            out.add(Map.of("from", m.from().name(), "to", m.to().name()));
        }
        return out;
    }

    private static Map<String, Integer> energy(Position p) {
        Map<String, Integer> out = new java.util.TreeMap<>();
        p.physics().energy().forEach((square, amount) -> out.put(square.name(), amount));
        return out;
    }

    /** Pieces in motion as "d3-b5", from where each stands to where its momentum takes it next. */
    private static List<String> motions(Position p) {
        List<String> out = new ArrayList<>();
        p.physics().motions().forEach((sq, m) -> {
            int file = sq.file() + m.dx();
            int rank = sq.rank() + m.dy();
            if (p.geometry().contains(file, rank)) {
                out.add(sq.name() + "-" + new Square(file, rank).name());
            }
        });
        for (Physics.Traveller t : p.physics().travellers()) {
            if (!t.isResting()) {
                out.add(t.at().name() + "-" + t.destination().name()); // Lene Hau: from where a traveller stands to where it is bound
            }
        }
        return out;
    }

    /**
     * The pieces the mail's picture draws by a picture of their own rather than the standard piece of their letter
     * (the Different Armies pieces): square name to piece name, "a1" to "Charging Rook".
     */
    private static Map<String, String> figures(Position p) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (Square s : p.geometry().squares()) {
            p.pieceAt(s).ifPresent(piece -> {
                if (!piece.type().isSamePieceAs(org.epistle.core.rules.piece.Armies.FABULOUS_FIDES.piece(piece.type().role()))) {
                    out.put(s.name(), piece.type().name());
                }
            });
        }
        return out;
    }

    /** The square of the king in check, also when mated: the picture puts a mark under it. */
    private static List<String> checked(Position p) {
        if (!p.isCheck()) {
            return List.of();
        }
        return p.kingSquare(p.sideToMove()).map(k -> List.of(k.name())).orElse(List.of());
    }

    /** The last turn's pulls and pushes of the magnetic field: "pulled:d2-d4", "pushed:c5-b5". */
    private static List<String> field(Position p) {
        return org.epistle.core.rules.physics.Aftermath.displacements(p).stream()
                .map(d -> d.verb() + ":" + d.from().name() + "-" + d.to().name()).toList();
    }

    /**
     * Lene Hau's second pieces, "g5:R", for squares the ranks show one piece of: every traveller
     * except one that stands alone on an empty square (the ranks show that one).
     */
    private static List<String> stacked(Position p) {
        List<String> out = new ArrayList<>();
        java.util.Set<Square> shown = new java.util.HashSet<>();
        for (Physics.Traveller t : p.physics().travellers()) {
            boolean alone = p.pieceAt(t.at()).isEmpty() && shown.add(t.at());
            if (!alone) {
                char c = t.piece().type().letter();
                out.add(t.at().name() + ":" + (t.piece().side() == org.epistle.core.rules.board.Side.WHITE ? c : Character.toLowerCase(c)));
            }
        }
        return out;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }

    static String toJson(Map<String, Object> model) {
        java.util.Optional<String> plain = ModelJson.write(model);
        if (plain.isPresent()) {
            return plain.get();
        }
        try {
            return JSON.writeValueAsString(new java.util.TreeMap<>(model));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a mail model is plain values and always writes as JSON", e);
        }
    }

    static Map<String, Object> fromJson(String json) {
        try {
            Map<String, Object> m = JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {
            });
            m.values().removeIf(v -> v == null);
            return m;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an outbox row holds a model that is not JSON", e);
        }
    }
}
