package org.epistle.web;

import io.javalin.Javalin;
import io.javalin.config.RoutesConfig;
import io.javalin.http.HttpResponseException;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Predicate;
import org.epistle.core.games.GameService;
import org.epistle.templates.Templates;
import org.epistle.web.monitoring.Monitor;
import org.epistle.web.admin.AdminPages;
import org.epistle.web.admin.AdminSessions;
import org.epistle.web.admin.AdminTournamentPages;
import org.epistle.web.pages.CsrfTokens;
import org.epistle.web.pages.DeskPages;
import org.epistle.web.pages.ErrorPages;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.GamePages;
import org.epistle.web.pages.ObserverPages;
import org.epistle.web.pages.JettyErrors;
import org.epistle.web.pages.PageError;
import org.epistle.web.pages.SameOrigin;
import org.epistle.web.pages.SecurityHeaders;
import org.epistle.web.pages.StaticFiles;
import org.epistle.web.pages.TournamentPages;
import org.epistle.web.xfcc.XfccService;

/**
 * The Javalin application: the game pages, the move form and the JSON view
 * ({@link GamePages}), the stylesheet and the click-to-move script under {@code /static/}, and
 * {@code /health} and {@code /metrics} ({@link Monitor}), a player's desk under {@code /desk/} ({@link DeskPages}), and the admin console under {@code /admin} ({@link AdminPages}). Every response carries the {@link SecurityHeaders}; every error is one of our
 * own pages ({@link ErrorPages}), including the ones Jetty answers before Javalin sees a request.
 */
public final class WebApp {
    private final Javalin javalin;

    private WebApp(Javalin javalin) {
        this.javalin = javalin;
    }

    /** Starts the web app on its own template configuration, with nothing to wake after a move (tests). */
    public static WebApp start(String host, int port, GameService games) {
        return start(host, port, games, new Templates(), () -> { });
    }

    /**
     * Starts the web app.
     *
     * @param templates   the application's one template configuration, shared with the mailer
     * @param afterCommit run after each command sent from a move form was handled (the outbox sender's wake-up)
     */
    public static WebApp start(String host, int port, GameService games, Templates templates, Runnable afterCommit) {
        return start(host, port, games, templates, afterCommit, candidate -> false);
    }

    /**
     * Starts the web app with the admin console.
     *
     * @param isAdminSecret whether a candidate is the admin secret (the console's login; always false: nobody logs in)
     */
    public static WebApp start(String host, int port, GameService games, Templates templates, Runnable afterCommit,
                               Predicate<String> isAdminSecret) {
        return start(host, port, games, templates, afterCommit, isAdminSecret, Monitor.alone(games));
    }

    /** Starts the web app with the admin console, and {@code /health} and {@code /metrics} as {@code monitor} says. */
    public static WebApp start(String host, int port, GameService games, Templates templates, Runnable afterCommit,
                               Predicate<String> isAdminSecret, Monitor monitor) {
        Javalin app = create(games, templates, afterCommit, isAdminSecret, monitor);
        app.start(host, port);
        return new WebApp(app);
    }

    /** The configured application, not started: for {@link #start} and for measuring it beside a bare one. */
    public static Javalin create(GameService games, Templates templates, Runnable afterCommit) {
        return create(games, templates, afterCommit, candidate -> false);
    }

    /** The configured application with the admin console behind {@code isAdminSecret}, not started. */
    public static Javalin create(GameService games, Templates templates, Runnable afterCommit, Predicate<String> isAdminSecret) {
        return create(games, templates, afterCommit, isAdminSecret, Monitor.alone(games));
    }

    /** The configured application with its monitoring ({@code /health}, {@code /metrics}), not started. */
    public static Javalin create(GameService games, Templates templates, Runnable afterCommit, Predicate<String> isAdminSecret,
                                 Monitor monitor) {
        Objects.requireNonNull(monitor, "monitor");
        Objects.requireNonNull(games, "games");
        Objects.requireNonNull(isAdminSecret, "isAdminSecret");
        Objects.requireNonNull(templates, "templates");
        Objects.requireNonNull(afterCommit, "afterCommit");
        ErrorPages errors = new ErrorPages(templates);
        SameOrigin sameOrigin = new SameOrigin(games.identity().baseUrl());
        AdminSessions adminSessions = new AdminSessions(Clock.systemUTC());
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.startupWatcherEnabled = false; // every caller starts the app at once; no thread to wait for it
            config.http.maxRequestSize = FormBody.MAX_BYTES;
            config.http.prefer405over404 = true;
            config.jetty.modifyServer(server -> server.setErrorHandler(JettyErrors.forServer()));
            config.jetty.modifyServletContextHandler(handler -> handler.setErrorHandler(JettyErrors.forServlets()));
            monitor.configure(config);

            RoutesConfig routes = config.routes;
            routes.before(ctx -> SecurityHeaders.apply(ctx.res()));
            routes.before(ctx -> {
                if (!ObserverPages.isOneClick(ctx)) { // the one-click POST comes from the reader's mail system
                    sameOrigin.check(ctx);
                }
            });
            monitor.register(routes);
            // from memory, not through Javalin's static files, which mount the whole jar as a zip file system at start
            new StaticFiles().register(routes);
            new GamePages(games, templates, new CsrfTokens(games.formKey()), afterCommit).register(routes);
            new DeskPages(games, templates, afterCommit).register(routes);
            new TournamentPages(games, templates).register(routes);
            new ObserverPages(games, templates).register(routes);
            new XfccService(games, afterCommit).register(routes);
            new AdminPages(games, templates, afterCommit, isAdminSecret, adminSessions).register(routes);
            new AdminTournamentPages(games, templates, afterCommit, adminSessions).register(routes);

            routes.exception(PageError.class, (e, ctx) -> errors.render(ctx, e));
            routes.exception(HttpResponseException.class, (e, ctx) -> errors.render(ctx, PageError.of(e.getStatus())));
            routes.exception(Exception.class, (e, ctx) -> errors.failed(ctx, e));
            for (int status : new int[] {400, 403, 404, 405, 413, 415, 500}) {
                routes.error(status, ctx -> {
                    if (ctx.result() == null || ctx.result().isEmpty()) {
                        errors.render(ctx, PageError.of(status));
                    }
                });
            }
        });
    }

    public int port() {
        return javalin.port();
    }

    public void stop() {
        javalin.stop();
    }
}
