package org.epistle.web.cli;

import static org.epistle.web.cli.CommandLineTest.run;
import static org.epistle.web.mail.TournamentMails.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.TournamentState;
import org.epistle.web.Installation;
import org.epistle.web.mail.MailWorld;
import org.epistle.web.mail.Player;
import org.epistle.web.mail.TournamentMails;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The knockout acceptance: eight players enter by mail through Greenmail, every game is resigned by
 * mail, one first-round match is level after its two games and after the two extra games and goes to the
 * lot, and the bracket is mailed to everyone and printed by {@code epistle tournament show}. It lives beside
 * the command-line tests because the last step runs the command on the same database.
 */
class KnockoutByMailTest {
    static final String CUP = "Winter Cup";

    @TempDir
    Path dir;
    MailWorld world;
    TournamentService tournaments;
    List<Player> players;
    long id;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of());
        tournaments = world.installation().games().tournaments();
        players = TournamentMails.entrants(world, 8);
    }

    @AfterEach
    void stop() {
        TournamentCommand.OnInstallation.opener = Installation::open;
        world.close();
    }

    /** Seed n is the n-th player: all are new, so equal ratings keep the order of joining. */
    private Player seed(int n) {
        return players.get(n - 1);
    }

    /** The loser resigns, by mail, the first unfinished game of the match in this round; waits for its end. */
    private void win(int round, int winner, int loser) {
        TournamentGame g = tournaments.view(id).orElseThrow().games().stream()
                .filter(x -> x.round() == round && x.outcome() == Outcome.UNFINISHED
                        && (x.white() == winner && x.black() == loser || x.white() == loser && x.black() == winner))
                .min(Comparator.comparingLong(TournamentGame::gameId)).orElseThrow();
        Player p = seed(loser);
        p.reply(TournamentMails.opening(p, g.gameId()), "resign");
        TournamentMails.over(seed(winner), g.gameId());
    }

    @Test
    void eight_players_one_level_match_goes_to_the_lot_and_the_bracket_is_mailed_and_shown() {
        id = TournamentMails.createAndEnter(tournaments, NewTournament.of(CUP, "marseillais", TournamentKind.KNOCKOUT)
                .withTieRule(TieRule.LOTS), players);
        assertTrue(tournaments.start(id).isDone());
        // Eight places, no byes: 1 v 8, 4 v 5, 2 v 7, 3 v 6; the better seed has White in game 1.
        MimeMessage dansStart = TournamentMails.tournament(seed(4), CUP + " has started", 1);
        assertTrue(text(dansStart).contains("You are seed 4."), text(dansStart));
        assertTrue(text(dansStart).contains("Round 1, game 1 of your match: White against Eve"), text(dansStart));
        assertTrue(text(dansStart).contains("round 1, match 2: Dan (4) v Eve (5)"), text(dansStart));

        win(1, 1, 8);
        win(1, 1, 8);
        win(1, 2, 7);
        win(1, 2, 7);
        win(1, 3, 6);
        win(1, 3, 6);
        // Dan and Eve win one game each, then one each of the two extra games: 2-2, to the lot.
        win(1, 4, 5);
        win(1, 5, 4);
        MimeMessage more = TournamentMails.tournament(seed(4), CUP + ": two more games", 1);
        assertTrue(text(more).contains("is level after 2 games"), text(more));
        win(1, 4, 5);
        win(1, 5, 4);

        // The lot is seeded from the tournament, the round and the slot alone (KnockoutMatch.lots), so anyone can
        // draw it again: true means the better seed, Dan, goes through.
        boolean danWins = new Random(id * 1_000_003L + 1 * 1_009L + 2).nextBoolean();
        int through = danWins ? 4 : 5;
        String lotLine = "round 1, match 2: Dan (4) v Eve (5)  2-2  " + (danWins ? "Dan" : "Eve")
                + " goes through by lot, the match level after four games";
        MimeMessage decided = TournamentMails.tournament(seed(through), CUP + ": round 1 match decided", 1);
        assertTrue(text(decided).contains(lotLine), text(decided));

        // Round 2 from the winners in bracket order: 1 v through, 2 v 3.
        MimeMessage round2 = TournamentMails.tournament(seed(1), CUP + ": round 2", 1);
        assertTrue(text(round2).contains("White against " + seed(through).name()), text(round2));
        win(2, 1, through);
        win(2, 1, through);
        win(2, 2, 3);
        win(2, 3, 2);
        win(2, 3, 2); // 2-1 after one extra game: Cat leads
        win(2, 2, 3); // 2-2 ... Cat and Ben are level again
        // still level after four: the lot of round 2, slot 2
        boolean benWins = new Random(id * 1_000_003L + 2 * 1_009L + 2).nextBoolean();
        int finalist = benWins ? 2 : 3;
        TournamentMails.tournament(seed(1), CUP + ": round 3", 1);
        win(3, finalist, 1);
        win(3, finalist, 1);

        for (Player p : players) {
            MimeMessage last = TournamentMails.tournament(p, CUP + ": the final bracket", 1);
            assertTrue(text(last).contains(seed(finalist).name() + " won the final."), text(last));
            assertTrue(text(last).contains(lotLine), text(last));
        }
        assertEquals(TournamentState.FINISHED, tournaments.view(id).orElseThrow().tournament().state());

        world.stopEpistle();
        TournamentCommand.OnInstallation.opener = file -> Installation.open(
                new SettingsLoader(world.environment()).load().settings(), ServerKey.load(dir.resolve("server.key")),
                Clock.systemUTC());
        CommandLineTest.Run show = run("tournament", "show", CUP);
        assertEquals(0, show.exitCode(), show.err());
        assertTrue(show.out().contains("knockout of marseillais (fabulous-fides v fabulous-fides), scored 1/½/0"), show.out());
        assertTrue(show.out().contains("level matches to lots"), show.out());
        assertTrue(show.out().contains("Bracket:\n  round 1, match 1: Ann (1) v Hal (8)  2-0  Ann goes through on games\n"
                + "  " + lotLine + "\n"), show.out());
        assertTrue(show.out().contains("  round 3, match 1: Ann (1) v " + seed(finalist).name() + " (" + finalist + ")  0-2  "
                + seed(finalist).name() + " goes through on games"), show.out());
    }
}
