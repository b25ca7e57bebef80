package org.epistle.web.admin;

import io.javalin.http.Context;
import java.util.Optional;
import org.epistle.web.pages.FormBody;
import org.epistle.web.pages.PageError;

/**
 * The door of the admin pages other than the console's own: the session a request's cookie names, and
 * a form's CSRF token checked against it. The same rules as {@link AdminPages}: a page without a live
 * session redirects to the login form, a form without one (or with another session's token) is a 403
 * and nothing is done.
 */
final class AdminGate {
    private final AdminSessions sessions;

    AdminGate(AdminSessions sessions) {
        this.sessions = sessions;
    }

    Optional<AdminSessions.Session> session(Context ctx) {
        return sessions.find(ctx.cookie(AdminPages.SESSION_COOKIE));
    }

    /** The session of a form whose token is its own; otherwise a 403 with nothing changed. */
    AdminSessions.Session require(Context ctx, FormBody form) {
        AdminSessions.Session s = session(ctx).orElseThrow(() -> PageError.forbidden(
                "You are not logged in as the admin, or your session has ended. Nothing was changed. Log in at /admin and try again."));
        if (!s.isCsrf(form.field("csrf").orElse(null))) {
            throw PageError.forbidden("This form did not come from the admin pages of this session. Nothing was changed. "
                    + "Open /admin/tournaments again and send it from there.");
        }
        return s;
    }
}
