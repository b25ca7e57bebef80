package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A casual game the admin marks as rated on the create form, over real HTTP: its end moves both ratings. */
class AdminRatedGameTest {
    @TempDir
    Path dir;
    AdminSite site;

    @BeforeEach void start() {
        site = new AdminSite(dir);
    }

    @AfterEach void stop() {
        site.close();
    }

    private static Map<String, String> createForm(String csrf, boolean rated) {
        Map<String, String> form = AdminSite.gameForm(csrf, "marseillais");
        if (rated) {
            form.put("rated", "yes");
        }
        return form;
    }

    @Test void the_rated_box_makes_the_result_count_on_the_players_pages_and_an_unticked_one_does_not() {
        AdminSite.Admin admin = site.admin();
        assertTrue(AdminSite.html(site.get("/admin", admin.cookie())).select("input[type=checkbox][name=rated]").size() == 1);
        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), true)).statusCode());
        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), false)).statusCode());
        List<GameSummary> games = site.games.games();
        long rated = games.stream().mapToLong(GameSummary::id).min().orElseThrow();
        long casual = games.stream().mapToLong(GameSummary::id).max().orElseThrow();
        for (long game : List.of(rated, casual)) {
            HttpResponse<String> ended = site.post("/admin/games/" + game + "/end", admin.cookie(),
                    Map.of("csrf", admin.csrf(), "result", "1-0", "reason", "Bob stopped answering"));
            assertEquals(303, ended.statusCode(), ended.body());
        }

        long alice = site.games.players().stream().filter(p -> p.name().equals("Alice")).findFirst().orElseThrow().id();
        Rating after = Glicko2.standard().rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
        Document page = AdminSite.html(site.get("/players/" + alice, null));
        assertEquals("Marseillais family: " + after.label(), page.selectFirst("section.rating h2").text());
        assertEquals(List.of("#" + rated), page.select("section.rating tbody tr td:first-child").eachText(),
                "only the game marked as rated");
    }
}
