package org.epistle.web;

import io.javalin.Javalin;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;

/** The Javalin application. For now: a front page listing the variants and a health check. */
public final class WebApp {
    private final Javalin javalin;

    private WebApp(Javalin javalin) {
        this.javalin = javalin;
    }

    public static WebApp start(String host, int port) {
        Javalin app = Javalin.create(config -> config.showJavalinBanner = false);
        app.get("/health", ctx -> ctx.result("ok"));
        app.get("/", ctx -> {
            StringBuilder sb = new StringBuilder("Epistle: chess variants by email.\n\nVariants:\n");
            for (Variant v : VariantCatalog.all()) {
                sb.append("  ").append(v.key()).append(" - ").append(v.summary()).append('\n');
            }
            ctx.contentType("text/plain; charset=utf-8").result(sb.toString());
        });
        app.start(host, port);
        return new WebApp(app);
    }

    public int port() {
        return javalin.port();
    }

    public void stop() {
        javalin.stop();
    }
}
