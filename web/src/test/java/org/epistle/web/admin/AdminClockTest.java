package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.MailKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin's clock: a time control when a game is created, and extra time, over real HTTP. */
class AdminClockTest {
    @TempDir
    Path dir;
    AdminSite site;

    @BeforeEach void start() {
        site = new AdminSite(dir);
    }

    @AfterEach void stop() {
        site.close();
    }

    private static Map<String, String> createForm(String csrf, String timeControl) {
        Map<String, String> form = AdminSite.gameForm(csrf, "chess");
        form.put("timeControl", timeControl);
        return form;
    }

    @Test void a_game_is_created_with_its_time_control_and_the_admin_gives_extra_time_shown_on_its_page() {
        AdminSite.Admin admin = site.admin();
        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "10m/50d")).statusCode());
        GameSummary game = site.games.games().get(0);
        String page = AdminSite.html(site.get("/games/" + game.id(), null)).text();
        assertTrue(page.contains("Time control: 10 moves in 50 days, unused time carried over."), page);
        assertTrue(page.contains("; Black (Bob) has 50 days."), "the waiting side's clock stands still: " + page);

        HttpResponse<String> given = site.post("/admin/games/" + game.id() + "/extra-time", admin.cookie(),
                Map.of("csrf", admin.csrf(), "side", "black", "days", "3", "hours", "12", "reason", "Bob's post office burned down"));
        assertEquals(303, given.statusCode(), given.body());
        page = AdminSite.html(site.get("/games/" + game.id(), null)).text();
        assertTrue(page.contains("Black (Bob) has 53 days 12 hours."), page);
        assertTrue(page.contains("Extra time: 3 days 12 hours given to Black (Bob)"), page);
        assertTrue(page.contains("Bob's post office burned down"), page);
        assertEquals(2, site.games.outbox().ofGame(game.id()).stream().filter(m -> m.kind() == MailKind.CLOCK_NOTICE).count(),
                "both players are told");
    }

    @Test void a_bad_time_control_or_extra_time_is_refused_with_why_and_changes_nothing() {
        AdminSite.Admin admin = site.admin();
        HttpResponse<String> bad = site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "30d+1d/20d"));
        assertEquals(422, bad.statusCode());
        assertTrue(AdminSite.html(bad).text().contains("The game was not created: \"30d+1d/20d\" is not a time control: "
                + "the cap must be at least the base (30 days)"), AdminSite.html(bad).text());
        assertTrue(site.games.games().isEmpty());

        assertEquals(303, site.post("/admin/games", admin.cookie(), createForm(admin.csrf(), "none")).statusCode());
        long id = site.games.games().get(0).id();
        for (Map<String, String> form : List.of(
                Map.of("csrf", admin.csrf(), "side", "white", "days", "0", "hours", "0", "reason", "nothing"),
                Map.of("csrf", admin.csrf(), "side", "white", "days", "2", "hours", "0", "reason", " "),
                Map.of("csrf", admin.csrf(), "side", "white", "days", "2", "hours", "0", "reason", "no limit to extend"))) {
            HttpResponse<String> r = site.post("/admin/games/" + id + "/extra-time", admin.cookie(), form);
            assertEquals(422, r.statusCode(), form.toString());
            assertTrue(AdminSite.html(r).text().contains("Game " + id + " was not changed"), AdminSite.html(r).text());
        }
        assertTrue(site.games.clock(site.games.view(id)).extraTime().isEmpty());
    }
}
