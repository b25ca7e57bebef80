package org.epistle.core.games;

import java.util.Map;
import org.epistle.core.rules.board.Side;

/**
 * The first line of a game mail's body: what happened, in a few words. The subject stays the same for the whole
 * game (mail clients thread by it), so this line, which inbox lists show as the preview, is what tells one mail
 * from the next — a refusal from an acceptance above all.
 */
final class Headline {
    private Headline() {
    }

    /** The headline of a mail of this kind to {@code recipient}, from its model (a headline the model holds wins). */
    static String of(MailKind kind, Game game, Side recipient, Map<String, Object> model) {
        String given = text(model, "headline");
        if (!given.isEmpty()) {
            return given;
        }
        return switch (kind) {
            case GAME_STARTED -> "Game started: you play " + recipient.label() + " — " + state(game, recipient);
            case TURN_ACCEPTED -> played(game, recipient, model) + " — " + state(game, recipient);
            case TURN_REJECTED -> "Your turn was not accepted: " + whatWasRefused(model);
            case REFUSAL -> "Not accepted: " + text(model, "explanation");
            case GAME_OVER -> over(game, recipient, model);
            case DRAW_OFFERED -> drawOfferedBy(game) == recipient ? "You offered a draw — " + state(game, recipient)
                    : game.player(recipient.opponent()).name() + " offers a draw — accept, decline, or play your turn";
            case DRAW_DECLINED -> "The draw offer was declined — " + state(game, recipient);
            case BOARD -> "The board — " + state(game, recipient);
            case HISTORY -> "The game so far — " + state(game, recipient);
            case HELP -> "Help: how to play " + game.variant().name();
            case CONDITIONAL_LINE -> text(model, "lineNote");
            case OTHER_SENDER -> "Warning: a mail with your secret came from another address";
            default -> text(model, "explanation");
        };
    }

    /** "your move, turn 2", "Bob to move, turn 2", or "game over". */
    private static String state(Game game, Side recipient) {
        if (!game.row().isActive()) {
            return "game over";
        }
        Side toMove = game.position().sideToMove();
        String turn = ", turn " + game.position().turnNumber();
        return toMove == recipient ? "your move" + turn : game.player(toMove).name() + " to move" + turn;
    }

    /** "Bob played e5", "You played e4/d4", and the draw offer that came with it. */
    private static String played(Game game, Side recipient, Map<String, Object> model) {
        Map<?, ?> turn = model.get("playedTurn") instanceof Map<?, ?> t ? t : Map.of();
        String notation = String.valueOf(turn.get("notation") == null ? "" : turn.get("notation"));
        boolean mine = recipient.label().equals(turn.get("side"));
        // an answer inside the opponent's turn (Quest-Chess) is written in square brackets
        String verb = notation.startsWith("[") ? " answered " : " played ";
        String who = mine ? "You" : String.valueOf(turn.get("by"));
        boolean offer = Boolean.TRUE.equals(model.get("drawWithTurn"));
        return who + verb + notation + (offer ? (mine ? " and offered a draw" : " and offers a draw") : "");
    }

    private static String over(Game game, Side recipient, Map<String, Object> model) {
        if (game.row().state() == GameState.ABORTED) {
            return "Game over: aborted by the admin";
        }
        Map<?, ?> turn = model.get("playedTurn") instanceof Map<?, ?> t ? t : Map.of();
        String ending = text(model, "ending");
        if (turn.get("notation") instanceof String n && !n.isEmpty()) {
            return "Game over: " + played(game, recipient, model) + " — " + ending;
        }
        return "Game over: " + ending;
    }

    /** The exact part not accepted, else the turn as the player wrote it: whole, however long. */
    private static String whatWasRefused(Map<String, Object> model) {
        String part = text(model, "notAccepted");
        if (!part.isEmpty()) {
            return part;
        }
        String raw = text(model, "rawText").strip();
        int end = raw.indexOf('\n');
        String first = end < 0 ? raw : raw.substring(0, end).strip();
        return first.isEmpty() ? text(model, "explanation") : first;
    }

    private static Side drawOfferedBy(Game game) {
        return game.row().drawOfferedBy();
    }

    private static String text(Map<String, Object> model, String key) {
        Object v = model.get(key);
        return v == null ? "" : v.toString();
    }
}
