package org.epistle.web.crash;

import org.epistle.web.Await;
import org.epistle.web.mail.Player;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.GameView;
import org.epistle.core.games.NewGame;
import org.epistle.mailer.PausePoint;
import org.epistle.web.Installation;
import org.epistle.web.crash.Records.OutboxRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server process is killed (SIGKILL, no shutdown hook) at the two places where a crash could
 * lose or double something (the fault-injection points after storing a mail and after committing a
 * turn), and a moment after it committed everything, and started again on the same H2 file and
 * mailbox: after every turn is applied once and every notification is in the players' mailboxes once.
 *
 * <p>The sender's poll interval is an hour, so between its first run at start-up and a wake-up after a
 * handled mail it sends nothing; the reader learns of new mail by IMAP IDLE.
 */
class CrashRecoveryTest {
    private static final Duration MAIL = Duration.ofSeconds(30);
    /** What a SIGKILLed process exits with on Unix: 128 + 9. */
    private static final int KILLED = 137;
    /** The first line of the mail to Black after White's first turn, and of White's own copy. */
    private static final String BLACKS_TURN = "your move, turn 1";
    private static final String WHITE_TOLD = "to move, turn 1";

    @TempDir
    Path dir;
    MailServer mail;
    Path work;
    Map<String, String> env;
    Player white;
    Player black;
    Player serverMailbox;
    ServerProcess server;

    @BeforeEach
    void start() throws IOException {
        mail = MailServer.start();
        work = Files.createDirectories(dir.resolve("work"));
        env = mail.environment(dir.resolve("db"), 3600);
        white = mail.mailbox("white@example.com");
        black = mail.mailbox("black@example.com");
        serverMailbox = mail.serverMailbox();
    }

    @AfterEach
    void stop() {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            mail.close();
        }
    }

    @Test
    void a_mail_stored_but_not_handled_when_the_server_is_killed_is_handled_once_after_the_restart() {
        long game = createGame();
        ServerProcess first = server = ServerProcess.start(work, env, Optional.of(PausePoint.AFTER_STORE));
        first.awaitLine(ServerProcess.READY, MAIL);
        String move = white.reply(white.awaitMail("your move, turn 1", 1, MAIL), "e4");
        first.awaitLine("EPISTLE PAUSED AT " + PausePoint.AFTER_STORE, MAIL);

        // the crash point: the mail is in the ledger, and nothing else has happened
        Records.with(work, env, installation -> {
            assertEquals(List.of(move + " STORED"), ledger(installation));
            assertEquals(0, installation.games().view(game).turns().size());
            assertEquals(List.of("GAME_STARTED", "GAME_STARTED"), kinds(Records.outbox(installation, game)));
            Records.checkpoint(installation);   // the premise "stored": on disk, whatever H2's write delay
            return null;
        });
        assertEquals(1, serverMailbox.unseen(), "the mail is not flagged in the server's mailbox yet");
        assertEquals(KILLED, first.kill());

        ServerProcess second = server = ServerProcess.start(work, env, Optional.empty());
        second.awaitLine("Handled 1 mail(s) stored before the last stop.", MAIL);
        black.awaitMail(BLACKS_TURN, 1, MAIL);
        white.awaitMail(WHITE_TOLD, 1, MAIL);
        awaitQuiet(game);
        second.stop();                                                    // from here on nothing can arrive

        everyTurnAppliedAndEveryMailSentOnce(game, move);
        assertEquals(1, second.countLines("recovering mail " + move), second.console());
        assertEquals(1, second.countLines(move, "was handled before; acknowledged again"),
                "the reader saw the unflagged mail again and only acknowledged it:\n" + second.console());
        assertEquals(2, first.countLines("Sent outbox mail", "GAME_STARTED"), first.console());
        assertEquals(0, first.countLines("Sent outbox mail", "TURN_ACCEPTED"), first.console());
        assertEquals(2, second.countLines("Sent outbox mail", "TURN_ACCEPTED"), second.console());
        assertEquals(0, second.countLines("Sent outbox mail", "GAME_STARTED"), second.console());
    }

    @Test
    void notifications_committed_but_not_sent_when_the_server_is_killed_are_sent_once_after_the_restart() {
        long game = createGame();
        ServerProcess first = server = ServerProcess.start(work, env, Optional.of(PausePoint.AFTER_COMMIT));
        first.awaitLine(ServerProcess.READY, MAIL);
        String move = white.reply(white.awaitMail("your move, turn 1", 1, MAIL), "e4");
        first.awaitLine("EPISTLE PAUSED AT " + PausePoint.AFTER_COMMIT, MAIL);

        // the crash point: the turn and its two mails are committed, no mail has gone out
        Records.with(work, env, installation -> {
            assertEquals(List.of(move + " HANDLED"), ledger(installation));
            assertEquals(1, installation.games().view(game).turns().size());
            List<OutboxRow> outbox = Records.outbox(installation, game);
            assertEquals(List.of("GAME_STARTED", "GAME_STARTED", "TURN_ACCEPTED", "TURN_ACCEPTED"), kinds(outbox));
            for (OutboxRow row : outbox.subList(2, 4)) {
                assertEquals("PENDING", row.status(), row.toString());
                assertEquals(0, row.attempts(), row.toString());
            }
            Records.checkpoint(installation);   // the premise "committed": on disk, whatever H2's write delay
            return null;
        });
        assertEquals(List.of(), black.withSubject(BLACKS_TURN), "nothing was sent before the kill");
        assertEquals(1, serverMailbox.unseen(), "the mail is not flagged in the server's mailbox yet");
        assertEquals(KILLED, first.kill());

        ServerProcess second = server = ServerProcess.start(work, env, Optional.empty());
        black.awaitMail(BLACKS_TURN, 1, MAIL);
        white.awaitMail(WHITE_TOLD, 1, MAIL);
        awaitQuiet(game);
        second.stop();                                                    // from here on nothing can arrive

        everyTurnAppliedAndEveryMailSentOnce(game, move);
        assertEquals(0, second.countLines("recovering mail"), second.console());
        assertEquals(1, second.countLines(move, "was handled before; acknowledged again"),
                "the reader saw the unflagged mail again and only acknowledged it:\n" + second.console());
        assertEquals(0, first.countLines("Sent outbox mail", "TURN_ACCEPTED"), first.console());
        assertEquals(2, second.countLines("Sent outbox mail", "TURN_ACCEPTED"), second.console());
        assertEquals(0, second.countLines("Sent outbox mail", "GAME_STARTED"), second.console());
    }

    /**
     * No pause point. White's e4 is played normally; then Black answers e5 and the server handles it, sends
     * both notifications, records them sent and flags Black's mail; it is killed as soon as another process
     * (this test, through H2's AUTO_SERVER) sees all of that committed. A commit is a promise that survives the
     * process: after the restart both turns are there once and no mail is sent again.
     */
    @Test
    void what_the_server_committed_survives_a_kill_a_moment_later() {
        long game = createGame();
        ServerProcess first = server = ServerProcess.start(work, env, Optional.empty());
        white.reply(white.awaitMail("your move, turn 1", 1, MAIL), "e4");
        String answer = black.reply(black.awaitMail(BLACKS_TURN, 1, MAIL), "e5");
        List<OutboxRow> committed = Records.with(work, env, installation -> {
            Await.until(MAIL, 5, () -> "Black's turn to be told to both: " + Records.outbox(installation, game),
                    () -> {
                        List<OutboxRow> rows = Records.outbox(installation, game);
                        return rows.size() == 6 && rows.stream().allMatch(OutboxRow::isSent)
                                && installation.games().isHandled(answer);
                    });
            assertEquals(KILLED, first.kill());                             // at once: the commit is milliseconds old
            return Records.outbox(installation, game);                      // what the file holds without the server
        });
        assertEquals(1, white.withSubject("your move, turn 2").size(), "White was told of 1... e5 before the kill");
        int unseen = serverMailbox.unseen();

        server = ServerProcess.start(work, env, Optional.empty());
        awaitQuiet(game);
        server.stop();
        // SIGTERM: the mail reader and sender end before the database closes, never after it
        assertEquals(0, server.countLines("already closed"), server.console());
        assertEquals(1, server.countLines("Outbox sender stopped"), server.console());

        Records.with(work, env, installation -> {
            assertEquals(List.of("1. e4", "1... e5"), installation.games().view(game).history(),
                    "both players were told of 1... e5 before the kill, so the turn must survive it; the database"
                            + " right after the kill held " + committed.size() + " outbox rows, " + unseen
                            + " mail(s) were unflagged, and the restarted server logged:\n" + server.console());
            return null;
        });
        assertEquals(0, server.countLines("Sent outbox mail"), "every mail was committed as sent before the kill, "
                + "yet right after it the database held " + committed + " and the restarted server sent:\n"
                + server.console());
    }

    /** Creates the game before the server runs: its sender then sends the opening mails when it starts. */
    private long createGame() {
        return Records.with(work, env, installation -> installation.games().create(new NewGame("chess",
                "fabulous-fides", "fabulous-fides", new Contact("White", white.email()),
                new Contact("Black", black.email()))).gameId());
    }

    /**
     * Waits until the server has nothing left to do for the game: every outbox mail sent, and every mail in
     * its mailbox flagged (so its reader will not deliver any again).
     */
    private void awaitQuiet(long game) {
        Records.with(work, env, installation -> {
            Await.until(MAIL, () -> "the outbox to be sent and the server's mailbox flagged: "
                            + Records.outbox(installation, game) + ", unseen " + serverMailbox.unseen()
                            + "\n" + server.console(),
                    () -> Records.outbox(installation, game).stream().allMatch(OutboxRow::isSent)
                            && serverMailbox.unseen() == 0);
            return null;
        });
    }

    /** With the server stopped: one turn, one handled mail, and each player's inbox holds each outbox mail exactly once. */
    private void everyTurnAppliedAndEveryMailSentOnce(long game, String move) {
        Records.with(work, env, installation -> {
            GameView view = installation.games().view(game);
            assertEquals(List.of("1. e4"), view.history(), "the turn is applied once");
            assertEquals(List.of(move + " HANDLED"), ledger(installation), "the mail is stored and handled once");
            assertTrue(installation.games().isHandled(move));
            List<OutboxRow> outbox = Records.outbox(installation, game);
            assertEquals(List.of("GAME_STARTED", "GAME_STARTED", "TURN_ACCEPTED", "TURN_ACCEPTED"), kinds(outbox));
            assertTrue(outbox.stream().allMatch(OutboxRow::isSent), outbox.toString());
            for (Player player : List.of(white, black)) {
                List<String> expected = outbox.stream().filter(r -> r.toAddress().equals(player.email()))
                        .map(OutboxRow::messageId).toList();
                List<MimeMessage> inbox = player.inbox();
                assertEquals(expected, inbox.stream().map(Player::messageId).toList(),
                        player.email() + " holds each of its mails once: "
                                + inbox.stream().map(Player::subjectOf).toList());
                assertEquals(1, inbox.stream().filter(m -> Player.seen(m).contains("played e4 — ")).count());
            }
            return null;
        });
        assertEquals(0, serverMailbox.unseen());
    }

    private static List<String> ledger(Installation installation) {
        return Records.inbound(installation).stream().map(r -> r.messageKey() + " " + r.status()).toList();
    }

    private static List<String> kinds(List<OutboxRow> rows) {
        return rows.stream().map(OutboxRow::kind).toList();
    }
}
