package org.epistle.web.pages;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.List;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** The record download and the JSON view for scripts. */
class RecordAndApiTest extends SitePageTest {
    @Test void the_record_downloads_as_pgn_with_a_variant_tag_and_the_game_s_notation() {
        CreatedGame game = site.game("marseillais", "nutty-knights", "fabulous-fides", "Carol \"C\" Jones", "Dave");
        site.play(game, WHITE, "e4/d4");
        site.play(game, BLACK, "e5/Nc6");

        HttpResponse<String> r = site.get("/games/" + game.gameId() + "/record.pgn");

        assertEquals(200, r.statusCode());
        assertEquals("application/x-chess-pgn; charset=utf-8", r.headers().firstValue("Content-Type").orElse(""));
        assertEquals("attachment; filename=\"epistle-game-" + game.gameId() + ".pgn\"",
                r.headers().firstValue("Content-Disposition").orElse(""));
        String pgn = r.body();
        assertTrue(pgn.startsWith("[Event \"Epistle game " + game.gameId() + "\"]\n"), pgn);
        assertTrue(pgn.contains("[Site \"http://127.0.0.1:7070/games/" + game.gameId() + "\"]\n"), pgn);
        assertTrue(pgn.contains("[White \"Carol \\\"C\\\" Jones\"]\n"), pgn);
        assertTrue(pgn.contains("[Result \"*\"]\n"), pgn);
        assertTrue(pgn.contains("[Variant \"marseillais\"]\n"), pgn);
        assertTrue(pgn.contains("[WhiteArmy \"nutty-knights\"]\n[BlackArmy \"fabulous-fides\"]\n"), pgn);
        assertTrue(pgn.endsWith("\n\n1. e4/d4 e5/Nc6 *\n"), pgn);
    }

    @Test void the_record_replays_to_the_game_s_position() {
        CreatedGame game = site.game("balanced-marseillais", "Carol", "Dave");
        site.play(game, WHITE, "e4");
        site.play(game, BLACK, "e5/Nc6");
        site.play(game, WHITE, "Nf3/Bc4");
        site.play(game, BLACK, "Nf6/d6");

        GameRecord record = GameRecord.read(site.get("/games/" + game.gameId() + "/record.pgn").body());

        assertEquals("balanced-marseillais", record.header("Variant").orElseThrow());
        Ruleset rules = new Ruleset(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(),
                Armies.byKey(record.header("WhiteArmy").orElseThrow()).orElseThrow(),
                Armies.byKey(record.header("BlackArmy").orElseThrow()).orElseThrow());
        Replay.Report report = Replay.run(Position.start(rules), record.turns(), false);
        assertTrue(report.allAccepted(), report.stoppedBecause().toString());
        assertEquals(4, report.turns().size());
        assertEquals(Fen.write(site.games.view(game.gameId()).position()), Fen.write(report.last()));
    }

    @Test void a_finished_record_ends_with_its_result_and_how_it_ended() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "f3");
        site.play(game, BLACK, "e5");
        site.play(game, WHITE, "g4");
        site.play(game, BLACK, "Qh4#");

        String pgn = site.get("/games/" + game.gameId() + "/record.pgn").body();

        assertTrue(pgn.contains("[Result \"0-1\"]\n"), pgn);
        assertTrue(pgn.contains("[Termination \"normal\"]\n"), pgn + ": the PGN standard's word; the comment says how");
        assertTrue(pgn.endsWith("\n\n1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1\n"), pgn);
    }

    @Test void a_long_record_is_wrapped_and_ends_with_the_mate() {
        CreatedGame game = site.game("chess", "Paul Morphy", "Duke Karl");
        String opera = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 "
                + "Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
        String[] plies = opera.split(" ");
        for (int i = 0; i < plies.length; i++) {
            site.play(game, i % 2 == 0 ? WHITE : BLACK, plies[i]);
        }

        String pgn = site.get("/games/" + game.gameId() + "/record.pgn").body();

        assertTrue(pgn.lines().allMatch(l -> l.length() <= 79), pgn);
        assertTrue(pgn.lines().filter(l -> !l.startsWith("[") && !l.isEmpty()).count() > 1, pgn);
        assertTrue(pgn.contains("12. O-O-O Rd8"), pgn);
        assertTrue(pgn.strip().endsWith("17. Rd8# {White wins by checkmate.} 1-0"), pgn);
        GameRecord record = GameRecord.read(pgn);
        assertEquals(33, record.turns().size());
        assertEquals("1-0", record.result().orElseThrow());
    }

    @Test void the_json_view_describes_the_game_for_scripts() throws Exception {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "e4");

        HttpResponse<String> r = site.get("/api/games/" + game.gameId());

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        JsonNode json = new ObjectMapper().readTree(r.body());
        assertEquals(game.gameId(), json.get("id").asLong());
        assertEquals("chess", json.at("/variant/key").asText());
        assertEquals("Alice", json.at("/white/name").asText());
        assertEquals("fabulous-fides", json.at("/black/army/key").asText());
        assertEquals("active", json.get("state").asText());
        assertEquals("black", json.get("sideToMove").asText());
        assertEquals(1, json.get("turnNumber").asInt());
        assertTrue(json.get("result").isNull());
        assertEquals("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".split(" ")[0], json.get("fen").asText().split(" ")[0]);
        assertEquals("....P...", json.get("ranks").get(4).asText());
        assertEquals("e4", json.at("/turns/0/notation").asText());
        assertEquals("white", json.at("/turns/0/side").asText());
        assertEquals("/games/" + game.gameId() + "/record.pgn", json.at("/links/record").asText());
        List<String> fields = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);
        assertFalse(fields.contains("email") || r.body().contains("@"), r.body());
        assertFalse(r.body().contains("rawText"), r.body());
    }

    @Test void the_json_view_of_no_game_is_a_json_404() throws Exception {
        HttpResponse<String> r = site.get("/api/games/424242");

        assertEquals(404, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        assertEquals(404, new ObjectMapper().readTree(r.body()).get("status").asInt());
    }
}
