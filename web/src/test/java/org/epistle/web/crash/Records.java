package org.epistle.web.crash;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;

/**
 * The test's own look into the server's H2 file. With {@code AUTO_SERVER=TRUE} the first process to
 * open the file serves it to the others, so the test opens it only for a moment: the server process
 * is then the one that holds the file and writes it, and the one whose death a crash test simulates.
 */
final class Records {
    private Records() {
    }

    /** One row of the outbox, as the sender sees it. */
    record OutboxRow(String kind, String toAddress, String status, int attempts, String messageId, String lastError) {
        boolean isSent() {
            return status.equals("SENT");
        }
    }

    /** One row of the inbound mail ledger. */
    record InboundRow(String messageKey, String status, String outcome) {
    }

    /**
     * Opens the installation the server in {@code workDir} uses (same settings, same server key), runs the
     * work, and closes it again.
     */
    static <T> T with(Path workDir, Map<String, String> env, Function<Installation, T> work) {
        var settings = new SettingsLoader(env).load().settings();
        try (Installation installation = Installation.open(settings,
                ServerKey.load(workDir.resolve("data").resolve("server.key")), Clock.systemUTC())) {
            return work.apply(installation);
        }
    }

    /**
     * Makes H2 write what is committed to the file now ({@code CHECKPOINT}, run by the server process that
     * holds the file). H2 otherwise writes commits in the background up to {@code WRITE_DELAY} (500 ms by
     * default) later, so a kill just after a commit can lose it: see
     * {@link CrashRecoveryTest#what_the_server_committed_survives_a_kill_a_moment_later()}.
     */
    static void checkpoint(Installation installation) {
        installation.database().jdbi().useHandle(h -> h.execute("CHECKPOINT"));
    }

    static List<OutboxRow> outbox(Installation installation, long gameId) {
        return installation.database().jdbi().withHandle(h -> h.createQuery("""
                        SELECT kind, to_address, status, attempts, message_id, last_error
                          FROM outbox WHERE game_id = :game ORDER BY id""")
                .bind("game", gameId)
                .map((rs, ctx) -> new OutboxRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                        rs.getString(5), rs.getString(6)))
                .list());
    }

    static List<InboundRow> inbound(Installation installation) {
        return installation.database().jdbi().withHandle(h -> h.createQuery(
                        "SELECT message_key, status, outcome FROM inbound_mail ORDER BY id")
                .map((rs, ctx) -> new InboundRow(rs.getString(1), rs.getString(2), rs.getString(3)))
                .list());
    }
}
