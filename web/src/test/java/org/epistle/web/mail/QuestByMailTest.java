package org.epistle.web.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.games.TurnRecord;
import org.junit.jupiter.api.Test;

/**
 * Quest-Chess by mail, over real SMTP and IMAP: the opponent answers inside the mover's turn, so a turn
 * is an exchange of mails. A capture is offered back and retaken, another is declined (with the plain
 * word decline, no draw being on offer), a check is met at once, and a turn that moves a man twice is
 * refused with its explanation while the game stays as it was. Each mail and the game's page say what
 * is awaited.
 */
class QuestByMailTest extends AliceAndBob {
    private static final Pattern GAME_PAGE = Pattern.compile("https?://\\S+?(/games/\\d+)");

    /** The n-th mail of the game in the player's inbox, waiting for it. */
    private static MimeMessage mail(Player p, int n) {
        return p.awaitMail(s -> s.contains("[Epistle]"), n, Duration.ofSeconds(20));
    }

    private static final Pattern PLAY_PAGE = Pattern.compile("https?://\\S+?(/play/\\d+/\\S+)");

    /** The game's public page, at the path the mail links to, from the running server. */
    private String page(String mailText) throws Exception {
        return page(mailText, GAME_PAGE);
    }

    /** The page a link of the mail leads to (the public page, or the player's own page), from the running server. */
    private String page(String mailText, Pattern link) throws Exception {
        Matcher m = link.matcher(mailText);
        assertTrue(m.find(), mailText);
        URI uri = URI.create("http://127.0.0.1:" + world.webPort() + m.group(1));
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    @Test
    void a_turn_with_a_recapture_offered_and_taken_a_refused_second_move_a_decline_and_a_check_met_at_once() throws Exception {
        long game = newGame("quest");
        MimeMessage opening = mail(alice, 1);
        assertTrue(Player.text(opening).contains("Quest-Chess"), Player.text(opening));
        alice.reply(opening, "e4, d4");
        mail(alice, 2);
        bob.reply(mail(bob, 2), "d5");
        alice.reply(mail(alice, 3), "exd5");

        // White's turn stops at the capture: Bob is asked for his answer, Alice told to wait for it
        MimeMessage offer = mail(bob, 4);
        String offered = Player.text(offer);
        assertTrue(Player.firstLine(offer).endsWith("your move, turn 2"), Player.firstLine(offer));
        assertTrue(offered.contains("White captured on d5: you may recapture there at once, or decline."), offered);
        assertTrue(offered.contains("Awaited: Black may recapture on d5, or decline."), offered);
        String waiting = Player.text(mail(alice, 4));
        assertTrue(waiting.contains("Black may recapture on d5 or decline; then your turn goes on"), waiting);
        assertTrue(page(waiting).contains("Awaited: Black may recapture on d5, or decline."), "the game's page says it too");
        String bobsPage = page(offered, PLAY_PAGE);
        assertTrue(bobsPage.contains("White captured on d5: you may recapture there at once, or decline."), bobsPage);
        assertTrue(page(waiting, PLAY_PAGE).contains("Black may recapture on d5 or decline; then your turn goes on"), "Alice's page");

        bob.reply(offer, "Qxd5");
        MimeMessage goOn = mail(alice, 5);
        String goOnText = Player.text(goOn);
        assertTrue(goOnText.contains("[Qxd5]"), goOnText);
        assertTrue(goOnText.contains("Your turn goes on: 1 of 10 moves played"), goOnText);

        // a knight may not move twice in one turn: the whole mail is refused, with the reason
        alice.reply(goOn, "Nc3, Nb5");
        String refusal = Player.text(mail(alice, 6));
        assertTrue(refusal.contains("Your knight on c3 has already moved in this turn, and a man moves again only after a capture"
                + " that was not taken back, after giving check, or to get your king out of check."), refusal);
        assertEquals(4, world.installation().games().view(game).turns().size(), "the refused mail changed nothing");

        alice.reply(goOn, "Nf3, Nc3");
        MimeMessage blacksTurn = mail(bob, 6);
        assertTrue(Player.firstLine(blacksTurn).endsWith("your move, turn 2"), Player.firstLine(blacksTurn));
        bob.reply(blacksTurn, "Qxd4");

        // Alice declines to take back on d4 with the plain word: no draw is on offer, so it answers the capture
        MimeMessage secondOffer = mail(alice, 8);
        assertTrue(Player.text(secondOffer).contains("Black captured on d4: you may recapture there at once, or decline."),
                Player.text(secondOffer));
        alice.reply(secondOffer, "decline");
        MimeMessage afterDecline = mail(bob, 8);
        assertTrue(Player.text(afterDecline).contains("[decline]"), Player.text(afterDecline));

        // the queen that was not taken back moves again, with check: White must get out at once
        bob.reply(afterDecline, "Qxc3+");
        MimeMessage check = mail(alice, 10);
        assertTrue(Player.text(check).contains("must get out of check at once"), Player.text(check));
        alice.reply(check, "bxc3");
        bob.reply(mail(bob, 10), "pass");
        MimeMessage whitesThird = mail(alice, 12);
        assertTrue(Player.firstLine(whitesThird).endsWith("your move, turn 3"), Player.firstLine(whitesThird));

        bob.reply(mail(bob, 11), "help");
        String help = Player.text(mail(bob, 12));
        assertTrue(help.contains("Donald Benge's Quest-Chess. A turn has up to ten moves"), help);

        List<String> history = world.installation().games().view(game).turns().stream().map(TurnRecord::line).toList();
        assertEquals(List.of("1. e4, d4", "1... d5", "2. exd5", "2... [Qxd5]", "2. Nf3, Nc3", "2... Qxd4", "2. [decline]",
                "2... Qxc3+", "2. [bxc3]", "2... pass"), history);
    }
}
