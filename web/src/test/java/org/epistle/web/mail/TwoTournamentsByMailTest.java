package org.epistle.web.mail;

import static org.epistle.web.mail.TournamentMails.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
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
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.core.testing.MovedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance test: two double round robins of the same four players, one of Marseillais and
 * one of Italian Progressive, played by mail through Greenmail to the end, with a draw by agreement, a
 * withdrawal, resignations and a timeout (the Progressive's 3 days a move, the clock moved by hand and the
 * scheduler's tick called by the test). The final crosstables, tie-breaks and ratings are worked out by
 * hand below.
 *
 * <p>Pairing numbers follow the order of joining: Ann 1, Ben 2, Cat 3, Dan 4. The double table for four,
 * with FIDE's swap of the first cycle's last two rounds: R1 1-4 2-3, R2 2-4 3-1, R3 4-3 1-2, R4 4-1 3-2,
 * R5 3-4 2-1, R6 4-2 1-3.
 */
class TwoTournamentsByMailTest {
    static final Instant T0 = Instant.parse("2026-01-05T10:00:00Z");
    static final String SLATER = "Slater Marseillais";
    static final String AISE = "AISE Progressive";

    @TempDir
    Path dir;
    final MovedClock clock = new MovedClock(T0);
    MailWorld world;
    TournamentService tournaments;
    List<Player> players;
    /** The ratings of each family as the test replays the games in the order they ended. */
    final Map<String, Rating> ratings = new HashMap<>();
    final Glicko2 glicko = Glicko2.standard();

    @BeforeEach
    void start() {
        // The scheduler's own timer waits an hour of real time: only the test's tick does the due work.
        world = MailWorld.start(dir, Map.of("EPISTLE_CLOCK_TICK_SECONDS", "3600"), clock);
        tournaments = world.installation().games().tournaments();
        players = List.of(world.player("Ann", "ann@example.org"), world.player("Ben", "ben@example.org"),
                world.player("Cat", "cat@example.org"), world.player("Dan", "dan@example.org"));
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private long create(NewTournament t) {
        TournamentAnswer a = tournaments.create(t);
        assertTrue(a.isDone(), a.message());
        long id = ((TournamentAnswer.Done) a).tournamentId();
        for (Player p : players) { // one after another, so the numbers follow the list
            assertTrue(tournaments.invite(id, new Contact(p.name(), p.email())).isDone());
            p.reply(TournamentMails.tournament(p, "Invitation to " + t.name(), 1), "join " + t.name());
            TournamentMails.tournament(p, "join " + t.name(), 1);
        }
        return id;
    }

    private long game(long tournament, int round, int white, int black) {
        TournamentView v = tournaments.view(tournament).orElseThrow();
        return v.games().stream().filter(g -> g.round() == round && g.white() == white && g.black() == black)
                .findFirst().map(TournamentGame::gameId).orElseThrow();
    }

    private Player number(int n) {
        return players.get(n - 1);
    }

    /** The loser (a pairing number) resigns by mail; the winner's "game over" mail says it was counted. */
    private void resign(long tournament, String family, int round, int white, int black, int loser) {
        long id = game(tournament, round, white, black);
        Player p = number(loser);
        p.reply(TournamentMails.opening(p, id), "resign");
        TournamentMails.over(number(loser == white ? black : white), id);
        rated(family, white, black, loser == white ? 0 : 1);
    }

    /** White offers a draw by mail, Black accepts it by mail. */
    private void draw(long tournament, String family, int round, int white, int black) {
        long id = game(tournament, round, white, black);
        number(white).reply(TournamentMails.opening(number(white), id), "offer draw");
        number(black).reply(TournamentMails.drawOffer(number(black), id), "accept draw");
        TournamentMails.over(number(white), id);
        rated(family, white, black, 0.5);
    }

    /** One game, one Glicko-2 period for each player, from both ratings before it. */
    private void rated(String family, int white, int black, double whiteScore) {
        Rating w = ratings.getOrDefault(family + white, Rating.NEW);
        Rating b = ratings.getOrDefault(family + black, Rating.NEW);
        ratings.put(family + white, glicko.rate(w, List.of(new Encounter(b, whiteScore))));
        ratings.put(family + black, glicko.rate(b, List.of(new Encounter(w, 1 - whiteScore))));
    }

    private static List<String> column(Crosstable t, java.util.function.Function<Crosstable.Row, String> f) {
        return t.rows().stream().map(f).toList();
    }

    @Test
    void a_marseillais_and_a_progressive_double_round_robin_are_played_by_mail_to_the_end() {
        long slater = create(NewTournament.of(SLATER, "marseillais", TournamentKind.DOUBLE_ROUND_ROBIN)
                .withWithdrawalRule(WithdrawalRule.ANNUL_IF_FEWER_THAN_HALF_PLAYED));
        long aise = create(NewTournament.of(AISE, "italian-progressive", TournamentKind.DOUBLE_ROUND_ROBIN)
                .withTimeControl("3d"));
        assertTrue(tournaments.start(slater).isDone());
        assertTrue(tournaments.start(aise).isDone());

        // Slater Marseillais. R1: Dan resigns to Ann; Ben and Cat agree a draw. R2: Ben resigns to Dan; Cat
        // resigns to Ann. Then Dan withdraws, with 2 of his 6 games played: fewer than half, so all six are
        // annulled (the four still to play are stopped). R3: Ben resigns to Ann. R4: Ben resigns to Cat.
        // R5: Ann resigns to Ben. R6: Ann resigns to Cat.
        resign(slater, "m", 1, 1, 4, 4);
        draw(slater, "m", 1, 2, 3);
        resign(slater, "m", 2, 2, 4, 2);
        resign(slater, "m", 2, 3, 1, 3);
        Player dan = number(4);
        dan.reply(TournamentMails.tournament(dan, SLATER + " has started", 1), "withdraw " + SLATER);
        MimeMessage gone = TournamentMails.tournament(number(1), "Dan withdrew from " + SLATER, 1);
        assertTrue(text(gone).contains("all 6 of their games are annulled (fewer than half were played)"), text(gone));
        resign(slater, "m", 3, 1, 2, 2);
        resign(slater, "m", 4, 3, 2, 2);
        resign(slater, "m", 5, 2, 1, 1);
        resign(slater, "m", 6, 1, 3, 1);

        // AISE Progressive, every game on 3 days a move from T0. R1: Dan resigns to Ann, Ben to Cat. R2: Dan
        // to Ben, Ann to Cat. R3: Dan to Cat, Ben to Ann. R4: Dan to Ann, Cat to Ben. R5: Cat to Dan, Ben to
        // Ann. R6: Dan to Ben; Ann, White against Cat, never moves and loses on time.
        resign(aise, "p", 1, 1, 4, 4);
        resign(aise, "p", 1, 2, 3, 2);
        resign(aise, "p", 2, 2, 4, 4);
        resign(aise, "p", 2, 3, 1, 1);
        resign(aise, "p", 3, 4, 3, 4);
        resign(aise, "p", 3, 1, 2, 2);
        resign(aise, "p", 4, 4, 1, 4);
        resign(aise, "p", 4, 3, 2, 3);
        resign(aise, "p", 5, 3, 4, 3);
        resign(aise, "p", 5, 2, 1, 2);
        resign(aise, "p", 6, 4, 2, 4);
        long lastGame = game(aise, 6, 1, 3);
        assertEquals(TournamentState.PLAYING, tournaments.view(aise).orElseThrow().tournament().state());
        clock.move(Duration.ofDays(3).plusHours(1));
        assertTrue(world.installation().games().tick() > 0, "the timeout is due");
        TournamentMails.over(number(3), lastGame);
        rated("p", 1, 3, 0);

        // ---- Slater Marseillais, by hand. Counted games (Dan's annulled): R1 2-3 ½-½, R2 3-1 0-1, R3 1-2 1-0,
        // R4 3-2 1-0, R5 2-1 1-0, R6 1-3 0-1.
        // Points: Ann 1 (v Cat) + 1 (v Ben) + 0 (v Ben) + 0 (v Cat) = 2; Ben ½ + 0 + 0 + 1 = 1½;
        // Cat ½ + 0 + 1 + 1 = 2½; Dan 0 (all annulled). Places: Cat 1, Ann 2, Ben 3, Dan 4.
        // SB: Ann 1 x 2½ (Cat) + 1 x 1½ (Ben) = 4; Ben ½ x 2½ (Cat) + 1 x 2 (Ann) = 3¼;
        // Cat 1 x 2 (Ann) + 1½ x 1½ (Ben) = 4¼; Dan 0.
        // DE: nobody level on points, so none. Wins: Ann 2, Ben 1, Cat 2, Dan 0.
        // Koya (opponents on half their counted games or more: Ann 2 of 4, Cat 2½ of 4, Dan 0 of 0; not Ben
        // 1½ of 4): Ann 1 (v Cat) ; Ben 1 (v Ann) + ½ (v Cat) = 1½; Cat 1 (v Ann); Dan 0.
        for (Player p : players) {
            MimeMessage last = TournamentMails.tournament(p, SLATER + ": the final table", 1);
            assertTrue(text(last).contains("First place: Cat."), text(last));
        }
        Crosstable m = tournaments.view(slater).orElseThrow().crosstable().orElseThrow();
        assertEquals(TournamentState.FINISHED, tournaments.view(slater).orElseThrow().tournament().state());
        assertEquals(List.of("Ann", "Ben", "Cat", "Dan (withdrew)"), column(m, Crosstable.Row::name));
        assertEquals(List.of("2", "1½", "2½", "0"), column(m, Crosstable.Row::points));
        assertEquals(List.of("2", "3", "1", "4"), column(m, Crosstable.Row::place));
        assertEquals(List.of(List.of("4", "", "2", "1"), List.of("3.25", "", "1", "1½"), List.of("4.25", "", "2", "1"),
                List.of("0", "", "0", "0")), m.rows().stream().map(Crosstable.Row::tieBreaks).toList());
        assertEquals(6, tournaments.view(slater).orElseThrow().games().stream()
                .filter(g -> g.outcome() == Outcome.ANNULLED).count());

        // ---- AISE Progressive, by hand. Points: Ann 1+0+1+1+1+0 = 4; Ben 0+1+0+1+0+1 = 3;
        // Cat 1+1+1+0+0+1 = 4; Dan 0+0+0+0+1+0 = 1. Ann and Cat are level on 4.
        // SB: Ann 2 x 1 (Dan) + 2 x 3 (Ben) + 0 (Cat) = 8; Ben 2 x 1 (Dan) + 1 x 4 (Cat) = 6;
        // Cat 2 x 4 (Ann) + 1 x 3 (Ben) + 1 x 1 (Dan) = 12; Dan 1 x 4 (Cat) = 4. Cat is first on SB.
        // DE: SB parted Ann and Cat, so none. Wins: Ann 4, Ben 3, Cat 4, Dan 1.
        // Koya (3 of 6 or more: Ann, Ben, Cat): Ann 2 (Ben) + 0 (Cat) = 2; Ben 1 (Cat) + 0 (Ann) = 1;
        // Cat 2 (Ann) + 1 (Ben) = 3; Dan 1 (Cat) + 0 + 0 = 1.
        for (Player p : players) {
            MimeMessage last = TournamentMails.tournament(p, AISE + ": the final table", 1);
            assertTrue(text(last).contains("First place: Cat."), text(last));
        }
        Crosstable pr = tournaments.view(aise).orElseThrow().crosstable().orElseThrow();
        assertEquals(List.of("4", "3", "4", "1"), column(pr, Crosstable.Row::points));
        assertEquals(List.of("2", "3", "1", "4"), column(pr, Crosstable.Row::place));
        assertEquals(List.of(List.of("8", "", "4", "2"), List.of("6", "", "3", "1"), List.of("12", "", "4", "3"),
                List.of("4", "", "1", "1")), pr.rows().stream().map(Crosstable.Row::tieBreaks).toList());
        assertEquals("time forfeit", world.installation().games().view(lastGame).termination().orElse(""));

        // ---- Ratings. Every game played out (annulled ones too: they were played) is a Glicko-2 period of its
        // own, in the order the games ended; the families are apart. The first game of each family is between
        // two newcomers (r 1500, RD 350, σ 0.06), which works out by hand, in Glickman's steps: φ = 350/173.7178
        // = 2.01476; g(φ) = 1/√(1 + 3φ²/π²) = 1/√2.23388 = 0.66907; E = 1/(1 + e^0) = ½;
        // v = 1/(g² E (1-E)) = 1/(0.44766 x ¼) = 8.93535; σ' stays 0.06 to five places; φ* = √(φ² + σ'²) =
        // 2.01566; φ' = 1/√(1/φ*² + 1/v) = 1/√(0.24613 + 0.11192) = 1.67121; μ' = φ'² g (s - E) =
        // 2.79294 x 0.66907 x ½ = 0.93434 for the winner; r' = 1500 + 173.7178 x 0.93434 = 1662.3,
        // RD' = 173.7178 x 1.67121 = 290.3; the loser 1337.7, same RD.
        Rating firstWinner = glicko.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
        assertEquals(1662.3, firstWinner.rating(), 0.05);
        assertEquals(290.3, firstWinner.deviation(), 0.05);
        int[] slaterGames = {5, 5, 4, 2};   // Ann, Ben, Cat, Dan: games played out, annulled ones included
        int[] aiseGames = {6, 6, 6, 6};
        for (int n = 1; n <= 4; n++) {
            long playerId = tournaments.view(aise).orElseThrow().entrants().get(n - 1).player().id();
            assertEquals(List.of(new FamilyRating("marseillais", ratings.get("m" + n), slaterGames[n - 1]),
                            new FamilyRating("progressive", ratings.get("p" + n), aiseGames[n - 1])),
                    tournaments.ratings(playerId), number(n).name());
        }
    }
}
