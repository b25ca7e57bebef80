package org.epistle.web.mail;

import static org.epistle.web.mail.TournamentMails.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Entrant;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.Tournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entry with an army of one's choice and a round-by-round start, by mail through Greenmail: a join naming an
 * unknown army is answered with the list and changes nothing; the games are played with the chosen armies;
 * round 2 is made, and mailed, when round 1 is over.
 */
class TournamentEntryByMailTest {
    static final String CUP = "Armies Cup";

    @TempDir
    Path dir;
    MailWorld world;
    TournamentService tournaments;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of());
        tournaments = world.installation().games().tournaments();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void players_join_with_their_army_and_the_rounds_start_one_after_another() {
        List<Player> players = List.of(world.player("Ann", "ann@example.org"), world.player("Ben", "ben@example.org"),
                world.player("Cat", "cat@example.org"));
        long id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of(CUP, "chess", TournamentKind.ROUND_ROBIN)
                .withEntry(new Tournament.Entry(true, Optional.of(LocalDate.of(2099, 12, 31)), true)))).tournamentId();
        List<String> armies = List.of("nutty-knights", "Remarkable Rookies", "colorbound clobberers"); // keys or names
        for (int i = 0; i < players.size(); i++) {
            Player p = players.get(i);
            assertTrue(tournaments.invite(id, new Contact(p.name(), p.email())).isDone());
            MimeMessage invitation = TournamentMails.tournament(p, "Invitation to " + CUP, 1);
            assertTrue(text(invitation).contains("join " + CUP + " ARMY (one of fabulous-fides,"), text(invitation));
            assertTrue(text(invitation).contains("Entry closes at the end of 2099-12-31 (UTC)."), text(invitation));
            if (i == 0) {
                p.reply(invitation, "join " + CUP + " wobbly-wizards");
                MimeMessage refused = TournamentMails.tournament(p, "Not done: join " + CUP, 1);
                assertTrue(text(refused).contains("There is no army \"wobbly-wizards\"; choose one of Fabulous FIDEs"
                        + " (fabulous-fides), Colorbound Clobberers (colorbound-clobberers), Nutty Knights (nutty-knights),"
                        + " Remarkable Rookies (remarkable-rookies), Forward FIDEs (forward-fides)."), text(refused));
                assertEquals(0, tournaments.view(id).orElseThrow().entrants().stream().filter(Entrant::hasJoined).count());
            }
            p.reply(invitation, "join " + CUP + " " + armies.get(i));
            MimeMessage joined = TournamentMails.tournament(p, "[Epistle] join " + CUP, 1);
            assertTrue(text(joined).contains("You have joined \"" + CUP + "\" with "), text(joined));
        }
        assertEquals("\"" + CUP + "\" started: 3 players, 1 games created (round 1 of 3).",
                tournaments.start(id).message());

        // Three players: round 1 is 1-4 (Ann's bye) and 2-3; Ben, with White, resigns to Cat.
        TournamentView v = tournaments.view(id).orElseThrow();
        TournamentGame first = v.games().get(0);
        assertEquals(List.of(2, 3), List.of(first.white(), first.black()));
        var game = world.installation().games().view(first.gameId());
        assertEquals("remarkable-rookies", game.army(Side.WHITE).key());
        assertEquals("colorbound-clobberers", game.army(Side.BLACK).key());
        Player ben = players.get(1);
        ben.reply(TournamentMails.opening(ben, first.gameId()), "resign");

        // Round 2 is 4-3 (Cat's bye) and 1-2: Ann and Ben are mailed their new game.
        MimeMessage round2 = TournamentMails.tournament(players.get(0), CUP + ": round 2", 1);
        assertTrue(text(round2).contains("Round 1 of \"" + CUP + "\" is complete; round 2 starts now."), text(round2));
        assertTrue(text(round2).contains("Round 2: White against Ben, game "), text(round2));
        TournamentGame second = tournaments.view(id).orElseThrow().games().stream().filter(g -> g.round() == 2)
                .findFirst().orElseThrow();
        TournamentMails.opening(players.get(0), second.gameId());
        assertEquals("nutty-knights", world.installation().games().view(second.gameId()).army(Side.WHITE).key());
        assertEquals(2, tournaments.view(id).orElseThrow().games().size(), "round 3 waits for round 2");
    }
}
