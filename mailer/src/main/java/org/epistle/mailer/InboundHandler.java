package org.epistle.mailer;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.AddressCode;
import org.epistle.core.games.AddressCommand;
import org.epistle.core.games.Command;
import org.epistle.core.games.CommandParser;
import org.epistle.core.games.Credentials;
import org.epistle.core.games.DirectCommand;
import org.epistle.core.games.FollowCode;
import org.epistle.core.games.ObserverCommand;
import org.epistle.core.games.GameService;
import org.epistle.core.games.InboundCopy;
import org.epistle.core.games.Result;
import org.epistle.core.games.Seat;
import org.epistle.core.games.SeatClaim;
import org.epistle.core.games.desk.PlayerCommand;
import org.epistle.core.games.desk.PlayerCommands;
import org.epistle.core.games.TournamentService;
import org.epistle.mailer.inbound.Classification;
import org.epistle.mailer.inbound.Disposition;
import org.epistle.mailer.inbound.InboundSink;
import org.epistle.mailer.inbound.InboundSink.Delivery;
import org.epistle.mailer.inbound.MailParser;
import org.epistle.mailer.inbound.ParsedMail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the server does with each mail in its mailbox. The raw message is stored under its key
 * before anything else, whole only when it may carry a turn: a mail the parser refuses at sight (too large,
 * malformed, a bounce, an auto-reply, list mail, our own) keeps its header only, so no stranger can fill the
 * disk with what nobody will read; handling then runs in the game service's transaction, which marks the
 * stored mail handled together with the game change. A mail already handled is only acknowledged,
 * so a mail delivered twice, or read again after a crash, changes a game at most once.
 *
 * <p>A mail changes a game only with a valid seat secret (from the plus-address, the subject tag,
 * or a pbmserv {@code move <game> <secret> <turn>} line) sent from one of that seat's player's addresses;
 * the same secret from anybody else changes nothing, and only the seat's player is told. Auto-replies, bounces, bulk mail and the
 * server's own mail are logged and ignored; refusals go only to registered players' addresses.
 */
public final class InboundHandler implements InboundSink {
    private static final Logger LOG = LoggerFactory.getLogger(InboundHandler.class);

    private final GameService games;
    private final MailParser parser;
    private final Clock clock;
    private final PausePoint pause;
    private final Runnable afterCommit;
    private final MailMeter meter;

    /** @param afterCommit run after a mail changed the database, to send its notifications at once */
    public InboundHandler(GameService games, MailParser parser, Clock clock, PausePoint pause, Runnable afterCommit) {
        this(games, parser, clock, pause, afterCommit, MailMeter.NONE);
    }

    /** @param meter told of every mail received and of what became of it (the server's metrics) */
    public InboundHandler(GameService games, MailParser parser, Clock clock, PausePoint pause, Runnable afterCommit,
                          MailMeter meter) {
        this.games = games;
        this.parser = parser;
        this.clock = clock;
        this.pause = pause;
        this.afterCommit = afterCommit;
        this.meter = java.util.Objects.requireNonNull(meter, "meter");
    }

    @Override
    public Disposition receive(byte[] raw) {
        return receive(raw, parser.parse(raw));
    }

    /**
     * Mails about one game share a lane, so they are handled in the order they arrived; mails naming no game
     * share their sender's lane. (The database keeps two mails for one turn from both winning in any order.)
     */
    @Override
    public Delivery prepare(byte[] raw) {
        ParsedMail mail = parser.parse(raw);
        return new Delivery(lane(mail), () -> receive(raw, mail));
    }

    @Override
    public long maxMessageBytes() {
        return parser.maxBytes();
    }

    /** A mail over the parser's limit, of which the reader fetched the header only: refused as one read whole is. */
    @Override
    public Delivery prepareTooLarge(byte[] header, long size) {
        ParsedMail mail = parser.parseHeader(header, size);
        return new Delivery(lane(mail), () -> receive(header, mail));
    }

    private static Object lane(ParsedMail mail) {
        return credentials(mail, commandLines(mail)).<Object>map(c -> c.gameId())
                .orElseGet(() -> mail.from().map(a -> a.email()).orElse(""));
    }

    /**
     * The chunk's mails are stored in one transaction first (one commit instead of one per mail); if that
     * fails, each is stored on its own when it is received, as {@link #prepare} does.
     */
    @Override
    public List<Delivery> prepareAll(List<byte[]> raws) {
        List<ParsedMail> mails = raws.stream().map(parser::parse).toList();
        java.util.Map<String, InboundCopy> byKey = new java.util.LinkedHashMap<>();
        for (int i = 0; i < mails.size(); i++) {
            byKey.putIfAbsent(mails.get(i).key(), kept(raws.get(i), mails.get(i)));
        }
        java.util.Map<String, Boolean> fresh;
        try {
            fresh = games.storeInbound(byKey, clock.instant());
        } catch (RuntimeException e) {
            LOG.info("storing {} mails at once failed ({}); storing them one by one", mails.size(), e.toString());
            List<Delivery> one = new java.util.ArrayList<>();
            for (int i = 0; i < mails.size(); i++) {
                byte[] raw = raws.get(i);
                ParsedMail mail = mails.get(i);
                one.add(new Delivery(lane(mail), () -> receive(raw, mail)));
            }
            return one;
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        List<Delivery> out = new java.util.ArrayList<>();
        for (ParsedMail mail : mails) {
            boolean isNew = seen.add(mail.key()) && fresh.getOrDefault(mail.key(), false); // a second copy is not new
            if (isNew) {
                meter.received();
            }
            out.add(new Delivery(lane(mail), () -> afterStore(mail, isNew)));
        }
        return out;
    }

    private Disposition receive(byte[] raw, ParsedMail mail) {
        boolean fresh;
        try {
            fresh = games.storeInbound(mail.key(), kept(raw, mail), clock.instant());
        } catch (RuntimeException e) {
            LOG.warn("mail {} could not be stored now, will retry: {}", mail.key(), e.toString());
            return Disposition.RETRY_LATER;
        }
        if (fresh) {
            meter.received();
        }
        return afterStore(mail, fresh);
    }

    /**
     * What is stored of a mail: all of it when it may carry a turn (so it can be handled again after a crash),
     * else its header and size, which is all its handling reads (whose mail it is, its tags, a short answer).
     */
    static InboundCopy kept(byte[] raw, ParsedMail mail) {
        return mail.classification().isNormal() ? InboundCopy.whole(raw)
                : InboundCopy.headerOnly(raw, mail.size(), mail.classification().toString());
    }

    /** Handles a stored mail; {@code fresh}: it was stored just now, so it cannot have been handled yet. */
    private Disposition afterStore(ParsedMail mail, boolean fresh) {
        try {
            if (!fresh && games.isHandled(mail.key())) {
                LOG.info("mail {} was handled before; acknowledged again", mail.key());
                report(mail, mail.key(), MailOutcome.duplicate(Optional.empty()), System.nanoTime());
                return Disposition.DONE;
            }
            pause.at(PausePoint.AFTER_STORE);
            handle(mail);
            return Disposition.DONE;
        } catch (RuntimeException e) {
            LOG.warn("mail {} could not be handled now, will retry: {}", mail.key(), e.toString());
            return Disposition.RETRY_LATER;
        }
    }

    /** Handles every mail stored but not handled, as after a crash; returns how many. */
    public int recover() {
        int n = 0;
        for (String key : games.unhandledInbound()) {
            Optional<InboundCopy> copy = games.inboundCopy(key);
            if (copy.isPresent()) {
                LOG.info("recovering mail {} stored before a restart", key);
                try {
                    handle(reread(copy.get()), key);
                    n++;
                } catch (RuntimeException e) {
                    // one mail that cannot be handled must not keep the server from starting
                    LOG.error("mail {} stored before a restart could not be handled; it stays stored: {}", key, e.toString());
                }
            }
        }
        return n;
    }

    /**
     * A stored mail read again. Of a mail kept by its header only, the header says whose it is; what it was
     * (too large, malformed...) is what the parser said when it arrived, not what its header alone looks like.
     */
    private ParsedMail reread(InboundCopy copy) {
        ParsedMail read = parser.parse(copy.bytes());
        if (!copy.isHeaderOnly()) {
            return read;
        }
        String because = copy.headerOnlyBecause().orElseThrow();
        Classification.Kind kind = java.util.Arrays.stream(Classification.Kind.values())
                .filter(k -> k != Classification.Kind.NORMAL && because.startsWith(k.name() + " "))
                .findFirst().orElse(Classification.Kind.MALFORMED);
        int open = because.indexOf('(');
        String reason = open < 0 ? because : because.substring(open + 1).replaceFirst("\\)$", "");
        return new ParsedMail(read.key(), read.messageId(), read.from(), read.recipients(), read.subject(), "", List.of(),
                read.inReplyTo(), new Classification(kind, reason), copy.size());
    }

    private void handle(ParsedMail mail) {
        handle(mail, mail.key());
    }

    private void handle(ParsedMail mail, String key) {
        long start = System.nanoTime();
        report(mail, key, outcome(mail, key), start);
    }

    /** The one line per handled mail, and its count: what operators grep for and alert on. */
    private void report(ParsedMail mail, String key, MailOutcome outcome, long startNanos) {
        java.time.Duration took = java.time.Duration.ofNanos(System.nanoTime() - startNanos);
        meter.handled(outcome, took);
        LOG.info("{}", HandledLine.of(mail.messageId().orElse(key), mail.from().map(a -> a.email()).orElse(""), outcome, took));
    }

    /** Acts on a mail and says what became of it. */
    private MailOutcome outcome(ParsedMail mail, String key) {
        if (isUnreadable(mail) && answerUnreadable(mail, key)) {
            return MailOutcome.refused("unreadable", credentials(mail).map(Credentials::gameId));
        }
        if (!mail.classification().isNormal()) {
            games.ignore(key, mail.classification().toString());
            return MailOutcome.ignored(MailOutcome.kebab(mail.classification().kind().name()));
        }
        String sender = mail.from().map(a -> a.email()).orElse("");
        List<String> lines = commandLines(mail);
        Optional<AddressCode> confirmation = addressCode(mail);
        if (confirmation.isPresent()) {
            Result confirmed = games.addresses().confirm(confirmation.get(), sender, Optional.of(key));
            log(key, confirmed);
            afterCommit.run();
            return MailOutcome.of(confirmed, "address-code", Optional.empty());
        }
        // Following a game needs no secret either: anybody may ask, and only the reply to the code counts.
        Optional<FollowCode> follow = followCode(mail);
        if (follow.isPresent()) {
            Result confirmed = games.observers().confirm(follow.get(), sender, Optional.of(key));
            log(key, confirmed);
            afterCommit.run();
            return MailOutcome.of(confirmed, "follow-code", Optional.empty());
        }
        Optional<ObserverCommand> observe = ObserverCommand.parse(lines);
        if (observe.isPresent()) {
            Result done = games.observers().handle(observe.get(), sender, Optional.of(key));
            log(key, done);
            afterCommit.run();
            return MailOutcome.of(done, "observer-command", Optional.empty());
        }
        // Player commands (leave, time zone) are about the sender, not a game: they need no game's secret.
        Optional<org.epistle.core.games.clock.CalendarCommand> own = lines.stream().filter(l -> !l.isBlank()).findFirst()
                .flatMap(org.epistle.core.games.clock.CalendarCommand::parse);
        if (own.isPresent()) {
            Result done = games.handle(sender, own.get(), Optional.of(key));
            afterCommit.run();
            return MailOutcome.of(done, "player-command", Optional.empty());
        }
        Optional<DirectCommand> direct = CommandParser.parseDirect(lines);
        // Player commands (games, digest on|off) are about the sender, not one game: with or without a game tag they
        // are acted on for the registered player with the sender's address, and answered to that address only.
        Optional<PlayerCommand> forPlayer = direct.isPresent() ? Optional.empty() : PlayerCommands.parse(lines);
        if (forPlayer.isPresent()) {
            Result done = games.playerCommand(sender, forPlayer.get(), Optional.of(key));
            afterCommit.run();
            return MailOutcome.of(done, "player-command", Optional.empty());
        }
        Optional<Credentials> credentials = credentials(mail, lines);
        // Tournament entry: "join <tournament>" or "withdraw <tournament>", in a mail that names no game.
        Optional<TournamentService.EntryCommand> entry = TournamentService.EntryCommand.parse(lines);
        if (credentials.isEmpty() && entry.isPresent()) {
            var answer = games.tournaments().byMail(sender, entry.get(), Optional.of(key));
            LOG.info("mail {} from {}: tournament entry, {}", key, sender, answer.message());
            afterCommit.run();
            return answer.isDone() ? new MailOutcome(MailOutcome.Kind.ACCEPTED, "tournament-entry", Optional.empty())
                    : MailOutcome.refused("tournament-entry", Optional.empty());
        }
        if (credentials.isEmpty()) {
            Optional<String> damaged = damagedTag(mail);
            refuse(sender, key, damaged.map(game -> "Your mail names game " + game + ", but the secret after it is "
                    + "incomplete or changed, so nothing was changed. Reply to the latest mail of the game and keep its subject "
                    + "as it is.").orElse("Your mail does not say which game it is for. Reply to one of the game's mails, "
                    + "or write 'move <game> <secret> <turn>' as the first line."));
            return MailOutcome.refused(damaged.isPresent() ? "damaged-secret" : "no-game-named",
                    damaged.flatMap(InboundHandler::gameNumber));
        }
        Optional<Long> game = Optional.of(credentials.get().gameId());
        SeatClaim claim = games.claim(credentials.get(), sender);
        if (claim instanceof SeatClaim.WrongSecret) {
            LOG.warn("mail {} from {} has no valid secret for game {}", key, sender, credentials.get().gameId());
            refuse(sender, key, "The secret in your mail does not match game " + credentials.get().gameId()
                    + ", so nothing was changed. Reply to the latest mail of the game.");
            return MailOutcome.refused("wrong-secret", game);
        }
        if (claim instanceof SeatClaim.OtherSender other) {
            LOG.warn("mail {} from {} carries the {} secret of game {}, which is not the sender's", key, sender,
                    other.seat().side().key(), other.seat().gameId());
            log(key, games.otherSender(other, Optional.of(key)));
            afterCommit.run();
            return MailOutcome.refused("not-the-players-address", game);
        }
        Seat seat = ((SeatClaim.Opened) claim).seat();
        Optional<AddressCommand> address = AddressCommand.parse(lines);
        if (address.isPresent()) {
            Result requested = games.addresses().request(seat, address.get().address(), Optional.of(key));
            log(key, requested);
            afterCommit.run();
            return MailOutcome.of(requested, "address-request", game);
        }
        Command command = direct.map(DirectCommand::command).orElseGet(() -> CommandParser.parse(lines));
        Result result = games.handle(seat, command, String.join("\n", lines), Optional.of(key));
        LOG.info("mail {} handled for game {} ({})", key, seat.gameId(), seat.side().key());
        pause.at(PausePoint.AFTER_COMMIT);
        afterCommit.run();
        return MailOutcome.of(result, "command-refused", game);
    }

    private static Optional<Long> gameNumber(String digits) {
        try {
            return Optional.of(Long.parseLong(digits));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A mail that came to the right place but cannot be read: what it says may not be acted on. */
    private static boolean isUnreadable(ParsedMail mail) {
        var kind = mail.classification().kind();
        return kind == org.epistle.mailer.inbound.Classification.Kind.MALFORMED
                || kind == org.epistle.mailer.inbound.Classification.Kind.TOO_LARGE;
    }

    /**
     * Tells the player, in a short answer, that their mail could not be read, when its seat secret and sender
     * show whose it is; anybody else's unreadable mail is only logged. Returns whether it answered.
     */
    private boolean answerUnreadable(ParsedMail mail, String key) {
        Optional<String> sender = mail.from().map(a -> a.email());
        Optional<Credentials> credentials = credentials(mail);
        if (sender.isEmpty() || credentials.isEmpty()
                || !(games.claim(credentials.get(), sender.get()) instanceof SeatClaim.Opened opened)) {
            return false;
        }
        LOG.info("mail {} for game {} could not be read ({}); its player is told", key, opened.seat().gameId(),
                mail.classification());
        refuse(opened.seat().player().email(), key, "Your mail about game " + opened.seat().gameId()
                + " could not be read (" + mail.classification().reason() + "), so nothing was changed. Send your "
                + "turn or command again in a plain mail, as a reply to the game's latest mail.");
        return true;
    }

    private static final java.util.regex.Pattern DAMAGED_TAG = java.util.regex.Pattern.compile(
            "(?:\\+|\\[)g(\\d{1,18})\\.", java.util.regex.Pattern.CASE_INSENSITIVE);

    /** The game a mail names with a tag that is not a whole secret (cut, or changed by hand), if any. */
    private static Optional<String> damagedTag(ParsedMail mail) {
        List<String> places = new java.util.ArrayList<>(mail.recipients());
        places.add(mail.subject());
        for (String place : places) {
            java.util.regex.Matcher m = DAMAGED_TAG.matcher(place);
            if (m.find()) {
                return Optional.of(m.group(1));
            }
        }
        return Optional.empty();
    }

    private static void log(String key, org.epistle.core.games.Result result) {
        LOG.info("mail {}: {}", key, result.outcome());
    }

    /** An address confirmation code in the reply address or the subject. */
    private static Optional<AddressCode> addressCode(ParsedMail mail) {
        return repliedSecret(mail, AddressCode::parse);
    }

    /** A follow code in the reply address or the subject. */
    private static Optional<FollowCode> followCode(ParsedMail mail) {
        return repliedSecret(mail, FollowCode::parse);
    }

    /** A reply keeps the secret in the address it answers, the subject, or both: the address is asked first. */
    private static <T> Optional<T> repliedSecret(ParsedMail mail, java.util.function.Function<String, Optional<T>> parse) {
        for (String recipient : mail.recipients()) {
            Optional<T> c = parse.apply(recipient);
            if (c.isPresent()) {
                return c;
            }
        }
        return parse.apply(mail.subject());
    }

    private void refuse(String sender, String key, String why) {
        games.refuse(sender, why, Optional.of(key));
        afterCommit.run();
    }

    /** The body's command lines, or the subject when the body has none and the subject is not ours. */
    private static List<String> commandLines(ParsedMail mail) {
        if (!mail.commandLines().isEmpty()) {
            return mail.commandLines();
        }
        String subject = mail.subject().replaceFirst("(?i)^((re|aw|fwd?|wg|tr)\\s*:\\s*)+", "").trim();
        if (subject.isEmpty() || subject.startsWith("[Epistle]")) {
            return List.of();
        }
        return List.of(subject.replaceAll("\\[g\\d+\\.[a-z2-7]+]", "").trim());
    }

    /** The credentials of a pbmserv-style first line, else those of the reply address or subject. */
    private static Optional<Credentials> credentials(ParsedMail mail, List<String> lines) {
        return CommandParser.parseDirect(lines).map(DirectCommand::credentials).or(() -> credentials(mail));
    }

    private static Optional<Credentials> credentials(ParsedMail mail) {
        for (String recipient : mail.recipients()) {
            Optional<Credentials> c = Credentials.parse(recipient);
            if (c.isPresent()) {
                return c;
            }
        }
        return Credentials.parse(mail.subject());
    }
}
