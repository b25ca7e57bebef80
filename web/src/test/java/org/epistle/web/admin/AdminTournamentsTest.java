package org.epistle.web.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.MailKind;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TournamentState;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin's tournament pages over real HTTP: create, invite, start, the crosstable, withdraw; and every
 * refusal shown on the page it came from, with the field at fault marked, and nothing changed.
 */
class AdminTournamentsTest {
    static final String EVIL = "<script>alert(1)</script>";

    @TempDir Path dir;
    AdminSite site;
    AdminSite.Admin admin;

    @BeforeEach void start() {
        site = new AdminSite(dir);
        admin = site.admin();
    }

    @AfterEach void stop() {
        site.close();
    }

    private TournamentService tournaments() {
        return site.games.tournaments();
    }

    private Map<String, String> createForm(String name) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", admin.csrf());
        form.put("name", name);
        form.put("variant", "marseillais");
        form.put("kind", "double-round-robin");
        form.put("whiteArmy", "nutty-knights");
        form.put("blackArmy", "fabulous-fides");
        form.put("timeControl", "30d+1d/45d");
        form.put("scoring", "three-one-zero");
        form.put("tieBreak1", "Wins");
        form.put("tieBreak2", "SB");
        form.put("tieBreak3", "");
        form.put("tieBreak4", "");
        form.put("withdrawal", "forfeit-unfinished");
        form.put("maxPlayers", "6");
        form.put("fen", "");
        form.put("rated", "yes");
        return form;
    }

    private Map<String, String> with(Map<String, String> form, String field, String value) {
        Map<String, String> changed = new LinkedHashMap<>(form);
        changed.put(field, value);
        return changed;
    }

    /** Everything the pages could change: the tournaments with their players and games, and the mail waiting to go. */
    private String everything() {
        StringBuilder all = new StringBuilder();
        tournaments().list().forEach(t -> all.append(tournaments().view(t.id()).orElseThrow()).append('\n'));
        all.append(site.games.outbox().due(Instant.now().plusSeconds(3600), 10_000).size()).append(" mails\n");
        all.append(site.games.players().size()).append(" players\n");
        return all.toString();
    }

    private long create(String name) {
        HttpResponse<String> r = site.post("/admin/tournaments", admin.cookie(), createForm(name));
        assertEquals(303, r.statusCode(), r.body());
        String location = r.headers().firstValue("Location").orElseThrow();
        assertTrue(location.matches("/admin/tournaments/[0-9]+\\?done=created"), location);
        return Long.parseLong(location.replaceAll("\\D+", " ").strip().split(" ")[0]);
    }

    private HttpResponse<String> invite(long id, String name, String address) {
        return site.post("/admin/tournaments/" + id + "/invite", admin.cookie(),
                Map.of("csrf", admin.csrf(), "name", name, "address", address));
    }

    private void join(String address, String tournament) {
        assertTrue(tournaments().byMail(address, new TournamentService.EntryCommand(true, tournament), Optional.empty())
                .isDone());
    }

    private Document page(long id) {
        HttpResponse<String> r = site.get("/admin/tournaments/" + id, admin.cookie());
        assertEquals(200, r.statusCode(), r.body());
        return AdminSite.html(r);
    }

    /** A refusal: 422, the sentence on the page as an alert, and the field at fault pointing at it. */
    private static Document refused(HttpResponse<String> r, String sentence, String field) {
        assertEquals(422, r.statusCode(), r.body());
        Document doc = AdminSite.html(r);
        Element alert = doc.selectFirst("#refusal[role=alert]");
        assertTrue(alert != null && alert.text().contains(sentence), "wanted \"" + sentence + "\" in " + doc.select("main").text());
        if (field.isEmpty()) {
            assertTrue(doc.select("[aria-invalid]").isEmpty(), doc.select("[aria-invalid]").toString());
        } else {
            Element marked = doc.selectFirst("[name=" + field + "]");
            assertEquals("true", marked.attr("aria-invalid"), marked.toString());
            assertEquals("refusal", marked.attr("aria-describedby"));
            assertEquals(1, doc.select("[aria-invalid]").size(), "one field is marked: " + doc.select("[aria-invalid]"));
        }
        assertFalse(r.body().contains(EVIL), "a hostile value is never markup");
        return doc;
    }

    private List<OutboxMail> tournamentMails(String address) {
        return site.games.outbox().due(Instant.now().plusSeconds(3600), 10_000).stream()
                .filter(m -> m.kind() == MailKind.TOURNAMENT && m.toAddress().equals(address)).toList();
    }

    // --- the admin's path

    @Test void the_admin_creates_a_tournament_invites_players_starts_it_and_follows_the_crosstable() {
        HttpResponse<String> list = site.get("/admin/tournaments", admin.cookie());
        assertEquals(200, list.statusCode());
        assertEquals("No tournament yet.", AdminSite.html(list).selectFirst("p.none").text());

        long id = create("Autumn Marseillais");

        Document created = AdminSite.html(site.get("/admin/tournaments/" + id + "?done=created", admin.cookie()));
        assertEquals("The tournament was created; entry is open. Invite the players below.", created.selectFirst("#done").text());
        assertEquals("Double round robin of Marseillais Chess, scored 3/1/0, tie-breaks number of wins, Sonneborn-Berger, "
                + "time control 30d+1d/45d, rated. Open.", created.selectFirst("p.tournament-settings").text());
        assertTrue(created.select("ul.settings").text().contains("Armies: Nutty Knights (White), Fabulous FIDEs (Black)"),
                created.select("ul.settings").text());
        assertTrue(created.select("ul.settings").text().contains("At most 6 players; 0 joined."));
        assertEquals(List.of("Autumn Marseillais"), AdminSite.texts(AdminSite.html(site.get("/admin/tournaments", admin.cookie())),
                "#admin-tournaments tbody td:first-child"));

        List<String> names = List.of("Ann", "Ben", "Cleo", "Dan");
        for (String n : names) {
            HttpResponse<String> r = invite(id, n, n.toLowerCase() + "@example.org");
            assertEquals(303, r.statusCode(), r.body());
            assertEquals("/admin/tournaments/" + id + "?done=invited", r.headers().firstValue("Location").orElseThrow());
            assertEquals(1, tournamentMails(n.toLowerCase() + "@example.org").size(), "the invitation to " + n);
        }
        assertEquals(List.of("invited", "invited", "invited", "invited"), AdminSite.texts(page(id), "#tournament-players td.entry"));
        for (String n : names) {
            join(n.toLowerCase() + "@example.org", "autumn marseillais");
        }
        assertEquals(List.of("joined", "joined", "joined", "joined"), AdminSite.texts(page(id), "#tournament-players td.entry"));

        HttpResponse<String> started = site.post("/admin/tournaments/" + id + "/start", admin.cookie(), Map.of("csrf", admin.csrf()));
        assertEquals(303, started.statusCode(), started.body());
        TournamentView v = tournaments().view(id).orElseThrow();
        assertEquals(TournamentState.PLAYING, v.tournament().state());
        assertEquals(12, v.games().size());

        assertEquals("/admin/tournaments/" + id + "?done=started", started.headers().firstValue("Location").orElseThrow());
        Document playing = AdminSite.html(site.get("/admin/tournaments/" + id + "?done=started", admin.cookie()));
        assertEquals("The tournament has started: every game was created and each player mailed their games.",
                playing.selectFirst("#done").text());
        assertEquals("Playing.", playing.selectFirst("p.tournament-settings .state").text());
        assertTrue(playing.select("form#invite, form#start").isEmpty(), "no invitations or start once it is under way");
        assertEquals(List.of("Ann", "Ben", "Cleo", "Dan"), AdminSite.texts(playing, "table.crosstable tbody th[scope=row]"));
        // each game is in two cells, its White's row and its Black's
        assertEquals(24, playing.select("table.crosstable a.unfinished").size(), "every game is still being played");

        // A game ends: the admin's table follows
        TournamentGame first = v.games().get(0);
        site.games.adjudicate(first.gameId(), "1-0", "agreed by both");
        Document after = page(id);
        String winner = v.entrants().stream().filter(e -> e.number() == first.white()).findFirst().orElseThrow().player().name();
        Element row = after.select("table.crosstable tbody tr").stream()
                .filter(tr -> tr.selectFirst("th").text().equals(winner)).findFirst().orElseThrow();
        assertEquals("3", row.selectFirst("td.points").text(), row.toString());
        assertEquals(22, after.select("table.crosstable a.unfinished").size());
    }

    @Test void a_player_withdrawn_during_play_loses_the_unfinished_games_by_forfeit_and_the_table_shows_it() {
        long id = create("Withdrawals");
        for (String n : List.of("Ann", "Ben", "Cleo")) {
            assertEquals(303, invite(id, n, n.toLowerCase() + "@example.org").statusCode());
            join(n.toLowerCase() + "@example.org", "Withdrawals");
        }
        assertEquals(303, site.post("/admin/tournaments/" + id + "/start", admin.cookie(), Map.of("csrf", admin.csrf())).statusCode());
        Document playing = page(id);
        Element cleo = playing.select("#tournament-players tr").stream()
                .filter(tr -> tr.text().contains("cleo@example.org")).findFirst().orElseThrow();
        Element form = cleo.selectFirst("form.withdraw");
        assertEquals("Withdraw Cleo", form.selectFirst("button").text());

        HttpResponse<String> r = site.post(form.attr("action"), admin.cookie(),
                Map.of("csrf", admin.csrf(), "player", form.selectFirst("input[name=player]").val()));

        assertEquals(303, r.statusCode(), r.body());
        assertEquals("/admin/tournaments/" + id + "?done=withdrew", r.headers().firstValue("Location").orElseThrow());
        TournamentView v = tournaments().view(id).orElseThrow();
        int number = v.entrants().stream().filter(e -> e.player().name().equals("Cleo")).findFirst().orElseThrow().number();
        assertTrue(v.games().stream().filter(g -> g.white() == number || g.black() == number)
                .allMatch(g -> g.outcome() == Outcome.WHITE_WINS_BY_FORFEIT || g.outcome() == Outcome.BLACK_WINS_BY_FORFEIT));
        Document after = AdminSite.html(site.get("/admin/tournaments/" + id + "?done=withdrew", admin.cookie()));
        assertTrue(after.selectFirst("#done").text().startsWith("The player was withdrawn"));
        assertEquals("withdrawn", after.select("#tournament-players tr").stream().filter(tr -> tr.text().contains("cleo@"))
                .findFirst().orElseThrow().selectFirst("td.entry").text());
        Element cleoRow = after.select("table.crosstable tbody tr").stream()
                .filter(tr -> tr.selectFirst("th").text().equals("Cleo (withdrew)")).findFirst().orElseThrow();
        assertEquals("0", cleoRow.selectFirst("td.points").text());
        assertTrue(cleoRow.text().contains("−") || cleoRow.text().contains("-"), cleoRow.text());
        assertTrue(tournamentMails("ann@example.org").stream().anyMatch(m -> m.subject().contains("Cleo withdrew")));
    }

    // --- refusals: each on the page, with nothing changed

    @Test void every_bad_create_form_is_refused_on_the_page_with_its_field_marked_and_nothing_created() {
        create("Taken");
        String before = everything();
        Map<String, String> good = createForm("Spring");
        record Bad(String field, String value, String sentence) {
        }
        List<Bad> cases = List.of(
                new Bad("maxPlayers", "1", "a double round robin is for 3 to 20 players, not 1"),
                new Bad("maxPlayers", "200", "a double round robin is for 3 to 20 players, not 200"),
                new Bad("maxPlayers", "-4", "write the most players as a whole number"),
                new Bad("maxPlayers", EVIL, "write the most players as a whole number"),
                new Bad("variant", "no-such-chess", "there is no variant \"no-such-chess\""),
                new Bad("variant", EVIL, "there is no variant"),
                new Bad("kind", "swiss", "choose a single or a double round robin"),
                new Bad("whiteArmy", "wooden-spoons", "there is no army \"wooden-spoons\""),
                new Bad("timeControl", "3 fortnights", "\"3 fortnights\" is not a time control. Write none, 3d"),
                new Bad("timeControl", EVIL, "\"" + EVIL + "\" is not a time control."),
                new Bad("scoring", "2/1/0", "choose 1/½/0 or 3/1/0"),
                new Bad("tieBreak2", "Wins", "tie-break number of wins is chosen twice"),
                new Bad("tieBreak3", "Buchholz", "unknown tie-break 'Buchholz'"),
                new Bad("withdrawal", "sometimes", "choose what a withdrawal during play does"),
                new Bad("name", "", "write the tournament's name"),
                new Bad("name", "taken", "there is already a tournament called \"taken\""),
                new Bad("name", "x".repeat(150), "the name has 1 to 100 characters on one line"),
                new Bad("name", "line\u0000break", "the name has 1 to 100 characters on one line"),
                new Bad("fen", "this is no position", "the thematic position is not a position of Marseillais Chess"),
                new Bad("fen", "x".repeat(1200), "the field is longer than 1000 characters"));
        for (Bad bad : cases) {
            HttpResponse<String> r = site.post("/admin/tournaments", admin.cookie(), with(good, bad.field(), bad.value()));
            Document doc = refused(r, "The tournament was not created: " + bad.sentence(), bad.field());
            // what was sent is shown again, as text
            Element field = doc.selectFirst("[name=" + bad.field() + "]");
            if (field.tagName().equals("input") && bad.value().length() <= 1000 && !bad.value().contains("\u0000")) {
                assertEquals(bad.value().strip(), field.val(), bad.toString());
            }
            assertEquals(before, everything(), "nothing changed for " + bad);
        }
    }

    @Test void invitations_that_cannot_be_are_refused_on_the_page() {
        long id = create("Invitations");
        assertEquals(303, invite(id, "Ann", "ann@example.org").statusCode());
        String before = everything();

        refused(invite(id, "Ann again", "ANN@example.org"), "Nobody was invited: Ann <ann@example.org> is on the list of \"Invitations\" already.",
                "address");
        refused(invite(id, "Ben", "not an address"), "Nobody was invited:", "address");
        refused(invite(id, "", "ben@example.org"), "Nobody was invited: a player needs a name.", "name");
        refused(invite(id, EVIL + "\u0007", "ben@example.org"), "Nobody was invited: a player's name cannot contain", "name");
        refused(invite(id, "Server", AdminSite.IDENTITY.serverAddress()), "is the server's own address", "address");
        assertEquals(before, everything());

        HttpResponse<String> unknown = invite(id + 100, "Ben", "ben@example.org");
        assertEquals(404, unknown.statusCode());
        assertEquals(before, everything());
    }

    @Test void starting_with_too_few_players_or_twice_is_refused_on_the_page() {
        long id = create("Small");
        assertEquals(303, invite(id, "Ann", "ann@example.org").statusCode());
        join("ann@example.org", "Small");
        String before = everything();

        refused(site.post("/admin/tournaments/" + id + "/start", admin.cookie(), Map.of("csrf", admin.csrf())),
                "The tournament was not started: \"Small\" needs at least 3 players to start", "");
        assertEquals(before, everything());

        for (String n : List.of("Ben", "Cleo")) {
            assertEquals(303, invite(id, n, n.toLowerCase() + "@example.org").statusCode());
            join(n.toLowerCase() + "@example.org", "Small");
        }
        assertEquals(303, site.post("/admin/tournaments/" + id + "/start", admin.cookie(), Map.of("csrf", admin.csrf())).statusCode());
        String started = everything();
        refused(site.post("/admin/tournaments/" + id + "/start", admin.cookie(), Map.of("csrf", admin.csrf())),
                "The tournament was not started: \"Small\" has started already.", "");
        refused(invite(id, "Dan", "dan@example.org"), "Nobody was invited: \"Small\" has started; nobody can be invited any more.", "");
        assertEquals(started, everything());
    }

    @Test void withdrawing_a_stranger_an_unknown_player_or_nobody_is_refused_on_the_page() {
        long id = create("Strangers");
        assertEquals(303, invite(id, "Ann", "ann@example.org").statusCode());
        site.games.tournaments().invite(create("Elsewhere"), new Contact("Zed", "zed@example.org"));
        long zed = site.games.players().stream().filter(p -> p.name().equals("Zed")).findFirst().orElseThrow().id();
        long ann = site.games.players().stream().filter(p -> p.name().equals("Ann")).findFirst().orElseThrow().id();
        String before = everything();
        String path = "/admin/tournaments/" + id + "/withdraw";

        refused(site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "player", Long.toString(zed))),
                "Nobody was withdrawn: Zed is not playing in \"Strangers\", so there is nothing to withdraw from.", "");
        refused(site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "player", Long.toString(ann))),
                "Nobody was withdrawn: Ann is not playing in \"Strangers\"", "");
        refused(site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "player", "999999")),
                "Nobody was withdrawn: There is no player 999999.", "");
        refused(site.post(path, admin.cookie(), Map.of("csrf", admin.csrf(), "player", EVIL)),
                "Nobody was withdrawn: choose a player of the list.", "");
        assertEquals(before, everything());
    }

    // --- the door

    @Test void without_a_session_or_with_a_forged_form_nothing_is_shown_or_done() {
        long id = create("Guarded");
        String before = everything();

        assertEquals(303, site.get("/admin/tournaments", null).statusCode());
        assertEquals("/admin/login", site.get("/admin/tournaments/" + id, null).headers().firstValue("Location").orElseThrow());
        assertEquals(403, site.post("/admin/tournaments", null, createForm("Sneaky")).statusCode());
        assertEquals(403, site.post("/admin/tournaments", admin.cookie(), with(createForm("Sneaky"), "csrf", "forged")).statusCode());
        assertEquals(403, site.post("/admin/tournaments/" + id + "/invite", admin.cookie(),
                Map.of("csrf", "forged", "name", "Eve", "address", "eve@example.org")).statusCode());
        assertEquals(403, site.post("/admin/tournaments/" + id + "/start", null, Map.of("csrf", admin.csrf())).statusCode());
        HttpResponse<String> foreign = site.post("/admin/tournaments/" + id + "/invite", admin.cookie(),
                Map.of("csrf", admin.csrf(), "name", "Eve", "address", "eve@example.org"), Map.of("Origin", "https://evil.example"));
        assertEquals(403, foreign.statusCode());
        assertEquals(404, site.get("/admin/tournaments/424242", admin.cookie()).statusCode());
        assertEquals(404, site.get("/admin/tournaments/" + EVIL.replace("<", "%3C").replace(">", "%3E"), admin.cookie()).statusCode());
        assertEquals(before, everything());
        assertNull(site.get("/admin/tournaments/" + id, admin.cookie()).headers().firstValue("Location").orElse(null));
        assertTrue(site.get("/admin/tournaments/" + id, admin.cookie()).headers().firstValue("Cache-Control").orElse("")
                .contains("no-store"));
    }
}
