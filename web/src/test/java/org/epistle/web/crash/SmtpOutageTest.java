package org.epistle.web.crash;

import org.epistle.web.Await;
import org.epistle.web.mail.Player;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameService;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.Result;
import org.epistle.core.games.Seat;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;
import org.epistle.web.crash.Records.OutboxRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mail provider goes away (SMTP and IMAP refuse connections) while the server runs and games
 * change; the server keeps every notification in its outbox, retrying with backoff, and delivers each
 * exactly once when the provider is back, and reads its mailbox again.
 */
class SmtpOutageTest {
    private static final Duration MAIL = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    MailServer mail;
    Path work;
    Map<String, String> env;
    Player white;
    Player black;
    ServerProcess server;
    Installation installation;

    @BeforeEach
    void start() throws IOException {
        mail = MailServer.start();
        work = Files.createDirectories(dir.resolve("work"));
        env = mail.environment(dir.resolve("db"), 1);
        white = mail.mailbox("white@example.com");
        black = mail.mailbox("black@example.com");
        server = ServerProcess.start(work, env, Optional.empty());
        // the server process holds the H2 file; this connection goes through it (AUTO_SERVER)
        installation = Installation.open(new SettingsLoader(env).load().settings(),
                ServerKey.load(work.resolve("data").resolve("server.key")), Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        try {
            if (installation != null) {
                installation.close();
            }
        } finally {
            try {
                if (server != null) {
                    server.close();
                }
            } finally {
                mail.close();
            }
        }
    }

    @Test
    void notifications_written_while_smtp_is_down_are_delivered_once_when_it_returns() throws Exception {
        mail.stop();
        GameService games = installation.games();
        CreatedGame created = games.create(new NewGame("chess", "fabulous-fides", "fabulous-fides",
                new Contact("White", white.email()), new Contact("Black", black.email())));
        long game = created.gameId();
        Seat whiteSeat = games.seat(game, created.whiteToken()).orElseThrow();
        Result played = games.handle(whiteSeat, CommandParser.parse("e4"), "e4", Optional.empty());
        assertEquals(Result.Effect.TURN_PLAYED, played.effect(), played.outcome());

        // the outage: every mail is kept and retried (5 s after the first attempt), none is sent
        Await.until(Duration.ofSeconds(30), () -> "every mail to be tried twice: " + Records.outbox(installation, game),
                () -> Records.outbox(installation, game).stream().allMatch(r -> r.attempts() >= 2));
        List<OutboxRow> during = Records.outbox(installation, game);
        assertEquals(List.of("GAME_STARTED", "GAME_STARTED", "TURN_ACCEPTED", "TURN_ACCEPTED"),
                during.stream().map(OutboxRow::kind).toList());
        for (OutboxRow row : during) {
            assertEquals("PENDING", row.status(), row.toString());
            assertNotNull(row.lastError(), row.toString());
        }
        assertTrue(server.isAlive(), "the server keeps running:\n" + server.console());
        assertTrue(server.countLines("SMTP server 127.0.0.1", "unreachable") >= 2, server.console());

        // the provider is back, on the same ports, with empty mailboxes
        mail.startAgain();
        Await.until(MAIL, () -> "every mail to be sent: " + Records.outbox(installation, game) + "\n" + server.console(),
                () -> Records.outbox(installation, game).stream().allMatch(OutboxRow::isSent));
        MimeMessage forBlack = black.awaitMail("your move, turn 1", 1, MAIL);
        white.awaitMail("to move, turn 1", 1, MAIL);

        // the reader is back too: Black's reply by mail is played and White hears of it
        String reply = black.reply(forBlack, "e5");
        white.awaitMail("your move, turn 2", 1, MAIL);
        black.awaitMail("to move, turn 2", 1, MAIL);
        Await.until(MAIL, () -> "every mail to be sent: " + Records.outbox(installation, game),
                () -> Records.outbox(installation, game).stream().allMatch(OutboxRow::isSent));
        assertTrue(games.isHandled(reply));
        assertEquals(List.of("1. e4", "1... e5"), games.view(game).history());
        installation.close();
        installation = null;
        server.stop();                                                    // from here on nothing can arrive

        List<OutboxRow> after = Records.with(work, env, i -> Records.outbox(i, game));
        assertEquals(6, after.size(), after.toString());
        for (Player player : List.of(white, black)) {
            List<String> expected = after.stream().filter(r -> r.toAddress().equals(player.email()))
                    .map(OutboxRow::messageId).toList();
            List<MimeMessage> inbox = player.inbox();
            assertEquals(expected, inbox.stream().map(Player::messageId).toList(),
                    player.email() + " holds each of its mails exactly once, with the Message-ID it was given: "
                            + inbox.stream().map(Player::subjectOf).toList());
        }
    }
}
