package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.Contact;
import org.epistle.core.games.FamilyRating;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.tournament.Crosstable;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament run by mail through Greenmail, with the real server, a real H2 file and the real
 * mail reader: the players join by answering the invitation, play their games by answering the
 * games' mails, and one withdraws by mail. Timeouts are the clock branch's; they are not played here.
 */
class TournamentByMailTest {
    static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    MailWorld world;
    TournamentService tournaments;
    List<Player> players;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of());
        tournaments = world.installation().games().tournaments();
        players = TournamentMails.entrants(world, 4);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private long createAndFill(String name) {
        return TournamentMails.createAndEnter(tournaments,
                NewTournament.of(name, "marseillais", TournamentKind.DOUBLE_ROUND_ROBIN), players);
    }

    private static String text(MimeMessage m) {
        try {
            return Player.text(m);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private TournamentGame game(TournamentView v, int round, int white, int black) {
        return v.games().stream().filter(g -> g.round() == round && g.white() == white && g.black() == black)
                .findFirst().orElseThrow();
    }

    /** The player (by pairing number) answers the opening mail of the game with the line. */
    private void answer(TournamentView v, int round, int white, int black, int who, String line) {
        long gameId = game(v, round, white, black).gameId();
        Player p = players.get(who - 1);
        p.reply(p.awaitMail("Game " + gameId + " ·", 1, WAIT), line);
    }

    private void resign(TournamentView v, int round, int white, int black, int loser) {
        answer(v, round, white, black, loser, "resign");
        awaitOver(v, round, white, black);
    }

    private void draw(TournamentView v, int round, int white, int black) {
        answer(v, round, white, black, white, "offer draw");
        long gameId = game(v, round, white, black).gameId();
        Player b = players.get(black - 1);
        b.reply(b.awaitMail(s -> s.contains("Game " + gameId + " ·") && s.contains("offers a draw"), 1, WAIT), "accept draw");
        awaitOver(v, round, white, black);
    }

    private void awaitOver(TournamentView v, int round, int white, int black) {
        long gameId = game(v, round, white, black).gameId();
        players.get(white - 1).awaitMail(s -> s.contains("Game " + gameId + " ·") && s.contains("Game over"), 1, WAIT);
    }

    /**
     * The figures are those of the service test worked out by hand (TournamentsTest in core): Ann 3½ (SB 9),
     * Ben 3½ (SB 10, first), Cat 3, Dan 2 (withdrew after 3 of 6 games: 3 forfeits).
     */
    @Test
    void a_double_round_robin_by_mail_with_a_draw_resignations_and_a_withdrawal() {
        long id = createAndFill("Spring Marseillais");
        assertTrue(tournaments.start(id).isDone());
        for (Player p : players) {
            MimeMessage started = p.awaitMail("Spring Marseillais has started", 1, WAIT);
            assertTrue(text(started).contains("Round 1: "), text(started));
        }
        TournamentView v = tournaments.view(id).orElseThrow();

        resign(v, 1, 1, 4, 4);
        draw(v, 1, 2, 3);
        resign(v, 3, 4, 3, 3); // the table's round 2, played third (FIDE swaps the first cycle's last two)
        draw(v, 3, 1, 2);
        resign(v, 2, 2, 4, 2);
        resign(v, 2, 3, 1, 1);
        resign(v, 4, 3, 2, 3);
        draw(v, 5, 2, 1);
        draw(v, 6, 1, 3);
        Player dan = players.get(3);
        dan.reply(dan.awaitMail("Spring Marseillais has started", 1, WAIT), "withdraw Spring Marseillais");

        for (Player p : players) {
            MimeMessage last = p.awaitMail("Spring Marseillais: the final table", 1, WAIT);
            assertTrue(text(last).contains("First place: Ben."), text(last));
            assertTrue(text(last).contains("Dan (withdrew)  0−  1−  1−   ■      2     6½             2      2  4"),
                    text(last));
        }
        TournamentView end = tournaments.view(id).orElseThrow();
        assertEquals(TournamentState.FINISHED, end.tournament().state());
        Crosstable table = end.crosstable().orElseThrow();
        assertEquals(List.of("3½", "3½", "3", "2"), table.rows().stream().map(Crosstable.Row::points).toList());
        assertEquals(List.of("2", "1", "3", "4"), table.rows().stream().map(Crosstable.Row::place).toList());
        assertEquals(List.of("10", "", "2", "2½"), table.rows().get(1).tieBreaks());

        // Ratings: each played game is a Glicko-2 period of its own, from both ratings before it, in the order
        // the games ended. Dan's games: R1 lost to Ann (both new), R3 beat Cat (after her R1 draw with Ben),
        // R2 beat Ben (after his R1 and R3 draws). A newcomer's first loss to a newcomer is 1337.7 by hand.
        Glicko2 g = Glicko2.standard();
        Rating ann1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
        Rating dan1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 0)));
        Rating ben1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 0.5)));
        Rating cat1 = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 0.5)));
        Rating dan2 = g.rate(dan1, List.of(new Encounter(cat1, 1)));
        Rating ben2 = g.rate(ben1, List.of(new Encounter(ann1, 0.5)));
        Rating dan3 = g.rate(dan2, List.of(new Encounter(ben2, 1)));
        assertEquals(1337.7, dan1.rating(), 0.1);
        long danId = end.entrants().get(3).player().id();
        assertEquals(List.of(new FamilyRating("marseillais", dan3, 3)), tournaments.ratings(danId),
                "forfeits are not rated");
    }

    @Test
    void a_stranger_writing_join_gets_no_answer_and_changes_nothing() {
        long id = ((TournamentAnswer.Done) tournaments.create(NewTournament.of("Open Cup", "chess",
                TournamentKind.ROUND_ROBIN))).tournamentId();
        Player eve = world.player("Eve", "eve@example.org");
        Player ann = players.get(0);
        assertTrue(tournaments.invite(id, new Contact(ann.name(), ann.email())).isDone());
        MimeMessage invitation = ann.awaitMail("Invitation to Open Cup", 1, WAIT);
        // Eve writes to the server address as Ann's reply would: same Reply-To, her own From.
        eve.reply(invitation, "join Open Cup");
        ann.reply(invitation, "join Open Cup");
        ann.awaitMail("join Open Cup", 1, WAIT);
        assertEquals(List.of("Ann"), tournaments.view(id).orElseThrow().entrants().stream()
                .filter(e -> e.hasJoined()).map(e -> e.player().name()).toList());
        assertEquals(0, eve.inbox().size());
    }
}
