package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.TournamentKind;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** All of a player's games as PGN, linked from the player's page, over real HTTP. */
class PlayerGamesTest extends SitePageTest {
    @Test
    void the_pgn_holds_every_game_of_the_player_with_event_and_round_for_tournament_games() {
        TournamentService tournaments = site.games.tournaments();
        long casual = site.games.create(new NewGame("chess", new Contact("Ann", "ann@example.org"),
                new Contact("Eve", "eve@example.org"))).gameId();
        long id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Trio", "marseillais",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        for (String name : List.of("Ann", "Ben", "Cat")) {
            String address = name.toLowerCase() + "@example.org";
            tournaments.invite(id, new Contact(name, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Trio"), Optional.empty());
        }
        assertTrue(tournaments.start(id).isDone());
        long other = site.games.create(new NewGame("chess", new Contact("Ben", "ben@example.org"),
                new Contact("Cat", "cat@example.org"))).gameId();
        site.games.adjudicate(casual, "0-1", "Ann's post went astray");
        long ann = site.games.players().stream().filter(p -> p.name().equals("Ann")).findFirst().orElseThrow().id();

        Document page = Site.html(site.get("/players/" + ann));
        assertEquals("/players/" + ann + "/games.pgn", page.selectFirst("a[download]").attr("href"));
        HttpResponse<String> r = site.get("/players/" + ann + "/games.pgn");

        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/x-chess-pgn"));
        String pgn = r.body();
        assertEquals(3, pgn.split("\\[Event ").length - 1, "the casual game and two tournament games: " + pgn);
        assertEquals(2, pgn.split("\\[Event \"Trio\"]").length - 1, pgn);
        // Three players: Ann (1) has the bye in round 1, then 1-2 in round 2 and 3-1 in round 3.
        assertTrue(pgn.contains("[Round \"2\"]") && pgn.contains("[Round \"3\"]"), pgn);
        assertTrue(pgn.contains("[White \"Ann\"]\n[Black \"Eve\"]\n[Result \"0-1\"]"), pgn);
        assertTrue(!pgn.contains("ben@example.org") && !pgn.contains("/games/" + other + "\"]")
                && !pgn.contains("[White \"Ben\"]\n[Black \"Cat\"]"), "only Ann's games, never an address: " + pgn);
        assertEquals(404, site.get("/players/999/games.pgn").statusCode());
        assertEquals(404, site.get("/players/x/games.pgn").statusCode());
    }
}
