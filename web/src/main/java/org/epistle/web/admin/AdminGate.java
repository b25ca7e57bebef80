package org.epistle.web.admin;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.Optional;
import java.util.regex.Pattern;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;

/**
 * The door of every admin page: the session a request's cookie names, and a form's CSRF token checked against
 * it. A page without a live session redirects to the login form; a form without one (or with another session's
 * token) is a 403 and nothing is done. Also the small things every admin page reads and writes the same way.
 */
final class AdminGate {
    private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");

    private final AdminSessions sessions;

    AdminGate(AdminSessions sessions) {
        this.sessions = sessions;
    }

    Optional<AdminSessions.Session> session(Context ctx) {
        return sessions.find(ctx.cookie(AdminLogin.SESSION_COOKIE));
    }

    /** The session a page is shown in; without one the request is sent to the login form and this is empty. */
    Optional<AdminSessions.Session> pageSession(Context ctx) {
        Optional<AdminSessions.Session> s = session(ctx);
        if (s.isEmpty()) {
            ctx.redirect("/admin/login", HttpStatus.SEE_OTHER);
        }
        return s;
    }

    /** The session of a form whose token is its own; otherwise a 403 with nothing changed. */
    AdminSessions.Session require(Context ctx, FormBody form) {
        AdminSessions.Session s = session(ctx).orElseThrow(() -> PageError.forbidden(
                "You are not logged in as the admin, or your session has ended. Nothing was changed. Log in at /admin and try again."));
        if (!s.isCsrf(form.field("csrf").orElse(null))) {
            throw PageError.forbidden("This form did not come from the admin pages of this session. Nothing was changed. "
                    + "Open the page again from /admin and send it from there.");
        }
        return s;
    }

    /** Whether a text is one of our ids: a positive whole number that fits a long. */
    static boolean isId(String text) {
        return ID.matcher(text).matches();
    }

    /** The {@code {id}} of the path; anything but an id is a page that does not exist. */
    static long pathId(Context ctx) {
        String id = ctx.pathParam("id");
        if (!isId(id)) {
            throw PageError.notFound();
        }
        return Long.parseLong(id);
    }

    static void html(Context ctx, String page) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }
}
