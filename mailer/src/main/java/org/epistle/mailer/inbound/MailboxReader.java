package org.epistle.mailer.inbound;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;

import jakarta.mail.Folder;
import jakarta.mail.FolderClosedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.StoreClosedException;
import org.eclipse.angus.mail.iap.Response;
import org.eclipse.angus.mail.imap.IMAPFolder;
import org.eclipse.angus.mail.imap.IMAPStore;
import org.eclipse.angus.mail.imap.protocol.BODY;
import org.eclipse.angus.mail.imap.protocol.FetchResponse;
import org.eclipse.angus.mail.imap.protocol.IMAPResponse;
import org.eclipse.angus.mail.imap.protocol.RFC822SIZE;
import org.eclipse.angus.mail.imap.protocol.UID;
import org.epistle.mailer.Lanes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the server's mailbox over IMAP and hands every unseen message, as its raw bytes, to an
 * {@link InboundSink}. A message the sink answers {@link Disposition#DONE} is then flagged \Seen (and
 * moved to the processed folder if there is one); a message answered {@link Disposition#RETRY_LATER} stays
 * unseen and is delivered again on a later pass.
 *
 * <p>The reader asks the server for nothing but UIDs, sizes and raw messages: {@code UID SEARCH UNSEEN} and
 * {@code UID FETCH uids (UID RFC822.SIZE)} once a pass, then {@code UID FETCH uids (UID BODY.PEEK[])} (which does not
 * set \Seen), {@code UID STORE uids +FLAGS.SILENT (\Seen)} and {@code UID MOVE uids Processed} once for each batch
 * of up to 256 messages or 8 MiB. A message larger than the sink takes ({@link InboundSink#maxMessageBytes()}) is
 * fetched by its header only ({@code BODY.PEEK[HEADER]}).
 * No envelope, no body structure: those are where a malformed message breaks IMAP servers and clients (see
 * the shared Greenmail notes); the parsing is {@link MailParser}'s, locally.
 *
 * <p>A chunk's messages are handed to the sink together ({@link InboundSink#prepareAll}) and then received in
 * lanes: messages in one lane one after another in the mailbox's order, messages in different lanes at the
 * same time on their own threads. Only the reader thread talks to the IMAP server.
 *
 * <p>One message can never block the others: a failure (the fetch failed, the sink threw) is logged and the
 * pass goes on; after {@link MailboxSettings#maxAttempts()} failures in a row the message is flagged \Seen with
 * an error in the log. Attempts are counted in memory, by UIDVALIDITY and UID.
 *
 * <p>{@link #start()} runs a thread that waits for new mail with IDLE when the server offers it, else
 * polls; after a lost connection it reconnects with exponential backoff. {@link #stop()} ends it promptly.
 */
public final class MailboxReader implements AutoCloseable {

    /** How the running reader waits for new mail. */
    public enum Mode { IDLE, POLLING }

    /**
     * Told how the reader thread's connection fares, for the server's health check. Called on the reader thread;
     * an implementation only records what it is told.
     */
    public interface Listener {
        Listener NONE = new Listener() {
            @Override public void connected() {
            }

            @Override public void lost(String why) {
            }
        };

        /** Logged in and the mailbox opened. */
        void connected();

        /** A pass over the unseen messages went through: the server answered. */
        default void passed() {
        }

        /** The connection failed or could not be made (and the reader will try again), or the reader stopped. */
        void lost(String why);
    }

    /**
     * What one pass over the unseen messages did.
     *
     * @param delivered  messages handed to the sink
     * @param done       answered {@link Disposition#DONE} and flagged
     * @param retryLater answered {@link Disposition#RETRY_LATER}, left unseen
     * @param failed     the fetch failed or the sink threw; left unseen for another attempt
     * @param givenUp    flagged \Seen unhandled after too many failed attempts
     */
    public record Pass(int delivered, int done, int retryLater, int failed, int givenUp) {}

    /** Counts while a pass runs; only the thread doing the pass touches it. */
    /** Passes in a row that found no mail, after which the reader idles even if an EXISTS followed the last. */
    private static final int MAX_EMPTY_PASSES = 2;

    private static final class Tally {
        int delivered, done, retryLater, failed, givenUp, removed;

        Pass pass() {
            return new Pass(delivered, done, retryLater, failed, givenUp);
        }

        boolean foundNothing() {
            return delivered + done + retryLater + failed + givenUp + removed == 0;
        }
    }

    private record UidKey(long uidValidity, long uid) {
        @Override public String toString() {
            return "UID " + uid;
        }
    }

    private static final Logger log = LoggerFactory.getLogger(MailboxReader.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    /** Messages received at once before the reader talks to the server again (to flag or move them). */
    private static final int CHUNK = 16;
    /** The most messages fetched in one FETCH ... */
    private static final int BATCH = 256;
    /** ... and the most bytes (a message over the sink's limit counts nothing: only its header is fetched). */
    private static final long BATCH_BYTES = 8L * 1024 * 1024;
    /** The longest a chunk's messages may take to be received (see {@link #giveUpLanes}). */
    static final Duration LANE_TIMEOUT = Duration.ofSeconds(60);
    /** Lanes by default: H2 and the SMTP sender leave little to gain from more on a small machine. */
    public static final int DEFAULT_LANES = 4;

    private final MailboxSettings settings;
    private final InboundSink sink;
    private final Map<UidKey, Integer> failures = new ConcurrentHashMap<>();
    private final Set<UidKey> doneNotFlagged = ConcurrentHashMap.newKeySet();
    private final Object signal = new Object();
    private final int laneCount;
    private final Listener listener;
    private final Duration laneTimeout;
    private Lanes lanes; // guarded by this; made when first needed, closed by stop()

    /** The reader thread and the timer that ends its IDLEs; cleared when the thread ends. */
    private record Worker(Thread thread, ScheduledExecutorService timer) {}

    private volatile boolean running;
    private volatile Worker worker;
    private volatile Connection connection;
    private volatile Mode mode;

    public MailboxReader(MailboxSettings settings, InboundSink sink) {
        this(settings, sink, DEFAULT_LANES);
    }

    /** @param lanes how many messages (of different lanes, see {@link InboundSink#prepare}) may be received at once */
    public MailboxReader(MailboxSettings settings, InboundSink sink, int lanes) {
        this(settings, sink, lanes, Listener.NONE);
    }

    /** @param listener told when the reader thread connects, reads and loses its connection (the health check) */
    public MailboxReader(MailboxSettings settings, InboundSink sink, int lanes, Listener listener) {
        this(settings, sink, lanes, listener, LANE_TIMEOUT);
    }

    /** @param laneTimeout the longest a chunk may take to be received before its lanes are given up (tests shorten it) */
    MailboxReader(MailboxSettings settings, InboundSink sink, int lanes, Listener listener, Duration laneTimeout) {
        this.laneTimeout = Objects.requireNonNull(laneTimeout, "laneTimeout");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sink = Objects.requireNonNull(sink, "sink");
        if (lanes < 1) throw new IllegalArgumentException("lanes must be at least 1, not " + lanes);
        this.laneCount = lanes;
    }

    // ---- life cycle ------------------------------------------------------------------------------

    /** Starts the reader thread; it connects, delivers what is unseen, then waits for more. */
    public synchronized void start() {
        if (worker != null) throw new IllegalStateException("already started");
        running = true;
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "epistle-imap-wakeup"));
        var w = new Worker(daemon(() -> run(timer), "epistle-imap-reader"), timer);
        worker = w;
        w.thread().start();
    }

    /**
     * Ends the reader thread and returns when it has ended: at once while it waits, else after the message
     * being delivered. If it has not ended after 10 s its connection is closed under it. Called from the
     * sink, it returns at once and the thread ends after the messages being received; the others of their chunk
     * are not received and stay unseen.
     */
    public void stop() {
        Worker w;
        synchronized (this) {
            running = false;
            w = worker;
        }
        if (w == null) return;
        synchronized (signal) {
            signal.notifyAll();
        }
        Thread t = w.thread();
        if (Thread.currentThread() == t || isLaneThread()) return;
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        try {
            while (t.isAlive() && System.nanoTime() < deadline) {
                Connection c = connection;
                if (c != null) { // IDLE may have begun after the thread last looked at the flag
                    try {
                        w.timer().execute(() -> abortIdle(c));
                    } catch (RejectedExecutionException ended) {
                        // the thread is ending and has shut its timer
                    }
                }
                t.join(100);
            }
            if (t.isAlive()) {
                log.warn("mailbox reader did not stop within {}; closing its connection", STOP_TIMEOUT);
                Connection c = connection;
                if (c != null) daemon(c::close, "epistle-imap-close").start();
                t.join(2_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            w.timer().shutdownNow();
            Lanes ended = null;
            synchronized (this) {
                if (worker == w) worker = null;
                if (lanes != null && !t.isAlive()) {
                    ended = lanes;
                    lanes = null;
                }
            }
            if (ended != null) ended.close();                   // waits for a mail being handled: not under the lock
        }
    }

    private synchronized boolean isLaneThread() {
        return lanes != null && lanes.isLaneThread();
    }

    @Override public void close() {
        stop();
        Lanes ended = null;
        synchronized (this) {
            if (lanes != null && worker == null) {
                ended = lanes;
                lanes = null;
            }
        }
        if (ended != null) ended.close();
    }

    /** Whether the reader thread is alive. */
    public boolean isRunning() {
        Worker w = worker;
        return w != null && w.thread().isAlive();
    }

    /** How the running reader waits for mail right now; empty while it is not connected or delivering. */
    public Optional<Mode> mode() {
        return Optional.ofNullable(mode);
    }

    /**
     * Connects, delivers every unseen message once, disconnects. For the command line and tests; not while
     * the reader thread runs.
     *
     * @throws MessagingException when the mailbox cannot be reached or the connection is lost
     */
    public Pass readOnce() throws MessagingException {
        if (isRunning()) throw new IllegalStateException("the reader thread is running");
        try (Connection c = connect()) {
            return pass(c, () -> true).pass();
        }
    }

    // ---- the reader thread -----------------------------------------------------------------------

    private void run(ScheduledExecutorService timer) {
        try {
            readUntilStopped(timer);
        } finally {
            timer.shutdownNow();
            synchronized (this) {
                if (worker != null && worker.thread() == Thread.currentThread()) worker = null;
            }
            listener.lost("stopped");
            log.info("mailbox reader stopped");
        }
    }

    private void readUntilStopped(ScheduledExecutorService timer) {
        Duration backoff = settings.initialBackoff();
        while (running) {
            Connection c = null;
            try {
                c = connect();
                connection = c;
                listener.connected();
                boolean idle = settings.idle() && c.idleSupported;
                log.info("reading {} ({})", settings, idle ? "IDLE" : "polling every " + settings.pollInterval());
                if (settings.idle() && !c.idleSupported) log.info("the IMAP server does not offer IDLE; polling instead");
                int emptyPasses = 0;
                while (running) {
                    long announced = c.existsAnnounced();
                    Tally tally = pass(c, () -> running);
                    listener.passed();
                    backoff = settings.initialBackoff();
                    if (!running) break;
                    // New mail announced in the reply to one of the pass's commands (or to this NOOP, which asks for
                    // what came during the pass) would not wake an IDLE: pass again. Counted by EXISTS replies, not by
                    // the folder's message count, which Greenmail leaves too high after a MOVE (it never reports the
                    // MOVE's EXPUNGE): that cost every wake-up a second pass, NOOP, SEARCH, NOOP, for nothing.
                    // A server that repeats EXISTS without new mail must not keep the reader passing forever: after
                    // MAX_EMPTY_PASSES passes in a row that found nothing, the next wake-up has to come from IDLE.
                    c.noop();
                    emptyPasses = tally.foundNothing() ? emptyPasses + 1 : 0;
                    if (c.existsAnnounced() > announced && emptyPasses < MAX_EMPTY_PASSES) continue;
                    emptyPasses = 0;
                    if (idle) {
                        mode = Mode.IDLE;
                        try {
                            idleOnce(c, timer);
                        } catch (FolderClosedException | StoreClosedException e) {
                            throw e;
                        } catch (MessagingException e) {
                            if (!c.isAlive()) throw e;
                            log.warn("IDLE failed ({}); polling every {} instead", BodyText.describe(e), settings.pollInterval());
                            idle = false;
                        }
                    } else {
                        mode = Mode.POLLING;
                        pause(settings.pollInterval());
                    }
                    mode = null;
                }
            } catch (MessagingException | RuntimeException e) {
                if (!running) break;
                listener.lost(BodyText.describe(e));
                Duration wait = ReconnectWait.after(e, backoff);
                log.warn("mailbox {}:{}: {}; reconnecting in {}", settings.host(), settings.port(),
                        BodyText.describe(e), wait);
                pause(wait);
                backoff = backoff.multipliedBy(2).compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff() : backoff.multipliedBy(2);
            } catch (Error e) {
                log.error("mailbox reader died", e);
                throw e;
            } finally {
                mode = null;
                connection = null;
                if (c != null) c.close();
            }
        }
    }

    /** One IDLE, ended by new mail, by the poll interval running out, or by {@link #stop()}. */
    private void idleOnce(Connection c, ScheduledExecutorService timer) throws MessagingException {
        ScheduledFuture<?> wakeUp = timer.schedule(() -> abortIdle(c), settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
        try {
            if (running) c.folder.idle(true);
        } finally {
            wakeUp.cancel(false);
        }
    }

    /** Any command from another thread ends a running IDLE (Angus sends DONE first); NOOP is the harmless one. */
    private static void abortIdle(Connection c) {
        try {
            if (c.folder.isOpen()) c.noop();
        } catch (MessagingException | RuntimeException e) {
            log.debug("could not interrupt IDLE: {}", e.toString());
        }
    }

    private void pause(Duration duration) {
        long deadline = System.nanoTime() + duration.toNanos();
        synchronized (signal) {
            long left;
            while (running && (left = deadline - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(signal, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    running = false;
                }
            }
        }
    }

    // ---- one pass --------------------------------------------------------------------------------

    /**
     * Delivers the unseen messages. The pass asks for their UIDs (one SEARCH) and their sizes (one FETCH), then
     * fetches their bytes in batches of up to {@value #BATCH} messages or {@value #BATCH_BYTES} bytes, one FETCH a
     * batch; a batch is received in chunks of {@value #CHUNK}: its messages handed to the sink at once and received
     * in their lanes, then one STORE (or, with a processed folder, one MOVE) for those done. Mails about different
     * games are handled in parallel while each game's mail keeps its order.
     *
     * <p>Why batches: an IMAP server may cost more a command than a message. Greenmail, the embedded server, lists
     * the whole folder for every UID a FETCH or STORE names, so each of those commands costs the square of the
     * mailbox's size; with one FETCH per 16 messages a flood of 4,000 mails was read at 10 a second.
     */
    private Tally pass(Connection c, BooleanSupplier keepGoing) throws MessagingException {
        long uidValidity = c.folder.getUIDValidity(); // from SELECT, no round trip
        long[] unseen = c.unseenUids();
        Map<Long, Long> sizes = sizes(c, unseen);
        long limit = sink.maxMessageBytes();
        var tally = new Tally();
        var present = new HashSet<UidKey>();
        boolean complete = true;
        int from = 0;
        while (from < unseen.length) {
            if (!keepGoing.getAsBoolean()) {
                complete = false;
                break;
            }
            List<UidKey> batch = new ArrayList<>();
            long bytes = 0;
            // unknown sizes (the size FETCH failed): batches of one chunk, as many bytes as a chunk may be
            int most = sizes.isEmpty() ? CHUNK : BATCH;
            while (from < unseen.length && batch.size() < most && bytes < BATCH_BYTES) {
                long size = sizes.getOrDefault(unseen[from], 0L);
                if (size <= limit) bytes += size; // a larger one costs its header only
                batch.add(new UidKey(uidValidity, unseen[from++]));
            }
            present.addAll(batch);
            complete &= deliverBatch(c, batch, sizes, limit, tally, keepGoing);
        }
        if (complete) { // forget messages that are gone or were seen elsewhere
            failures.keySet().retainAll(present);
            doneNotFlagged.retainAll(present);
        }
        if (unseen.length > 0) log.debug("pass over {}: {}", settings.folder(), tally.pass());
        return tally;
    }

    /** The messages' sizes in one FETCH; empty if that failed (then the pass fetches every message whole). */
    private Map<Long, Long> sizes(Connection c, long[] uids) throws MessagingException {
        if (uids.length == 0) return Map.of();
        try {
            return c.sizes(uids);
        } catch (FolderClosedException | StoreClosedException e) {
            throw e;
        } catch (MessagingException | RuntimeException e) {
            if (!c.isAlive()) throw new MessagingException("connection lost while asking for sizes", e);
            log.warn("could not ask the server for the sizes of {} messages ({}); fetching them whole",
                    uids.length, BodyText.describe(e));
            return Map.of();
        }
    }

    /**
     * Delivers one batch: its bytes (or, of a message over the sink's limit, its header) in one FETCH, received
     * chunk by chunk; false when it stopped early because the reader is stopping.
     */
    private boolean deliverBatch(Connection c, List<UidKey> batch, Map<Long, Long> sizes, long limit, Tally tally,
                                 BooleanSupplier keepGoing) throws MessagingException {
        List<UidKey> handledBefore = new ArrayList<>();
        List<UidKey> toFetch = new ArrayList<>();
        for (UidKey key : batch) {
            if (doneNotFlagged.contains(key)) { // handled before the connection broke; do not deliver again
                handledBefore.add(key);
                continue;
            }
            int failed = failures.getOrDefault(key, 0);
            if (failed >= settings.maxAttempts()) {
                giveUp(c, key, failed, tally);
                continue;
            }
            failures.put(key, failed + 1); // counts as failed until it succeeds, also if the fetch kills the connection
            toFetch.add(key);
        }
        List<UidKey> whole = toFetch.stream().filter(k -> sizes.getOrDefault(k.uid(), 0L) <= limit).toList();
        List<UidKey> tooLarge = toFetch.stream().filter(k -> sizes.getOrDefault(k.uid(), 0L) > limit).toList();
        Map<UidKey, byte[]> raws = fetch(c, whole, tally, false);
        Map<UidKey, byte[]> headers = fetch(c, tooLarge, tally, true);
        for (UidKey key : tooLarge) {
            if (headers.containsKey(key)) {
                log.info("{} ({} bytes): over the limit of {}; only its header was fetched", key, sizes.get(key.uid()), limit);
            }
        }
        List<UidKey> fetched = toFetch.stream().filter(k -> raws.containsKey(k) || headers.containsKey(k)).toList(); // others: gone, or fetch failed
        List<UidKey> done = new ArrayList<>(handledBefore);
        boolean complete = true;
        for (int from = 0; from < fetched.size(); from += CHUNK) {
            if (!keepGoing.getAsBoolean()) {
                notReceived(fetched.subList(from, fetched.size()));
                complete = false;
                break;
            }
            List<UidKey> chunk = fetched.subList(from, Math.min(fetched.size(), from + CHUNK));
            boolean all = receiveChunk(c, chunk, raws, headers, sizes, tally, keepGoing, done);
            chunk.forEach(raws::remove); // the batch's bytes go as its chunks are received
            if (!all) {
                notReceived(fetched.subList(from + chunk.size(), fetched.size()));
                complete = false;
                break;
            }
        }
        // One STORE and one MOVE for the batch: each costs Greenmail the square of the folder's size. Until then the
        // done messages are remembered (doneNotFlagged), and a copy delivered again after a crash is known to the sink.
        markDone(c, done, tally);
        return complete;
    }

    /** Fetched but not handed to the sink because the reader is stopping: as if never fetched. */
    private void notReceived(List<UidKey> keys) {
        for (UidKey key : keys) failures.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
    }

    /**
     * Receives one chunk and adds those done to {@code toFlag}; false when it stopped early because the reader is
     * stopping.
     */
    private boolean receiveChunk(Connection c, List<UidKey> chunk, Map<UidKey, byte[]> raws, Map<UidKey, byte[]> headers,
                                 Map<Long, Long> sizes, Tally tally, BooleanSupplier keepGoing, List<UidKey> toFlag)
            throws MessagingException {
        // received in lanes; the reader thread waits for the whole chunk, then talks to the server again
        Map<UidKey, Future<Disposition>> receiving = new LinkedHashMap<>();
        Map<UidKey, Long> sizeOf = new HashMap<>();
        boolean stopped = false;
        List<UidKey> wholeKeys = chunk.stream().filter(raws::containsKey).toList();
        List<InboundSink.Delivery> prepared = prepare(wholeKeys.stream().map(raws::get).toList());
        Map<UidKey, InboundSink.Delivery> deliveries = new HashMap<>();
        for (int i = 0; i < wholeKeys.size(); i++) {
            UidKey key = wholeKeys.get(i);
            deliveries.put(key, prepared == null ? prepareOne(raws.get(key)) : prepared.get(i));
        }
        for (UidKey key : chunk) {
            tally.delivered++;
            InboundSink.Delivery delivery;
            if (raws.containsKey(key)) {
                sizeOf.put(key, (long) raws.get(key).length);
                delivery = deliveries.get(key);
            } else {
                long size = sizes.get(key.uid());
                sizeOf.put(key, size);
                delivery = prepareTooLarge(headers.get(key), size);
            }
            if (delivery == null) {
                receiving.put(key, CompletableFuture.failedFuture(new IllegalStateException("the sink could not prepare it")));
                continue;
            }
            receiving.put(key, lanes().submit(delivery.lane(), () -> {
                if (!keepGoing.getAsBoolean()) return null; // not received: stays unseen for the next start
                Disposition d = delivery.receive().get();
                if (d == null) throw new IllegalStateException("the sink returned no disposition");
                return d;
            }));
        }
        long deadline = System.nanoTime() + laneTimeout.toNanos();
        for (var entry : receiving.entrySet()) {
            UidKey key = entry.getKey();
            long size = sizeOf.get(key);
            Disposition disposition;
            try {
                disposition = entry.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                giveUpLanes(key);
                afterFailure(c, key, tally); // not flagged: it is read again, on new lanes
                continue;
            } catch (ExecutionException e) {
                log.warn("{} ({} bytes): the sink failed (attempt {} of {})", key, size, failures.getOrDefault(key, 1),
                        settings.maxAttempts(), e.getCause());
                afterFailure(c, key, tally);
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MessagingException("interrupted while " + key + " was being received", e);
            }
            if (disposition == null) { // the reader is stopping: as if never delivered
                failures.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
                tally.delivered--;
                stopped = true;
                continue;
            }
            failures.remove(key);
            if (disposition == Disposition.RETRY_LATER) {
                log.info("{} ({} bytes): to be tried again later", key, size);
                tally.retryLater++;
                continue;
            }
            doneNotFlagged.add(key);
            toFlag.add(key);
            tally.done++;
            log.debug("{} ({} bytes): done", key, size);
        }
        return !stopped;
    }

    /** A message over the sink's limit prepared from its header; null if the sink failed on it (a failed attempt). */
    private InboundSink.Delivery prepareTooLarge(byte[] header, long size) {
        try {
            return sink.prepareTooLarge(header, size);
        } catch (RuntimeException | StackOverflowError e) {
            log.warn("the sink could not prepare the header of a message of {} bytes", size, e);
            return null;
        }
    }

    /** The chunk prepared at once; null if that failed, and then each is prepared alone. */
    private List<InboundSink.Delivery> prepare(List<byte[]> raws) {
        if (raws.isEmpty()) return List.of();
        try {
            List<InboundSink.Delivery> prepared = sink.prepareAll(raws);
            if (prepared != null && prepared.size() == raws.size() && !prepared.contains(null)) return prepared;
            log.warn("the sink prepared {} of {} messages; preparing them one by one", prepared == null ? 0 : prepared.size(), raws.size());
        } catch (RuntimeException | StackOverflowError e) { // a pathological message may recurse too deep
            log.warn("preparing {} messages at once failed; one by one", raws.size(), e);
        }
        return null;
    }

    /** One message prepared alone; null if the sink failed on it (a failed attempt). */
    private InboundSink.Delivery prepareOne(byte[] raw) {
        try {
            return sink.prepare(raw);
        } catch (RuntimeException | StackOverflowError e) {
            log.warn("the sink could not prepare a message of {} bytes", raw.length, e);
            return null;
        }
    }

    /**
     * The messages' bytes in one FETCH (or, {@code headerOnly}, their header sections); if that fails, one by one,
     * so one bad message cannot block the others.
     */
    private Map<UidKey, byte[]> fetch(Connection c, List<UidKey> keys, Tally tally, boolean headerOnly) throws MessagingException {
        Map<UidKey, byte[]> raws = new HashMap<>();
        if (keys.isEmpty()) return raws;
        try {
            Map<Long, byte[]> byUid = c.fetchRaw(keys.stream().mapToLong(UidKey::uid).toArray(), headerOnly);
            for (UidKey key : keys) {
                byte[] raw = byUid.get(key.uid());
                if (raw != null) raws.put(key, raw);
                else failures.remove(key); // expunged by another client meanwhile
            }
            return raws;
        } catch (FolderClosedException | StoreClosedException e) {
            throw e;
        } catch (MessagingException | RuntimeException e) {
            if (!c.isAlive()) throw new MessagingException("connection lost while fetching " + keys, e);
            if (keys.size() == 1) {
                UidKey key = keys.get(0);
                log.warn("{}: could not fetch it (attempt {} of {}): {}", key, failures.getOrDefault(key, 1),
                        settings.maxAttempts(), BodyText.describe(e));
                afterFailure(c, key, tally);
                return raws;
            }
            log.debug("fetching {} messages at once failed ({}); one by one", keys.size(), BodyText.describe(e));
        }
        for (UidKey key : keys) {
            raws.putAll(fetch(c, List.of(key), tally, headerOnly));
        }
        return raws;
    }

    private void afterFailure(Connection c, UidKey key, Tally tally) throws MessagingException {
        int failed = failures.getOrDefault(key, 0);
        if (failed >= settings.maxAttempts()) giveUp(c, key, failed, tally);
        else tally.failed++;
    }

    private void giveUp(Connection c, UidKey key, int failed, Tally tally) throws MessagingException {
        log.error("{}: giving up after {} failed attempts; flagging it \\Seen unhandled so it is not tried again",
                key, failed);
        c.flagSeen(new long[] {key.uid()});
        failures.remove(key);
        tally.givenUp++;
    }

    /** Flags the messages \Seen in one STORE, then moves them to the processed folder, if any, in one MOVE. */
    private void markDone(Connection c, List<UidKey> keys, Tally tally) throws MessagingException {
        if (keys.isEmpty()) return;
        long[] uids = keys.stream().mapToLong(UidKey::uid).toArray();
        c.flagSeen(uids);
        keys.forEach(doneNotFlagged::remove);
        if (c.processed == null) return;
        try {
            c.move(uids, c.processed);
            tally.removed += uids.length;
        } catch (MessagingException e) {
            if (!c.isAlive()) throw e;
            log.warn("{}: flagged \\Seen but not moved to {}: {}", keys, c.processed.getFullName(), BodyText.describe(e));
        }
    }

    /**
     * A lane that has not received its message within the lane timeout ({@link #LANE_TIMEOUT}) is stuck: after a full disk H2 may spin
     * for ever in a statement on a session of the store it closed (seen in bench faults: a lane's thread in
     * {@code MVStore.registerVersionUsage}, the reader waiting on it while {@code /health} said 200). The reader stops
     * waiting, leaves the lanes' threads to end when they can (without interrupting them) and receives on new lanes;
     * the message stays unseen and is read again.
     */
    private synchronized void giveUpLanes(UidKey key) {
        if (lanes == null) { // given up already for this chunk: the rest of it is read again too
            log.debug("{}: not received in time; read again on new lanes", key);
            return;
        }
        log.error("{}: not received within {}; giving up the inbound lanes (a thread may be stuck in the database) and "
                + "reading on new ones; the message stays unseen", key, laneTimeout);
        lanes.shutdown();
        lanes = null;
    }

    private synchronized Lanes lanes() {
        if (lanes == null) lanes = new Lanes(laneCount, "epistle-inbound");
        return lanes;
    }

    // ---- the connection --------------------------------------------------------------------------

    private Connection connect() throws MessagingException {
        String protocol = settings.tls() ? "imaps" : "imap";
        String prefix = "mail." + protocol + ".";
        var properties = new Properties();
        properties.setProperty("mail.store.protocol", protocol);
        properties.setProperty(prefix + "connectiontimeout", millis(settings.connectTimeout()));
        properties.setProperty(prefix + "writetimeout", millis(settings.connectTimeout()));
        // A read may legitimately wait for as long as an IDLE lasts; after that, the connection is dead.
        properties.setProperty(prefix + "timeout", millis(settings.pollInterval().plus(settings.connectTimeout()).plusSeconds(30)));
        // Angus sleeps this long (10 ms by default) after every IDLE, so that other threads get the connection: only
        // the reader thread uses this one (stop's NOOP ends an IDLE, it needs no pause), and the sleep delayed every
        // wake-up's mail by 10 ms.
        properties.setProperty(prefix + "minidletime", "0");
        if (settings.tls()) {
            properties.setProperty(prefix + "ssl.checkserveridentity", "true");
            settings.trusted().ifPresent(t -> properties.put(prefix + "ssl.socketFactory", t.socketFactory()));
        }

        Store store = Session.getInstance(properties).getStore(protocol);
        store.connect(settings.host(), settings.port(), settings.user(), settings.password());
        try {
            if (!(store.getFolder(settings.folder()) instanceof IMAPFolder folder)) {
                throw new MessagingException(settings.folder() + " is not an IMAP folder");
            }
            folder.open(Folder.READ_WRITE);
            IMAPStore imap = (IMAPStore) store;
            boolean move = imap.hasCapability("MOVE");
            Folder processed = null;
            if (settings.processedFolder().isPresent()) {
                Folder f = store.getFolder(settings.processedFolder().get());
                if (f.exists() && move) processed = f;
                else log.debug("not moving handled mail to {}: {}", f.getFullName(), f.exists() ? "no MOVE" : "no such folder");
            }
            return new Connection(store, folder, processed, imap.hasCapability("IDLE"));
        } catch (MessagingException | RuntimeException e) {
            try {
                store.close();
            } catch (MessagingException ignored) {
                // the original failure is the one worth reporting
            }
            throw e;
        }
    }

    private static final class Connection implements AutoCloseable {
        final Store store;
        final IMAPFolder folder;
        final Folder processed;
        final boolean idleSupported;

        /** EXISTS replies to the commands of this connection so far (not those during an IDLE; a timer's NOOP counts). */
        private final java.util.concurrent.atomic.AtomicLong existsAnnounced = new java.util.concurrent.atomic.AtomicLong();

        Connection(Store store, IMAPFolder folder, Folder processed, boolean idleSupported) throws MessagingException {
            this.store = store;
            this.folder = folder;
            this.processed = processed;
            this.idleSupported = idleSupported;
            folder.doCommand(protocol -> {
                protocol.addResponseHandler(r -> {
                    if (r instanceof IMAPResponse ir && ir.keyEquals("EXISTS")) existsAnnounced.incrementAndGet();
                });
                return null;
            });
        }

        long existsAnnounced() {
            return existsAnnounced.get();
        }

        /** UID SEARCH UNSEEN: the unseen messages' UIDs, ascending. */
        long[] unseenUids() throws MessagingException {
            return (long[]) folder.doCommand(protocol -> {
                Response[] responses = protocol.command("UID SEARCH UNSEEN", null);
                Response result = responses[responses.length - 1];
                LongStream.Builder uids = LongStream.builder();
                for (int i = 0; i < responses.length - 1; i++) {
                    if (result.isOK() && responses[i] instanceof IMAPResponse r && r.keyEquals("SEARCH")) {
                        for (long uid; (uid = r.readLong()) != -1; ) uids.add(uid);
                        responses[i] = null; // consumed: not for the folder's own handlers
                    }
                }
                protocol.notifyResponseHandlers(responses); // EXISTS, EXPUNGE... keep the folder's view current
                protocol.handleResult(result);
                return uids.build().sorted().toArray();
            });
        }

        /** UID FETCH uids (UID RFC822.SIZE): each message's size in bytes, by UID; a message that is gone is missing. */
        Map<Long, Long> sizes(long[] uids) throws MessagingException {
            @SuppressWarnings("unchecked")
            Map<Long, Long> sizes = (Map<Long, Long>) folder.doCommand(protocol -> {
                Response[] responses = protocol.command("UID FETCH " + uidSet(uids) + " (UID RFC822.SIZE)", null);
                Map<Long, Long> found = new HashMap<>();
                for (int i = 0; i < responses.length - 1; i++) {
                    if (responses[i] instanceof FetchResponse f && f.getItem(UID.class) != null) {
                        RFC822SIZE size = f.getItem(RFC822SIZE.class);
                        if (size != null) found.put(f.getItem(UID.class).uid, size.size);
                        responses[i] = null;
                    }
                }
                protocol.notifyResponseHandlers(responses);
                protocol.handleResult(responses[responses.length - 1]);
                return found;
            });
            return sizes;
        }

        /**
         * UID FETCH uids (UID BODY.PEEK[]), or {@code BODY.PEEK[HEADER]} for the header sections only: the exact bytes
         * the server stores, in one round trip, without setting \Seen; a message that is gone is missing from the
         * answer. {@code IMAPMessage.getMimeStream()} fetches the same bytes but needs a {@code Message} first, which
         * costs a SEARCH by sequence number and a FETCH of the UIDs.
         */
        Map<Long, byte[]> fetchRaw(long[] uids, boolean headerOnly) throws MessagingException {
            String item = headerOnly ? "BODY.PEEK[HEADER]" : "BODY.PEEK[]";
            @SuppressWarnings("unchecked")
            Map<Long, byte[]> raws = (Map<Long, byte[]>) folder.doCommand(protocol -> {
                Response[] responses = protocol.command("UID FETCH " + uidSet(uids) + " (UID " + item + ")", null);
                Map<Long, byte[]> found = new HashMap<>();
                for (int i = 0; i < responses.length - 1; i++) {
                    if (responses[i] instanceof FetchResponse f && f.getItem(UID.class) != null) {
                        BODY body = f.getItem(BODY.class);
                        ByteArrayInputStream in = body == null ? null : body.getByteArrayInputStream();
                        if (in != null) found.put(f.getItem(UID.class).uid, in.readAllBytes());
                        responses[i] = null;
                    }
                }
                protocol.notifyResponseHandlers(responses);
                protocol.handleResult(responses[responses.length - 1]);
                return found;
            });
            return raws;
        }

        /** UID STORE uids +FLAGS.SILENT (\Seen): silent, so the reply is one line (and one TCP segment). */
        void flagSeen(long[] uids) throws MessagingException {
            simple("UID STORE " + uidSet(uids) + " +FLAGS.SILENT (\\Seen)");
        }

        /** UID MOVE uids folder (RFC 6851; the connection offers MOVE, else {@code processed} is null). */
        void move(long[] uids, Folder to) throws MessagingException {
            simple("UID MOVE " + uidSet(uids) + " " + quoted(to.getFullName()));
        }

        private void simple(String command) throws MessagingException {
            folder.doCommand(protocol -> {
                Response[] responses = protocol.command(command, null);
                protocol.notifyResponseHandlers(responses);
                protocol.handleResult(responses[responses.length - 1]);
                return null;
            });
        }

        /** The UIDs as a set of ranges ({@code 3:9,12}): a pass's unseen UIDs mostly follow one another. */
        static String uidSet(long[] uids) {
            long[] sorted = LongStream.of(uids).sorted().distinct().toArray();
            var set = new StringBuilder();
            for (int i = 0; i < sorted.length; ) {
                int j = i;
                while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) j++;
                if (set.length() > 0) set.append(',');
                set.append(sorted[i]);
                if (j > i) set.append(':').append(sorted[j]);
                i = j + 1;
            }
            return set.toString();
        }

        private static String quoted(String name) {
            return "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }

        void noop() throws MessagingException {
            folder.doCommand(protocol -> {
                protocol.noop();
                return null;
            });
        }

        boolean isAlive() {
            return folder.isOpen() && store.isConnected();
        }

        @Override public void close() {
            try {
                if (folder.isOpen()) folder.close(false);
            } catch (MessagingException | RuntimeException e) {
                log.debug("closing {}: {}", folder.getFullName(), e.toString());
            }
            try {
                store.close();
            } catch (MessagingException | RuntimeException e) {
                log.debug("closing the IMAP connection: {}", e.toString());
            }
        }
    }

    private static String millis(Duration d) {
        return Long.toString(Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    private static Thread daemon(Runnable r, String name) {
        var t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
