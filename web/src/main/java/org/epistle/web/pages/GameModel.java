package org.epistle.web.pages;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.judge.Referee;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.move.Move;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.piece.PieceType;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;

/**
 * What the game page shows of a game, as plain values for the templates: the players, how the game
 * stands, the turns in the game's own notation, the legend of the pieces. Never a secret: the
 * page is public, and the personal page adds only its own seat's form.
 */
final class GameModel {
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private GameModel() {
    }

    /** The keys every game page has; see web/game.ftlh. */
    static Map<String, Object> of(GameView v) {
        Position p = v.position();
        boolean active = v.isActive();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", v.id());
        m.put("variantKey", v.variant().key());
        m.put("variantName", v.variant().name());
        m.put("rules", v.variant().rules());
        m.put("whiteName", v.white().name());
        m.put("blackName", v.black().name());
        m.put("whiteArmy", v.whiteArmy().name());
        m.put("blackArmy", v.blackArmy().name());
        m.put("state", v.state().name().toLowerCase(Locale.ROOT));
        m.put("active", active);
        m.put("sideToMove", active ? p.sideToMove().label() : "");
        m.put("toMoveName", active ? v.player(p.sideToMove()).name() : "");
        m.put("turnNumber", p.turnNumber());
        m.put("check", active && p.isCheck());
        m.put("result", v.result().orElse(""));
        m.put("termination", v.termination().orElse(""));
        m.put("ending", ending(v));
        m.put("adminReason", v.adminReason().orElse(""));
        m.put("drawOfferedBy", active ? v.drawOfferedBy().map(Side::label).orElse("") : "");
        m.put("turns", turnRows(v.turns()));
        m.put("lastTurn", v.turns().isEmpty() ? "" : v.turns().get(v.turns().size() - 1).line());
        m.put("legend", legend(v));
        m.put("physics", physics(p));
        m.put("updated", WHEN.format(v.updatedAt()));
        m.put("started", WHEN.format(v.createdAt()));
        return m;
    }

    /** What the variant's physics rules have to say about the position: pieces in motion, and so on. */
    static List<Map<String, Object>> physics(org.epistle.core.rules.position.Position p) {
        List<Map<String, Object>> out = new java.util.ArrayList<>();
        for (org.epistle.core.rules.physics.Rule rule : p.rules().variant().physics()) {
            org.epistle.core.rules.physics.Rule.Report report = rule.describe(p);
            if (!report.isEmpty()) {
                out.add(Map.of("heading", report.heading(), "lines", report.lines()));
            }
        }
        return out;
    }

    /** "Black wins by checkmate.", "White resigned; Black wins.", "Drawn by agreement.", or how an aborted game stopped. */
    static String ending(GameView v) {
        if (v.state() == GameState.ACTIVE) {
            return "";
        }
        String result = v.result().orElse("");
        String termination = v.termination().orElse("");
        if (v.state() == GameState.ABORTED) {
            return "The game was stopped" + (termination.isEmpty() ? "." : ": " + termination + ".");
        }
        return switch (result) {
            case "1/2-1/2" -> "Drawn" + (termination.isEmpty() ? "." : " by " + termination + ".");
            case "1-0", "0-1" -> {
                String winner = result.equals("1-0") ? "White" : "Black";
                String loser = result.equals("1-0") ? "Black" : "White";
                yield termination.equals("resignation") ? loser + " resigned; " + winner + " wins."
                        : winner + " wins" + (termination.isEmpty() ? "." : " by " + termination + ".");
            }
            default -> "The game is over" + (termination.isEmpty() ? "." : " (" + termination + ").");
        };
    }

    /** One row a turn number: White's turn and Black's, in the game's notation. */
    static List<Map<String, Object>> turnRows(List<TurnRecord> turns) {
        Map<Integer, Map<String, Object>> rows = new LinkedHashMap<>();
        for (TurnRecord t : turns) {
            Map<String, Object> row = rows.computeIfAbsent(t.turnNumber(), n -> {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("number", n);
                r.put("white", "");
                r.put("black", "");
                return r;
            });
            row.put(t.side().key(), t.notation());
        }
        return new ArrayList<>(rows.values());
    }

    /** Per side: its army and each of its pieces' letter, name and Betza definition. */
    static List<Map<String, Object>> legend(GameView v) {
        List<Map<String, Object>> sides = new ArrayList<>();
        for (Side side : Side.values()) {
            Army army = v.army(side);
            List<Map<String, Object>> pieces = new ArrayList<>();
            for (PieceType t : army.pieces()) {
                char c = t.letter();
                pieces.add(Map.of("letter", String.valueOf(side == Side.WHITE ? c : Character.toLowerCase(c)),
                        "name", t.name(), "betza", t.betza()));
            }
            sides.add(Map.of("side", side.label(), "army", army.name(), "fide", army.isFide(), "pieces", pieces));
        }
        return sides;
    }

    /** The squares the last turn moved from and to, found by replaying it on the position before it. */
    static List<Square> lastMoved(GameView v) {
        if (v.turns().isEmpty()) {
            return List.of();
        }
        try {
            Ruleset rules = v.position().rules();
            // the random Magnetic field's seed is in no FEN and no fresh start: taken from the game's position
            Position before = org.epistle.core.rules.physics.Seeded.withSecretsOf(v.position(), v.turns().size() == 1
                    ? Position.start(rules) : Fen.read(rules, v.turns().get(v.turns().size() - 2).fenAfter()));
            Verdict verdict = Referee.judge(before, v.turns().get(v.turns().size() - 1).notation());
            if (verdict instanceof Verdict.Accepted accepted) {
                List<Square> squares = new ArrayList<>();
                for (Move m : accepted.moves()) {
                    squares.add(m.from());
                    squares.add(m.to());
                }
                return squares;
            }
        } catch (RuntimeException e) {
            // A position the FEN cannot carry fully: the tint is a courtesy, the page goes on without it.
        }
        return List.of();
    }

    static String when(Instant at) {
        return WHEN.format(at);
    }
}
