package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.epistle.core.games.CreatedGame;
import org.epistle.core.rules.board.Side;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** The game page of the Magnetic family and of Particle Collision Chess, over real HTTP. */
class PhysicsPagesTest extends SitePageTest {
    @Test
    void a_magnetic_game_page_says_what_the_last_move_pulled_and_shows_the_board_after_it() {
        CreatedGame game = site.game("magnetic", "fabulous-fides", "fabulous-fides", "Joao", "Claude");
        site.play(game, Side.WHITE, "d4");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        String physics = doc.select("section.physics").text();
        assertTrue(physics.contains("Last move"), physics);
        assertTrue(physics.contains("d4 pulled the black pawn d7→d5"), physics);
    }

    @Test
    void a_particle_collision_game_page_draws_and_lists_the_energy() {
        CreatedGame game = site.game("particle-collision", "fabulous-fides", "fabulous-fides", "Alice", "Bob");
        site.play(game, Side.WHITE, "e4");
        site.play(game, Side.BLACK, "e5");
        site.play(game, Side.WHITE, "d4");
        site.play(game, Side.BLACK, "exd4");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        assertEquals("1", doc.selectFirst("svg#board g.energy text").text(), doc.select("svg#board").outerHtml());
        String physics = doc.select("section.physics").text();
        assertTrue(physics.contains("Energy (e.u.) d6 1"), physics);
    }

    @Test
    void a_lene_hau_game_page_draws_and_lists_the_travellers() {
        CreatedGame game = site.game("lene-hau", "fabulous-fides", "fabulous-fides", "Alice", "Bob");
        site.play(game, Side.WHITE, "Ng1-f3");

        Document doc = Site.html(site.get("/games/" + game.gameId()));

        assertEquals("Knight", doc.selectFirst("svg#board g.traveller g.figure").attr("data-figure"), doc.select("svg#board").outerHtml());
        assertEquals(1, doc.select("svg#board g.travellers g.arrow.travel").size(), "a dashed arrow to the knight's destination");
        String physics = doc.select("section.physics").text();
        assertTrue(physics.contains("white knight g2 → f3 (arrives next turn)"), physics);
        assertTrue(physics.contains("on g2 together: white pawn at rest and white knight travelling"), physics);
    }

    @Test
    void a_lene_hau_play_page_offers_only_moves_of_pieces_at_rest() throws Exception {
        CreatedGame game = site.game("lene-hau", "fabulous-fides", "fabulous-fides", "Alice", "Bob");
        site.play(game, Side.WHITE, "e2-e4");
        site.play(game, Side.BLACK, "e7-e5");

        Document page = Site.html(site.get(Site.playPath(game, Side.WHITE)));
        var form = page.selectFirst("form#move-form");
        String moves = new com.fasterxml.jackson.databind.ObjectMapper().readTree(form.attr("data-moves")).toString();
        assertTrue(moves.contains("[\"g1\",\"f3\",\"Ng1-f3\"]"), moves);
        assertTrue(!moves.contains("[\"e3\","), "the pawn on e3 is on its way and takes no orders: " + moves);
        assertTrue(moves.contains("\"Qd1-h5\""), "e2 is empty now that the pawn has left it: " + moves);
        assertTrue(!moves.contains("\"e3-e4\""), moves);
        assertEquals("1", form.attr("data-per-turn"));
    }
}
