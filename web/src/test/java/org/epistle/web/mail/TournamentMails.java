package org.epistle.web.mail;

import jakarta.mail.internet.MimeMessage;
import java.time.Duration;

/**
 * Where the tournament tests wait for mail, in one place: the subjects of game mails are being changed
 * (one subject for the whole game, the news on the first line), and only these few lines need to follow.
 */
public final class TournamentMails {
    public static final Duration WAIT = Duration.ofSeconds(60);

    private TournamentMails() {
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
