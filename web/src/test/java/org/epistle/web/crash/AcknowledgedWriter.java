package org.epistle.web.crash;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.GameService;
import org.epistle.core.games.ServerKey;
import org.epistle.web.Installation;

/**
 * The child of {@link KilledWritesTest}: opens the database exactly as {@code serve} does ({@link Installation#open}),
 * then stores and handles inbound mails on several threads, as the inbound lanes do, and prints each mail's key on
 * standard output once both commits have returned, that is once the server would flag the mail \Seen on the IMAP
 * server. Runs until it is killed.
 *
 * <p>Arguments: the H2 URL, the server key file, the number of writing threads, and how often to compact the H2 file
 * with H2's online compaction in milliseconds (0: never, as the server runs; it only ever appends to the file).
 */
public final class AcknowledgedWriter {
    private AcknowledgedWriter() {
    }

    public static void main(String[] args) {
        var settings = new SettingsLoader(Map.of("EPISTLE_DB_URL", args[0])).load().settings();
        Installation installation = Installation.open(settings, ServerKey.load(Path.of(args[1])), Clock.systemUTC());
        GameService games = installation.games();
        int threads = Integer.parseInt(args[2]);
        long compactEvery = Long.parseLong(args[3]);
        PrintStream out = System.out;
        String body = "e4\n" + "a quoted line of an earlier mail, as replies carry them\n".repeat(10);
        for (int i = 0; i < threads; i++) {
            int lane = i;
            Thread t = new Thread(() -> {
                for (long n = 0; ; n++) {
                    String key = "<lane" + lane + "." + n + "@killed.example>";
                    byte[] raw = ("Message-ID: " + key + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8);
                    games.storeInbound(key, raw, Clock.systemUTC().instant());
                    games.ignore(key, "written by the kill test");
                    synchronized (out) {
                        out.println(key);
                        out.flush();
                    }
                }
            }, "writer-" + i);
            t.start();
        }
        if (compactEvery > 0) {
            Executors.newSingleThreadScheduledExecutor().scheduleWithFixedDelay(() -> {
                try {
                    compactFile(installation);
                } catch (RuntimeException | java.sql.SQLException e) {
                    System.err.println("compaction failed: " + e); // an exception would end the schedule
                }
            }, compactEvery, compactEvery, TimeUnit.MILLISECONDS);
        }
    }

    /** H2's online compaction for at most 200 ms, as the server once ran it (for experiments: it moves chunks into freed space). */
    private static void compactFile(Installation installation) throws java.sql.SQLException {
        try (var handle = installation.database().jdbi().open()) {
            var session = handle.getConnection().unwrap(org.h2.jdbc.JdbcConnection.class).getSession();
            ((org.h2.engine.SessionLocal) session).getDatabase().getStore().getMvStore().compactFile(200);
        }
    }
}
