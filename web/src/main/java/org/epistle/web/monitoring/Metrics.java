package org.epistle.web.monitoring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.epistle.core.games.JudgingMeter;
import org.epistle.core.games.Outbox;
import org.epistle.mailer.MailMeter;
import org.epistle.mailer.MailOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's meters, in one Micrometer registry of its own (not the global one: two servers in one JVM, as in
 * the tests, count apart), read by {@code /metrics} in the Prometheus text format. The game layer and the mailer
 * report through their own small interfaces ({@link JudgingMeter}, {@link MailMeter}); only this class knows
 * Micrometer. Every tag has a bounded set of values: outcomes, reason codes, variant keys, route templates.
 */
public final class Metrics implements JudgingMeter, MailMeter {
    private static final Logger LOG = LoggerFactory.getLogger(Metrics.class);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Counter received;
    private final Supplier<Outbox.Backlog> backlog;
    private final Clock clock;
    /** The outbox as read at the start of the scrape being written: both gauges from one query. */
    private volatile Optional<Outbox.Backlog> lastBacklog = Optional.empty();

    /**
     * @param backlog reads the outbox (one query a scrape)
     * @param clock   the server's clock, for the age of the oldest unsent mail
     */
    public Metrics(Supplier<Outbox.Backlog> backlog, Clock clock) {
        this.backlog = Objects.requireNonNull(backlog, "backlog");
        this.clock = Objects.requireNonNull(clock, "clock");
        received = Counter.builder("epistle.mails.received")
                .description("Mails read from the server's mailbox and stored, each once").register(registry);
        for (MailOutcome.Kind kind : MailOutcome.Kind.values()) {
            handled(kind); // every outcome from 0, so a rate() or an alert on it has a series from the start
        }
        Gauge.builder("epistle.outbox.depth", this, m -> m.lastBacklog.map(b -> (double) b.pending()).orElse(Double.NaN))
                .description("Mails in the outbox not sent yet, due or waiting for a retry").register(registry);
        Gauge.builder("epistle.outbox.oldest.age", this, Metrics::oldestAgeSeconds).baseUnit("seconds")
                .description("How long the oldest unsent mail has been in the outbox; 0 when none waits").register(registry);
    }

    @Override
    public void received() {
        received.increment();
    }

    @Override
    public void handled(MailOutcome outcome, Duration took) {
        handled(outcome.kind()).increment();
        Timer.builder("epistle.mail.handling").description("How long handling a mail took, storing it aside")
                .register(registry).record(took);
        if (outcome.kind() == MailOutcome.Kind.REFUSED) {
            Counter.builder("epistle.mails.refused").description("Mails refused, by reason")
                    .tag("reason", outcome.reason()).register(registry).increment();
        } else if (outcome.kind() == MailOutcome.Kind.IGNORED) {
            Counter.builder("epistle.mails.ignored").description("Mails ignored (auto-replies, bounces, bulk, our own), by reason")
                    .tag("reason", outcome.reason()).register(registry).increment();
        }
    }

    private Counter handled(MailOutcome.Kind kind) {
        return Counter.builder("epistle.mails.handled").description("Mails handled, by outcome")
                .tag("outcome", kind.key()).register(registry);
    }

    @Override
    public void judged(String variant, boolean accepted, Duration took) {
        String verdict = accepted ? "accepted" : "rejected";
        Counter.builder("epistle.turns.judged").description("Turns the referee judged, by variant and verdict")
                .tag("variant", variant).tag("verdict", verdict).register(registry).increment();
        Timer.builder("epistle.turn.judging").description("How long the referee took to judge a turn")
                .tag("verdict", verdict).register(registry).record(took);
    }

    /** One HTTP request answered. */
    public void request(String method, String route, int status, Duration took) {
        Timer.builder("epistle.http.requests").description("HTTP requests, by route template and status")
                .tag("method", method).tag("route", route).tag("status", Integer.toString(status))
                .register(registry).record(took);
    }

    /** Every meter in the Prometheus text format (version 0.0.4). */
    public String scrape() {
        try {
            lastBacklog = Optional.of(backlog.get());
        } catch (RuntimeException e) {
            // the database is down: /health says so; the outbox gauges read NaN rather than the scrape failing
            LOG.warn("outbox figures for /metrics unavailable: {}", e.toString());
            lastBacklog = Optional.empty();
        }
        return registry.scrape();
    }

    private double oldestAgeSeconds() {
        return lastBacklog.map(b -> b.oldestWrittenAt()
                        .map(at -> Math.max(0, Duration.between(at, clock.instant()).toMillis()) / 1000.0).orElse(0.0))
                .orElse(Double.NaN);
    }
}
