package org.epistle.web.pages;

import io.javalin.http.Context;
import java.util.Map;
import org.epistle.templates.Templates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Error pages: every refusal and failure is answered with a page of our own (or JSON under
 * {@code /api/}) that says what happened in one sentence, never with a stack trace or an
 * exception's message. Unexpected failures are logged once, with the personal link's secret cut
 * out of the path.
 */
public final class ErrorPages {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorPages.class);

    private final Templates templates;

    public ErrorPages(Templates templates) {
        this.templates = templates;
    }

    public void render(Context ctx, PageError e) {
        ctx.status(e.status());
        if (e.status() == 410) {
            ctx.header("Cache-Control", "no-store");
        }
        if (e.status() == 405) {
            ctx.header("Allow", "GET, POST");
        }
        if (ctx.path().startsWith("/api/")) {
            ctx.contentType("application/json; charset=utf-8").result(GameJson.error(e));
            return;
        }
        String html;
        try {
            html = templates.render("web/error.ftlh", Map.of("status", e.status(), "title", e.title(), "explanation", e.explanation()));
        } catch (RuntimeException failed) {
            LOG.error("the error page could not be rendered", failed);
            ctx.contentType("text/plain; charset=utf-8").result(e.status() + " " + e.title() + "\n\n" + e.explanation() + "\n");
            return;
        }
        html(ctx, html);
    }

    /** A failure nobody expected: logged, and answered with the plain 500 page. */
    public void failed(Context ctx, Exception e) {
        LOG.error("{} {} failed", ctx.method(), redacted(ctx.path()), e);
        render(ctx, PageError.internal());
    }

    /** The path as it may be logged: a personal link keeps its game, not its secret. */
    public static String redacted(String path) {
        return path.replaceAll("^/play/([^/]*)/[^/]+", "/play/$1/(secret)").replaceAll("^/desk/[^/]+", "/desk/(secret)");
    }

    private static void html(io.javalin.http.Context ctx, String page) {
        ctx.contentType("text/html; charset=utf-8").result(page);
    }
}
