package org.epistle.web.pages;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.board.Side;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pages anyone may open: the list of games, a game, and the static files they use. */
class PublicPagesTest extends SitePageTest {
    private void mail(CreatedGame game, org.epistle.core.rules.board.Side side, String line) {
        site.games.handle(site.games.seat(game.gameId(), game.token(side)).orElseThrow(), CommandParser.parse(line), line, Optional.empty());
    }

    @Test void the_front_page_lists_games_with_variant_players_whose_turn_and_last_turn() {
        CreatedGame chess = site.game("chess", "Alice", "Bob");
        CreatedGame marseillais = site.game("marseillais", "Carol", "Dave");
        site.play(marseillais, WHITE, "e4/d4");

        HttpResponse<String> r = site.get("/");

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").matches("text/html; ?charset=utf-8"));
        Document doc = Site.html(r);
        Element carol = row(doc, marseillais.gameId());
        assertTrue(carol.text().contains("Marseillais Chess"), carol.text());
        assertTrue(carol.text().contains("Carol") && carol.text().contains("Dave"), carol.text());
        assertTrue(carol.text().contains("Black (Dave), turn 1"), carol.text());
        assertTrue(carol.text().contains("1. e4/d4"), carol.text());
        Element alice = row(doc, chess.gameId());
        assertTrue(alice.text().contains("White (Alice), turn 1"), alice.text());
        assertTrue(doc.select("select[name=variant] option").eachAttr("value").containsAll(List.of("chess", "marseillais", "balanced-marseillais")));
    }

    @Test void the_game_page_is_never_older_than_the_game_it_shows() {
        CreatedGame game = site.game("chess", "Alice", "Bob");
        String path = "/games/" + game.gameId();
        String first = site.get(path).body();
        assertEquals(first, site.get(path).body(), "the same game, the same page");

        mail(game, WHITE, "e4");                                   // a turn
        String afterTurn = site.get(path).body();
        assertFalse(first.contains("Black to move"), first);
        assertTrue(afterTurn.contains("Black to move"), afterTurn);

        assertFalse(Site.html(site.get(path)).text().contains("Black offers a draw."));
        mail(game, org.epistle.core.rules.board.Side.BLACK, "draw"); // no turn, only the row changes
        assertTrue(Site.html(site.get(path)).text().contains("Black offers a draw."), "the draw offer shows at once");
        mail(game, WHITE, "resign");
        String ended = Site.html(site.get(path)).text();
        assertTrue(ended.contains("0-1"), ended);
    }

    @Test void the_game_page_says_by_when_the_side_to_move_should_play_when_the_server_sets_deadlines(@TempDir Path other) {
        assertFalse(Site.html(site.get("/games/" + site.chess().gameId())).text().contains("To be played by"));
        try (Site strict = Site.start(other, new org.epistle.core.games.DaysPerMove(3))) {
            CreatedGame game = strict.chess();
            String due = org.epistle.core.games.DaysPerMove.format(
                    java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(3));
            String text = Site.html(strict.get("/games/" + game.gameId())).text();
            assertTrue(text.contains("To be played by " + due + ", "), text);
        }
    }

    @Test void the_front_page_shows_by_when_each_active_game_should_be_played(@TempDir Path other) {
        long plain = site.chess().gameId();
        Element row = row(Site.html(site.get("/")), plain);
        assertTrue(row.selectFirst("td.deadline").text().equals("\u2014"), "no deadline without server.days-per-move: " + row);
        try (Site strict = Site.start(other, new org.epistle.core.games.DaysPerMove(3))) {
            CreatedGame waiting = strict.chess();
            CreatedGame moved = strict.game("marseillais", "Carol", "Dave");
            strict.play(moved, WHITE, "e4/d4");
            CreatedGame over = strict.game("chess", "Erin", "Frank");
            strict.games.handle(strict.games.seat(over.gameId(), over.token(WHITE)).orElseThrow(),
                    CommandParser.parse("resign"), "resign", Optional.empty());
            String due = org.epistle.core.games.DaysPerMove.format(java.time.LocalDate.now(java.time.ZoneOffset.UTC).plusDays(3));

            Document doc = Site.html(strict.get("/"));

            // The same date the game page gives, for a game not yet begun and for one whose last turn set it.
            assertEquals(due, row(doc, waiting.gameId()).selectFirst("td.deadline").text());
            assertEquals(due, row(doc, moved.gameId()).selectFirst("td.deadline").text());
            assertTrue(Site.html(strict.get("/games/" + moved.gameId())).text().contains("To be played by " + due + ", "));
            assertNull(row(doc, over.gameId()).selectFirst("td.deadline"), "an ended game has no deadline");
            assertTrue(doc.selectFirst("h2:contains(Being played) + .table-wrap thead").text().contains("Play by"));
        }
    }

    @Test void the_front_page_pages_through_many_games_keeping_its_filters() {
        List<Long> ids = new java.util.ArrayList<>();
        for (int i = 0; i < GameList.PAGE_SIZE + 3; i++) {
            ids.add(site.game("chess", "Ann & Co " + i, "Bea").gameId());
        }
        site.game("chess", "Zed", "Yan");                           // filtered out
        java.util.Collections.reverse(ids);                          // most recently changed first

        Document first = Site.html(site.get("/?player=" + java.net.URLEncoder.encode("ann & co", java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(ids.subList(0, GameList.PAGE_SIZE), ids(first));
        assertNull(first.selectFirst(".pager a[rel=prev]"));
        String next = first.selectFirst(".pager a[rel=next]").attr("href");
        assertEquals("/?player=ann+%26+co&page=2", next);
        assertTrue(first.selectFirst(".pager").text().contains("page 1 of 2 (" + ids.size() + " games)"));

        Document second = Site.html(site.get(next));
        assertEquals(ids.subList(GameList.PAGE_SIZE, ids.size()), ids(second));
        assertEquals("/?player=ann+%26+co&page=1", second.selectFirst(".pager a[rel=prev]").attr("href"));
        assertNull(second.selectFirst(".pager a[rel=next]"));
        assertNull(Site.html(site.get("/?player=Zed")).selectFirst(".pager"), "one page needs no links");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "-3", "2", "two", "0x1", "1;DROP TABLE games",
            "99999999999999999999", "<script>alert(1)</script>"})
    void a_page_number_that_is_not_a_page_of_the_list_gets_the_clear_error_page(String page) {
        site.chess();
        HttpResponse<String> r = site.get("/?page=" + java.net.URLEncoder.encode(page, java.nio.charset.StandardCharsets.UTF_8));

        assertEquals(400, r.statusCode());
        String text = Site.html(r).text();
        assertTrue(text.contains("There is no page") && text.contains("it has 1 page, numbered from 1."), text);
        assertFalse(r.body().contains("<script>alert"), "shown escaped: " + r.body());
        assertEquals(200, site.get("/?page=1").statusCode());
    }

    @Test void the_front_page_filters_by_variant_and_by_player() {
        CreatedGame chess = site.game("chess", "Alice", "Bob");
        CreatedGame marseillais = site.game("marseillais", "Carol", "Dave");
        CreatedGame other = site.game("chess", "Erin", "Frank");

        Document byVariant = Site.html(site.get("/?variant=marseillais"));
        Document byPlayer = Site.html(site.get("/?player=ali"));
        Document both = Site.html(site.get("/?variant=chess&player=FRANK"));
        Document none = Site.html(site.get("/?variant=balanced-marseillais"));

        assertEquals(List.of(marseillais.gameId()), ids(byVariant));
        assertEquals("marseillais", byVariant.selectFirst("select[name=variant] option[selected]").val());
        assertEquals(List.of(chess.gameId()), ids(byPlayer));
        assertEquals("ali", byPlayer.selectFirst("input[name=player]").val());
        assertEquals(List.of(other.gameId()), ids(both));
        assertEquals(List.of(), ids(none));
        assertTrue(none.text().contains("No game is being played that matches."), none.text());
    }

    @Test void ended_games_are_listed_apart_with_their_result() {
        CreatedGame game = site.chess();
        mail(game, BLACK, "resign");

        Document doc = Site.html(site.get("/"));

        Element ended = doc.select("h2:contains(Ended) + .table-wrap table").first();
        assertNotNull(ended, doc.html());
        assertTrue(ended.text().contains("1-0"), ended.text());
        assertTrue(doc.text().contains("No game is being played."), doc.text());
    }

    @Test void a_game_page_shows_the_diagram_with_a_text_alternative_the_state_and_the_turns() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "e4");
        site.play(game, BLACK, "f5");
        site.play(game, WHITE, "Qh5+");

        HttpResponse<String> r = site.get("/games/" + game.gameId());

        assertEquals(200, r.statusCode());
        Document doc = Site.html(r);
        Element svg = doc.selectFirst("svg#board");
        assertNotNull(svg);
        assertEquals("img", svg.attr("role"));
        assertEquals("board-title", svg.attr("aria-labelledby"), "a short name");
        assertEquals("board-desc", svg.attr("aria-describedby"), "the pieces read once, as the description");
        assertTrue(svg.selectFirst("title").text().contains("Black to move, turn 2"), svg.selectFirst("title").text());
        String desc = svg.selectFirst("desc").text();
        assertTrue(desc.contains("White: king e1; queen h5;"), desc);
        assertTrue(desc.contains("Last turn: White played Qh5+."), desc);
        assertEquals(64, svg.select("rect.sq").size());
        assertEquals(32, svg.select("g.piece").size());
        assertEquals(List.of("d1", "h5"), svg.select("rect.tint").eachAttr("data-square"));
        assertEquals("Queen", svg.selectFirst("g.piece[data-square=h5] g.figure").attr("data-figure"));

        String state = doc.selectFirst("figcaption.state").text();
        assertTrue(state.contains("Black (Bob) to move, turn 2. Check!"), state);
        assertEquals(List.of("1 e4 f5", "2 Qh5+"), doc.select("table.turns tbody tr").eachText());
        assertNotNull(doc.selectFirst("a[href='/games/" + game.gameId() + "/record.pgn'][download]"));
        assertNull(doc.selectFirst("form"), "the public page has no move form");
        assertTrue(doc.select("script").isEmpty(), "the public page needs no script");
    }

    @Test void a_finished_game_says_how_it_ended() {
        CreatedGame game = site.chess();
        site.play(game, WHITE, "f3");
        site.play(game, BLACK, "e5");
        site.play(game, WHITE, "g4");
        site.play(game, BLACK, "Qh4#");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        String state = doc.selectFirst("figcaption.state").text();
        assertTrue(state.contains("The game is over. Black wins by checkmate. 0-1"), state);
        assertTrue(doc.selectFirst("svg#board title").text().contains("final position"));
    }

    @Test void a_momentum_game_lists_its_pieces_in_motion_and_draws_their_arrows() {
        CreatedGame game = site.game("momentum", "remarkable-rookies", "nutty-knights", "Joao", "Ralph");
        site.play(game, Side.WHITE, "e2-e4");
        site.play(game, Side.BLACK, "(fhNrlbK)c8-d6");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        String motion = doc.selectFirst("section.physics").text();
        assertTrue(motion.startsWith("Pieces in motion"), motion);
        assertTrue(motion.contains("White pawn e4 → e6 (straight, 2 squares a turn)"), motion);
        assertTrue(motion.contains("Black Charging Knight (fhNrlbK) d6 → e4"), motion);
        assertEquals(2, doc.select("svg#board g.motions line").size(), doc.select("svg#board").outerHtml());
        String json = site.get("/api/games/" + game.gameId()).body().replaceAll("\\s", "");
        assertTrue(json.contains("{\"square\":\"d6\",\"dx\":1,\"dy\":-2,\"capturing\":false}"), json);
    }

    @Test void a_game_of_different_armies_has_a_legend_of_its_pieces() {
        CreatedGame game = site.game("chess", "nutty-knights", "colorbound-clobberers", "Alice", "Bob");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        String legend = doc.selectFirst("section.legend").text();
        assertTrue(legend.contains("White: Nutty Knights"), legend);
        assertTrue(legend.contains("Black: Colorbound Clobberers"), legend);
        assertTrue(legend.contains("Charging Rook (frlRrlbK)"), legend);
        assertTrue(doc.selectFirst("svg#board desc").text().contains("Charging Rook (frlRrlbK) a1, h1"),
                doc.selectFirst("svg#board desc").text());
        assertTrue(doc.selectFirst(".players").text().contains("(Nutty Knights)"));
    }

    @Test void the_turns_are_in_the_game_s_own_notation() {
        CreatedGame game = site.game("marseillais", "Carol", "Dave");
        site.play(game, WHITE, "e4/d4");
        site.play(game, BLACK, "e5/d5");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        assertEquals(List.of("1 e4/d4 e5/d5"), doc.select("table.turns tbody tr").eachText());
    }

    @Test void the_stylesheet_and_the_script_are_served_as_files() {
        HttpResponse<String> css = site.get("/static/epistle.css");
        HttpResponse<String> js = site.get("/static/play.js");

        assertEquals(200, css.statusCode());
        assertTrue(css.headers().firstValue("Content-Type").orElse("").startsWith("text/css"));
        assertEquals(200, js.statusCode());
        assertTrue(js.headers().firstValue("Content-Type").orElse("").contains("javascript"));
        assertTrue(js.body().contains("move-form"));
        assertEquals(404, site.get("/static/missing.js").statusCode());
    }

    @Test void a_browser_that_has_the_stylesheet_already_is_told_it_has_not_changed() {
        HttpResponse<String> first = site.get("/static/epistle.css");
        String etag = first.headers().firstValue("ETag").orElseThrow(() -> new AssertionError("no ETag: " + first.headers()));
        assertEquals("public, max-age=300", first.headers().firstValue("Cache-Control").orElse(""));

        HttpResponse<String> again = site.send(java.net.http.HttpRequest.newBuilder(site.uri("/static/epistle.css"))
                .header("If-None-Match", etag).GET().build());

        assertEquals(304, again.statusCode());
        assertEquals("", again.body());
        assertEquals(200, site.get("/static/favicon.svg").statusCode());
        assertTrue(site.get("/static/favicon.svg").headers().firstValue("Content-Type").orElse("").startsWith("image/svg+xml"));
        assertEquals(404, site.get("/static/../static/epistle.css").statusCode(), "only the files' own names");
    }

    @Test void health_answers_ok() {
        HttpResponse<String> r = site.get("/health");
        assertEquals(200, r.statusCode());
        assertEquals("ok", r.body().lines().findFirst().orElse(""), r.body()); // then one line per part
    }

    @Test void a_page_that_does_not_exist_is_a_plain_404() {
        for (String path : List.of("/nothing", "/games/999", "/games/abc", "/games/0", "/games/99999999999999999999999")) {
            HttpResponse<String> r = site.get(path);
            assertEquals(404, r.statusCode(), path);
            assertTrue(r.body().contains("Page not found"), path);
        }
    }

    private static Element row(Document doc, long id) {
        Element link = doc.selectFirst("table.games a[href='/games/" + id + "']");
        assertNotNull(link, doc.html());
        return link.closest("tr");
    }

    private static List<Long> ids(Document doc) {
        return doc.select("table.games tbody a").eachAttr("href").stream().map(h -> Long.parseLong(h.substring("/games/".length()))).toList();
    }
}
