package org.epistle.web.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.epistle.config.Settings;
import org.epistle.core.games.Outbox;
import org.epistle.core.games.StoreWrites;
import org.epistle.mailer.outbound.OutboxSender;

/**
 * The state of the parts a running server needs: the database (one indexed query on the outbox, which also
 * gives the sender's backlog, and the last write the store could not make, {@link StoreWrites}: a read can succeed
 * on a database that cannot write, so the probe alone would say ok; failing until a later real write succeeds), the mail reader ({@link ReaderWatch}) and the sender (whether the SMTP server
 * answers, and how long the oldest unsent mail has waited). A web app started without the mail loop (tests,
 * benches) checks the database alone.
 */
public final class Health {

    /** One part's line: {@code database ok}, {@code sender failing (…)}. */
    public record Part(String name, boolean isOk, String detail) {
        public Part {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(detail, "detail");
        }

        static Part ok(String name, String detail) {
            return new Part(name, true, detail);
        }

        static Part failing(String name, String detail) {
            return new Part(name, false, detail);
        }

        String line() {
            String clean = detail.replaceAll("\\p{Cntrl}+", " ").strip();
            return name + (isOk ? " ok" : " failing") + (clean.isEmpty() ? "" : " (" + clean + ")");
        }
    }

    /** Every part, in a fixed order. */
    public record Report(List<Part> parts) {
        public Report {
            parts = List.copyOf(parts);
        }

        public boolean isOk() {
            return parts.stream().allMatch(Part::isOk);
        }

        public List<String> failing() {
            return parts.stream().filter(p -> !p.isOk()).map(Part::name).toList();
        }

        /** First line {@code ok}, or {@code failing: part, part}; then one line per part. */
        public String text() {
            StringBuilder out = new StringBuilder(isOk() ? "ok" : "failing: " + String.join(", ", failing())).append('\n');
            parts.forEach(p -> out.append(p.line()).append('\n'));
            return out.toString();
        }

        /** The same as a JSON-ready map: {@code status}, {@code failing}, and each part's {@code ok} and {@code detail}. */
        public Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("status", isOk() ? "ok" : "failing");
            json.put("failing", failing());
            Map<String, Object> each = new LinkedHashMap<>();
            for (Part p : parts) {
                Map<String, Object> part = new LinkedHashMap<>();
                part.put("ok", p.isOk());
                part.put("detail", p.detail());
                each.put(p.name(), part);
            }
            json.put("parts", each);
            return json;
        }
    }

    private final Supplier<Outbox.Backlog> backlog;
    private final StoreWrites writes;
    private final Optional<ReaderWatch> reader;
    private final Optional<Supplier<OutboxSender.Reach>> sender;
    private final Clock clock;
    private final Settings.Monitoring settings;

    private Health(Supplier<Outbox.Backlog> backlog, StoreWrites writes, Optional<ReaderWatch> reader,
                   Optional<Supplier<OutboxSender.Reach>> sender, Clock clock, Settings.Monitoring settings) {
        this.backlog = Objects.requireNonNull(backlog, "backlog");
        this.writes = Objects.requireNonNull(writes, "writes");
        this.reader = reader;
        this.sender = sender;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The whole server: database, mail reader and sender. */
    public static Health of(Supplier<Outbox.Backlog> backlog, StoreWrites writes, ReaderWatch reader,
                            Supplier<OutboxSender.Reach> sender, Clock clock, Settings.Monitoring settings) {
        return new Health(backlog, writes, Optional.of(reader), Optional.of(sender), clock, settings);
    }

    /** A web app without the mail loop: the database alone. */
    public static Health databaseOnly(Supplier<Outbox.Backlog> backlog, StoreWrites writes, Clock clock) {
        return new Health(backlog, writes, Optional.empty(), Optional.empty(), clock, Settings.Monitoring.DEFAULTS);
    }

    public Report check() {
        List<Part> parts = new ArrayList<>();
        Optional<Outbox.Backlog> outbox;
        Optional<StoreWrites.Failure> failedWrite = writes.lastFailure();
        if (failedWrite.isPresent()) {
            // Known failing: no probe. After a full disk a query may wait in H2 while it tries to open its file again,
            // and /health must answer at once (bench faults saw no answer at all while the disk was full).
            outbox = Optional.empty();
            parts.add(Part.failing("database", "last write failed at " + failedWrite.get().at() + ": "
                    + failedWrite.get().reason()));
        } else {
            try {
                outbox = Optional.of(backlog.get());
                parts.add(Part.ok("database", ""));
            } catch (RuntimeException e) {
                outbox = Optional.empty();
                parts.add(Part.failing("database", e.getClass().getSimpleName()));
            }
        }
        reader.ifPresent(r -> parts.add(r.part(settings.readerGrace())));
        if (sender.isPresent()) {
            parts.add(sender(sender.get().get(), outbox));
        }
        return new Report(parts);
    }

    /** Failing for either reason, and the line says every reason that holds, then the outbox's depth. */
    private Part sender(OutboxSender.Reach reach, Optional<Outbox.Backlog> outbox) {
        String depth = outbox.map(b -> "outbox " + b.pending()).orElse("outbox unknown");
        List<String> reasons = new ArrayList<>();
        reach.failingSince().ifPresent(since -> reasons.add("SMTP server unreachable since " + since + ": " + reach.lastError()));
        Optional<Instant> oldest = outbox.flatMap(Outbox.Backlog::oldestWrittenAt);
        if (oldest.isPresent() && Duration.between(oldest.get(), clock.instant()).compareTo(settings.outboxMaxAge()) > 0) {
            reasons.add("oldest unsent mail waiting since " + oldest.get());
        }
        if (!reasons.isEmpty()) {
            return Part.failing("sender", String.join("; ", reasons) + "; " + depth);
        }
        return Part.ok("sender", depth + reach.lastSent().map(at -> ", last sent " + at).orElse(""));
    }
}
