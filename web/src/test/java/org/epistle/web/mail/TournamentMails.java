package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.List;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentService;

/**
 * The tournament tests' players and where they wait for mail, in one place: the subjects of game mails are being
 * changed (one subject for the whole game, the news on the first line), and only these few lines need to follow.
 */
public final class TournamentMails {
    public static final Duration WAIT = Duration.ofSeconds(60);

    private static final List<String> NAMES = List.of("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal");

    private TournamentMails() {
    }

    /** The first {@code count} of Ann, Ben, Cat, Dan, Eve, Fay, Gus and Hal, each with a mailbox of their own. */
    public static List<Player> entrants(MailWorld world, int count) {
        return NAMES.subList(0, count).stream()
                .map(name -> world.player(name, name.toLowerCase(java.util.Locale.ROOT) + "@example.org")).toList();
    }

    /**
     * The admin creates the tournament, which must be accepted; then each player is invited, reads in the
     * invitation how to join and joins by replying to it, and gets the answer. One after another, so the
     * players' numbers follow the list.
     */
    public static long createAndEnter(TournamentService tournaments, NewTournament t, List<Player> players) {
        TournamentAnswer created = tournaments.create(t);
        assertTrue(created.isDone(), created.message());
        long id = ((TournamentAnswer.Done) created).tournamentId();
        for (Player p : players) {
            assertTrue(tournaments.invite(id, new Contact(p.name(), p.email())).isDone());
            MimeMessage invitation = tournament(p, "Invitation to " + t.name(), 1);
            assertTrue(text(invitation).contains("join " + t.name()), text(invitation));
            p.reply(invitation, "join " + t.name());
            tournament(p, "join " + t.name(), 1);   // the answer: "[Epistle] join Spring Marseillais"
        }
        return id;
    }

    /** The {@code count}-th tournament mail (not about one game) whose subject holds {@code words}. */
    public static MimeMessage tournament(Player p, String words, int count) {
        return p.awaitMail(s -> s.contains(words) && !s.contains("· "), count, WAIT);
    }

    /** The first mail of a game to this player: the opening mail, which a reply answers. */
    public static MimeMessage opening(Player p, long gameId) {
        return p.awaitMail(s -> s.contains("Game " + gameId + " ·"), 1, WAIT);
    }

    /** The {@code count}-th mail of the game saying who moves now ("your move, turn 2", "Bob to move, turn 2"). */
    public static MimeMessage toMove(Player p, long gameId, int count) {
        return p.awaitMail(s -> s.contains("Game " + gameId + " ·") && (s.contains("to move, turn") || s.contains("your move, turn")),
                count, WAIT);
    }

    /** The mail telling this player the opponent offers a draw. */
    public static MimeMessage drawOffer(Player p, long gameId) {
        return p.awaitMail(s -> s.contains("Game " + gameId + " ·") && s.contains("offers a draw"), 1, WAIT);
    }

    /** The mail saying the game is over. */
    public static MimeMessage over(Player p, long gameId) {
        return p.awaitMail(s -> s.contains("Game " + gameId + " ·") && s.contains("Game over"), 1, WAIT);
    }

    public static String text(MimeMessage m) {
        try {
            return Player.text(m);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
