package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameState;
import org.epistle.core.games.GameView;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.Player;
import org.epistle.web.pages.SecurityHeaders;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin console over real HTTP: login, sessions, CSRF, and what each form does (and refuses to do). */
class AdminConsoleTest {
    static final String EVIL = "<script>alert(1)</script>";

    @TempDir Path dir;
    AdminSite site;

    @BeforeEach void start() {
        site = new AdminSite(dir);
    }

    @AfterEach void stop() {
        site.close();
    }

    private CreatedGame game(String white, String black) {
        return site.games.create(new NewGame("chess", new Contact(white, "white" + System.nanoTime() + "@example.org"),
                new Contact(black, "black" + System.nanoTime() + "@example.org")));
    }

    private List<OutboxMail> due() {
        return site.games.outbox().due(Instant.now().plusSeconds(3600), 1000);
    }

    private Map<String, String> createForm(String csrf) {
        Map<String, String> form = new LinkedHashMap<>();
        if (csrf != null) {
            form.put("csrf", csrf);
        }
        form.put("variant", "marseillais");
        form.put("whiteArmy", "nutty-knights");
        form.put("blackArmy", "fabulous-fides");
        form.put("whiteName", "Alice");
        form.put("whiteEmail", "alice@example.org");
        form.put("blackName", "Bob");
        form.put("blackEmail", "bob@example.org");
        return form;
    }

    // --- login and sessions ---

    @Test void without_a_session_the_console_redirects_to_the_login_form() {
        HttpResponse<String> r = site.get("/admin", null);
        assertEquals(303, r.statusCode());
        assertEquals("/admin/login", r.headers().firstValue("Location").orElseThrow());

        HttpResponse<String> forged = site.get("/admin", AdminLogin.SESSION_COOKIE + "=not-a-session");
        assertEquals(303, forged.statusCode());
    }

    @Test void the_wrong_secret_is_refused_and_gets_no_session() {
        HttpResponse<String> r = site.login("WRONGSECRET");

        assertEquals(403, r.statusCode());
        assertTrue(AdminSite.setCookie(r, AdminLogin.SESSION_COOKIE).isEmpty(), r.headers().toString());
        assertTrue(AdminSite.html(r).text().contains("That is not the admin secret."));
        HttpResponse<String> empty = site.login("");
        assertEquals(403, empty.statusCode());
    }

    @Test void an_address_that_keeps_giving_wrong_secrets_must_wait_and_is_told_so_but_the_right_secret_still_gets_in() {
        for (int i = 0; i < LoginAttempts.MAX_FAILURES; i++) {
            assertEquals(403, site.login("WRONG" + i).statusCode());
        }

        HttpResponse<String> blocked = site.login("WRONG again");

        assertEquals(429, blocked.statusCode());
        assertTrue(AdminSite.setCookie(blocked, AdminLogin.SESSION_COOKIE).isEmpty());
        String text = AdminSite.html(blocked).text();
        assertTrue(text.contains("given wrongly 5 times from your address") && text.contains("15 minutes"), text);
        assertTrue(blocked.headers().firstValue("Retry-After").isPresent(), blocked.headers().toString());

        // Behind one reverse proxy every visitor has the same address: the admin is not locked out by the others.
        HttpResponse<String> admin = site.login(site.secret);
        assertEquals(303, admin.statusCode());
        assertTrue(AdminSite.setCookie(admin, AdminLogin.SESSION_COOKIE).isPresent());
    }

    @Test void login_attempts_are_counted_per_address_within_a_window_and_cleared_by_the_right_secret() {
        var clock = new java.util.concurrent.atomic.AtomicReference<>(java.time.Instant.parse("2024-05-01T12:00:00Z"));
        var attempts = new LoginAttempts(new java.time.Clock() {
            @Override public java.time.ZoneId getZone() { return java.time.ZoneOffset.UTC; }
            @Override public java.time.Clock withZone(java.time.ZoneId zone) { return this; }
            @Override public java.time.Instant instant() { return clock.get(); }
        });
        for (int i = 0; i < LoginAttempts.MAX_FAILURES; i++) {
            attempts.failed("10.0.0.1");
            clock.set(clock.get().plusSeconds(60));
        }
        assertEquals(java.util.Optional.of(java.time.Duration.ofMinutes(10)), attempts.waitBefore("10.0.0.1"));
        assertTrue(attempts.waitBefore("10.0.0.2").isEmpty(), "another address is not held up");
        clock.set(clock.get().plus(java.time.Duration.ofMinutes(10)));
        assertTrue(attempts.waitBefore("10.0.0.1").isEmpty(), "the oldest failure left the window");
        attempts.failed("10.0.0.1");
        assertTrue(attempts.waitBefore("10.0.0.1").isPresent());
        attempts.succeeded("10.0.0.1");
        assertTrue(attempts.waitBefore("10.0.0.1").isEmpty());
    }

    @Test void the_right_secret_gets_an_http_only_same_site_session_cookie_for_the_admin_pages() {
        HttpResponse<String> r = site.login(site.secret);

        assertEquals(303, r.statusCode(), r.body());
        assertEquals("/admin", r.headers().firstValue("Location").orElseThrow());
        String cookie = AdminSite.setCookie(r, AdminLogin.SESSION_COOKIE).orElseThrow();
        String lower = cookie.toLowerCase();
        assertTrue(lower.contains("; httponly"), cookie);
        assertTrue(lower.contains("; samesite=strict"), cookie);
        assertTrue(lower.contains("; path=/admin"), cookie);
        assertTrue(AdminSite.pair(cookie).length() > 40, "a long random id: " + cookie);

        HttpResponse<String> console = site.get("/admin", AdminSite.pair(cookie));
        assertEquals(200, console.statusCode());
        assertEquals("no-store", console.headers().firstValue("Cache-Control").orElseThrow());
        SecurityHeaders.ALL.forEach((name, value) -> assertEquals(value, console.headers().firstValue(name).orElse(null), name));
        assertEquals(303, site.get("/admin/login", AdminSite.pair(cookie)).statusCode());
    }

    @Test void two_logins_get_two_different_sessions() {
        assertNotEquals(site.admin().cookie(), site.admin().cookie());
    }

    @Test void a_login_without_the_login_forms_token_is_refused() {
        HttpResponse<String> r = site.post("/admin/login", null, Map.of("secret", site.secret));

        assertEquals(403, r.statusCode());
        assertTrue(AdminSite.setCookie(r, AdminLogin.SESSION_COOKIE).isEmpty());
    }

    @Test void after_logout_the_session_no_longer_opens_the_console() {
        AdminSite.Admin admin = site.admin();

        HttpResponse<String> out = site.post("/admin/logout", admin.cookie(), Map.of("csrf", admin.csrf()));

        assertEquals(303, out.statusCode());
        assertTrue(AdminSite.setCookie(out, AdminLogin.SESSION_COOKIE).orElseThrow().contains("Max-Age=0"));
        assertEquals(303, site.get("/admin", admin.cookie()).statusCode());
        assertEquals(403, site.post("/admin/games", admin.cookie(), createForm(admin.csrf())).statusCode());
    }

    // --- refusals change nothing ---

    @Test void a_form_without_a_session_is_refused_and_changes_nothing() {
        AdminSite.Admin admin = site.admin();

        HttpResponse<String> r = site.post("/admin/games", null, createForm(admin.csrf()));

        assertEquals(403, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(site.games.games().isEmpty());
        assertTrue(due().isEmpty());
    }

    @Test void a_form_without_the_csrf_token_or_with_another_is_refused_and_changes_nothing() {
        AdminSite.Admin admin = site.admin();
        CreatedGame game = game("Carol", "Dave");
        int mails = due().size();

        assertEquals(403, site.post("/admin/games", admin.cookie(), createForm(null)).statusCode());
        assertEquals(403, site.post("/admin/games", admin.cookie(), createForm("x" + admin.csrf())).statusCode());
        AdminSite.Admin other = site.admin();
        assertEquals(403, site.post("/admin/games", admin.cookie(), createForm(other.csrf())).statusCode(),
                "a token is bound to its session");
        assertEquals(403, site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("result", "1-0", "reason", "no token")).statusCode());
        assertEquals(403, site.post("/admin/games/" + game.gameId() + "/end", null,
                Map.of("csrf", admin.csrf(), "result", "1-0", "reason", "no session")).statusCode());

        assertEquals(1, site.games.games().size());
        assertEquals(GameState.ACTIVE, site.games.view(game.gameId()).state());
        assertEquals(mails, due().size());
    }

    // --- what the forms do ---

    @Test void creating_a_game_mails_both_players_the_opening_mail() {
        AdminSite.Admin admin = site.admin();

        HttpResponse<String> r = site.post("/admin/games", admin.cookie(), createForm(admin.csrf()));

        assertEquals(303, r.statusCode(), r.body());
        assertEquals(1, site.games.games().size());
        long id = site.games.games().get(0).id();
        assertEquals("/admin?done=created&game=" + id, r.headers().firstValue("Location").orElseThrow());
        GameView view = site.games.view(id);
        assertEquals("marseillais", view.variant().key());
        List<OutboxMail> mails = site.games.outbox().ofGame(id);
        assertEquals(List.of(MailKind.GAME_STARTED, MailKind.GAME_STARTED), mails.stream().map(OutboxMail::kind).toList());
        assertEquals(List.of("alice@example.org", "bob@example.org"), mails.stream().map(OutboxMail::toAddress).sorted().toList());
        assertEquals(2, due().size());
        assertTrue(AdminSite.html(site.get(r.headers().firstValue("Location").orElseThrow(), admin.cookie())).text()
                .contains("Game " + id + ": The game was created."));
    }

    @Test void a_game_with_a_bad_address_is_not_created_and_the_form_says_why() {
        AdminSite.Admin admin = site.admin();
        Map<String, String> form = createForm(admin.csrf());
        form.put("blackEmail", "not an address");

        HttpResponse<String> r = site.post("/admin/games", admin.cookie(), form);

        assertEquals(422, r.statusCode());
        assertTrue(AdminSite.html(r).selectFirst("p.error").text().startsWith("The game was not created"));
        assertEquals("Alice", AdminSite.html(r).selectFirst("input[name=whiteName]").val());
        assertTrue(site.games.games().isEmpty());
    }

    @Test void adjudicating_sets_the_result_and_mails_each_player_the_reason() {
        AdminSite.Admin admin = site.admin();
        CreatedGame game = game("Carol", "Dave");
        int before = site.games.outbox().ofGame(game.gameId()).size();

        HttpResponse<String> r = site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "1/2-1/2", "reason", "Both players agreed by phone"));

        assertEquals(303, r.statusCode(), r.body());
        GameView view = site.games.view(game.gameId());
        assertEquals(GameState.FINISHED, view.state());
        assertEquals("1/2-1/2", view.result().orElseThrow());
        List<OutboxMail> mails = site.games.outbox().ofGame(game.gameId());
        List<OutboxMail> news = mails.subList(before, mails.size());
        assertEquals(2, news.size());
        assertEquals(2, news.stream().map(OutboxMail::toAddress).distinct().count());
        for (OutboxMail m : news) {
            assertEquals(MailKind.GAME_OVER, m.kind());
            assertTrue(m.model().get("ending").toString().contains("Both players agreed by phone"), m.model().toString());
        }

        HttpResponse<String> again = site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "1-0", "reason", "changed my mind"));
        assertEquals(409, again.statusCode());
        assertEquals("1/2-1/2", site.games.view(game.gameId()).result().orElseThrow());
    }

    @Test void aborting_stops_the_game_without_a_result_and_a_reason_is_required() {
        AdminSite.Admin admin = site.admin();
        CreatedGame game = game("Carol", "Dave");

        assertEquals(422, site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "aborted", "reason", " ")).statusCode());
        assertEquals(422, site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "2-0", "reason", "odd")).statusCode());
        assertEquals(GameState.ACTIVE, site.games.view(game.gameId()).state());
        assertEquals(404, site.post("/admin/games/999999/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "aborted", "reason", "no such game")).statusCode());

        assertEquals(303, site.post("/admin/games/" + game.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "aborted", "reason", "Created by mistake")).statusCode());
        GameView view = site.games.view(game.gameId());
        assertEquals(GameState.ABORTED, view.state());
        assertTrue(view.result().isEmpty());
    }

    @Test void resending_queues_a_copy_of_the_players_last_mail_with_a_new_message_id_in_the_same_thread() {
        AdminSite.Admin admin = site.admin();
        CreatedGame game = game("Carol", "Dave");
        Player carol = site.games.players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow();
        List<OutboxMail> before = site.games.outbox().ofGame(game.gameId());
        OutboxMail last = before.stream().filter(m -> m.toAddress().equals(carol.email())).reduce((a, b) -> b).orElseThrow();

        HttpResponse<String> r = site.post("/admin/players/" + carol.id() + "/resend", admin.cookie(), Map.of("csrf", admin.csrf()));

        assertEquals(303, r.statusCode(), r.body());
        List<OutboxMail> after = site.games.outbox().ofGame(game.gameId());
        assertEquals(before.size() + 1, after.size());
        OutboxMail copy = after.get(after.size() - 1);
        assertEquals(carol.email(), copy.toAddress());
        assertNotEquals(last.messageId(), copy.messageId());
        assertEquals(MailKind.GAME_STARTED, last.kind(), "Carol's last mail is the opening mail, her thread's root");
        assertEquals(last.messageId(), copy.inReplyTo(), "so the copy refers to it");
        assertEquals(List.of(last.messageId()), copy.references());
        assertEquals(last.subject(), copy.subject());
        assertEquals(404, site.post("/admin/players/999999/resend", admin.cookie(), Map.of("csrf", admin.csrf())).statusCode());
    }

    @Test void the_admin_adds_and_removes_a_players_further_address_and_bad_addresses_change_nothing() {
        AdminSite.Admin admin = site.admin();
        game("Carol", "Dave");
        Player carol = site.games.players().stream().filter(p -> p.name().equals("Carol")).findFirst().orElseThrow();
        Player dave = site.games.players().stream().filter(p -> p.name().equals("Dave")).findFirst().orElseThrow();
        String path = "/admin/players/" + carol.id() + "/addresses";

        HttpResponse<String> added = site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "address", " Carol@Home.Example "));
        assertEquals(303, added.statusCode(), added.body());
        assertEquals(List.of(carol.email(), "carol@home.example"), site.games.addresses().of(carol.id()));
        assertTrue(site.get("/admin", admin.cookie()).body().contains("carol@home.example"));

        for (String bad : List.of("not an address", dave.email(), "carol@home.example", site.games.identity().serverAddress(), "")) {
            HttpResponse<String> refused = site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "address", bad));
            assertEquals(200, refused.statusCode(), bad);
            assertTrue(refused.body().contains("No address was changed"), bad + ": " + refused.body());
        }
        assertEquals(List.of(carol.email(), "carol@home.example"), site.games.addresses().of(carol.id()));
        assertEquals(403, site.post(path, admin.cookie(), Map.of("csrf", "forged", "address", "x@example.org")).statusCode());
        assertEquals(404, site.post("/admin/players/999999/addresses", admin.cookie(),
                Map.of("csrf", admin.csrf(), "address", "x@example.org")).statusCode());

        HttpResponse<String> mainOne = site.post(path + "/remove", admin.cookie(), Map.of("csrf", admin.csrf(), "address", carol.email()));
        assertTrue(mainOne.body().contains("cannot be removed"), mainOne.body());
        assertEquals(303, site.post(path + "/remove", admin.cookie(),
                Map.of("csrf", admin.csrf(), "address", "carol@home.example")).statusCode());
        assertEquals(List.of(carol.email()), site.games.addresses().of(carol.id()));
    }

    @Test void a_form_sent_from_another_site_is_refused_even_with_a_valid_session_and_token() {
        AdminSite.Admin admin = site.admin();
        game("Erin", "Frank");
        Player erin = site.games.players().stream().filter(p -> p.name().equals("Erin")).findFirst().orElseThrow();
        String path = "/admin/players/" + erin.id() + "/addresses";
        Map<String, String> form = Map.of("csrf", admin.csrf(), "address", "erin@elsewhere.example");

        for (Map<String, String> foreign : List.of(Map.of("Origin", "https://evil.example"), Map.of("Origin", "null"),
                Map.of("Referer", "https://evil.example/page.html"))) {
            HttpResponse<String> r = site.post(path, admin.cookie(), form, foreign);
            assertEquals(403, r.statusCode(), foreign.toString());
            assertTrue(AdminSite.html(r).text().contains("sent from another site"), r.body());
        }
        assertEquals(List.of(erin.email()), site.games.addresses().of(erin.id()));

        String own = site.get("/admin", admin.cookie()).uri().toString().replaceFirst("(https?://[^/]+).*", "$1");
        assertEquals(303, site.post(path, admin.cookie(), form, Map.of("Origin", own, "Referer", own + "/admin")).statusCode());
        assertEquals(List.of(erin.email(), "erin@elsewhere.example"), site.games.addresses().of(erin.id()));
    }

    // --- escaping ---

    @Test void a_player_name_with_a_script_is_shown_escaped_in_the_admin_lists() {
        AdminSite.Admin admin = site.admin();
        game(EVIL, "Dave");

        HttpResponse<String> r = site.get("/admin", admin.cookie());

        assertEquals(200, r.statusCode());
        assertFalse(r.body().contains(EVIL), "raw script in the page");
        assertTrue(r.body().contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        Document doc = AdminSite.html(r);
        assertTrue(doc.select("script").isEmpty());
        assertTrue(AdminSite.texts(doc, "#admin-games td").contains(EVIL));
        assertTrue(AdminSite.texts(doc, "#admin-players td").contains(EVIL));
    }

    // --- the public page of a game the admin ended ---

    @Test void the_public_page_of_an_adjudicated_or_aborted_game_shows_the_admins_reason_escaped() {
        AdminSite.Admin admin = site.admin();
        CreatedGame adjudicated = game("Carol", "Dave");
        CreatedGame aborted = game("Erin", "Frank");
        CreatedGame played = game("Gina", "Hal");
        site.post("/admin/games/" + adjudicated.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "1-0", "reason", "Black  left the club & " + EVIL));
        site.post("/admin/games/" + aborted.gameId() + "/end", admin.cookie(),
                Map.of("csrf", admin.csrf(), "result", "aborted", "reason", "Created by mistake"));

        HttpResponse<String> r = site.get("/games/" + adjudicated.gameId(), null);
        assertEquals(200, r.statusCode());
        assertFalse(r.body().contains(EVIL), "raw script in the page");
        Document doc = AdminSite.html(r);
        assertTrue(doc.select("script:containsData(alert)").isEmpty());
        // The reason as it was mailed: spaces run together, the text exactly as the admin wrote it.
        assertEquals("The admin's reason: Black left the club & " + EVIL, doc.selectFirst(".admin-reason").text());
        assertTrue(doc.selectFirst(".state").text().contains("White wins by adjudication."), doc.selectFirst(".state").text());

        Document stopped = AdminSite.html(site.get("/games/" + aborted.gameId(), null));
        assertEquals("The admin's reason: Created by mistake", stopped.selectFirst(".admin-reason").text());
        assertNull(AdminSite.html(site.get("/games/" + played.gameId(), null)).selectFirst(".admin-reason"),
                "a game the admin did not end has no reason to show");

        String json = site.get("/api/games/" + aborted.gameId(), null).body().replaceAll("\\s+", "");
        assertTrue(json.contains("\"adminReason\":\"Createdbymistake\""), json);
        assertTrue(site.get("/api/games/" + played.gameId(), null).body().replaceAll("\\s+", "").contains("\"adminReason\":null"));
    }

    // --- long lists ---

    @Test void the_admin_lists_page_through_many_games_and_players_newest_game_first() {
        AdminSite.Admin admin = site.admin();
        List<Long> ids = new java.util.ArrayList<>();
        for (int i = 0; i < AdminPages.PAGE_SIZE + 5; i++) {
            ids.add(game("W" + i, "B" + i).gameId());
        }
        java.util.Collections.reverse(ids); // newest first

        Document first = AdminSite.html(site.get("/admin", admin.cookie()));
        assertEquals(ids.subList(0, AdminPages.PAGE_SIZE), gameIds(first));
        assertNull(first.selectFirst("nav[aria-label='Pages of games'] a[rel=prev]"));
        String next = first.selectFirst("nav[aria-label='Pages of games'] a[rel=next]").attr("href");
        assertEquals("/admin?page=2&players-page=1", next);
        assertTrue(first.text().contains("page 1 of 2 (" + ids.size() + " games)"), first.text());

        Document second = AdminSite.html(site.get(next, admin.cookie()));
        assertEquals(ids.subList(AdminPages.PAGE_SIZE, ids.size()), gameIds(second));
        assertEquals("/admin?page=1&players-page=1",
                second.selectFirst("nav[aria-label='Pages of games'] a[rel=prev]").attr("href"));
        assertNull(second.selectFirst("nav[aria-label='Pages of games'] a[rel=next]"));

        int players = ids.size() * 2;
        assertEquals(AdminPages.PAGE_SIZE, second.select("#admin-players tbody tr").size());
        Document lastPlayers = AdminSite.html(site.get("/admin?page=2&players-page=3", admin.cookie()));
        assertEquals(players - 2 * AdminPages.PAGE_SIZE, lastPlayers.select("#admin-players tbody tr").size());
        assertEquals(ids.subList(AdminPages.PAGE_SIZE, ids.size()), gameIds(lastPlayers), "the games' page is kept");
    }

    @Test void the_players_further_addresses_come_in_one_query_for_the_whole_page() {
        AdminSite.Admin admin = site.admin();
        for (int i = 0; i < 6; i++) {
            game("W" + i, "B" + i);
        }
        List<Player> players = site.games.players();
        site.games.addresses().add(players.get(1).id(), "one@home.example");
        site.games.addresses().add(players.get(1).id(), "two@home.example");
        site.games.addresses().add(players.get(4).id(), "four@home.example");
        List<String> statements = new java.util.concurrent.CopyOnWriteArrayList<>();
        site.db.jdbi().setSqlLogger(new org.jdbi.v3.core.statement.SqlLogger() {
            @Override
            public void logAfterExecution(org.jdbi.v3.core.statement.StatementContext context) {
                statements.add(context.getRenderedSql());
            }
        });

        Document page = AdminSite.html(site.get("/admin", admin.cookie()));

        assertEquals(1, statements.stream().filter(sql -> sql.contains("player_addresses")).count(), statements.toString());
        List<String> further = page.select("#admin-players tbody tr").stream()
                .map(row -> String.join(",", row.select("input[name=address]").eachAttr("value"))).toList();
        assertEquals(List.of("", "one@home.example,two@home.example", "", "", "four@home.example", ""), further.subList(0, 6),
                "each player's own further addresses, in the order they were added");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "-1", "2", "abc", "1.5", " 1 1", "99999999999999999999",
            "<script>alert(1)</script>"})
    void a_page_number_that_is_not_a_page_of_the_list_gets_the_clear_error_page(String page) {
        AdminSite.Admin admin = site.admin();
        game("Carol", "Dave");
        String query = java.net.URLEncoder.encode(page, java.nio.charset.StandardCharsets.UTF_8);
        for (String path : List.of("/admin?page=" + query, "/admin?players-page=" + query)) {
            HttpResponse<String> r = site.get(path, admin.cookie());

            assertEquals(400, r.statusCode(), path);
            assertTrue(AdminSite.html(r).text().contains("There is no page"), r.body());
            assertTrue(AdminSite.html(r).text().contains("it has 1 page, numbered from 1."), r.body());
            assertFalse(r.body().contains("<script>alert"), "shown escaped: " + r.body());
        }
    }

    private static List<Long> gameIds(Document doc) {
        return doc.select("#admin-games tbody tr td:first-child a").eachText().stream()
                .map(t -> Long.parseLong(t.substring(1))).toList();
    }
}
