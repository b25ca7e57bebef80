package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.tournament.TournamentKind;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public tournament pages and the tournament's PGN, over real HTTP. */
class TournamentPagesTest {
    @TempDir
    Path dir;
    Site site;
    TournamentService tournaments;
    long id;

    @BeforeEach
    void start() {
        site = Site.start(dir);
        tournaments = site.games.tournaments();
        id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Club <Cup>", "italian-progressive",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat", "Dan")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(id, new Contact(name, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Club <Cup>"), Optional.empty());
        }
    }

    @AfterEach
    void stop() {
        site.close();
    }

    private long gameOf(int round, int white, int black) {
        return tournaments.view(id).orElseThrow().games().stream()
                .filter(g -> g.round() == round && g.white() == white && g.black() == black)
                .findFirst().map(TournamentGame::gameId).orElseThrow();
    }

    @Test
    void before_the_start_the_page_lists_who_joined() {
        Document doc = Site.html(site.get("/tournaments/" + id));
        assertEquals("Club <Cup>", doc.selectFirst("h1").text());
        assertEquals(List.of("Ann (joined)", "Ben (joined)", "Cat (joined)", "Dan (joined)"),
                doc.select("ul.entrants li").eachText());
        assertTrue(doc.select("table.crosstable").isEmpty());
    }

    /**
     * Round 1 (1-4, 2-3): Ann beats Dan, Ben and Cat draw; the rest goes on. Ann 1 (first), Ben and Cat ½
     * (their SB: ½·½ each, their head to head ½ each: level, places 2-3), Dan 0.
     */
    @Test
    void the_crosstable_shows_each_pairing_linked_to_its_game_with_totals_tie_breaks_and_places() {
        assertTrue(tournaments.start(id).isDone());
        // seen once before any game ends: the page kept then must not be served after the results
        assertEquals("0", Site.html(site.get("/tournaments/" + id)).select("table.crosstable td.points").first().text());
        site.games.adjudicate(gameOf(1, 1, 4), "1-0", "Dan stopped answering");
        site.games.adjudicate(gameOf(1, 2, 3), "1/2-1/2", "Agreed by telephone");

        HttpResponse<String> r = site.get("/tournaments/" + id);

        assertEquals(200, r.statusCode());
        Document doc = Site.html(r);
        Element table = doc.selectFirst("table.crosstable");
        assertEquals(List.of("#", "Player", "1", "2", "3", "4", "Points", "SB", "DE", "Wins", "Koya", "Place"),
                table.select("thead th").eachText());
        List<Element> rows = table.select("tbody tr");
        assertEquals(List.of("1", "Ann", "■", "*", "*", "1", "1", "0", "", "1", "0", "1"), rows.get(0).select("td, th").stream().map(Element::text).toList());
        assertEquals(List.of("2", "Ben", "*", "■", "½", "*", "½", "0.25", "½", "0", "0", "2-3"), rows.get(1).select("td, th").stream().map(Element::text).toList());
        assertEquals("/games/" + gameOf(1, 1, 4), rows.get(0).select("td").get(4).selectFirst("a").attr("href"));
        assertEquals("unfinished", rows.get(0).select("td").get(2).selectFirst("a").className());
        assertEquals(3, doc.select("ul.tournament-games").size(), "three rounds");
        assertEquals("Ann – Dan 1-0", doc.select("ul.tournament-games").get(0).selectFirst("li").text());

        Document list = Site.html(site.get("/tournaments"));
        assertEquals("Club <Cup>", list.selectFirst("table a[href=/tournaments/" + id + "]").text());
    }

    @Test
    void the_list_of_tournaments_counts_the_entered_players_of_each_in_one_query() {
        // A second tournament with one player invited who has not answered, and one who joined.
        long second = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Quiet Cup", "chess",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        tournaments.invite(second, new Contact("Eve", "eve@example.org"));
        tournaments.invite(second, new Contact("Fay", "fay@example.org"));
        tournaments.byMail("fay@example.org", new TournamentService.EntryCommand(true, "Quiet Cup"), Optional.empty());
        List<String> statements = new java.util.concurrent.CopyOnWriteArrayList<>();
        site.db.jdbi().setSqlLogger(new org.jdbi.v3.core.statement.SqlLogger() {
            @Override
            public void logAfterExecution(org.jdbi.v3.core.statement.StatementContext context) {
                statements.add(context.getRenderedSql());
            }
        });

        Document list = Site.html(site.get("/tournaments"));

        assertEquals(List.of("Club <Cup>", "Quiet Cup"), list.select("table a[href^=/tournaments/]").eachText());
        assertEquals(List.of("4", "1"), list.select("table tbody tr td:nth-child(3)").eachText(), "Eve only invited");
        assertEquals(1, statements.stream().filter(sql -> sql.contains("tournament")).count(), statements.toString());
    }

    @Test
    void the_pgn_holds_every_game_with_the_tournament_as_event_and_its_round() {
        tournaments.start(id);
        site.games.adjudicate(gameOf(2, 4, 3), "0-1", "Dan left");

        HttpResponse<String> r = site.get("/tournaments/" + id + "/games.pgn");

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/x-chess-pgn"));
        String pgn = r.body();
        assertEquals(6, pgn.split("\\[Event \"Club <Cup>\"]").length - 1, pgn);
        assertEquals(2, pgn.split("\\[Round \"2\"]").length - 1, pgn);
        assertTrue(pgn.contains("[White \"Dan\"]\n[Black \"Cat\"]\n[Result \"0-1\"]"), pgn);
        assertTrue(pgn.contains("[Variant \"italian-progressive\"]"), pgn);
    }

    /** Ann beat Dan in the rated tournament: her page shows her Progressive family rating and that game. */
    @Test
    void a_players_page_shows_the_rating_per_family_and_the_games_behind_it() {
        tournaments.start(id);
        long game = gameOf(1, 1, 4);
        site.games.adjudicate(game, "1-0", "Dan stopped answering");
        long ann = tournaments.view(id).orElseThrow().entrants().get(0).player().id();
        Rating after = Glicko2.standard().rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));

        HttpResponse<String> r = site.get("/players/" + ann);

        assertEquals(200, r.statusCode());
        Document doc = Site.html(r);
        assertEquals("Ann", doc.selectFirst("h1").text());
        assertEquals("Progressive family: " + after.label(), doc.selectFirst("section.rating h2").text());
        assertEquals(List.of("#" + game, "Dan", "White", "1-0", "1500", Long.toString(Math.round(after.rating()))),
                doc.select("section.rating tbody tr td").eachText());
        assertTrue(!r.body().contains("ann@example.org"), "the address is never shown");
        long ben = tournaments.view(id).orElseThrow().entrants().get(1).player().id();
        assertEquals("No rated games yet.", Site.html(site.get("/players/" + ben)).select("main p").text());
        assertEquals(404, site.get("/players/999").statusCode());
    }

    @Test
    void an_unknown_tournament_is_not_found() {
        assertEquals(404, site.get("/tournaments/999").statusCode());
        assertEquals(404, site.get("/tournaments/x1").statusCode());
        assertEquals(404, site.get("/tournaments/999/games.pgn").statusCode());
    }

    @Test
    void a_knockouts_page_shows_its_bracket_and_its_games_linked_round_by_round() {
        long cup = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Spring Knockout", "chess",
                TournamentKind.KNOCKOUT))).tournamentId();
        for (String name : List.of("Eve", "Fay", "Gus", "Hal")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(cup, new Contact(name, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Spring Knockout"), Optional.empty());
        }
        assertTrue(tournaments.start(cup).isDone());

        Document doc = Site.html(site.get("/tournaments/" + cup));

        List<String> bracket = doc.select("ul.bracket li").eachText();
        assertEquals(tournaments.bracket(cup).stream().map(line -> line.replaceAll("\\s+", " ")).toList(), bracket,
                "the page shows what 'tournament show' prints");
        assertTrue(bracket.size() >= 2, bracket.toString());
        List<String> links = doc.select("ul.tournament-games a").eachAttr("href");
        assertEquals(4, links.size(), "two matches of two games each: " + links);
        for (TournamentGame g : tournaments.view(cup).orElseThrow().games()) {
            assertTrue(links.contains("/games/" + g.gameId()), links.toString());
        }
        assertTrue(doc.select("table.crosstable").isEmpty(), "a knockout has no crosstable");
    }
}
