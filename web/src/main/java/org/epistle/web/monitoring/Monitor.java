package org.epistle.web.monitoring;

import io.javalin.config.RoutesConfig;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import io.javalin.router.Endpoint;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import org.epistle.core.games.GameService;

/**
 * {@code /health} and {@code /metrics}, and the timing of every HTTP request for the latter.
 *
 * <p>{@code /health} answers 200 when every part is well and 503 otherwise, as plain text whose first line is
 * {@code ok} (or {@code failing: } and the failing parts), then one line per part; as JSON for
 * {@code Accept: application/json} or {@code ?format=json}. It is public: it names no game, player or address.
 *
 * <p>{@code /metrics} is the Prometheus text format. It answers only requests from the machine itself unless the
 * settings make it public ({@code monitoring.metrics-public}); anyone else gets the same 404 as for a page that
 * does not exist, so it does not announce itself.
 */
public final class Monitor {
    /** The route label of a request no route matched: its raw path would make one time series per typo. */
    static final String UNMATCHED = "unmatched";
    private static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final Health health;
    private final Metrics metrics;
    private final boolean metricsPublic;

    public Monitor(Health health, Metrics metrics, boolean metricsPublic) {
        this.health = Objects.requireNonNull(health, "health");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.metricsPublic = metricsPublic;
    }

    /** For a web app started without the mail loop: the database's health, HTTP metrics for this machine only. */
    public static Monitor alone(GameService games) {
        Clock clock = Clock.systemUTC();
        return new Monitor(Health.databaseOnly(games.outbox()::backlog, games.storeWrites(), clock), new Metrics(games.outbox()::backlog, clock),
                false);
    }

    public Metrics metrics() {
        return metrics;
    }

    /** Times every request, once it is answered (errors too), under its route template. */
    public void configure(JavalinConfig config) {
        config.requestLogger.http((ctx, millis) -> metrics.request(ctx.method().name(), route(ctx), ctx.statusCode(),
                Duration.ofNanos((long) (millis * 1_000_000))));
    }

    public void register(RoutesConfig routes) {
        routes.get("/health", this::health);
        routes.get("/metrics", this::metrics);
    }

    private void health(Context ctx) {
        Health.Report report = health.check();
        ctx.status(report.isOk() ? 200 : 503);
        ctx.header("Cache-Control", "no-store");
        if ("json".equals(ctx.queryParam("format")) || accepts(ctx, "application/json")) {
            ctx.json(report.json());
        } else {
            ctx.contentType("text/plain; charset=utf-8").result(report.text());
        }
    }

    private void metrics(Context ctx) {
        if (!metricsPublic && !isLocal(ctx.req().getRemoteAddr())) {
            throw new NotFoundResponse();
        }
        ctx.header("Cache-Control", "no-store");
        ctx.contentType(PROMETHEUS_TEXT).result(metrics.scrape());
    }

    private static boolean accepts(Context ctx, String type) {
        String accept = ctx.header("Accept");
        return accept != null && accept.toLowerCase(java.util.Locale.ROOT).contains(type);
    }

    /** The remote address is a literal IP from the socket, so this looks nothing up. */
    static boolean isLocal(String remote) {
        try {
            return remote != null && InetAddress.getByName(remote).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** The route template that answered ({@code /games/{id}}), never the raw path. */
    static String route(Context ctx) {
        Endpoint matched = ctx.endpoints().lastHttpEndpoint();
        String path = matched == null ? "" : matched.path;
        if (path == null || path.isEmpty() || path.equals("*")) {
            return ctx.path().startsWith("/static/") ? "/static/*" : UNMATCHED;
        }
        return path;
    }
}
