package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.epistle.core.games.Contact;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameService;
import org.epistle.core.games.GameSummary;
import org.epistle.core.games.NewGame;
import org.epistle.core.games.clock.TimeControl;
import org.epistle.core.rules.board.Side;
import org.epistle.core.games.Player;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.templates.Templates;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;
import org.epistle.web.pages.Paging;
import org.epistle.web.pages.SecurityHeaders;

/**
 * The admin console, behind the admin secret.
 *
 * <ul>
 * <li>{@code GET /admin/login}, {@code POST /admin/login}: the secret; right, a session cookie
 *     (HttpOnly, SameSite=Strict, Path=/admin) and 303 to {@code /admin}; wrong, 403 and the form again</li>
 * <li>{@code POST /admin/logout}: the session ends</li>
 * <li>{@code GET /admin}: create a game, the games (each active one with its adjudication form),
 *     the players (each with a resend button)</li>
 * <li>{@code POST /admin/games}: create a game; both players get the opening mail</li>
 * <li>{@code POST /admin/games/{id}/extra-time}: give a player more days (and hours) in a game, with a reason mailed to both</li>
 * <li>{@code POST /admin/games/{id}/end}: adjudicate (1-0, 0-1, 1/2-1/2) or abort, with a reason mailed to both</li>
 * <li>{@code POST /admin/players/{id}/resend}: the player's last mail again, with a new Message-ID</li>
 * <li>{@code GET /admin/import}, {@code POST /admin/import}: a PGN archive pasted in is read into games, one line of
 *     outcome a game ({@link org.epistle.core.games.GameImport})</li>
 * </ul>
 *
 * Every form carries a CSRF token: the session's own, or, on the login form, one also set in a
 * short cookie (double submit). Without a live session a page redirects to the login form (303)
 * and a form is refused (403) with nothing changed.
 */
public final class AdminPages {
    static final String SESSION_COOKIE = "epistle_admin";
    static final String LOGIN_COOKIE = "epistle_admin_login";
    private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");
    private static final int MAX_REASON = 1000;
    /** Games, and players, on one page of the console's lists. */
    static final int PAGE_SIZE = 25;
    private static final Map<String, String> DONE = Map.of(
            "created", "The game was created. Both players have been sent the opening mail.",
            "ended", "The game was ended. Both players have been sent the reason.",
            "resent", "The player's last mail was put in the outbox again.",
            "extra-time", "The extra time was given. Both players have been told.",
            "nothing", "That player has had no mail yet: nothing was resent.",
            "address-added", "The address was added: the player's game secrets now work in mail from it too.",
            "address-removed", "The address was removed: mail from it no longer moves the player's games.");

    private final GameService games;
    private final Templates templates;
    private final Runnable afterCommit;
    private final Predicate<String> isAdminSecret;
    private final AdminSessions sessions;
    private final LoginAttempts attempts;

    /**
     * @param isAdminSecret whether a candidate is the admin secret (compared in constant time)
     * @param afterCommit   run after every change that wrote mails (the outbox sender's wake-up)
     */
    public AdminPages(GameService games, Templates templates, Runnable afterCommit, Predicate<String> isAdminSecret,
                      AdminSessions sessions) {
        this(games, templates, afterCommit, isAdminSecret, sessions, new LoginAttempts(java.time.Clock.systemUTC()));
    }

    /** @param attempts the wrong secrets per remote address, which stop an address from trying for a while */
    public AdminPages(GameService games, Templates templates, Runnable afterCommit, Predicate<String> isAdminSecret,
                      AdminSessions sessions, LoginAttempts attempts) {
        this.attempts = attempts;
        this.games = games;
        this.templates = templates;
        this.afterCommit = afterCommit;
        this.isAdminSecret = isAdminSecret;
        this.sessions = sessions;
    }

    public void register(RoutesConfig routes) {
        routes.before("/admin", ctx -> SecurityHeaders.privatePage(ctx.res()));
        routes.before("/admin/*", ctx -> SecurityHeaders.privatePage(ctx.res()));
        routes.get("/admin", this::console);
        routes.get("/admin/login", this::loginPage);
        routes.post("/admin/login", this::login);
        routes.post("/admin/logout", this::logout);
        routes.post("/admin/games", this::create);
        routes.post("/admin/games/{id}/end", this::end);
        routes.post("/admin/games/{id}/extra-time", this::extraTime);
        routes.post("/admin/players/{id}/resend", this::resend);
        routes.post("/admin/players/{id}/addresses", this::addAddress);
        routes.post("/admin/players/{id}/addresses/remove", this::removeAddress);
        routes.get("/admin/games/{id}/observers", this::observersPage);
        routes.post("/admin/games/{id}/observer-delay", this::observerDelay);
        routes.get("/admin/import", this::importPage);
        routes.post("/admin/import", this::importArchive);
    }

    // --- login ---

    void loginPage(Context ctx) {
        if (session(ctx).isPresent()) {
            ctx.redirect("/admin", HttpStatus.SEE_OTHER);
            return;
        }
        loginForm(ctx, "");
    }

    private void loginForm(Context ctx, String error) {
        String token = AdminSessions.random();
        cookie(ctx, LOGIN_COOKIE + "=" + token + "; Path=/admin; Max-Age=1800; HttpOnly; SameSite=Strict");
        html(ctx, templates.render("web/admin-login.ftlh", Map.of("csrf", token, "error", error)));
    }

    void login(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        String expected = ctx.cookie(LOGIN_COOKIE);
        String given = form.field("csrf").orElse("");
        if (expected == null || expected.isEmpty()
                || !MessageDigest.isEqual(AdminSessions.bytes(expected), AdminSessions.bytes(given))) {
            throw PageError.forbidden("This login form is out of date or did not come from this site. Open the login page again.");
        }
        String address = ctx.ip();
        // The right secret always gets in: many people may share one address (a reverse proxy, an office), and
        // strangers' wrong guesses must not lock the admin out. Wrong guesses past the limit get only a 429.
        if (!isAdminSecret.test(form.field("secret").orElse(""))) {
            Optional<java.time.Duration> wait = attempts.waitBefore(address);
            attempts.failed(address);
            if (wait.isPresent()) {
                long minutes = Math.max(1, (wait.get().toSeconds() + 59) / 60);
                ctx.header("Retry-After", Long.toString(Math.max(1, wait.get().toSeconds())));
                throw new PageError(429, "Too many attempts", "The admin secret was given wrongly " + LoginAttempts.MAX_FAILURES
                        + " times from your address. Wait " + minutes + (minutes == 1 ? " minute" : " minutes")
                        + " before you try again; the secret was printed once when the server first started.");
            }
            ctx.status(HttpStatus.FORBIDDEN);
            loginForm(ctx, "That is not the admin secret.");
            return;
        }
        attempts.succeeded(address);
        String id = sessions.open();
        cookie(ctx, LOGIN_COOKIE + "=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict");
        cookie(ctx, SESSION_COOKIE + "=" + id + "; Path=/admin; HttpOnly; SameSite=Strict");
        ctx.redirect("/admin", HttpStatus.SEE_OTHER);
    }

    void logout(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        requireSession(ctx, form);
        sessions.close(ctx.cookie(SESSION_COOKIE));
        cookie(ctx, SESSION_COOKIE + "=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict");
        ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
    }

    // --- the console ---

    void console(Context ctx) {
        Optional<AdminSessions.Session> s = session(ctx);
        if (s.isEmpty()) {
            ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
            return;
        }
        String done = DONE.getOrDefault(Optional.ofNullable(ctx.queryParam("done")).orElse(""), "");
        String game = Optional.ofNullable(ctx.queryParam("game")).filter(g -> ID.matcher(g).matches()).orElse("");
        if (!done.isEmpty() && !game.isEmpty()) {
            done = "Game " + game + ": " + done;
        }
        render(ctx, s.get(), done, "", Map.of());
    }

    void create(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = requireSession(ctx, form);
        Map<String, String> entered = new LinkedHashMap<>();
        for (String f : List.of("variant", "whiteArmy", "blackArmy", "whiteName", "whiteEmail", "blackName", "blackEmail",
                "timeControl", "rated", "observerDelay")) {
            entered.put(f, form.field(f).orElse("").strip());
        }
        CreatedGame created;
        try {
            String spec = entered.get("timeControl");
            created = games.create(new NewGame(entered.get("variant"), entered.get("whiteArmy"), entered.get("blackArmy"),
                    new Contact(entered.get("whiteName"), entered.get("whiteEmail")),
                    new Contact(entered.get("blackName"), entered.get("blackEmail")),
                    spec.isEmpty() ? Optional.empty() : Optional.of(TimeControl.parse(spec)))
                    .withRated(entered.get("rated").equals("yes")), observerDelay(entered.get("observerDelay")));
        } catch (IllegalArgumentException e) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            render(ctx, s, "", "The game was not created: " + e.getMessage(), entered);
            return;
        } finally {
            afterCommit.run();
        }
        ctx.redirect("/admin?done=created&game=" + created.gameId(), HttpStatus.SEE_OTHER);
    }

    /** The observer delay typed in the form: empty for the default, else a whole number of turns. */
    private static Optional<Integer> observerDelay(String typed) {
        if (typed.isEmpty()) {
            return Optional.empty();
        }
        if (!typed.matches("[0-9]{1,3}")) {
            throw new IllegalArgumentException("the observer delay must be a whole number of turns from 0 to "
                    + org.epistle.core.games.Observers.MAX_DELAY);
        }
        return Optional.of(Integer.parseInt(typed));
    }

    void end(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = requireSession(ctx, form);
        long id = id(ctx);
        String result = form.field("result").orElse("");
        String reason = form.field("reason").orElse("").strip();
        String problem = !GameService.ADMIN_RESULTS.contains(result) ? "choose a result"
                : reason.isEmpty() ? "write the reason the players will be sent"
                : reason.length() > MAX_REASON ? "the reason is longer than " + MAX_REASON + " characters" : "";
        if (problem.isEmpty()) {
            if (games.find(id).isEmpty()) {
                throw PageError.notFound();
            }
            try {
                games.adjudicate(id, result, reason);
                ctx.redirect("/admin?done=ended&game=" + id, HttpStatus.SEE_OTHER);
                return;
            } catch (IllegalStateException e) {
                ctx.status(HttpStatus.CONFLICT);
                render(ctx, s, "", "Game " + id + " was not changed: it has already ended.", Map.of());
                return;
            } finally {
                afterCommit.run();
            }
        }
        ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
        render(ctx, s, "", "Game " + id + " was not changed: " + problem + ".", Map.of());
    }

    /** Extra time for one side of a game: whole days and hours, and a reason mailed to both players. */
    void extraTime(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = requireSession(ctx, form);
        long id = id(ctx);
        String side = form.field("side").orElse("");
        String reason = form.field("reason").orElse("").strip();
        int days = number(form.field("days").orElse(""));
        int hours = number(form.field("hours").orElse("0"));
        String problem = !side.equals("white") && !side.equals("black") ? "choose White or Black"
                : days < 0 || hours < 0 || days > 365 || hours > 23 ? "write whole days (0 to 365) and hours (0 to 23)"
                : days == 0 && hours == 0 ? "give at least an hour"
                : reason.isEmpty() ? "write the reason the players will be sent"
                : reason.length() > MAX_REASON ? "the reason is longer than " + MAX_REASON + " characters" : "";
        if (problem.isEmpty()) {
            if (games.find(id).isEmpty()) {
                throw PageError.notFound();
            }
            try {
                games.grantExtraTime(id, side.equals("white") ? Side.WHITE : Side.BLACK,
                        java.time.Duration.ofDays(days).plusHours(hours), reason);
                ctx.redirect("/admin?done=extra-time&game=" + id, HttpStatus.SEE_OTHER);
                return;
            } catch (IllegalStateException | IllegalArgumentException e) {
                problem = e.getMessage();
            } finally {
                afterCommit.run();
            }
        }
        ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
        render(ctx, s, "", "Game " + id + " was not changed: " + problem + ".", Map.of());
    }

    /** A whole number as typed in a form, or -1 when it is not one. */
    private static int number(String text) {
        String t = text.strip();
        return t.matches("[0-9]{1,4}") ? Integer.parseInt(t) : -1;
    }

    void resend(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        requireSession(ctx, form);
        long id = id(ctx);
        Optional<Long> game;
        try {
            game = games.resendLast(id);
        } catch (IllegalArgumentException e) {
            throw PageError.notFound();
        } finally {
            afterCommit.run();
        }
        ctx.redirect(game.map(g -> "/admin?done=resent" + (g > 0 ? "&game=" + g : "")).orElse("/admin?done=nothing"),
                HttpStatus.SEE_OTHER);
    }

    /** A further address a player sends from; the admin vouches for it, so no confirmation is asked. */
    void addAddress(Context ctx) {
        changeAddress(ctx, "address-added", (address, player) -> games.addAddress(player, address));
    }

    void removeAddress(Context ctx) {
        changeAddress(ctx, "address-removed", (address, player) -> games.removeAddress(player, address));
    }

    private void changeAddress(Context ctx, String done, java.util.function.ObjLongConsumer<String> change) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = requireSession(ctx, form);
        long id = id(ctx);
        if (games.player(id).isEmpty()) {
            throw PageError.notFound();
        }
        String address = form.field("address").orElse("").strip();
        try {
            change.accept(address, id);
        } catch (IllegalArgumentException e) {
            render(ctx, s, "", "No address was changed: " + e.getMessage() + ".", Map.of());
            return;
        }
        ctx.redirect("/admin?done=" + done, HttpStatus.SEE_OTHER);
    }

    private void render(Context ctx, AdminSessions.Session s, String done, String error, Map<String, String> entered) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("csrf", s.csrf());
        model.put("done", done);
        model.put("error", error);
        model.put("entered", entered);
        model.put("variants", VariantCatalog.all().stream().map(v -> Map.of("key", v.key(), "name", v.name(),
                "selected", v.key().equals(entered.getOrDefault("variant", "")))).toList());
        String white = entered.getOrDefault("whiteArmy", NewGame.DEFAULT_ARMY);
        String black = entered.getOrDefault("blackArmy", NewGame.DEFAULT_ARMY);
        model.put("armies", Armies.ALL.stream().map(a -> Map.of("key", a.key(), "name", a.name(),
                "white", a.key().equals(white), "black", a.key().equals(black))).toList());
        model.put("results", List.of(Map.of("key", "1-0", "label", "1-0 (White wins)"), Map.of("key", "0-1", "label", "0-1 (Black wins)"),
                Map.of("key", "1/2-1/2", "label", "1/2-1/2 (drawn)"), Map.of("key", GameService.ABORTED, "label", "aborted (no result)")));
        // Newest first: the games an admin acts on are mostly the recent ones; older ones are on the next pages.
        // Both lists are cut into pages by the database, and counted only a little past the page shown.
        Paging gamePages = Paging.of(Optional.ofNullable(ctx.queryParam("page")), PAGE_SIZE, games.lists()::countGames);
        Paging playerPages = Paging.of(Optional.ofNullable(ctx.queryParam("players-page")), PAGE_SIZE, games.lists()::countPlayers);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (GameSummary g : games.lists().newest(gamePages.offset(), PAGE_SIZE)) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", Long.toString(g.id()));
            row.put("variantName", g.variantName());
            row.put("whiteName", g.whiteName());
            row.put("blackName", g.blackName());
            row.put("state", g.state().name().toLowerCase(java.util.Locale.ROOT));
            row.put("active", g.state() == org.epistle.core.games.GameState.ACTIVE);
            row.put("result", g.result().orElse(""));
            row.put("turnsPlayed", g.turnsPlayed());
            row.put("toMove", g.sideToMove().label() + ", turn " + g.turnNumber());
            row.put("deadline", g.deadline().map(org.epistle.core.games.DaysPerMove::format).orElse(""));
            rows.add(row);
        }
        model.put("games", rows);
        model.put("gamePaging", gamePages.model(page -> "/admin?page=" + page + "&players-page=" + playerPages.page()));
        List<Map<String, Object>> players = new ArrayList<>();
        for (org.epistle.core.games.GameLists.ListedPlayer listed : games.lists().playersWithAddresses(playerPages.offset(), PAGE_SIZE)) {
            Player p = listed.player();
            players.add(Map.of("id", Long.toString(p.id()), "name", p.name(), "email", p.email(),
                    "otherAddresses", listed.otherAddresses()));
        }
        model.put("players", players);
        model.put("playerPaging", playerPages.model(page -> "/admin?page=" + gamePages.page() + "&players-page=" + page));
        html(ctx, templates.render("web/admin-console.ftlh", model));
    }

    // --- sessions ---

    private Optional<AdminSessions.Session> session(Context ctx) {
        return sessions.find(ctx.cookie(SESSION_COOKIE));
    }

    /** The session of a form, with its CSRF token checked: otherwise 403, and nothing is done. */
    // --- a game's observers ---

    /** Who follows a game (the count and, for the admin only, the addresses) and its delay, with a form to change it. */
    void observersPage(Context ctx) {
        Optional<AdminSessions.Session> s = session(ctx);
        if (s.isEmpty()) {
            ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
            return;
        }
        long id = id(ctx);
        if (games.find(id).isEmpty()) {
            throw PageError.notFound();
        }
        String done = "delay".equals(ctx.queryParam("done")) ? "The observer delay of game " + id + " was changed." : "";
        renderObservers(ctx, s.get(), id, done, "", Optional.empty());
    }

    /**
     * Changes a running game's observer delay (empty: back to its tournament's or the default). A shorter delay
     * uncovers turns with the next turn played; a longer one holds back what was not mailed yet. Turns already
     * mailed stay mailed.
     */
    void observerDelay(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = requireSession(ctx, form);
        long id = id(ctx);
        if (games.find(id).isEmpty()) {
            throw PageError.notFound();
        }
        String typed = form.field("observerDelay").orElse("").strip();
        try {
            games.observers().setGameDelay(id, observerDelay(typed));
        } catch (IllegalArgumentException e) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            renderObservers(ctx, s, id, "", "The observer delay of game " + id + " was not changed: " + e.getMessage() + ".",
                    Optional.of(typed));
            return;
        }
        ctx.redirect("/admin/games/" + id + "/observers?done=delay", HttpStatus.SEE_OTHER);
    }

    private void renderObservers(Context ctx, AdminSessions.Session s, long id, String done, String error,
                                 Optional<String> typed) {
        var observers = games.observers();
        Optional<Integer> own = observers.gameDelay(id);
        int delay = observers.delay(id);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("csrf", s.csrf());
        model.put("gameId", id);
        model.put("followers", observers.followers(id));
        model.put("delay", delay);
        model.put("delaySource", own.isPresent() ? "set for this game"
                : observers.tournamentDelayOfGame(id).isPresent() ? "its tournament's" : "the server's default");
        model.put("typed", typed.orElse(own.map(String::valueOf).orElse("")));
        model.put("maxDelay", org.epistle.core.games.Observers.MAX_DELAY);
        model.put("done", done);
        model.put("error", error);
        html(ctx, templates.render("web/admin-observers.ftlh", model));
    }

    // --- importing archives ---

    /** A pasted archive: far more than a form of moves, far less than would hold the server up. */
    static final int MAX_ARCHIVE_BYTES = 4 * 1024 * 1024;

    void importPage(Context ctx) {
        Optional<AdminSessions.Session> s = session(ctx);
        if (s.isEmpty()) {
            ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
            return;
        }
        renderImport(ctx, s.get(), "", "", List.of());
    }

    void importArchive(Context ctx) {
        FormBody form = FormBody.read(ctx.req(), MAX_ARCHIVE_BYTES);
        AdminSessions.Session s = requireSession(ctx, form);
        String pgn = form.field("pgn").orElse("");
        if (pgn.isBlank()) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            renderImport(ctx, s, "", "Nothing was imported: paste the PGN of one or more games.", List.of());
            return;
        }
        List<org.epistle.core.games.GameImport.Outcome> outcomes = games.imports().importArchive(pgn);
        long imported = outcomes.stream().filter(o -> o instanceof org.epistle.core.games.GameImport.Imported).count();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (org.epistle.core.games.GameImport.Outcome o : outcomes) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("index", Integer.toString(o.index()));
            row.put("line", Integer.toString(o.line()));
            if (o instanceof org.epistle.core.games.GameImport.Imported i) {
                row.put("imported", true);
                row.put("gameId", Long.toString(i.gameId()));
                row.put("text", i.white() + " v " + i.black() + ", " + i.variant() + ", " + i.turns()
                        + (i.turns() == 1 ? " turn, " : " turns, ") + i.result());
            } else {
                row.put("imported", false);
                row.put("gameId", "");
                row.put("text", ((org.epistle.core.games.GameImport.Refused) o).reason());
            }
            rows.add(row);
        }
        String summary = "Imported " + imported + " of " + outcomes.size() + (outcomes.size() == 1 ? " game." : " games.");
        if (imported < outcomes.size()) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            renderImport(ctx, s, imported > 0 ? summary : "", summary + " Each refused game says why below; nothing of it was stored.", rows);
        } else {
            renderImport(ctx, s, summary, "", rows);
        }
    }

    private void renderImport(Context ctx, AdminSessions.Session s, String done, String error, List<Map<String, Object>> outcomes) {
        html(ctx, templates.render("web/admin-import.ftlh", Map.of("csrf", s.csrf(), "done", done, "error", error,
                "outcomes", outcomes, "maxKilobytes", Integer.toString(MAX_ARCHIVE_BYTES / 1024))));
    }

    private AdminSessions.Session requireSession(Context ctx, FormBody form) {
        AdminSessions.Session s = session(ctx).orElseThrow(() -> PageError.forbidden(
                "You are not logged in as the admin, or your session has ended. Nothing was changed. Log in at /admin and try again."));
        if (!s.isCsrf(form.field("csrf").orElse(null))) {
            throw PageError.forbidden("This form did not come from the admin console of this session. Nothing was changed. "
                    + "Open /admin again and send it from there.");
        }
        return s;
    }

    private static long id(Context ctx) {
        String id = ctx.pathParam("id");
        if (!ID.matcher(id).matches()) {
            throw PageError.notFound();
        }
        return Long.parseLong(id);
    }

    private static void cookie(Context ctx, String header) {
        ctx.res().addHeader("Set-Cookie", header);
    }

    private static void html(Context ctx, String page) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }
}
