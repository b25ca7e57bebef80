package org.epistle.web.admin;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.epistle.templates.Templates;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;

/**
 * Logging in to the admin pages with the admin secret, and out again.
 *
 * <ul>
 * <li>{@code GET /admin/login}, {@code POST /admin/login}: the secret; right, a session cookie
 *     (HttpOnly, SameSite=Strict, Path=/admin) and 303 to {@code /admin}; wrong, 403 and the form again</li>
 * <li>{@code POST /admin/logout}: the session ends</li>
 * </ul>
 *
 * The login form has no session yet, so its CSRF token is also set in a short cookie (double submit).
 */
final class AdminLogin {
    static final String SESSION_COOKIE = "epistle_admin";
    static final String LOGIN_COOKIE = "epistle_admin_login";

    private final Templates templates;
    private final Predicate<String> isAdminSecret;
    private final AdminSessions sessions;
    private final AdminGate gate;
    private final LoginAttempts attempts;

    AdminLogin(Templates templates, Predicate<String> isAdminSecret, AdminSessions sessions, LoginAttempts attempts) {
        this.templates = templates;
        this.isAdminSecret = isAdminSecret;
        this.sessions = sessions;
        this.gate = new AdminGate(sessions);
        this.attempts = attempts;
    }

    void register(RoutesConfig routes) {
        routes.get("/admin/login", this::loginPage);
        routes.post("/admin/login", this::login);
        routes.post("/admin/logout", this::logout);
    }

    void loginPage(Context ctx) {
        if (gate.session(ctx).isPresent()) {
            ctx.redirect("/admin", HttpStatus.SEE_OTHER);
            return;
        }
        loginForm(ctx, "");
    }

    private void loginForm(Context ctx, String error) {
        String token = AdminSessions.random();
        cookie(ctx, LOGIN_COOKIE + "=" + token + "; Path=/admin; Max-Age=1800; HttpOnly; SameSite=Strict");
        AdminGate.html(ctx, templates.render("web/admin-login.ftlh", Map.of("csrf", token, "error", error)));
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
            Optional<Duration> wait = attempts.waitBefore(address);
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
        gate.require(ctx, form);
        sessions.close(ctx.cookie(SESSION_COOKIE));
        cookie(ctx, SESSION_COOKIE + "=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict");
        ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
    }

    private static void cookie(Context ctx, String header) {
        ctx.res().addHeader("Set-Cookie", header);
    }
}
