package org.epistle.web.bench;

import io.javalin.Javalin;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.Contact;
import org.epistle.core.games.Database;
import org.epistle.core.games.GameService;
import org.epistle.core.games.MailIdentity;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.TournamentAnswer;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.TournamentView;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;
import org.epistle.web.pages.TournamentPages;

/**
 * {@code epistle bench tournament}: the latency of a tournament's public page, crosstable and all,
 * for a double round robin of 20 players (380 games, half of them over), over real HTTP on 127.0.0.1
 * against the web app on an H2 file database in a temporary directory, beside a bare Javalin endpoint (the
 * machine's floor) measured in the same run: the two take turns, request by request, after a warm-up as long
 * as the measurement, and the ratio is printed, since absolute figures on a shared machine say more about the
 * machine than about the page. Then the parts, in process: the one query that says whether the kept page is
 * current, and what rebuilding the page after a change costs (reading the tournament, rendering). Target: p99
 * under 20 ms.
 */
public final class TournamentBench {
    private static final String HOST = "127.0.0.1";

    private TournamentBench() {
    }

    /** @param players 3 to 20; @param requests how many page views are timed */
    public static void run(int players, int requests, PrintWriter out) throws Exception {
        Path dir = Files.createTempDirectory("epistle-bench-tournament");
        Database db = Database.h2(dir);
        Javalin app = null;
        Javalin bare = null;
        try {
            GameService games = new GameService(db, new MailIdentity("moves@epistle.localhost", false, "http://" + HOST),
                    ServerKey.inDirectory(dir), Clock.systemUTC());
            long id = fill(games.tournaments(), players);
            // Every other game ends, so the table holds results, unfinished marks and tie-breaks alike.
            List<TournamentGame> all = games.tournaments().view(id).orElseThrow().games();
            for (int i = 0; i < all.size(); i += 2) {
                games.adjudicate(all.get(i).gameId(), i % 4 == 0 ? "1-0" : "1/2-1/2", "bench");
            }
            Templates templates = new Templates();
            app = WebApp.create(games, templates, () -> { }).start(HOST, 0);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest get = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + app.port() + "/tournaments/" + id))
                    .GET().build();
            byte[] sample = expectTable(http.send(get, HttpResponse.BodyHandlers.ofString())).body()
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            // Two floors: the smallest answer, and the same bytes as the page with nothing to decide, so what the
            // page costs beyond moving its bytes can be told from what moving them costs on this machine.
            bare = Javalin.create(config -> {
                config.startup.showJavalinBanner = false;
                config.routes.get("/", ctx -> ctx.result("ok"));
                config.routes.get("/same", ctx -> ctx.contentType("text/html; charset=utf-8").result(sample));
            }).start(HOST, 0);
            HttpRequest ok = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + bare.port() + "/")).GET().build();
            HttpRequest same = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + bare.port() + "/same")).GET().build();
            // The app's own smallest answer: its filters (security headers, the origin check) and routing, no page.
            HttpRequest health = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + app.port() + "/health")).GET().build();
            double loadBefore = load();
            // The floors and the page take turns, request by request, so all see the same machine; the warm-up is as
            // long as the measurement, so the JIT has compiled what the measurement runs.
            List<Request> turns = List.of(() -> http.send(ok, HttpResponse.BodyHandlers.ofString()),
                    () -> http.send(same, HttpResponse.BodyHandlers.ofString()),
                    () -> http.send(health, HttpResponse.BodyHandlers.ofString()),
                    () -> expectTable(http.send(get, HttpResponse.BodyHandlers.ofString())));
            inTurn(requests, turns);
            List<Samples> measured = inTurn(requests, turns);
            Samples bareSamples = measured.get(0);
            Samples sameBytes = measured.get(1);
            Samples appFloor = measured.get(2);
            Samples page = measured.get(3);
            // What a request does before it can serve the kept page: ask whether the tournament changed.
            Samples version = timed(requests, requests, () -> games.tournaments().version(id));
            // What a change costs the next visitor: the page built afresh, in its two parts.
            int fewer = Math.max(1, requests / 5);
            Samples view = timed(fewer, fewer, () -> games.tournaments().view(id).orElseThrow());
            TournamentView v = games.tournaments().view(id).orElseThrow();
            Samples render = timed(fewer, fewer, () -> templates.render("web/tournament.ftlh", TournamentPages.model(v)));
            out.printf("epistle bench tournament: a %d-player double round robin (%d games, every other one over)%n",
                    players, all.size());
            line(out, "bare Javalin GET / (the machine's floor)", bareSamples, "");
            line(out, "bare Javalin, the page's bytes", sameBytes, "");
            line(out, "this app's GET /health (filters, no page)", appFloor, "");
            line(out, "crosstable page GET /tournaments/{id}", page,
                    "target p99 < 20 ms: " + (page.percentileMillis(99) < 20 ? "met" : "NOT met"));
            out.printf("%-44s p50 %5.2f  p99 %5.2f  (same run, requests taking turns; %d bytes a page)%n",
                    "page / floor", page.percentileMillis(50) / bareSamples.percentileMillis(50),
                    page.percentileMillis(99) / bareSamples.percentileMillis(99), sample.length);
            out.printf("%-44s p50 %5.2f  p99 %5.2f%n", "page / the page's bytes from bare Javalin",
                    page.percentileMillis(50) / sameBytes.percentileMillis(50),
                    page.percentileMillis(99) / sameBytes.percentileMillis(99));
            line(out, "is the kept page current? (1 query)", version, "");
            line(out, "after a change: reading the tournament", view, "");
            line(out, "after a change: rendering the page", render, "");
            out.printf("load average (1 min) %.2f before, %.2f after, on %d processors%n", loadBefore, load(),
                    Runtime.getRuntime().availableProcessors());
            out.flush();
        } finally {
            if (app != null) {
                app.stop();
            }
            if (bare != null) {
                bare.stop();
            }
            db.close();
        }
    }

    private interface Request {
        Object send() throws Exception;
    }

    private static Samples timed(int warmup, int count, Request request) throws Exception {
        for (int i = 0; i < warmup; i++) {
            request.send();
        }
        long[] nanos = new long[count];
        long wall = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long t0 = System.nanoTime();
            request.send();
            nanos[i] = System.nanoTime() - t0;
        }
        return new Samples(nanos, System.nanoTime() - wall, false);
    }

    /** The requests in turn, {@code count} times each; the timings of each. */
    private static List<Samples> inTurn(int count, List<Request> requests) throws Exception {
        long[][] nanos = new long[requests.size()][count];
        long wall = System.nanoTime();
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < requests.size(); r++) {
                long t0 = System.nanoTime();
                requests.get(r).send();
                nanos[r][i] = System.nanoTime() - t0;
            }
        }
        long took = System.nanoTime() - wall;
        return java.util.Arrays.stream(nanos).map(n -> new Samples(n, took, false)).toList();
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void line(PrintWriter out, String label, Samples s, String target) {
        out.printf("%-44s %6d requests  p50 %7.2f ms  p99 %7.2f ms  %s%n", label, s.count(), s.percentileMillis(50),
                s.percentileMillis(99), target);
    }

    private static long fill(TournamentService tournaments, int players) {
        TournamentAnswer created = tournaments.create(NewTournament.of("Bench", "marseillais",
                TournamentKind.DOUBLE_ROUND_ROBIN));
        long id = ((TournamentAnswer.Done) created).tournamentId();
        for (int n = 1; n <= players; n++) {
            String address = "player" + n + "@example.org";
            tournaments.invite(id, new Contact("Player " + n, address));
            tournaments.byMail(address, new TournamentService.EntryCommand(true, "Bench"), Optional.empty());
        }
        TournamentAnswer started = tournaments.start(id);
        if (!started.isDone()) {
            throw new IllegalStateException("the bench tournament did not start: " + started.message());
        }
        return id;
    }

    private static HttpResponse<String> expectTable(HttpResponse<String> r) {
        if (r.statusCode() != 200 || !r.body().contains("class=\"crosstable\"")) {
            throw new IllegalStateException("the tournament page answered " + r.statusCode());
        }
        return r;
    }
}
