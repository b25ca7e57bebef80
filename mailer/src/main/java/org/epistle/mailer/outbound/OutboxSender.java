package org.epistle.mailer.outbound;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.epistle.mailer.Lanes;
import org.epistle.core.games.OutboxMail;
import org.epistle.core.games.OutboxSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the outbox over SMTP: takes the mails that are due, composes and sends each, and records
 * the outcome. A mail that cannot be sent stays in the outbox and is tried again after a delay that
 * doubles with every failed attempt ({@link RetrySchedule}; at most 10 s while the server cannot be reached), so an
 * SMTP outage delays mail and loses none, and mail flows again within seconds of the server's return.
 *
 * <p>Each mail keeps its Message-ID across attempts, so a receiver can recognise a retry. A mail is leased for the
 * lane timeout before it is sent, together with the other mails of that run ({@link OutboxSource#holdAll},
 * one commit for the run, on the sender's thread), and the lease is committed first: a second
 * sender on the same database skips it meanwhile, and nothing goes out that the store could not write (see
 * {@code Outbox.hold} for H2). A lease outlives the lane that holds it only when the lane is given up; then a mail
 * SMTP had accepted is remembered as sent, so it does not go again when the lease runs out. The mail is
 * recorded as sent the moment SMTP accepts it, each mail in its own commit: a process killed during a run
 * sends again at most the mails that were in flight, one per SMTP connection, not the whole run. A mail whose
 * send succeeded is never sent again by this sender, even when recording the success fails: the
 * sender remembers it and records it on its next run instead of sending it a second time. Until that record is
 * written, the sender sends nothing more: a store that cannot write (a full disk) would lose every further record
 * too, and what it remembers in memory goes with a restart, so each such mail would go twice after it. So at most
 * the mails in flight when the store stopped writing, one per connection, can go again.
 *
 * <p>Mails go out over several SMTP connections at once, each kept open from one run to the next (a kept
 * connection that fails is replaced and the mail tried once more at once); mails to one address always take
 * the same connection, so they arrive in the order they were written.
 *
 * <p>Use {@link #runOnce} directly (tests, a scheduler of your own), or {@link #start()} the sender's
 * own thread, which runs every {@code pollInterval} and at once after {@link #wake()}.
 */
public final class OutboxSender implements AutoCloseable {

    /** The first retry delay; each further failed attempt doubles it. */
    public static final Duration FIRST_RETRY = RetrySchedule.FIRST;
    /** The longest retry delay (of a mail the server answered; {@link RetrySchedule}). */
    public static final Duration MAX_RETRY = RetrySchedule.MOST;

    private static final Logger log = LoggerFactory.getLogger(OutboxSender.class);
    private static final int MAX_ERROR_LENGTH = 1000;

    private final OutboxSource source;
    private final MailComposer composer;
    private final SmtpSettings smtp;
    private final Session session;
    private final String fromAddress;
    private final String fromName;
    private final Clock clock;
    private final int batchSize;
    private final Duration pollInterval;

    /** How long a kept SMTP connection may stay unused before it is closed rather than used again. */
    private static final Duration KEEP_IDLE = Duration.ofSeconds(30);
    /** SMTP connections used at once by default. */
    public static final int DEFAULT_CONNECTIONS = 4;

    /** Each lane thread's kept connection: the thread that sends on a connection is the only one that touches it. */
    private final ThreadLocal<Kept> kept = ThreadLocal.withInitial(Kept::new);
    /** Every kept connection, so that stopping can close them. */
    private final Set<Transport> open = ConcurrentHashMap.newKeySet();
    private final int connections;
    /** How long a run waits for a lane to finish its mails before it gives that lane up (see {@link #runOnce}). */
    private final Duration laneTimeout;
    private Lanes lanes;            // guarded by this

    /** Mails SMTP accepted whose record is being written now: id -> when they were sent. */
    private final Map<Long, Instant> recording = new ConcurrentHashMap<>();

    /**
     * Holds of mails not sent that could not be let go (the store stopped writing after the run's lease was
     * committed), and when each lease ends: let go at the next run that can write, so that they go within seconds of
     * the disk's return instead of when the lease runs out (session 12's harness: 60 s). A lease that has run out is
     * no longer this sender's to end and is forgotten.
     */
    private final Map<OutboxSource.Hold, Instant> heldBack = Collections.synchronizedMap(new LinkedHashMap<>());

    /** Mails sent whose {@code markSent} failed: id -> when they were sent. */
    private final Map<Long, Instant> sentNotRecorded = Collections.synchronizedMap(new LinkedHashMap<>());

    private final Object signal = new Object();
    private boolean woken;          // guarded by signal
    private volatile boolean running;
    private Thread thread;          // guarded by this

    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp,
                        String fromAddress, String fromName) {
        this(source, composer, smtp, fromAddress, fromName, Clock.systemUTC(), 50, Duration.ofSeconds(2));
    }

    /**
     * @param batchSize    how many due mails one run takes at most
     * @param pollInterval how long the thread waits between runs when nobody calls {@link #wake()}
     */
    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp,
                        String fromAddress, String fromName, Clock clock, int batchSize, Duration pollInterval) {
        this(source, composer, smtp, fromAddress, fromName, clock, batchSize, pollInterval, DEFAULT_CONNECTIONS);
    }

    /** @param connections how many SMTP connections send at once (each kept open between runs) */
    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp, String fromAddress, String fromName,
                        Clock clock, int batchSize, Duration pollInterval, int connections) {
        this(source, composer, smtp, fromAddress, fromName, clock, batchSize, pollInterval, connections,
                defaultLaneTimeout(smtp));
    }

    /**
     * @param laneTimeout how long a run waits for a lane's mails before it gives the lane up and later runs use new
     *                    lanes; longer than any SMTP exchange and database wait of one mail can take
     */
    public OutboxSender(OutboxSource source, MailComposer composer, SmtpSettings smtp, String fromAddress, String fromName,
                        Clock clock, int batchSize, Duration pollInterval, int connections, Duration laneTimeout) {
        this.laneTimeout = Objects.requireNonNull(laneTimeout, "laneTimeout");
        if (laneTimeout.isNegative() || laneTimeout.isZero()) {
            throw new IllegalArgumentException("laneTimeout must be positive: " + laneTimeout);
        }
        this.source = Objects.requireNonNull(source, "source");
        this.composer = Objects.requireNonNull(composer, "composer");
        this.smtp = Objects.requireNonNull(smtp, "smtp");
        this.fromAddress = Objects.requireNonNull(fromAddress, "fromAddress");
        this.fromName = fromName;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be positive: " + batchSize);
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive: " + pollInterval);
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be positive: " + connections);
        }
        this.batchSize = batchSize;
        this.connections = connections;
        this.session = smtp.session();
    }

    /**
     * A mail's worst honest time on a lane: connecting, sending, and once more on a new connection (three SMTP
     * timeouts), plus a wait for a database connection (H2's pool gives up after 30 s).
     */
    static Duration defaultLaneTimeout(SmtpSettings smtp) {
        return smtp.timeout().multipliedBy(3).plus(Duration.ofSeconds(30));
    }

    /**
     * The delay before the next attempt of a mail the server answered with a failure, which had failed
     * {@code attempts} times before: 5 s, 10 s, 20 s, 40 s … and never more than 15 minutes.
     */
    public static Duration backoff(int attempts) {
        return RetrySchedule.afterAnswer(attempts);
    }

    /**
     * Whether the SMTP server could be reached, for the health check: the time of the first failed attempt to
     * connect since the last mail went out (empty while sending works), its error, and when a mail last went out.
     * A mail the server refuses (a bad address) says nothing about the sender and does not count.
     */
    public record Reach(Optional<Instant> failingSince, String lastError, Optional<Instant> lastSent) {
        public boolean isFailing() {
            return failingSince.isPresent();
        }
    }

    /** Not guarded by this: lanes update it while {@link #runOnce} holds this and waits for them. */
    private final java.util.concurrent.atomic.AtomicReference<Reach> reach =
            new java.util.concurrent.atomic.AtomicReference<>(new Reach(Optional.empty(), "", Optional.empty()));

    public Reach reach() {
        return reach.get();
    }

    private void reached(Instant at) {
        reach.set(new Reach(Optional.empty(), "", Optional.of(at)));
    }

    private void unreachable(Instant at, Exception e) {
        reach.updateAndGet(r -> new Reach(Optional.of(r.failingSince().orElse(at)), e.toString(), r.lastSent()));
    }

    /** What one run did. */
    public record Run(int sent, int failed) {
        public int total() {
            return sent + failed;
        }
    }

    /**
     * Sends every mail due at {@code now} (at most one batch), over up to {@code connections} SMTP connections
     * at once; mails to one address go through one connection, in the order they were written. Connections
     * are kept open from one run to the next. Never throws for a mail or SMTP problem: each is logged and
     * recorded with {@code markFailed}.
     */
    public synchronized Run runOnce(Instant now) {
        Objects.requireNonNull(now, "now");
        if (!recordPendingSuccesses()) {
            return new Run(0, 0);                               // the store cannot write: send nothing it cannot record
        }
        letGoHeldBack(now);
        List<OutboxMail> due = source.due(now, batchSize);
        if (due.isEmpty()) {
            return new Run(0, 0);
        }
        RunState run = new RunState();
        Lanes lanes = lanes();
        Map<Integer, List<OutboxMail>> batches = lanesBatches(lanes, due);
        int total = batches.values().stream().mapToInt(List::size).sum();
        if (total == 0) {
            return new Run(0, 0);
        }
        // The whole run is leased in one commit before any lane sends (it was a commit a lane; with mails for two
        // players in every turn, most runs fill two lanes or more). On a lane, since a statement may get stuck in the
        // store where no timeout of ours reaches (see giveUpLanes); the run's lane timeout counts from here.
        long deadline = System.nanoTime() + laneTimeout.toNanos();
        List<Long> ids = batches.values().stream().flatMap(List::stream).map(OutboxMail::id).toList();
        Future<Map<Long, OutboxSource.Hold>> leasing =
                lanes.submitTo(batches.keySet().iterator().next(), () -> source.holdAll(ids, now, laneTimeout));
        Map<Long, OutboxSource.Hold> holds;
        try {
            holds = leasing.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            log.error("{} outbox mail(s) cannot be taken for sending; they stay due", total, e.getCause());
            return new Run(0, total);
        } catch (TimeoutException e) {
            giveUpLanes(List.of(), List.of());
            return new Run(0, total);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(0, total);
        }
        List<Future<Tally>> sending = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<Map<Long, OutboxSource.Hold>> lanesHolds = new ArrayList<>();
        for (Map.Entry<Integer, List<OutboxMail>> batch : batches.entrySet()) {
            Map<Long, OutboxSource.Hold> laneHolds = new LinkedHashMap<>();
            for (OutboxMail mail : batch.getValue()) {
                OutboxSource.Hold hold = holds.get(mail.id());
                if (hold != null) {
                    laneHolds.put(mail.id(), hold);
                }
            }
            lanesHolds.add(laneHolds);
            sending.add(lanes.submitTo(batch.getKey(), () -> sendBatch(batch.getValue(), laneHolds, now, run)));
            sizes.add(batch.getValue().size());
        }
        int sent = 0;
        int failed = 0;
        int done = 0;
        for (int i = 0; i < sending.size(); i++) {
            try {
                Tally tally = sending.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                sent += tally.sent();
                failed += tally.failed();
                done += sizes.get(i);
            } catch (ExecutionException e) {
                log.error("Sending outbox mails failed unexpectedly", e.getCause());
                failed += sizes.get(i);
                done += sizes.get(i);
            } catch (TimeoutException e) {
                failed += total - done;                         // the rest stay due and go out on a later run
                giveUpLanes(sending, lanesHolds);
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed += total - done;                         // the rest stay due and go out on a later run
                break;
            }
        }
        return new Run(sent, failed);
    }

    /**
     * The run's mails grouped by the lane that sends them, each group in the order written (mails to one address
     * always share a lane); mails sent already whose record is missing are left out.
     */
    private Map<Integer, List<OutboxMail>> lanesBatches(Lanes lanes, List<OutboxMail> due) {
        Map<Integer, List<OutboxMail>> batches = new java.util.TreeMap<>();
        for (OutboxMail mail : due) {
            if (sentNotRecorded.containsKey(mail.id())) {
                continue;                                       // sent already; only the record is missing
            }
            int lane = lanes.laneOf(mail.toAddress().toLowerCase(java.util.Locale.ROOT));
            batches.computeIfAbsent(lane, k -> new ArrayList<>()).add(mail);
        }
        return batches;
    }

    /** How many mails of a lane's batch went out and how many failed. */
    private record Tally(int sent, int failed) {}

    /**
     * One lane's mails of a run, leased already with the run's others ({@code holds}; a mail without one is sent or
     * being sent by another sender): each composed, sent and recorded as sent by itself the moment SMTP accepts it, in
     * order. A mail of the batch not sent when the lane stops (the store cannot record, or an unexpected error) is
     * let go at once; one left by a killed process is due again for any sender when the lease runs out.
     */
    private Tally sendBatch(List<OutboxMail> batch, Map<Long, OutboxSource.Hold> holds, Instant now, RunState run) {
        int sent = 0;
        int failed = 0;
        try {
            for (OutboxMail mail : batch) {
                OutboxSource.Hold hold = holds.get(mail.id());
                if (hold == null) {
                    log.debug("Outbox mail {} is sent or being sent by another sender", mail.id());
                    continue;
                }
                switch (send(mail, hold, now, run)) {
                    case SENT -> sent++;
                    case FAILED -> failed++;
                    case HELD_BACK -> { }
                }
            }
        } finally {
            holds.values().forEach(OutboxSource.Hold::close);   // a hold recorded already ignores this
            Instant leaseEnds = now.plus(laneTimeout);
            holds.values().stream().filter(OutboxSource.Hold::isHeld).forEach(h -> heldBack.put(h, leaseEnds));
        }
        return new Tally(sent, failed);
    }

    /** What became of one mail of a run. */
    private enum Outcome { SENT, FAILED, HELD_BACK }

    /**
     * What the mails of one run share: once the server cannot be reached, the others do not wait for a timeout each;
     * once a sent mail cannot be recorded, the others are not sent.
     */
    private static final class RunState {
        volatile Exception connectError;
        volatile boolean storeCannotRecord;
    }

    /** A lane's SMTP connection, kept between runs, and when it was last used. */
    private static final class Kept {
        Transport transport;
        long lastUsedNanos;
    }

    /**
     * Composes one held mail and sends it on the calling lane's connection, recording the outcome as soon as SMTP has
     * answered. It is composed once for this attempt; a retry on a new connection sends the same message.
     */
    private Outcome send(OutboxMail mail, OutboxSource.Hold hold, Instant now, RunState run) {
        if (run.storeCannotRecord) {
            return Outcome.HELD_BACK;                           // the hold lets it go unchanged: still due
        }
        MimeMessage message;
        Address[] recipients;
        try {
            message = composer.compose(mail, session, fromAddress, fromName);
            recipients = message.getRecipients(MimeMessage.RecipientType.TO);
        } catch (MessagingException | RuntimeException e) {
            // The model or an address is wrong: a bug upstream. Keep the mail; a fix and a retry will send it.
            log.error("Outbox mail {} ({}, game {}) cannot be composed", mail.id(), mail.kind(), mail.gameId(), e);
            fail(hold, mail, e, false, now);
            return Outcome.FAILED;
        }
        return send(mail, message, recipients, hold, now, run);
    }

    private Outcome send(OutboxMail mail, MimeMessage message, Address[] recipients, OutboxSource.Hold hold,
                         Instant now, RunState run) {
        Kept kept = this.kept.get();
        for (boolean firstTry = true; ; firstTry = false) {
            if (run.storeCannotRecord) {
                return Outcome.HELD_BACK;                       // the hold lets it go unchanged: still due
            }
            if (run.connectError != null) {
                fail(hold, mail, run.connectError, true, now);
                return Outcome.FAILED;
            }
            if (kept.transport != null && System.nanoTime() - kept.lastUsedNanos > KEEP_IDLE.toNanos()) {
                drop(kept);                                     // idle long enough for the server to have closed it
            }
            boolean reused = kept.transport != null;
            // This lane's own fact, not read back from the run: lanes that fail to connect at the same instant each
            // write run.connectError, and a lane comparing its error with that field could find another lane's there
            // and take its refused connection for an answer of the server (a 160 s delay instead of 10 s after an
            // outage: the harness' 147 s wait for quiet).
            boolean connecting = !reused;
            try {
                if (kept.transport == null) {
                    try {
                        kept.transport = connect();
                        open.add(kept.transport);
                    } catch (MessagingException | RuntimeException e) {
                        log.warn("SMTP server {}:{} unreachable: {}", smtp.host(), smtp.port(), e.toString());
                        unreachable(now, e);
                        run.connectError = e;
                        throw e;
                    }
                }
                connecting = false;
                // Only the To address is a recipient, whatever the headers say.
                kept.transport.sendMessage(message, recipients);
                kept.lastUsedNanos = System.nanoTime();
                break;
            } catch (MessagingException | RuntimeException e) {
                drop(kept);                                     // the connection may be broken: the next mail opens a new one
                if (reused && firstTry) {
                    log.debug("Kept SMTP connection failed ({}); sending outbox mail {} on a new one", e.toString(), mail.id());
                    continue;
                }
                log.warn("Outbox mail {} ({}, game {}) to {} not sent (attempt {}): {}",
                        mail.id(), mail.kind(), mail.gameId(), mail.toAddress(), mail.attempts() + 1, e.toString());
                fail(hold, mail, e, connecting, now);              // failed connecting, or sending
                return Outcome.FAILED;
            }
        }
        log.info("Sent outbox mail {} ({}, game {}) to {} as {}",
                mail.id(), mail.kind(), mail.gameId(), mail.toAddress(), mail.messageId());
        reached(now);
        recording.put(mail.id(), now);
        try {
            hold.sent(now);
        } catch (RuntimeException e) {
            sentNotRecorded.put(mail.id(), now);
            run.storeCannotRecord = true;
            log.error("Outbox mail {} was sent but cannot be recorded as sent yet; it will not be sent again, "
                    + "and no other mail is sent until it is recorded", mail.id(), e);
        } finally {
            recording.remove(mail.id());
        }
        return Outcome.SENT;
    }

    private void drop(Kept kept) {
        if (kept.transport != null) {
            open.remove(kept.transport);
            close(kept.transport);
            kept.transport = null;
        }
    }

    /**
     * A lane has not finished within {@code laneTimeout}: its thread is stuck where no timeout of ours reaches. Seen
     * after a full disk: H2 2.5 can spin forever in {@code MVStore.registerVersionUsage} when a statement runs on a
     * connection of the database it closed after the failed write (here the rollback after a failed markSent), and
     * the sender, waiting for that lane, sent nothing more while the reopened database served everything else. The
     * mails not yet started are withdrawn (they stay due), the lanes are shut down without interrupting the mails in
     * progress, and the next run sends on new lanes. A mail in progress keeps its lease; one SMTP had
     * accepted is remembered as sent, so it does not go again when the lease runs out.
     */
    private void giveUpLanes(List<Future<Tally>> sending, List<Map<Long, OutboxSource.Hold>> lanesHolds) {
        for (int i = 0; i < sending.size(); i++) {
            if (sending.get(i).cancel(false)) {                 // started ones run on; queued ones never start,
                lanesHolds.get(i).values().forEach(OutboxSource.Hold::close); // so their mails are let go: due again
            }
        }
        // A mail SMTP accepted whose record is stuck: its lease runs out soon, and it must not go again then.
        synchronized (sentNotRecorded) {
            sentNotRecorded.putAll(recording);
        }
        Lanes stuck;
        synchronized (this) {
            stuck = lanes;
            lanes = null;
        }
        log.error("An SMTP lane has not finished its mail within {}; its thread is left behind (see a thread dump for "
                + "where it is stuck) and the next run sends on new lanes. The mails not sent stay due.", laneTimeout);
        if (stuck != null) {
            stuck.shutdown();
        }
    }

    private synchronized Lanes lanes() {
        if (lanes == null) {
            lanes = new Lanes(connections, "epistle-smtp");
        }
        return lanes;
    }

    /** Starts the sender's own thread; it runs until {@link #stop()}. Calling it twice does nothing. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this::loop, "epistle-outbox-sender");
        thread.setDaemon(true);
        thread.start();
    }

    /** Asks the thread to run now, for example right after a transaction wrote to the outbox. */
    public void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    /** Stops the thread, waiting for a send in progress to finish. */
    public void stop() {
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        running = false;
        wake();
        if (t != null) {
            try {
                t.join(smtp.timeout().multipliedBy(3).toMillis() + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeKeptConnections();
        // a last try before what is remembered here is gone: the store may write again by now (space was freed)
        if (!recordPendingSuccesses()) {
            log.warn("{} outbox mail(s) were sent but could not be recorded as sent; they go again after a restart",
                    sentNotRecorded.size());
        }
    }

    /** Closes the connections kept between runs; a lane finds its own closed and opens a new one. */
    private synchronized void closeKeptConnections() {
        for (Transport transport : open) {
            open.remove(transport);
            close(transport);
        }
    }

    @Override
    public void close() {
        stop();
        Lanes ended;
        synchronized (this) {
            ended = lanes;
            lanes = null;
        }
        if (ended != null) {
            ended.close();                                      // waits for a send being recorded: not under the lock
        }
    }

    private void loop() {
        log.info("Outbox sender started: {} every {}", smtp, pollInterval);
        while (running) {
            Run run;
            try {
                run = runOnce(clock.instant());
            } catch (RuntimeException e) {
                // The outbox store itself failed (for example the database is unreachable): try again later.
                log.error("Outbox run failed", e);
                run = new Run(0, 0);
            }
            if (run.sent() == batchSize) {
                continue;                                       // probably more waiting
            }
            synchronized (signal) {
                long deadline = System.nanoTime() + pollInterval.toNanos();
                while (running && !woken) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    try {
                        signal.wait(Math.max(1, left / 1_000_000));
                    } catch (InterruptedException e) {
                        running = false;
                        Thread.currentThread().interrupt();
                    }
                }
                woken = false;
            }
        }
        log.info("Outbox sender stopped");
    }

    private Transport connect() throws MessagingException {
        Transport transport = session.getTransport(smtp.protocol());
        if (smtp.hasLogin()) {
            transport.connect(smtp.host(), smtp.port(), smtp.user(), smtp.password());
        } else {
            transport.connect();
        }
        return transport;
    }

    private void fail(OutboxSource.Hold hold, OutboxMail mail, Exception e, boolean connecting, Instant now) {
        try {
            hold.failed(errorText(e), now.plus(RetrySchedule.after(mail.attempts(), e, connecting)));
        } catch (RuntimeException recordError) {
            // The mail stays due in the store; it is simply tried again on the next run.
            log.error("Could not record the failure of outbox mail {}", mail.id(), recordError);
        }
    }

    private static String errorText(Exception e) {
        String error = e.toString();
        return error.length() > MAX_ERROR_LENGTH ? error.substring(0, MAX_ERROR_LENGTH) : error;
    }

    /** Lets go the mails held back whose release could not be written, while their lease is still this sender's. */
    private void letGoHeldBack(Instant now) {
        synchronized (heldBack) {
            for (var it = heldBack.entrySet().iterator(); it.hasNext(); ) {
                var entry = it.next();
                if (!now.isBefore(entry.getValue())) {
                    it.remove();                                // ran out: due again for any sender by itself
                    continue;
                }
                entry.getKey().close();
                if (!entry.getKey().isHeld()) {
                    it.remove();
                }
            }
        }
    }

    /** Records the mails sent but not recorded yet; false while any is left (the store still cannot write). */
    private boolean recordPendingSuccesses() {
        synchronized (sentNotRecorded) {
            for (var it = sentNotRecorded.entrySet().iterator(); it.hasNext(); ) {
                var entry = it.next();
                try {
                    source.markSent(entry.getKey(), entry.getValue());
                    it.remove();
                } catch (RuntimeException e) {
                    log.error("Outbox mail {} was sent but still cannot be recorded as sent", entry.getKey(), e);
                    return false;
                }
            }
            return true;
        }
    }

    private static void close(Transport transport) {
        if (transport == null) {
            return;
        }
        try {
            transport.close();
        } catch (MessagingException e) {
            log.debug("Closing the SMTP connection failed", e);
        }
    }
}
