package org.epistle.web.pages;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.epistle.core.games.CreatedGame;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/** Realm Chess on the web: the move form takes typed turns of several men, and the pages show them. */
class RealmPagesTest extends SitePageTest {
    @Test void the_form_says_what_a_turn_is_and_takes_a_concentration_and_a_rearrangement() {
        CreatedGame game = site.game("realm", "Carol", "Dave");
        Document page = Site.html(site.get(Site.playPath(game, WHITE)));
        String play = page.selectFirst("section.play").text();
        assertTrue(play.contains("(one move; or up to four men's moves that all end in one realm or all leave one realm"), play);
        Element form = page.selectFirst("form#move-form");
        assertEquals("1", form.attr("data-per-turn"), "a click plays a standard move");

        site.play(game, WHITE, "Nc3, d4");
        site.play(game, BLACK, "Ke8=f8, Bf8=e8");

        assertEquals(List.of("1. Nb1-c3, d2-d4", "1... Ke8=f8, Bf8=e8"), site.games.view(game.gameId()).history());
        Document after = Site.html(site.get("/games/" + game.gameId()));
        assertTrue(after.text().contains("Realm Chess"), after.text());
        assertTrue(after.text().contains("Ke8=f8, Bf8=e8"), after.text());
        assertEquals(List.of("e8", "f8"), after.select("svg#board rect.tint").eachAttr("data-square").stream().sorted().distinct().toList(),
                "the squares of the rearrangement are tinted");
    }

    @Test void the_board_shows_the_sixteen_realms_and_free_realm_draws_no_borders() {
        Document realm = Site.html(site.get(Site.playPath(site.game("realm", "Carol", "Dave"), WHITE)));
        assertEquals(6, realm.select("svg#board g.realms line").size(), "three lines each way part the board into sixteen");
        assertTrue(realm.selectFirst("svg#board desc").text().contains("sixteen realms of 2x2 squares"),
                realm.selectFirst("svg#board desc").text());
        Document free = Site.html(site.get(Site.playPath(site.game("free-realm", "Erin", "Frank"), WHITE)));
        assertTrue(free.select("svg#board g.realms").isEmpty(), "every 2x2 block is a realm there");
    }

    @Test void a_rearrangement_out_of_the_realm_is_explained_on_the_page_with_its_squares_marked() {
        CreatedGame game = site.game("realm", "Carol", "Dave");

        HttpResponse<String> r = site.post(Site.playPath(game, WHITE), site.form(game, WHITE, "Ng1=h3"));

        assertEquals(422, r.statusCode());
        Document doc = Site.html(r);
        String explanation = doc.selectFirst(".notice.refused .explanation").text();
        assertTrue(explanation.contains("A rearrangement keeps its men inside one realm, so your knight on g1 cannot be put on h3: "
                + "h3 is not in g1's realm, g1-h2."), explanation);
        assertEquals(List.of("g1", "h3"), doc.select("svg#board rect.mark").eachAttr("data-square").stream().sorted().toList());
        assertTrue(site.games.view(game.gameId()).turns().isEmpty());
    }
}
