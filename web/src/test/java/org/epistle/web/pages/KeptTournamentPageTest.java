package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.templates.Templates;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The public tournament page is kept between views and served while the tournament's version is unchanged:
 * every kind of change (an entry, a withdrawal, the start, a game ending, a withdrawal during play) must be
 * seen at the next view, and what is served is always exactly the page built afresh.
 */
class KeptTournamentPageTest {
    @TempDir Path dir;
    Site site;
    TournamentService tournaments;
    final Templates templates = new Templates();
    long id;

    @BeforeEach void start() {
        site = Site.start(dir);
        tournaments = site.games.tournaments();
        id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Kept", "marseillais",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat", "Dan")) {
            tournaments.invite(id, new Contact(name, name.toLowerCase() + "@example.org"));
        }
    }

    @AfterEach void stop() {
        site.close();
    }

    private void entry(String name, boolean join) {
        tournaments.byMail(name.toLowerCase() + "@example.org", new TournamentService.EntryCommand(join, "Kept"), Optional.empty());
    }

    /** The page as served, checked against the page built afresh from the tournament as it is now. */
    private String served() {
        HttpResponse<String> r = site.get("/tournaments/" + id);
        assertEquals(200, r.statusCode());
        assertEquals("text/html;charset=utf-8", r.headers().firstValue("Content-Type").orElseThrow().replace(" ", "").toLowerCase());
        String fresh = templates.render("web/tournament.ftlh", TournamentPages.model(tournaments.view(id).orElseThrow()));
        assertEquals(fresh, r.body(), "the kept page is the page built afresh");
        return r.body();
    }

    @Test void every_change_is_seen_at_the_next_view_and_nothing_else_rebuilds_it() {
        String nobody = served();
        assertEquals(nobody, served(), "unchanged, the same page");
        assertTrue(nobody.contains("Nobody has joined yet."));

        for (String name : List.of("Ann", "Ben", "Cat", "Dan")) {
            entry(name, true);
            assertTrue(served().contains(name + " (joined)"), name);
        }
        entry("Dan", false);
        assertTrue(!served().contains("Dan (joined)"), "a withdrawal before the start");
        entry("Dan", true);
        assertTrue(served().contains("Dan (joined)"), "joined again");

        assertTrue(tournaments.start(id).isDone());
        String started = served();
        assertTrue(started.contains("class=\"crosstable\""));

        List<TournamentGame> games = tournaments.view(id).orElseThrow().games();
        site.games.adjudicate(games.get(0).gameId(), "1-0", "agreed");
        String oneResult = served();
        assertNotEquals(started, oneResult, "a game that ended");
        site.games.adjudicate(games.get(1).gameId(), "1/2-1/2", "agreed");
        String twoResults = served();
        assertNotEquals(oneResult, twoResults, "another game that ended");

        long dan = site.games.players().stream().filter(p -> p.name().equals("Dan")).findFirst().orElseThrow().id();
        assertTrue(tournaments.withdraw(id, dan).isDone());
        assertTrue(served().contains("Dan (withdrew)"), "a withdrawal during play");
    }
}
