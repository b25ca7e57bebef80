package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.FollowCode;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ObserverCommand;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.Result;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.GameService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin's create forms set how many turns late observers see a game, and the admin's observers page lists who
 * follows a running game and changes its delay, over real HTTP.
 */
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
        Map<String, String> form = AdminSite.gameForm(csrf, "chess");
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

    /** A confirmed observer, as a reply to the confirmation mail makes one. */
    private void follow(long gameId, String address) {
        assertEquals(Result.Effect.SHOWN, site.games.observers().handle(new ObserverCommand(true, gameId), address,
                Optional.empty()).effect());
        OutboxMail ask = site.games.outbox().ofGame(gameId).stream()
                .filter(m -> m.kind() == MailKind.OBSERVER_CONFIRMATION && m.toAddress().equals(address))
                .reduce((a, b) -> b).orElseThrow();
        FollowCode code = FollowCode.parse(ask.subject()).orElseThrow();
        assertEquals(Result.Effect.SHOWN, site.games.observers().confirm(code, address, Optional.empty()).effect());
    }

    @Test void the_admin_sees_who_follows_a_running_game_and_changes_its_delay_while_the_public_sees_no_address() {
        long game = site.games.create(new NewGame("chess", new Contact("Alice", "alice@example.org"),
                new Contact("Bob", "bob@example.org"))).gameId();
        follow(game, "olga@example.net");
        follow(game, "petra@example.net");
        AdminSite.Admin admin = site.admin();
        String page = "/admin/games/" + game + "/observers";

        assertEquals(1, AdminSite.html(site.get("/admin", admin.cookie())).select("a[href=" + page + "]").size(),
                "the console links each game's observers");
        var shown = AdminSite.html(site.get(page, admin.cookie()));
        assertEquals("2 addresses follow this game.", shown.selectFirst("#observer-count").text());
        assertEquals(List.of("olga@example.net", "petra@example.net"), shown.select("ul.followers li").eachText());
        assertTrue(shown.selectFirst("#observer-delay").text().startsWith("Each turn is mailed to them "
                + GameService.DEFAULT_OBSERVER_DELAY + " turns late (the server's default)."), shown.text());

        // nobody else learns who follows: without the admin's session the page is the login
        assertEquals(303, site.get(page, null).statusCode());
        assertFalse(site.get("/games/" + game, null).body().contains("olga@example.net"));

        // a refused delay changes nothing and keeps what was typed
        HttpResponse<String> bad = site.post("/admin/games/" + game + "/observer-delay", admin.cookie(),
                Map.of("csrf", admin.csrf(), "observerDelay", "101"));
        assertEquals(422, bad.statusCode());
        assertTrue(AdminSite.html(bad).text().contains("The observer delay of game " + game + " was not changed: "
                + "the observer delay must be a whole number of turns from 0 to 100."), bad.body());
        assertEquals("101", AdminSite.html(bad).selectFirst("input[name=observerDelay]").val());
        assertEquals(GameService.DEFAULT_OBSERVER_DELAY, site.games.observers().delay(game));
        assertEquals(403, site.post("/admin/games/" + game + "/observer-delay", admin.cookie(),
                Map.of("csrf", "not the session's", "observerDelay", "0")).statusCode());

        // the running game's delay goes to 0, then back to the default
        HttpResponse<String> changed = site.post("/admin/games/" + game + "/observer-delay", admin.cookie(),
                Map.of("csrf", admin.csrf(), "observerDelay", "0"));
        assertEquals(303, changed.statusCode(), changed.body());
        assertEquals(0, site.games.observers().delay(game));
        var after = AdminSite.html(site.get(page + "?done=delay", admin.cookie()));
        assertEquals("The observer delay of game " + game + " was changed.", after.selectFirst("p.done").text());
        assertTrue(after.selectFirst("#observer-delay").text().startsWith("Each turn is mailed to them as it is played "
                + "(set for this game)."), after.text());
        assertEquals(303, site.post("/admin/games/" + game + "/observer-delay", admin.cookie(),
                Map.of("csrf", admin.csrf(), "observerDelay", "")).statusCode());
        assertEquals(Optional.empty(), site.games.observers().gameDelay(game));
        assertEquals(GameService.DEFAULT_OBSERVER_DELAY, site.games.observers().delay(game));
        assertEquals(404, site.get("/admin/games/9999/observers", admin.cookie()).statusCode());
    }
}
