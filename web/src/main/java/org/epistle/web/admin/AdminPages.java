package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
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
 * The admin console, behind the admin secret, and the door to the other admin pages ({@link AdminLogin},
 * {@link AdminObserversPage}, {@link AdminImportPage}; the tournaments have {@link AdminTournamentPages}).
 *
 * <ul>
 * <li>{@code GET /admin}: create a game, the games (each active one with its adjudication form),
 *     the players (each with a resend button)</li>
 * <li>{@code POST /admin/games}: create a game; both players get the opening mail</li>
 * <li>{@code POST /admin/games/{id}/extra-time}: give a player more days (and hours) in a game, with a reason mailed to both</li>
 * <li>{@code POST /admin/games/{id}/end}: adjudicate (1-0, 0-1, 1/2-1/2) or abort, with a reason mailed to both</li>
 * <li>{@code POST /admin/players/{id}/resend}: the player's last mail again, with a new Message-ID</li>
 * <li>{@code POST /admin/players/{id}/addresses} (and {@code .../remove}): a further address a player sends from</li>
 * </ul>
 *
 * Every form carries the session's CSRF token. Without a live session a page redirects to the login form (303)
 * and a form is refused (403) with nothing changed ({@link AdminGate}).
 */
public final class AdminPages {
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
    private final AdminGate gate;
    private final AdminLogin login;
    private final AdminObserversPage observers;
    private final AdminImportPage imports;

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
        this.games = games;
        this.templates = templates;
        this.afterCommit = afterCommit;
        this.gate = new AdminGate(sessions);
        this.login = new AdminLogin(templates, isAdminSecret, sessions, attempts);
        this.observers = new AdminObserversPage(games, templates, gate);
        this.imports = new AdminImportPage(games, templates, gate);
    }

    public void register(RoutesConfig routes) {
        routes.before("/admin", ctx -> SecurityHeaders.privatePage(ctx.res()));
        routes.before("/admin/*", ctx -> SecurityHeaders.privatePage(ctx.res()));
        routes.get("/admin", this::console);
        routes.post("/admin/games", this::create);
        routes.post("/admin/games/{id}/end", this::end);
        routes.post("/admin/games/{id}/extra-time", this::extraTime);
        routes.post("/admin/players/{id}/resend", this::resend);
        routes.post("/admin/players/{id}/addresses", this::addAddress);
        routes.post("/admin/players/{id}/addresses/remove", this::removeAddress);
        login.register(routes);
        observers.register(routes);
        imports.register(routes);
    }

    // --- the console ---

    void console(Context ctx) {
        Optional<AdminSessions.Session> s = gate.pageSession(ctx);
        if (s.isEmpty()) {
            return;
        }
        String done = DONE.getOrDefault(Optional.ofNullable(ctx.queryParam("done")).orElse(""), "");
        String game = Optional.ofNullable(ctx.queryParam("game")).filter(AdminGate::isId).orElse("");
        if (!done.isEmpty() && !game.isEmpty()) {
            done = "Game " + game + ": " + done;
        }
        render(ctx, s.get(), done, "", Map.of());
    }

    void create(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, form);
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
                    .withRated(entered.get("rated").equals("yes")), AdminObserversPage.typedDelay(entered.get("observerDelay")));
        } catch (IllegalArgumentException e) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            render(ctx, s, "", "The game was not created: " + e.getMessage(), entered);
            return;
        } finally {
            afterCommit.run();
        }
        ctx.redirect("/admin?done=created&game=" + created.gameId(), HttpStatus.SEE_OTHER);
    }

    void end(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, form);
        long id = AdminGate.pathId(ctx);
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
        AdminSessions.Session s = gate.require(ctx, form);
        long id = AdminGate.pathId(ctx);
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
        gate.require(ctx, form);
        long id = AdminGate.pathId(ctx);
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
        changeAddress(ctx, "address-added", (address, player) -> games.addresses().add(player, address));
    }

    void removeAddress(Context ctx) {
        changeAddress(ctx, "address-removed", (address, player) -> games.addresses().remove(player, address));
    }

    private void changeAddress(Context ctx, String done, java.util.function.ObjLongConsumer<String> change) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, form);
        long id = AdminGate.pathId(ctx);
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
        AdminGate.html(ctx, templates.render("web/admin-console.ftlh", model));
    }

}
