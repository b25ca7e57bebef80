package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.epistle.core.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sender killed with mails leased leaves them to nobody until the lease runs out. A start on the same machine takes
 * back at once the leases of processes that have ended, and only those: a live process's leases, another machine's or
 * container's, and leases written before holders said when their process started all run out at their time. Real
 * parts: a sender in a process of its own, killed -9; the database of the run (H2 file or PostgreSQL).
 */
class EndedLeaseTest {
    static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
    static final Duration LEASE = Duration.ofMinutes(1);

    @TempDir
    Path dir;

    @Test
    void given_a_sender_killed_with_mails_leased_when_a_server_of_this_machine_starts_then_it_takes_back_only_the_dead_ones_leases()
            throws Exception {
        try (TestDatabase scratch = TestDatabase.in(dir)) {
            // given a sender in a process of its own that leased a game's two mails and was then killed -9
            String killed = leaseThenDie(scratch);
            try (Database db = scratch.open()) {
                GameService games = service(db);
                List<OutboxMail> ofKilled = mailsHeldBy(db, games, killed);
                assertEquals(2, ofKilled.size(), "the killed sender held its game's two mails");

                // and a live sender here (this process), another machine's, a pid used again, and an old-style lease
                Outbox live = games.outbox();
                List<OutboxMail> ofLive = newGame(games, "live");
                assertEquals(2, live.holdAll(ids(ofLive), T0, LEASE).size());
                LeaseHolder here = LeaseHolder.parse(live.holder()).orElseThrow();
                String elsewhere = new LeaseHolder(here.pid(), here.host(), here.startMillis(),
                        here.place().equals("0badf00d") ? "f00dbad0" : "0badf00d", "12345678").written();
                String pidUsedAgain = new LeaseHolder(here.pid(), here.host(), here.startMillis() - 60_000,
                        here.place(), "abcdef01").written();
                String oldStyle = here.pid() + "@" + here.host() + "/abcdef01";
                List<OutboxMail> ofElsewhere = leasedAs(db, games, "elsewhere", elsewhere);
                List<OutboxMail> ofPidUsedAgain = leasedAs(db, games, "again", pidUsedAgain);
                List<OutboxMail> ofOldStyle = leasedAs(db, games, "old", oldStyle);
                assertTrue(games.outbox().due(T0.plusSeconds(1), 100).isEmpty(), "every mail is leased");

                // when a server of this machine starts (a new outbox: a new instance) a second after the kill
                Outbox starting = service(db).outbox();
                Outbox.Released released = starting.releaseLeasesOfEndedProcesses(T0.plusSeconds(1));

                // then the mails of the killed sender and of the ended process whose pid is used again are due at once
                assertEquals(Set.of(killed, pidUsedAgain), Set.copyOf(released.holders()));
                assertEquals(4, released.mails());
                assertEquals(ids(ofKilled, ofPidUsedAgain), Set.copyOf(ids(starting.due(T0.plusSeconds(1), 100))));
                // and the others' at the end of their lease, not before
                assertEquals(ids(ofKilled, ofPidUsedAgain), Set.copyOf(ids(starting.due(T0.plus(LEASE).minusMillis(1), 100))));
                assertEquals(ids(ofKilled, ofPidUsedAgain, ofLive, ofElsewhere, ofOldStyle),
                        Set.copyOf(ids(starting.due(T0.plus(LEASE), 100))));
                // and a second start finds nothing more to take back
                assertEquals(0, service(db).outbox().releaseLeasesOfEndedProcesses(T0.plusSeconds(2)).mails());
            }
        }
    }

    @Test
    void a_holder_names_its_process_its_start_and_its_place_and_reads_back_as_written() {
        LeaseHolder me = LeaseHolder.ofThisProcess();
        assertEquals(ProcessHandle.current().pid(), me.pid());
        assertEquals(me, LeaseHolder.parse(me.written()).orElseThrow());
        assertTrue(!me.hasEndedSeenFrom(me), "this process is alive");
        LeaseHolder longHost = new LeaseHolder(7, "h".repeat(200), 1_700_000_000_000L, "0badf00d", "12345678");
        assertEquals(LeaseHolder.MAX_LENGTH, longHost.written().length());
        assertTrue(LeaseHolder.parse("4242@host/1a2b3c4d").isEmpty(), "an old-style holder is not of this format");
        LeaseHolder nowhere = new LeaseHolder(me.pid() + 1_000_000, me.host(), me.startMillis(), LeaseHolder.NOWHERE, "12345678");
        assertTrue(!nowhere.hasEndedSeenFrom(new LeaseHolder(me.pid(), me.host(), me.startMillis(), LeaseHolder.NOWHERE,
                "87654321")), "a holder of no known place is never judged dead");
    }

    /** Starts {@link LeasingSender}, reads the holder it leased as, kills it -9 and waits for its end. */
    private String leaseThenDie(TestDatabase scratch) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "-cp", classPath(),
                LeasingSender.class.getName(), scratch.url(), dir.toString())
                .redirectError(dir.resolve("sender.err").toFile());
        Process p = builder.start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("leased as "), "the sender said " + line + ": see " + dir.resolve("sender.err"));
            p.toHandle().destroyForcibly();                      // SIGKILL: nothing of the process runs after it
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the sender did not end after SIGKILL");
            return line.substring("leased as ".length());
        } finally {
            p.destroyForcibly();
        }
    }

    private static String classPath() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(s -> Path.of(s).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** A game's two mails, leased as {@code holder} wrote them (written as that sender's lease would be). */
    private List<OutboxMail> leasedAs(Database db, GameService games, String name, String holder) {
        List<OutboxMail> mails = newGame(games, name);
        db.jdbi().useHandle(h -> h.createUpdate("UPDATE outbox SET held_by = :holder, next_attempt_at = :until WHERE id IN (<ids>)")
                .bind("holder", holder).bind("until", T0.plus(LEASE)).bindList("ids", ids(mails)).execute());
        return mails;
    }

    /** The mails whose lease names {@code holder}. */
    private static List<OutboxMail> mailsHeldBy(Database db, GameService games, String holder) {
        List<Long> held = db.jdbi().withHandle(h -> h.createQuery("SELECT id FROM outbox WHERE held_by = :holder ORDER BY id")
                .bind("holder", holder).mapTo(Long.class).list());
        return held.stream().map(id -> games.outbox().ofGame(gameOf(db, id)).stream().filter(m -> m.id() == id)
                .findFirst().orElseThrow()).toList();
    }

    private static long gameOf(Database db, long mail) {
        return db.jdbi().withHandle(h -> h.createQuery("SELECT game_id FROM outbox WHERE id = :id").bind("id", mail)
                .mapTo(Long.class).one());
    }

    private static List<OutboxMail> newGame(GameService games, String name) {
        long game = games.create(new NewGame("chess", new Contact("White " + name, "white-" + name + "@example.org"),
                new Contact("Black " + name, "black-" + name + "@example.org"))).gameId();
        return games.outbox().ofGame(game);
    }

    private static List<Long> ids(List<OutboxMail> mails) {
        return mails.stream().map(OutboxMail::id).toList();
    }

    @SafeVarargs
    private static Set<Long> ids(List<OutboxMail>... groups) {
        return java.util.Arrays.stream(groups).flatMap(List::stream).map(OutboxMail::id).collect(Collectors.toSet());
    }

    private GameService service(Database db) {
        return new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(dir), Clock.fixed(T0, ZoneOffset.UTC));
    }

    /** A sender in a process of its own: creates a game, leases its two mails for a minute, says as whom, and waits. */
    public static final class LeasingSender {
        public static void main(String[] args) throws Exception {
            Database db = Database.open(args[0], "", "");
            GameService games = new GameService(db, MailIdentity.defaults(), ServerKey.inDirectory(Path.of(args[1])),
                    Clock.fixed(T0, ZoneOffset.UTC));
            List<OutboxMail> mails = newGame(games, "killed");
            if (games.outbox().holdAll(ids(mails), T0, LEASE).size() != 2) {
                throw new IllegalStateException("could not lease " + mails);
            }
            System.out.println("leased as " + games.outbox().holder());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);                        // until killed
        }
    }
}
