package org.epistle.web.pages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.epistle.core.games.GameView;
import org.epistle.core.games.TurnRecord;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;

/**
 * A game as JSON for scripts ({@code /api/games/{id}}): what the public page shows, as data.
 * Names only: no address, no token, no link but the public ones, and not the players' raw texts.
 * Sides are {@code "white"}/{@code "black"}; what does not apply is {@code null}.
 */
final class GameJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private GameJson() {
    }

    static String of(GameView v) {
        Position p = v.position();
        boolean active = v.isActive();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", v.id());
        m.put("variant", Map.of("key", v.variant().key(), "name", v.variant().name()));
        m.put("white", player(v, Side.WHITE));
        m.put("black", player(v, Side.BLACK));
        m.put("state", v.state().name().toLowerCase(Locale.ROOT));
        m.put("sideToMove", active ? p.sideToMove().key() : null);
        m.put("turnNumber", p.turnNumber());
        m.put("check", active && p.isCheck());
        m.put("result", v.result().orElse(null));
        m.put("termination", v.termination().orElse(null));
        m.put("adminReason", v.adminReason().orElse(null));
        m.put("drawOfferedBy", active ? v.drawOfferedBy().map(Side::key).orElse(null) : null);
        m.put("fen", Fen.write(p));
        m.put("ranks", TextDiagram.ranks(p));
        List<Map<String, Object>> motions = new ArrayList<>();
        p.physics().motions().forEach((square, motion) -> {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("square", square.name());
            one.put("dx", motion.dx());
            one.put("dy", motion.dy());
            one.put("capturing", motion.capturing());
            motions.add(one);
        });
        m.put("motions", motions);
        List<Map<String, Object>> turns = new ArrayList<>();
        for (TurnRecord t : v.turns()) {
            Map<String, Object> turn = new LinkedHashMap<>();
            turn.put("number", t.turnNumber());
            turn.put("side", t.side().key());
            turn.put("notation", t.notation());
            turn.put("playedAt", t.playedAt().toString());
            turns.add(turn);
        }
        m.put("turns", turns);
        m.put("createdAt", v.createdAt().toString());
        m.put("updatedAt", v.updatedAt().toString());
        m.put("links", Map.of("page", "/games/" + v.id(), "record", "/games/" + v.id() + "/record.pgn"));
        return write(m);
    }

    private static Map<String, Object> player(GameView v, Side side) {
        return Map.of("name", v.player(side).name(), "army", Map.of("key", v.army(side).key(), "name", v.army(side).name()));
    }

    /** An error for a script: {@code {"status": 404, "error": "…"}}. */
    static String error(PageError e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", e.status());
        m.put("error", e.title());
        m.put("message", e.explanation());
        return write(m);
    }

    private static String write(Map<String, Object> m) {
        try {
            return JSON.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("plain values always write as JSON", e);
        }
    }
}
