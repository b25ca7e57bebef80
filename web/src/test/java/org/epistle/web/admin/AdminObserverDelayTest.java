package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.GameService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin's create form sets how many turns late observers see the game, over real HTTP. */
class AdminObserverDelayTest {
    @TempDir
    Path dir;
    AdminSite site;

    @BeforeEach void start() {
        site = new AdminSite(dir);
    }

    @AfterEach void stop() {
        site.close();
    }

    private static Map<String, String> createForm(String csrf, String observerDelay) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", csrf);
        form.put("variant", "chess");
        form.put("whiteArmy", "fabulous-fides");
        form.put("blackArmy", "fabulous-fides");
        form.put("whiteName", "Alice");
        form.put("whiteEmail", "alice@example.org");
        form.put("blackName", "Bob");
        form.put("blackEmail", "bob@example.org");
        form.put("timeControl", "");
        form.put("observerDelay", observerDelay);
        return form;
    }

    @Test void a_game_created_with_a_delay_keeps_it_one_left_empty_takes_the_default_and_a_bad_one_creates_nothing() {
        AdminSite.Admin admin = site.admin();
        assertEquals(1, AdminSite.html(site.get("/admin", admin.cookie())).select("input[name=observerDelay]").size());
        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "1")).statusCode());
        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "")).statusCode());
        HttpResponse<String> bad = site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "seven"));
        assertEquals(422, bad.statusCode());
        assertTrue(AdminSite.html(bad).text().contains("The game was not created: the observer delay must be a whole number "
                + "of turns from 0 to 100"), bad.body());
        assertEquals("seven", AdminSite.html(bad).selectFirst("input[name=observerDelay]").val(), "what was typed stays");

        var ids = site.games.games().stream().mapToLong(GameSummary::id).sorted().toArray();
        assertEquals(2, ids.length, "the refused form created nothing");
        assertEquals(1, site.games.observers().delay(ids[0]));
        assertEquals(GameService.DEFAULT_OBSERVER_DELAY, site.games.observers().delay(ids[1]));
    }

    private static Map<String, String> tournamentForm(String csrf, String name, String observerDelay) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", csrf);
        form.put("name", name);
        form.put("variant", "chess");
        form.put("kind", "round-robin");
        form.put("whiteArmy", "fabulous-fides");
        form.put("blackArmy", "fabulous-fides");
        form.put("timeControl", "none");
        form.put("scoring", "classical");
        form.put("tieBreak1", "SB");
        form.put("withdrawal", "forfeit-unfinished");
        form.put("maxPlayers", "");
        form.put("fen", "");
        form.put("rated", "yes");
        form.put("observerDelay", observerDelay);
        return form;
    }

    @Test void a_tournament_created_with_a_delay_keeps_it_and_a_bad_one_is_marked_and_creates_nothing() {
        AdminSite.Admin admin = site.admin();
        HttpResponse<String> bad = site.post("/admin/tournaments", admin.cookie(), tournamentForm(admin.csrf(), "Cup", "101"));
        assertEquals(422, bad.statusCode(), bad.body());
        assertTrue(AdminSite.html(bad).text().contains("the observer delay must be a whole number of turns from 0 to 100"),
                bad.body());
        assertTrue(site.games.tournaments().list().isEmpty());

        HttpResponse<String> made = site.post("/admin/tournaments", admin.cookie(), tournamentForm(admin.csrf(), "Cup", "2"));
        assertEquals(303, made.statusCode(), made.body());
        long id = site.games.tournaments().list().get(0).id();
        assertEquals(java.util.Optional.of(2), site.games.observers().tournamentDelay(id));
    }
}
