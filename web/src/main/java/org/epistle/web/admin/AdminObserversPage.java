package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Observers;
import org.epistle.templates.Templates;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;

/**
 * Who follows a game: {@code GET /admin/games/{id}/observers} shows the count, the addresses (for the admin
 * only) and the delay with where it comes from; {@code POST /admin/games/{id}/observer-delay} changes the delay
 * of a running game.
 */
final class AdminObserversPage {
    private final GameService games;
    private final Templates templates;
    private final AdminGate gate;

    AdminObserversPage(GameService games, Templates templates, AdminGate gate) {
        this.games = games;
        this.templates = templates;
        this.gate = gate;
    }

    void register(RoutesConfig routes) {
        routes.get("/admin/games/{id}/observers", this::page);
        routes.post("/admin/games/{id}/observer-delay", this::changeDelay);
    }

    /** The observer delay typed in a form: empty for the default, else a whole number of turns. */
    static Optional<Integer> typedDelay(String typed) {
        if (typed.isEmpty()) {
            return Optional.empty();
        }
        if (!typed.matches("[0-9]{1,3}")) {
            throw new IllegalArgumentException("the observer delay must be a whole number of turns from 0 to "
                    + Observers.MAX_DELAY);
        }
        return Optional.of(Integer.parseInt(typed));
    }

    void page(Context ctx) {
        Optional<AdminSessions.Session> s = gate.pageSession(ctx);
        if (s.isEmpty()) {
            return;
        }
        long id = AdminGate.pathId(ctx);
        if (games.find(id).isEmpty()) {
            throw PageError.notFound();
        }
        String done = "delay".equals(ctx.queryParam("done")) ? "The observer delay of game " + id + " was changed." : "";
        render(ctx, s.get(), id, done, "", Optional.empty());
    }

    /**
     * Changes a running game's observer delay (empty: back to its tournament's or the default). A shorter delay
     * uncovers turns with the next turn played; a longer one holds back what was not mailed yet. Turns already
     * mailed stay mailed.
     */
    void changeDelay(Context ctx) {
        FormBody form = FormBody.read(ctx.req());
        AdminSessions.Session s = gate.require(ctx, form);
        long id = AdminGate.pathId(ctx);
        if (games.find(id).isEmpty()) {
            throw PageError.notFound();
        }
        String typed = form.field("observerDelay").orElse("").strip();
        try {
            games.observers().setGameDelay(id, typedDelay(typed));
        } catch (IllegalArgumentException e) {
            ctx.status(HttpStatus.UNPROCESSABLE_CONTENT);
            render(ctx, s, id, "", "The observer delay of game " + id + " was not changed: " + e.getMessage() + ".",
                    Optional.of(typed));
            return;
        }
        ctx.redirect("/admin/games/" + id + "/observers?done=delay", HttpStatus.SEE_OTHER);
    }

    private void render(Context ctx, AdminSessions.Session s, long id, String done, String error, Optional<String> typed) {
        Observers observers = games.observers();
        Optional<Integer> own = observers.gameDelay(id);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("csrf", s.csrf());
        model.put("gameId", id);
        model.put("followers", observers.followers(id));
        model.put("delay", observers.delay(id));
        model.put("delaySource", own.isPresent() ? "set for this game"
                : observers.tournamentDelayOfGame(id).isPresent() ? "its tournament's" : "the server's default");
        model.put("typed", typed.orElse(own.map(String::valueOf).orElse("")));
        model.put("maxDelay", Observers.MAX_DELAY);
        model.put("done", done);
        model.put("error", error);
        AdminGate.html(ctx, templates.render("web/admin-observers.ftlh", model));
    }
}
