package org.epistle.web.bench;

import io.javalin.Javalin;
import java.io.PrintWriter;
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
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.templates.Templates;
import org.epistle.web.WebApp;
import org.epistle.web.pages.TournamentPages;

/**
 * {@code epistle bench tournament}: the latency of a tournament's public page, crosstable and all,
 * for a double round robin of 20 players (380 games, half of them over), over real HTTP on 127.0.0.1
 * against the web app on an H2 file database in a temporary directory. Requests are sent one after
 * another after a warm-up; each is timed alone. Target: p99 under 20 ms.
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
            bare = Javalin.create(config -> config.showJavalinBanner = false).get("/", ctx -> ctx.result("ok")).start(HOST, 0);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest get = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + app.port() + "/tournaments/" + id))
                    .GET().build();
            HttpRequest ok = HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + bare.port() + "/")).GET().build();
            int warmup = Math.max(50, requests / 5);
            Samples bareSamples = timed(warmup, requests, () -> http.send(ok, HttpResponse.BodyHandlers.ofString()));
            Samples page = timed(warmup, requests, () -> expectTable(http.send(get, HttpResponse.BodyHandlers.ofString())));
            // The page is kept until the tournament changes; when it does, it is built afresh: measured alone.
            Samples fresh = timed(warmup / 5, Math.max(1, requests / 5), () -> templates.render("web/tournament.ftlh",
                    TournamentPages.model(games.tournaments().view(id).orElseThrow())));
            out.printf("epistle bench tournament: a %d-player double round robin (%d games, every other one over)%n",
                    players, all.size());
            line(out, "bare Javalin GET / (the machine's floor)", bareSamples, "");
            line(out, "crosstable page GET /tournaments/{id}", page,
                    "target p99 < 20 ms: " + (page.percentileMillis(99) < 20 ? "met" : "NOT met"));
            line(out, "crosstable page built afresh, in process", fresh, "");
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
