package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.epistle.core.games.Command;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.Seat;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.epistle.core.testing.TestDatabase;
import org.epistle.mailer.EmbeddedMailServer;
import org.epistle.mailer.outbound.MailComposer;
import org.epistle.mailer.outbound.OutboxSender;
import org.epistle.mailer.outbound.SmtpSettings;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notifications a turn causes, byte for byte as the mail server receives them: a guard for every change to the
 * move's write path (the rows it writes, the models it builds, when it builds them). The golden file was written by the
 * code before that path was made cheaper; a mail that differs from it in anything but its Date, its Message-ID, the
 * MIME boundaries and the random part of the game's root Message-ID fails the test.
 *
 * <p>The clock and the server key are fixed, so the tokens, the deadlines and the diagrams are the same in every run.
 * To write the file again after a deliberate change of the mails, run with {@code -Depistle.golden.write=true} and read
 * the difference before committing it.
 */
class SentNotificationBytesTest {
    private static final Instant T0 = Instant.parse("2026-03-02T09:30:00Z");
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "turn-notifications.eml");
    private static final MailIdentity IDENTITY = new MailIdentity("moves@epistle.test", false, "http://127.0.0.1:7070");

    @TempDir Path dir;
    TestDatabase scratch;
    Database db;
    GameService games;
    WebApp app;
    GreenMail greenMail;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach void start() throws Exception {
        byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) (7 * i + 1);
        }
        Files.write(dir.resolve("server.key"), key);
        scratch = TestDatabase.in(dir.resolve("db"));
        db = scratch.open();
        games = new GameService(db, IDENTITY, ServerKey.inDirectory(dir), Clock.fixed(T0, ZoneOffset.UTC));
        app = WebApp.start("127.0.0.1", 0, games, new Templates(), () -> { });
        greenMail = new GreenMail(EmbeddedMailServer.loopback(0, ServerSetup.PROTOCOL_SMTP));
        greenMail.start();
    }

    @AfterEach void stop() {
        try {
            greenMail.stop();
            app.stop();
        } finally {
            db.close();
            scratch.close();
        }
    }

    @Test void given_games_with_and_without_a_clock_when_turns_are_played_by_form_and_by_mail_then_the_sent_notifications_are_the_golden_ones()
            throws Exception {
        CreatedGame casual = games.create(new NewGame("chess", new Contact("Alice Arden", "alice@example.org"),
                new Contact("Bob Brook", "bob@example.org")));
        CreatedGame timed = games.create(new NewGame("chess", null, null, new Contact("Carla Crane", "carla@example.org"),
                new Contact("Dan Dale", "dan@example.org"), Optional.of(new TimeControl.PerMove(3))));
        sendAll();                                              // the opening mails are not this test's business
        greenMail.purgeEmailFromAllMailboxes();

        play(casual, Side.WHITE, "f3");                         // by the form: both players are told
        Seat black = games.seat(casual.gameId(), casual.token(Side.BLACK)).orElseThrow();
        games.storeInbound("<bob-1@example.org>", "From: bob@example.org\r\n\r\ne5\r\n".getBytes(StandardCharsets.US_ASCII), T0);
        games.handle(black, new Command.Move("e5"), "e5", Optional.of("<bob-1@example.org>")); // by mail: Bob's answered
        play(casual, Side.WHITE, "g4");
        play(casual, Side.BLACK, "Qh4#");                       // the game over, both told
        play(timed, Side.WHITE, "e4");                          // the clock's lines and deadline in the mails
        play(timed, Side.BLACK, "c5");
        sendAll();

        String sent = received();
        if (Boolean.getBoolean("epistle.golden.write")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, sent, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), sent);
    }

    private void sendAll() {
        OutboxSender sender = new OutboxSender(games.outbox(), new MailComposer(new Templates(), Clock.fixed(T0, ZoneOffset.UTC)),
                new SmtpSettings("127.0.0.1", greenMail.getSmtp().getPort(), SmtpSettings.Tls.NONE, null, null, Duration.ofSeconds(5)),
                "moves@epistle.test", "Epistle", Clock.fixed(T0, ZoneOffset.UTC), 50, Duration.ofMillis(50), 1);
        try {
            for (int i = 0; i < 10 && sender.runOnce(T0.plusSeconds(1)).total() > 0; i++) {
                // until the outbox has nothing due
            }
        } finally {
            sender.close();
        }
    }

    /** Every received mail's bytes, in the order written (by Message-ID's creation, which is the outbox's order). */
    private String received() throws Exception {
        List<String> mails = new ArrayList<>();
        MimeMessage[] all = greenMail.getReceivedMessages();
        java.util.Arrays.sort(all, Comparator.comparing(SentNotificationBytesTest::recipientAndSubjectOrder));
        for (MimeMessage m : all) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            m.writeTo(bytes);
            mails.add(normalised(bytes.toString(StandardCharsets.US_ASCII)));
        }
        return String.join("\n======== next mail ========\n", mails);
    }

    /** The order the sender received them can vary with its lanes; the golden file's order is the first line of each. */
    private static String recipientAndSubjectOrder(MimeMessage m) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            m.writeTo(bytes);
            return normalised(bytes.toString(StandardCharsets.US_ASCII));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final Pattern BOUNDARY = Pattern.compile("----=_Part_[0-9_.-]+");
    private static final Pattern ROOT = Pattern.compile("<game-(\\d+)\\.[a-z2-7]+(\\.(?:w|b|white|black))?@");

    /**
     * Without what changes from run to run: the Date, the Message-ID, Greenmail's Received lines, the MIME boundaries and
     * the random part of the game's root Message-ID; base64 blocks are replaced by their hash.
     */
    static String normalised(String raw) {
        int end = raw.indexOf("\r\n\r\n");
        String head = raw.substring(0, end + 2);
        String body = raw.substring(end + 2);
        List<String> kept = new ArrayList<>();
        boolean skipping = false;
        for (String line : head.split("\r\n")) {
            boolean continuation = line.startsWith(" ") || line.startsWith("\t");
            if (!continuation) {
                String name = line.substring(0, Math.max(0, line.indexOf(':'))).toLowerCase(java.util.Locale.ROOT);
                skipping = name.equals("date") || name.equals("message-id") || name.equals("received");
            }
            if (!skipping) {
                kept.add(line);
            }
        }
        String text = String.join("\r\n", kept) + "\r\n" + body;
        Map<String, String> boundaries = new LinkedHashMap<>();
        Matcher b = BOUNDARY.matcher(text);
        StringBuilder out = new StringBuilder();
        while (b.find()) {
            String name = boundaries.computeIfAbsent(b.group(), k -> "----=_Part_B" + (boundaries.size() + 1));
            b.appendReplacement(out, Matcher.quoteReplacement(name));
        }
        b.appendTail(out);
        String rooted = ROOT.matcher(out.toString()).replaceAll(r -> Matcher.quoteReplacement("<game-" + r.group(1) + ".ROOT"
                + (r.group(2) == null ? "" : r.group(2)) + "@"));
        return BASE64_BLOCK.matcher(rooted).replaceAll(r -> Matcher.quoteReplacement("[base64, " + r.group().split("\r\n").length
                + " lines, SHA-256 " + sha256(r.group()) + "]\r\n"));
    }

    /** A run of base64 lines (the diagram's PNG): kept as its hash, so the file stays small and any changed byte still shows. */
    private static final Pattern BASE64_BLOCK = Pattern.compile("(?m)(?:^[A-Za-z0-9+/=]{60,}\r\n)+");

    private static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.US_ASCII)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private void play(CreatedGame game, Side side, String text) throws Exception {
        String path = "/play/" + game.gameId() + "/" + game.token(side);
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), page.body());
        Document doc = Jsoup.parse(page.body());
        Map<String, String> form = new LinkedHashMap<>();
        form.put("csrf", doc.selectFirst("#move-form input[name=csrf]").val());
        form.put("turn", doc.selectFirst("#move-form input[name=turn]").val());
        form.put("text", text);
        String body = form.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, r.statusCode(), () -> text + ": " + r.body());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + app.port() + path);
    }
}
