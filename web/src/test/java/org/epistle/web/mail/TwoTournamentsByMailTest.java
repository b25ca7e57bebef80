package org.epistle.web.mail;

import static org.epistle.web.mail.TournamentMails.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.epistle.core.games.FamilyRating;
import org.epistle.core.games.NewTournament;
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
    final Glicko2 glicko = Glicko2.standard();

    @BeforeEach
    void start() {
        // The scheduler's own timer waits an hour of real time: only the test's tick does the due work.
        world = MailWorld.start(dir, Map.of("EPISTLE_CLOCK_TICK_SECONDS", "3600"), clock);
        tournaments = world.installation().games().tournaments();
        players = TournamentMails.entrants(world, 4);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private long create(NewTournament t) {
        return TournamentMails.createAndEnter(tournaments, t, players);
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
    private void resign(long tournament, int round, int white, int black, int loser) {
        long id = game(tournament, round, white, black);
        Player p = number(loser);
        p.reply(TournamentMails.opening(p, id), "resign");
        TournamentMails.over(number(loser == white ? black : white), id);
    }

    /** White offers a draw by mail, Black accepts it by mail. */
    private void draw(long tournament, int round, int white, int black) {
        long id = game(tournament, round, white, black);
        number(white).reply(TournamentMails.opening(number(white), id), "offer draw");
        number(black).reply(TournamentMails.drawOffer(number(black), id), "accept draw");
        TournamentMails.over(number(white), id);
    }

    /** A rating as worked out by hand: rating and RD to the tenth shown, volatility to the ten-millionth (σ' above is shown to six places). */
    private static void assertRating(double[] byHand, FamilyRating actual, String whose) {
        assertEquals(byHand[0], actual.rating().rating(), 0.05, whose + ": rating");
        assertEquals(byHand[1], actual.rating().deviation(), 0.05, whose + ": RD");
        assertEquals(byHand[2], actual.rating().volatility(), 0.0000001, whose + ": volatility");
        assertEquals((int) byHand[3], actual.games(), whose + ": games");
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
        resign(slater, 1, 1, 4, 4);
        draw(slater, 1, 2, 3);
        resign(slater, 2, 2, 4, 2);
        resign(slater, 2, 3, 1, 3);
        Player dan = number(4);
        dan.reply(TournamentMails.tournament(dan, SLATER + " has started", 1), "withdraw " + SLATER);
        MimeMessage gone = TournamentMails.tournament(number(1), "Dan withdrew from " + SLATER, 1);
        assertTrue(text(gone).contains("all 6 of their games are annulled (fewer than half were played)"), text(gone));
        resign(slater, 3, 1, 2, 2);
        resign(slater, 4, 3, 2, 2);
        resign(slater, 5, 2, 1, 1);
        resign(slater, 6, 1, 3, 1);

        // AISE Progressive, every game on 3 days a move from T0. R1: Dan resigns to Ann, Ben to Cat. R2: Dan
        // to Ben, Ann to Cat. R3: Dan to Cat, Ben to Ann. R4: Dan to Ann, Cat to Ben. R5: Cat to Dan, Ben to
        // Ann. R6: Dan to Ben; Ann, White against Cat, never moves and loses on time.
        resign(aise, 1, 1, 4, 4);
        resign(aise, 1, 2, 3, 2);
        resign(aise, 2, 2, 4, 4);
        resign(aise, 2, 3, 1, 1);
        resign(aise, 3, 4, 3, 4);
        resign(aise, 3, 1, 2, 2);
        resign(aise, 4, 4, 1, 4);
        resign(aise, 4, 3, 2, 3);
        resign(aise, 5, 3, 4, 3);
        resign(aise, 5, 2, 1, 2);
        resign(aise, 6, 4, 2, 4);
        long lastGame = game(aise, 6, 1, 3);
        assertEquals(TournamentState.PLAYING, tournaments.view(aise).orElseThrow().tournament().state());
        clock.move(Duration.ofDays(3).plusHours(1));
        assertTrue(world.installation().games().tick() > 0, "the timeout is due");
        TournamentMails.over(number(3), lastGame);

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
        // The later periods, worked out the same way to the digits shown: each line is one player's period
        // in the order the games ended, with the opponent's rating before the game. g = g(φ of the opponent);
        // E = 1/(1 + e^(-g(μ - μj))); v = 1/(g² E (1-E)); Δ = v g (s - E); σ' is the Illinois iteration's
        // root of f(x) = e^x(Δ² - φ² - v - e^x)/(2(φ² + v + e^x)²) - (x - ln σ²)/τ² (τ = 0.5, to 10^-6),
        // as e^(x/2); φ* = √(φ² + σ'²); φ' = 1/√(1/φ*² + 1/v); μ' = μ + φ'² g (s - E); then r' = 1500 +
        // 173.7178 μ', RD' = 173.7178 φ'. Annulled games count here: they were played out.
        // Slater Marseillais (games: R1 Ann-Dan 1-0, Ben-Cat ½-½, R2 Ben-Dan 0-1, Cat-Ann 0-1, R3 Ann-Ben 1-0,
        // R4 Cat-Ben 1-0, R5 Ben-Ann 1-0, R6 Ann-Cat 0-1):
        //  #  who s  g       E       v         Δ         σ'       φ*      φ'      μ'        r'     RD'
        //  1 Ann 1  0.66907 0.50000  8.93547  +2.98923 0.060000 2.01566 1.67121 +0.93434  1662.3 290.3
        //  1 Dan 0  0.66907 0.50000  8.93547  -2.98923 0.060000 2.01566 1.67121 -0.93434  1337.7 290.3
        //  2 Ben ½  0.66907 0.50000  8.93547  +0.00000 0.059999 2.01566 1.67121 +0.00000  1500.0 290.3
        //  2 Cat ½  0.66907 0.50000  8.93547  +0.00000 0.059999 2.01566 1.67121 +0.00000  1500.0 290.3
        //  3 Ben 0  0.73542 0.66533  8.30369  -4.06298 0.060000 1.67229 1.44637 -1.02361  1322.2 251.3
        //  3 Dan 1  0.73542 0.33467  8.30369  +4.06298 0.060000 1.67229 1.44637 +0.08927  1515.5 251.3
        //  4 Cat 0  0.73542 0.33467  8.30369  -2.04374 0.059998 1.67229 1.44637 -0.51489  1410.6 251.3
        //  4 Ann 1  0.73542 0.66533  8.30369  +2.04374 0.059999 1.67229 1.44637 +1.44923  1751.8 251.3
        //  5 Ann 1  0.78185 0.87362 14.81713  +1.46404 0.059998 1.44762 1.35497 +1.63063  1783.3 235.4
        //  5 Ben 0  0.78185 0.12638 14.81713  -1.46404 0.059999 1.44762 1.35497 -1.20501  1290.7 235.4
        //  6 Cat 1  0.80114 0.63480  6.72075  +1.96631 0.059997 1.44762 1.26392 -0.04751  1491.7 219.6
        //  6 Ben 0  0.78185 0.36829  7.03149  -2.02469 0.059998 1.35630 1.20751 -1.62486  1217.7 209.8
        //  7 Ben 1  0.80114 0.06862 24.37888 +18.19070 0.060004 1.20900 1.17431 -0.59590  1396.5 204.0
        //  7 Ann 0  0.83241 0.93761 24.67053 -19.25467 0.060005 1.35630 1.30839 +0.29455  1551.2 227.3
        //  8 Ann 0  0.82045 0.56970  6.06008  -2.83257 0.060005 1.30977 1.15629 -0.33039  1442.6 200.9
        //  8 Cat 1  0.81101 0.43109  6.19917  +2.86027 0.059997 1.26534 1.12803 +0.53959  1593.7 196.0
        // AISE Progressive (R1 Ann-Dan 1-0, Ben-Cat 0-1, R2 Ben-Dan 1-0, Cat-Ann 1-0, R3 Dan-Cat 0-1, Ann-Ben
        // 1-0, R4 Dan-Ann 0-1, Cat-Ben 0-1, R5 Cat-Dan 0-1, Ben-Ann 0-1, R6 Dan-Ben 0-1, Ann-Cat 0-1 on time):
        //  #  who s  g       E       v         Δ         σ'       φ*      φ'      μ'        r'     RD'
        //  1 Ann 1  0.66907 0.50000  8.93547  +2.98923 0.060000 2.01566 1.67121 +0.93434  1662.3 290.3
        //  1 Dan 0  0.66907 0.50000  8.93547  -2.98923 0.060000 2.01566 1.67121 -0.93434  1337.7 290.3
        //  2 Ben 0  0.66907 0.50000  8.93547  -2.98923 0.060000 2.01566 1.67121 -0.93434  1337.7 290.3
        //  2 Cat 1  0.66907 0.50000  8.93547  +2.98923 0.060000 2.01566 1.67121 +0.93434  1662.3 290.3
        //  3 Ben 1  0.73542 0.50000  7.39581  +2.71952 0.059999 1.67229 1.42451 -0.18816  1467.3 247.5
        //  3 Dan 0  0.73542 0.50000  7.39581  -2.71952 0.059999 1.67229 1.42451 -1.68051  1208.1 247.5
        //  4 Cat 1  0.73542 0.50000  7.39581  +2.71952 0.059999 1.67229 1.42451 +1.68051  1791.9 247.5
        //  4 Ann 0  0.73542 0.50000  7.39581  -2.71952 0.059999 1.67229 1.42451 +0.18816  1532.7 247.5
        //  5 Dan 0  0.78645 0.06641 26.07953  -1.36198 0.059999 1.42578 1.37326 -1.77900  1191.0 238.6
        //  5 Cat 1  0.78645 0.93359 26.07953  +1.36198 0.059999 1.42578 1.37326 +1.77900  1809.0 238.6
        //  6 Ann 1  0.78645 0.57345  6.60991  +2.21733 0.059999 1.42578 1.24688 +0.70970  1623.3 216.6
        //  6 Ben 0  0.78645 0.42655  6.60991  -2.21733 0.059999 1.42578 1.24688 -0.70970  1376.7 216.6
        //  7 Dan 0  0.82407 0.11397 14.58302  -1.36958 0.059998 1.37457 1.29334 -1.93609  1163.7 224.7
        //  7 Ann 1  0.79727 0.87912 14.80468  +1.42674 0.059998 1.24832 1.18739 +0.84557  1646.9 206.3
        //  8 Cat 0  0.82407 0.88603 14.58302 -10.64778 0.060004 1.37457 1.29334 +0.55766  1596.9 224.7
        //  8 Ben 1  0.79727 0.12088 14.80468 +10.37656 0.060003 1.24832 1.18739 +0.27850  1548.4 206.3
        //  9 Cat 0  0.81421 0.88396 14.70535 -10.58379 0.060008 1.29473 1.22670 -0.52536  1408.7 213.1
        //  9 Dan 1  0.81421 0.11604 14.70535 +10.58379 0.060003 1.29473 1.22670 -0.85307  1351.8 213.1
        // 10 Ben 0  0.83666 0.38356  6.04188  -1.93892 0.060002 1.18891 1.07028 -0.08911  1484.5 185.9
        // 10 Ann 1  0.83666 0.61644  6.04188  +1.93892 0.059997 1.18891 1.07028 +1.21318  1710.8 185.9
        // 11 Dan 0  0.86124 0.34120  5.99775  -1.76247 0.060002 1.22816 1.09785 -1.20724  1290.3 190.7
        // 11 Ben 1  0.82834 0.65313  6.43296  +1.84838 0.060001 1.07196 0.98740 +0.19102  1533.2 171.5
        // 12 Ann 0  0.82834 0.80847  9.41197  -6.30313 0.060001 1.07196 1.01197 +0.52736  1591.6 175.8
        // 12 Cat 1  0.86124 0.18283  9.02391  +6.35085 0.060012 1.22816 1.13682 +0.38417  1566.7 197.5
        // Each player's last line is their rating: Marseillais Ann 1442.6 RD 200.9, Ben 1396.5 RD 204.0,
        // Cat 1593.7 RD 196.0, Dan 1515.5 RD 251.3 (his last game was the second); Progressive Ann 1591.6
        // RD 175.8, Ben 1533.2 RD 171.5, Cat 1566.7 RD 197.5, Dan 1290.3 RD 190.7.
        double[][] slaterByHand = {{1442.6, 200.9, 0.0600049, 5}, {1396.5, 204.0, 0.0600042, 5},
                {1593.7, 196.0, 0.0599974, 4}, {1515.5, 251.3, 0.0600003, 2}};
        double[][] aiseByHand = {{1591.6, 175.8, 0.0600005, 6}, {1533.2, 171.5, 0.0600014, 6},
                {1566.7, 197.5, 0.0600121, 6}, {1290.3, 190.7, 0.0600019, 6}};
        for (int n = 1; n <= 4; n++) {
            long playerId = tournaments.view(aise).orElseThrow().entrants().get(n - 1).player().id();
            List<FamilyRating> rated = tournaments.ratings(playerId);
            assertEquals(List.of("marseillais", "progressive"), rated.stream().map(FamilyRating::family).toList());
            assertRating(slaterByHand[n - 1], rated.get(0), number(n).name() + ", Marseillais");
            assertRating(aiseByHand[n - 1], rated.get(1), number(n).name() + ", Progressive");
        }
    }
}
