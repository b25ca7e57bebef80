package org.epistle.web.mail;

import static org.epistle.web.mail.TournamentMails.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.epistle.core.games.NewTournament;
import org.epistle.core.games.TournamentGame;
import org.epistle.core.games.TournamentService;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TieRule;
import org.epistle.core.games.tournament.TournamentKind;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rule for a knockout game the admin aborts (core/DESIGN.md): it counts as not played and is played
 * again as a new game with the same colours. Players enter and play by mail through Greenmail; the admin
 * aborts the game on the admin page, over real HTTP, as an admin would.
 */
class KnockoutAbortedGameTest {
    static final String CUP = "Spring Cup";

    @TempDir
    Path dir;
    MailWorld world;
    TournamentService tournaments;
    List<Player> players;
    long id;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach
    void start() {
        world = MailWorld.start(dir, Map.of());
        tournaments = world.installation().games().tournaments();
        players = TournamentMails.entrants(world, 4);
    }

    @AfterEach
    void stop() {
        world.close();
    }

    private Player seed(int n) {
        return players.get(n - 1);
    }

    private List<TournamentGame> match(int a, int b) {
        return tournaments.view(id).orElseThrow().games().stream()
                .filter(g -> g.white() == a && g.black() == b || g.white() == b && g.black() == a)
                .sorted(Comparator.comparingLong(TournamentGame::gameId)).toList();
    }

    /** The loser resigns, by mail, the first unfinished game of their match; waits for the winner's game-over mail. */
    private void win(int winner, int loser) {
        TournamentGame g = match(winner, loser).stream().filter(x -> x.outcome() == Outcome.UNFINISHED)
                .findFirst().orElseThrow();
        seed(loser).reply(TournamentMails.opening(seed(loser), g.gameId()), "resign");
        TournamentMails.over(seed(winner), g.gameId());
    }

    @Test
    void given_a_knockout_when_the_admin_aborts_a_game_then_it_is_played_again_with_the_same_colours() {
        id = TournamentMails.createAndEnter(tournaments, NewTournament.of(CUP, "marseillais", TournamentKind.KNOCKOUT)
                .withTieRule(TieRule.LOTS), players);
        assertTrue(tournaments.start(id).isDone());
        // Four places: Ann (1) v Dan (4), Ben (2) v Cat (3); Ann has White in game 1.
        TournamentGame first = match(1, 4).get(0);
        assertEquals(1, first.white());

        HttpResponse<String> aborted = abortOnTheAdminPage(first.gameId(), "Set up with the wrong armies");
        assertEquals(303, aborted.statusCode(), aborted.body());

        // Both are told at once, without waiting for game 2, and the new game has Ann White again.
        for (int seed : List.of(1, 4)) {
            MimeMessage again = TournamentMails.tournament(seed(seed), CUP + ": a game played again", 1);
            assertTrue(text(again).contains("was aborted by the admin. It does not count: it is played again as a new"
                    + " game, with the same colours."), text(again));
            assertTrue(text(again).contains("Round 1, game 1 of your match: " + (seed == 1 ? "White against Dan"
                    : "Black against Ann")), text(again));
        }
        List<TournamentGame> games = match(1, 4);
        assertEquals(List.of(Outcome.ANNULLED, Outcome.UNFINISHED, Outcome.UNFINISHED),
                games.stream().map(TournamentGame::outcome).toList());
        TournamentGame replay = games.get(2);
        assertEquals(List.of(1, 4), List.of(replay.white(), replay.black()));

        // Dan wins game 2 with White, Ann the replay with White: 1-1 on the games that count, so two more games.
        win(4, 1);
        win(1, 4);
        MimeMessage level = TournamentMails.tournament(seed(1), CUP + ": two more games", 1);
        assertTrue(text(level).contains("is level after 2 games"), text(level));
        assertEquals("round 1, match 1: Ann (1) v Dan (4)  1-1  playing, 2 of 4 games over", tournaments.bracket(id).get(0));
        win(1, 4);
        win(1, 4);
        MimeMessage decided = TournamentMails.tournament(seed(4), CUP + ": round 1 match decided", 1);
        assertTrue(text(decided).contains("round 1, match 1: Ann (1) v Dan (4)  3-1  Ann goes through after two extra games"),
                text(decided));
    }

    /** Logs in with the secret the server printed at its first start, then sends the admin's end-game form. */
    private HttpResponse<String> abortOnTheAdminPage(long gameId, String reason) {
        Matcher secret = Pattern.compile("Admin secret \\(shown once, stored hashed\\): (\\S+)").matcher(world.console());
        assertTrue(secret.find(), world.console());
        HttpResponse<String> login = send(get("/admin/login", ""));
        String loginCookie = cookie(login, "epistle_admin_login");
        String loginToken = Jsoup.parse(login.body()).selectFirst("form[action=/admin/login] input[name=csrf]").val();
        HttpResponse<String> in = send(post("/admin/login", loginCookie, Map.of("csrf", loginToken, "secret", secret.group(1))));
        assertEquals(303, in.statusCode(), in.body());
        String session = cookie(in, "epistle_admin");
        HttpResponse<String> console = send(get("/admin", session));
        String csrf = Jsoup.parse(console.body()).selectFirst("#create-game input[name=csrf]").val();
        return send(post("/admin/games/" + gameId + "/end", session,
                Map.of("csrf", csrf, "result", "aborted", "reason", reason)));
    }

    private HttpRequest get(String path, String cookie) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
        return (cookie.isEmpty() ? b : b.header("Cookie", cookie)).build();
    }

    private HttpRequest post(String path, String cookie, Map<String, String> form) {
        String body = form.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", cookie).POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + world.webPort() + path);
    }

    private HttpResponse<String> send(HttpRequest r) {
        try {
            return http.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** "name=value" of the cookie the response sets, as a browser sends it back. */
    private static String cookie(HttpResponse<String> r, String name) {
        return r.headers().allValues("Set-Cookie").stream().filter(h -> h.startsWith(name + "=")).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " cookie in " + r.headers()))
                .split(";", 2)[0].strip();
    }
}
