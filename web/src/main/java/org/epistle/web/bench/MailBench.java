package org.epistle.web.bench;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.epistle.config.Settings;
import org.epistle.config.SettingsLoader;
import org.epistle.core.games.Contact;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.ServerKey;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.web.Installation;
import org.epistle.web.Server;

/**
 * {@code epistle bench mail}: how long a move takes by mail, beside how long the mail server itself
 * takes to carry a plain message, measured in one run on 127.0.0.1.
 *
 * <p>A real server runs in this process, as {@code epistle serve} runs it: H2 file database in a
 * temporary directory, the embedded mail server, the IMAP reader and the outbox sender. Every
 * mailbox the bench reads is watched by its own IMAP connection that IDLEs and fetches the header
 * of each new message, so "readable" means a mail client has the message's header in hand.
 *
 * <ul>
 *   <li>raw round trip: a plain message sent over SMTP until readable over IMAP; one at a time,
 *       then with as many senders at once as there are games in flight, each waiting for its message
 *       before sending the next;
 *   <li>move: a player's reply (to the Reply-To of the last mail, with its subject, holding the move)
 *       sent over SMTP until the turn-accepted mail is readable in both players' mailboxes; one move
 *       at a time, then every game in flight at once, each player answering as soon as it is their turn.
 * </ul>
 * Times start when the sender begins the SMTP transaction for the message on an open connection (see
 * {@link #send}) and end when the last watcher needed has the message's header.
 */
public final class MailBench {

    /**
     * @param games           games in flight at once, also the number of raw senders at once
     * @param movesPerSide    moves each side plays in every game in flight (at most 16)
     * @param seconds         time cap for the measured phases; a phase stops starting round trips after it
     * @param rawMessages     raw messages per raw phase
     * @param sequentialMoves moves played one at a time
     */
    public record Options(int games, int movesPerSide, int seconds, int rawMessages, int sequentialMoves) {
        public Options {
            positive(games, "--games");
            positive(seconds, "--seconds");
            positive(rawMessages, "--raw");
            positive(sequentialMoves, "--sequential");
            if (movesPerSide < 1 || movesPerSide > MAX_MOVES_PER_SIDE) {
                throw new IllegalArgumentException("--moves must be 1 to " + MAX_MOVES_PER_SIDE + ", not " + movesPerSide);
            }
            if (games > 200) {
                throw new IllegalArgumentException("--games must be at most 200, not " + games);
            }
        }

        private static void positive(int value, String name) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, not " + value);
            }
        }
    }

    /** Pawn moves one square then two for each side: no capture, no check, no repeated position. */
    private static final List<String> WHITE_MOVES = pawnMoves('3', '4');
    private static final List<String> BLACK_MOVES = pawnMoves('6', '5');
    static final int MAX_MOVES_PER_SIDE = WHITE_MOVES.size();
    private static final int WARM_UP_MOVES = 8;
    private static final int WARM_UP_RAW = 20;
    /** Paired rounds of raw exchanges and moves in flight (fewer when there are fewer plies to share out). */
    static final int ROUNDS = 4;
    private static final String SERVER_ADDRESS = "moves@epistle.localhost";
    private static final String DOMAIN = "bench.localhost";
    private static final String HOST = "127.0.0.1";
    /** The longest one round trip may take before the bench gives up as broken. */
    private static final Duration ROUND_TRIP_LIMIT = Duration.ofSeconds(30);

    private final Options options;
    private final Session smtpSession;
    private int smtpPort;
    private int imapPort;

    private MailBench(Options options) {
        this.options = options;
        Properties p = new Properties();
        p.setProperty("mail.smtp.connectiontimeout", "10000");
        p.setProperty("mail.smtp.timeout", "30000");
        this.smtpSession = Session.getInstance(p);
    }

    /** Runs the whole bench and prints its table; throws if a round trip fails or never completes. */
    public static void run(Options options, PrintWriter out) throws Exception {
        // The server logs every mail at INFO; hundreds of lines would bury the table and cost time being written.
        // This only takes effect if nothing has logged yet in this JVM (as with the command line).
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        new MailBench(options).run(out);
    }

    private void run(PrintWriter out) throws Exception {
        Path dir = Files.createTempDirectory("epistle-bench-");
        List<Mailbox> mailboxes = new ArrayList<>();
        Installation installation = null;
        Server server = null;
        try {
            Settings settings = new SettingsLoader(environment(dir)).load().settings();
            installation = Installation.open(settings, ServerKey.load(dir.resolve("server.key")), Clock.systemUTC());
            server = Server.start(installation, new PrintWriter(new StringWriter()), new Settings.Web(HOST, 0));
            EmbeddedMailServer mail = server.embeddedMail().orElseThrow();
            smtpPort = mail.smtpPort();
            imapPort = mail.imapPort();

            out.printf("epistle bench mail: in-process server, embedded Greenmail on %s (SMTP %d, IMAP %d), H2 file database%n",
                    HOST, smtpPort, imapPort);
            out.printf("games in flight %d, moves per side in each %d, moves one at a time %d, raw messages per phase %d, "
                    + "time cap %d s%n", options.games(), options.movesPerSide(), options.sequentialMoves(),
                    options.rawMessages(), options.seconds());
            out.flush();

            // set-up, not measured: games (their opening mails create the players' mailboxes) and raw mailboxes
            int sequentialGames = (options.sequentialMoves() + 2 * MAX_MOVES_PER_SIDE - 1) / (2 * MAX_MOVES_PER_SIDE);
            List<Game> warmUp = createGames(installation, "warm", 1, mailboxes);
            List<Game> sequential = createGames(installation, "seq", sequentialGames, mailboxes);
            List<Mailbox> raw = new ArrayList<>();
            for (int i = 0; i < options.games(); i++) {
                String address = "raw" + i + "@" + DOMAIN;
                send(plain(address, "hello"), address); // creates the mailbox
                raw.add(watch(address, mailboxes));
            }
            nudgeAndAwaitFirstMails(mailboxes);

            long deadline = System.nanoTime() + Duration.ofSeconds(options.seconds()).toNanos();
            rawSequential(raw.get(0), WARM_UP_RAW, Long.MAX_VALUE);
            Samples rawOne = rawSequential(raw.get(0), options.rawMessages(), deadline);
            long cpu = processCpuNanos();
            Samples rawMany = rawInFlight(raw, options.rawMessages(), deadline);
            long rawCpu = processCpuNanos() - cpu;
            movesSequential(warmUp, WARM_UP_MOVES, Long.MAX_VALUE);
            Samples movesOne = movesSequential(sequential, options.sequentialMoves(), deadline);

            // The baseline of the move rate: the same three messages a move causes (the player's reply in, the two
            // notifications out, byte for byte as the server wrote them, diagram PNG included) sent raw through the
            // same mail server, each exchange waiting for its message in, then sending the two out. The bytes are
            // the warm-up game's last move's.
            Game sample = warmUp.get(0);
            byte[] toWhite = rawMessage(sample.white.address(), sample.white.count());
            byte[] toBlack = rawMessage(sample.black.address(), sample.black.count());
            Mailbox.Received last = sample.white.await(sample.white.count() - 1, System.nanoTime() + ROUND_TRIP_LIMIT.toNanos());
            MimeMessage in = reply(sample.white.address(), last, "a3");
            in.saveChanges();
            Exchange exchange = new Exchange(bytesOf(in), toWhite, toBlack);
            out.printf("a move's three messages: in %d bytes, out %d and %d bytes%n", exchange.in().length,
                    toWhite.length, toBlack.length);

            // Warm up as long as the rounds measure: before this, the raw path had carried about a thousand messages
            // and the move path only the moves played one at a time (about a hundred), so the rounds charged the
            // moves with the JIT still compiling their much larger code (the median read 0.46-0.49 where the same
            // code, warmed up, reads 0.56-0.57).
            List<Round> warmUpRounds = pairedRounds(installation, server.embeddedMail().orElseThrow(), exchange, mailboxes, "warm-up-");
            out.printf("warm-up: %d moves and %d raw exchanges in flight, in %d rounds as the measured ones, not counted%n",
                    Round.moves(warmUpRounds).count(), Round.exchanges(warmUpRounds).count(), warmUpRounds.size());
            PlainStatementCount statements = PlainStatementCount.listeningTo(installation.database());
            List<Round> rounds = pairedRounds(installation, server.embeddedMail().orElseThrow(), exchange, mailboxes, "");
            statements.stop();
            Samples movesMany = Round.moves(rounds);
            Samples exchangesMany = Round.exchanges(rounds);
            long movesCpu = rounds.stream().mapToLong(Round::movesCpu).sum();
            printTable(out, rawOne, rawMany, movesOne, movesMany, exchangesMany, Round.medianRatio(rounds));
            printCpu(out, rawMany, rawCpu, movesMany, movesCpu);
            statements.print(out, Round.moves(rounds).count());
            printRounds(out, rounds);
        } finally {
            for (Mailbox m : mailboxes) {
                m.close();
            }
            if (server != null) {
                server.close();
            } else if (installation != null) {
                installation.close();
            }
            deleteQuietly(dir);
        }
    }

    /**
     * Games created here, as by `epistle game create`, wait in the outbox for the sender's next look (within a
     * second). A handled mail wakes the sender at once: a mail that names no game, from an address that is no
     * player's, is refused without an answer and does just that. Then every mailbox is awaited to hold its first mail.
     */
    private void nudgeAndAwaitFirstMails(List<Mailbox> boxes) throws Exception {
        send(plain(SERVER_ADDRESS, "nudge"), SERVER_ADDRESS);
        long setUpDeadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (Mailbox m : boxes) {
            m.await(0, setUpDeadline);
        }
    }

    // ---- the paired rounds -------------------------------------------------------------------------

    /** The bytes of a move's three messages, sent raw by the baseline. */
    private record Exchange(byte[] in, byte[] toWhite, byte[] toBlack) {}

    /**
     * One round: the raw exchanges and the moves, the same number of each, one phase right after the other, each with
     * the process CPU it took; {@code rawFirst} says which phase went first.
     */
    private record Round(int number, boolean rawFirst, Samples exchanges, long exchangesCpu, Samples moves, long movesCpu,
                         String load) {
        double ratio() {
            return moves.perSecond() / exchanges.perSecond();
        }

        boolean isComplete() {
            return exchanges.count() > 0 && moves.count() > 0;
        }

        static Samples moves(List<Round> rounds) {
            return Samples.pooled(rounds.stream().map(Round::moves).toList());
        }

        static Samples exchanges(List<Round> rounds) {
            return Samples.pooled(rounds.stream().map(Round::exchanges).toList());
        }

        /** The median of the complete rounds' ratios (of two middle ones, their mean); NaN without any. */
        static double medianRatio(List<Round> rounds) {
            double[] ratios = rounds.stream().filter(Round::isComplete).mapToDouble(Round::ratio).sorted().toArray();
            if (ratios.length == 0) {
                return Double.NaN;
            }
            int mid = ratios.length / 2;
            return ratios.length % 2 == 1 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
        }
    }

    /**
     * The in-flight moves and their raw baseline, measured in {@value #ROUNDS} rounds of the same length (together
     * {@code 2 × --moves} plies per game, as one phase used to play). The two phases of a round run back to back, so
     * they meet the same load on a shared machine; their order alternates from round to round, so neither always gets
     * the other's leftovers (a JIT still compiling, a collection due). Every round starts from fresh mailboxes of the
     * same size: new games, whose players' mailboxes hold the opening mail, and new exchange mailboxes holding one
     * message; the server's {@code Processed} folder is emptied. Greenmail's cost per message grows with the folder
     * it lands in, so a phase that met fuller mailboxes would be slowed by that alone. {@code prefix} starts the
     * names of the rounds' players and mailboxes, so the warm-up's rounds and the measured ones never share one.
     */
    private List<Round> pairedRounds(Installation installation, EmbeddedMailServer mail, Exchange exchange,
                                     List<Mailbox> mailboxes, String prefix) throws Exception {
        int plies = 2 * options.movesPerSide();
        int count = Math.min(ROUNDS, plies);
        long deadline = System.nanoTime() + Duration.ofSeconds(options.seconds()).toNanos();
        List<Round> rounds = new ArrayList<>();
        for (int r = 0; r < count && System.nanoTime() < deadline; r++) {
            int length = plies / count + (r < plies % count ? 1 : 0);
            List<Mailbox> boxes = new ArrayList<>();
            try {
                List<Game> games = createGames(installation, prefix + "r" + (r + 1) + "-flight", options.games(), boxes);
                List<Mailbox[]> exchanges = new ArrayList<>();
                for (int i = 0; i < options.games(); i++) {
                    Mailbox[] three = new Mailbox[3];
                    int n = 0;
                    for (String role : List.of("in", "w", "b")) {
                        String address = prefix + "r" + (r + 1) + "-x" + role + i + "@" + DOMAIN;
                        send(plain(address, "hello"), address); // creates the mailbox
                        three[n++] = watch(address, boxes);
                    }
                    exchanges.add(three);
                }
                mailboxes.addAll(boxes);
                nudgeAndAwaitFirstMails(boxes);
                mail.emptyProcessed(SERVER_ADDRESS);

                boolean rawFirst = r % 2 == 0;
                Samples moves = null;
                Samples raw = null;
                long movesCpu = 0;
                long rawCpu = 0;
                for (int phase = 0; phase < 2; phase++) {
                    long cpu = processCpuNanos();
                    if ((phase == 0) == rawFirst) {
                        raw = exchangesInFlight(exchanges, exchange, length, deadline);
                        rawCpu = processCpuNanos() - cpu;
                    } else {
                        moves = movesInFlight(games, length, deadline);
                        movesCpu = processCpuNanos() - cpu;
                    }
                }
                rounds.add(new Round(r + 1, rawFirst, raw, rawCpu, moves, movesCpu, FaultsBench.load()));
            } finally {
                for (Mailbox m : boxes) {
                    m.close();                                  // Greenmail keeps a thread per watching connection
                }
            }
        }
        return rounds;
    }

    /** Each exchange's three mailboxes have their own driver: the message in awaited, then the two out. */
    private Samples exchangesInFlight(List<Mailbox[]> exchanges, Exchange bytes, int perDriver, long deadline)
            throws Exception {
        return inParallel(exchanges.size(), i -> {
            List<Long> latencies = new ArrayList<>();
            Mailbox[] three = exchanges.get(i);
            for (int n = 0; n < perDriver; n++) {
                if (System.nanoTime() > deadline) {
                    return new Outcome(latencies, true);
                }
                int index = three[0].count();
                long sent = sendRaw(bytes.in(), three[0].address());
                long limit = System.nanoTime() + ROUND_TRIP_LIMIT.toNanos();
                three[0].await(index, limit);
                sendRaw(bytes.toWhite(), three[1].address());
                sendRaw(bytes.toBlack(), three[2].address());
                Mailbox.Received w = three[1].await(index, limit);
                Mailbox.Received b = three[2].await(index, limit);
                latencies.add(Math.max(w.readableAtNanos(), b.readableAtNanos()) - sent);
            }
            return new Outcome(latencies, false);
        });
    }

    private Map<String, String> environment(Path dir) {
        Map<String, String> env = new HashMap<>();
        env.put("EPISTLE_MAIL_MODE", "embedded");
        env.put("EPISTLE_MAIL_ADDRESS", SERVER_ADDRESS);
        env.put("EPISTLE_MAIL_SMTP_PORT", String.valueOf(freePort()));
        env.put("EPISTLE_MAIL_IMAP_PORT", String.valueOf(freePort()));
        env.put("EPISTLE_DB_URL", "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath() + "/epistle;AUTO_SERVER=TRUE");
        return env;
    }

    // ---- the phases ------------------------------------------------------------------------------

    /** Plain messages one after another to one mailbox, each awaited before the next. */
    private Samples rawSequential(Mailbox box, int count, long deadline) throws Exception {
        List<Long> latencies = new ArrayList<>();
        long start = System.nanoTime();
        boolean capped = rawLoop(box, count, deadline, latencies);
        return new Samples(toArray(latencies), System.nanoTime() - start, capped);
    }

    /** Each mailbox has its own sender; together they send {@code count} messages. */
    private Samples rawInFlight(List<Mailbox> boxes, int count, long deadline) throws Exception {
        int senders = boxes.size();
        return inParallel(senders, i -> {
            List<Long> latencies = new ArrayList<>();
            int share = count / senders + (i < count % senders ? 1 : 0);
            boolean capped = rawLoop(boxes.get(i), share, deadline, latencies);
            return new Outcome(latencies, capped);
        });
    }

    private boolean rawLoop(Mailbox box, int count, long deadline, List<Long> latencies) throws Exception {
        for (int n = 0; n < count; n++) {
            if (System.nanoTime() > deadline) {
                return true;
            }
            int index = box.count();
            long sent = send(plain(box.address(), "raw round trip " + index), box.address());
            Mailbox.Received r = box.await(index, System.nanoTime() + ROUND_TRIP_LIMIT.toNanos());
            latencies.add(r.readableAtNanos() - sent);
        }
        return false;
    }

    /** Moves one at a time, game after game, each game played as far as it goes. */
    private Samples movesSequential(List<Game> games, int count, long deadline) throws Exception {
        List<Long> latencies = new ArrayList<>();
        long start = System.nanoTime();
        boolean capped = false;
        int played = 0;
        for (Game g : games) {
            while (played < count && g.plies < 2 * MAX_MOVES_PER_SIDE) {
                if (System.nanoTime() > deadline) {
                    capped = true;
                    break;
                }
                latencies.add(play(g));
                played++;
            }
        }
        return new Samples(toArray(latencies), System.nanoTime() - start, capped);
    }

    /** Every game at once; in each, a player answers as soon as both have the previous move's mail. */
    private Samples movesInFlight(List<Game> games, int plies, long deadline) throws Exception {
        return inParallel(games.size(), i -> {
            Game g = games.get(i);
            List<Long> latencies = new ArrayList<>();
            for (int n = 0; n < plies; n++) {
                if (System.nanoTime() > deadline) {
                    return new Outcome(latencies, true);
                }
                latencies.add(play(g));
            }
            return new Outcome(latencies, false);
        });
    }

    private record Outcome(List<Long> latencies, boolean capped) {}

    private interface Driver {
        Outcome drive(int index) throws Exception;
    }

    private static Samples inParallel(int drivers, Driver driver) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(drivers, r -> {
            Thread t = new Thread(r, "bench-driver");
            t.setDaemon(true);
            return t;
        });
        try {
            long start = System.nanoTime();
            List<Future<Outcome>> futures = new ArrayList<>();
            for (int i = 0; i < drivers; i++) {
                int index = i;
                futures.add(pool.submit(() -> driver.drive(index)));
            }
            List<Long> all = new ArrayList<>();
            boolean capped = false;
            for (Future<Outcome> f : futures) {
                try {
                    Outcome o = f.get();
                    all.addAll(o.latencies());
                    capped |= o.capped();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
            return new Samples(toArray(all), System.nanoTime() - start, capped);
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- games -----------------------------------------------------------------------------------

    /** A game of the bench and its two players' mailboxes; {@code plies} is only touched by one driver. */
    private static final class Game {
        final long id;
        final Mailbox white;
        final Mailbox black;
        /** Where the bench reads whether a turn was played: every mail of a game has the same subject. */
        final org.epistle.core.games.GameService service;
        int plies;

        Game(long id, Mailbox white, Mailbox black, org.epistle.core.games.GameService service) {
            this.id = id;
            this.white = white;
            this.black = black;
            this.service = service;
        }
    }

    private List<Game> createGames(Installation installation, String prefix, int count, List<Mailbox> mailboxes) {
        List<Game> games = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String white = prefix + i + "-white@" + DOMAIN;
            String black = prefix + i + "-black@" + DOMAIN;
            long id = installation.games().create(new NewGame("chess",
                    new Contact("White " + prefix + " " + i, white), new Contact("Black " + prefix + " " + i, black))).gameId();
            games.add(new Game(id, watch(white, mailboxes), watch(black, mailboxes), installation.games()));
        }
        return games;
    }

    private Mailbox watch(String address, List<Mailbox> mailboxes) {
        Mailbox m = Mailbox.watch(address, HOST, imapPort, Duration.ofSeconds(60));
        mailboxes.add(m);
        return m;
    }

    /**
     * The player to move answers the last mail they got with the next move; returns the time from its
     * sending until both players can read the turn-accepted mail.
     */
    private long play(Game g) throws Exception {
        int ply = g.plies;
        boolean whiteMoves = ply % 2 == 0;
        Mailbox mover = whiteMoves ? g.white : g.black;
        String move = (whiteMoves ? WHITE_MOVES : BLACK_MOVES).get(ply / 2);
        long limit = System.nanoTime() + ROUND_TRIP_LIMIT.toNanos();
        Mailbox.Received last = mover.await(ply, limit);

        long sent = send(reply(mover.address(), last, move), last.replyTo());

        limit = System.nanoTime() + ROUND_TRIP_LIMIT.toNanos();
        Mailbox.Received toWhite = g.white.await(ply + 1, limit);
        Mailbox.Received toBlack = g.black.await(ply + 1, limit);
        // Both got a mail; the subject is the game's for every mail, so the record says whether it was the turn
        // (read after the timing: the headers alone arrive as the players' clients would first see them)
        int played = g.service.view(g.id).turns().size();
        if (played != ply + 1) {
            throw new IllegalStateException("game " + g.id + ": " + move + " was not accepted as expected: the game has "
                    + played + " turns, not " + (ply + 1) + "; a player got \"" + toWhite.subject() + "\"");
        }
        g.plies++;
        return Math.max(toWhite.readableAtNanos(), toBlack.readableAtNanos()) - sent;
    }

    // ---- mail ------------------------------------------------------------------------------------

    /** A player's answer to the last mail they got, as {@link #play} sends it. */
    private MimeMessage reply(String from, Mailbox.Received last, String move) throws MessagingException {
        MimeMessage reply = new MimeMessage(smtpSession);
        reply.setFrom(new InternetAddress(from));
        reply.setRecipient(Message.RecipientType.TO, new InternetAddress(last.replyTo()));
        reply.setSubject("Re: " + last.subject(), "UTF-8");
        if (last.messageId() != null) {
            reply.setHeader("In-Reply-To", last.messageId());
            reply.setHeader("References", last.messageId());
        }
        reply.setText(move + "\n", "UTF-8");
        return reply;
    }

    private static byte[] bytesOf(MimeMessage m) throws MessagingException, IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        m.writeTo(bytes);
        return bytes.toByteArray();
    }

    /** The {@code number}-th message (1 is the first) of a mailbox, as the mail server stores it. */
    private byte[] rawMessage(String address, int number) throws MessagingException, IOException {
        jakarta.mail.Store store = Session.getInstance(new Properties()).getStore("imap");
        store.connect(HOST, imapPort, address, address);
        try {
            jakarta.mail.Folder inbox = store.getFolder("INBOX");
            inbox.open(jakarta.mail.Folder.READ_ONLY);
            try (java.io.InputStream raw = ((org.eclipse.angus.mail.imap.IMAPMessage) inbox.getMessage(number)).getMimeStream()) {
                return raw.readAllBytes();
            } finally {
                inbox.close(false);
            }
        } finally {
            store.close();
        }
    }

    /** Sends bytes as they are (no header rewritten) over a new SMTP connection; returns when the transaction began. */
    private long sendRaw(byte[] raw, String to) throws MessagingException {
        MimeMessage message = new MimeMessage(smtpSession) {
            @Override
            public void writeTo(java.io.OutputStream o, String[] ignore) throws IOException {
                o.write(raw);
            }

            @Override
            public void writeTo(java.io.OutputStream o) throws IOException {
                o.write(raw);
            }
        };
        Transport transport = smtpSession.getTransport("smtp");
        transport.connect(HOST, smtpPort, null, null);
        try {
            long start = System.nanoTime();
            transport.sendMessage(message, new InternetAddress[] {new InternetAddress(to)});
            return start;
        } finally {
            transport.close();
        }
    }

    private MimeMessage plain(String to, String text) throws MessagingException {
        MimeMessage m = new MimeMessage(smtpSession);
        m.setFrom(new InternetAddress("sender@" + DOMAIN));
        m.setRecipient(Message.RecipientType.TO, new InternetAddress(to));
        m.setSubject(text, "UTF-8");
        m.setText(text + "\n", "UTF-8");
        return m;
    }

    /**
     * Sends over a new SMTP connection, as a mail client does; returns when the SMTP transaction began (MAIL
     * FROM, the connection already open). Greenmail files a message before it answers 250 to it, so a watcher
     * can read it before the 250 reaches the sender: timed from the 250, the raw round trip would come out as
     * nothing at all. Timed from the start of the transaction it includes the SMTP dialogue, about a millisecond.
     */
    private long send(MimeMessage message, String to) throws MessagingException {
        message.saveChanges();
        Transport transport = smtpSession.getTransport("smtp");
        transport.connect(HOST, smtpPort, null, null);
        try {
            long start = System.nanoTime();
            transport.sendMessage(message, new InternetAddress[] {new InternetAddress(to)});
            return start;
        } finally {
            transport.close();
        }
    }

    // ---- the table -------------------------------------------------------------------------------

    private void printTable(PrintWriter out, Samples rawOne, Samples rawMany, Samples movesOne, Samples movesMany,
                            Samples exchanges, double ratio) {
        int g = options.games();
        out.println();
        out.printf("%-52s %8s %14s  %s%n", "metric", "samples", "value", "target");
        row(out, "raw round trip, one at a time, p50", rawOne, ms(rawOne.percentileMillis(50)), "");
        row(out, "raw round trip, one at a time, p99", rawOne, ms(rawOne.percentileMillis(99)), "");
        row(out, "raw round trip, one at a time, rate", rawOne, rate(rawOne.perSecond(), "msg/s"), "");
        row(out, "raw round trip, " + g + " in flight, p50", rawMany, ms(rawMany.percentileMillis(50)), "");
        row(out, "raw round trip, " + g + " in flight, p99", rawMany, ms(rawMany.percentileMillis(99)), "");
        row(out, "raw round trip, " + g + " in flight, rate", rawMany, rate(rawMany.perSecond(), "msg/s"), "");
        double p99 = movesOne.percentileMillis(99);
        row(out, "move to both notifications, one at a time, p50", movesOne, ms(movesOne.percentileMillis(50)), "");
        row(out, "move to both notifications, one at a time, p99", movesOne, ms(p99),
                "p99 < 300 ms: " + yesNo(p99 < 300));
        row(out, "move to both notifications, one at a time, rate", movesOne, rate(movesOne.perSecond(), "moves/s"), "");
        row(out, "move to both notifications, " + g + " games in flight, p50", movesMany, ms(movesMany.percentileMillis(50)), "");
        row(out, "move to both notifications, " + g + " games in flight, p99", movesMany, ms(movesMany.percentileMillis(99)), "");
        row(out, "raw three-message exchange, " + g + " in flight, p50", exchanges, ms(exchanges.percentileMillis(50)), "");
        row(out, "raw three-message exchange, " + g + " in flight, p99", exchanges, ms(exchanges.percentileMillis(99)), "");
        row(out, "raw three-message exchange, " + g + " in flight, rate", exchanges, rate(exchanges.perSecond(), "exch/s"), "");
        row(out, "move to both notifications, " + g + " games in flight, rate", movesMany,
                rate(movesMany.perSecond(), "moves/s"), String.format(Locale.ROOT, "moves / raw exchanges = %.2f, target >= 0.5: %s",
                        ratio, yesNo(ratio >= 0.5)));
        out.printf("load average: %s%n", FaultsBench.load());
        if (Stream.of(rawOne, rawMany, movesOne, movesMany, exchanges).anyMatch(Samples::isCapped)) {
            out.println("(the time cap of " + options.seconds() + " s ended a phase early: see the sample counts)");
        }
        out.flush();
    }

    /**
     * The CPU time of this whole process (server, mail server and the bench's own clients alike) per round
     * trip in the in-flight phases, and the rate the machine's cores could sustain at that cost: a ceiling
     * that no amount of concurrency lifts.
     */
    private void printCpu(PrintWriter out, Samples rawMany, long rawCpu, Samples movesMany, long movesCpu) {
        if (rawCpu < 0 || movesCpu < 0 || rawMany.count() == 0 || movesMany.count() == 0) {
            return;                                             // the JVM does not report process CPU time
        }
        int cores = Runtime.getRuntime().availableProcessors();
        double rawMs = rawCpu / 1e6 / rawMany.count();
        double moveMs = movesCpu / 1e6 / movesMany.count();
        out.printf(Locale.ROOT, "process CPU (%d cores, all in this JVM): %.2f ms per raw message, %.2f ms per move "
                + "(%.1f raw messages' worth); at that cost the cores allow at most %.0f moves/s%n",
                cores, rawMs, moveMs, moveMs / rawMs, cores * 1000 / moveMs);
        out.flush();
    }

    /**
     * One line per paired round (each phase's rate and process CPU per exchange or move, the ratio, the load at the
     * round's end), then the median ratio, which the rate row above shows too.
     */
    private void printRounds(PrintWriter out, List<Round> rounds) {
        out.println("paired rounds: raw exchanges and moves in flight back to back, from fresh mailboxes of one message each");
        List<String> ratios = new ArrayList<>();
        for (Round r : rounds) {
            String ratio = r.isComplete() ? String.format(Locale.ROOT, "%.2f", r.ratio()) : "-";
            ratios.add(ratio);
            out.printf(Locale.ROOT, "round %d, %s first: %d raw exchanges, %s, %s CPU each; %d moves, %s, %s CPU each; "
                    + "ratio %s; load %s%n", r.number(), r.rawFirst() ? "raw" : "moves",
                    r.exchanges().count(), rate(r.exchanges().perSecond(), "exch/s"), cpuEach(r.exchangesCpu(), r.exchanges()),
                    r.moves().count(), rate(r.moves().perSecond(), "moves/s"), cpuEach(r.movesCpu(), r.moves()), ratio, r.load());
        }
        double median = Round.medianRatio(rounds);
        out.printf(Locale.ROOT, "moves / raw exchanges, median of %d paired rounds: %.3f (%s), target >= 0.5: %s%n",
                rounds.stream().filter(Round::isComplete).count(), median, String.join(" ", ratios), yesNo(median >= 0.5));
        out.flush();
    }

    private static String cpuEach(long cpuNanos, Samples s) {
        return cpuNanos < 0 || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%.2f ms", cpuNanos / 1e6 / s.count());
    }

    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    private static void row(PrintWriter out, String metric, Samples s, String value, String target) {
        String line = String.format(Locale.ROOT, "%-52s %8d %14s  %s", metric, s.count(), value, target);
        out.println(line.stripTrailing());
        out.flush();
    }

    private static String ms(double millis) {
        return Double.isNaN(millis) ? "-" : String.format(Locale.ROOT, "%.1f ms", millis);
    }

    private static String rate(double perSecond, String unit) {
        return Double.isNaN(perSecond) || perSecond == 0 ? "-" : String.format(Locale.ROOT, "%.1f %s", perSecond, unit);
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    // ---- odds and ends ---------------------------------------------------------------------------

    private static List<String> pawnMoves(char first, char second) {
        List<String> moves = new ArrayList<>();
        for (char rank : new char[] {first, second}) {
            for (char file = 'a'; file <= 'h'; file++) {
                moves.add("" + file + rank);
            }
        }
        return List.copyOf(moves);
    }

    private static long[] toArray(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName(HOST))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary directory left behind is no reason to fail the bench
        }
    }
}
