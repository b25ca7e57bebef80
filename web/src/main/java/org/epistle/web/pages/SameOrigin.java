package org.epistle.web.pages;

import io.javalin.http.Context;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;

/**
 * A form that changes something must come from one of our own pages. Browsers say where a form came from
 * in Origin (or, older ones, Referer); a POST naming another site is refused before its CSRF token is even
 * read. A request with neither header (a script, a privacy proxy) is left to the token alone.
 */
public final class SameOrigin {
    private final Optional<String> publicOrigin;

    /** @param publicBaseUrl the server's public base URL, as mails link to it */
    public SameOrigin(String publicBaseUrl) {
        this.publicOrigin = origin(publicBaseUrl);
    }

    public void check(Context ctx) {
        if (!"POST".equals(ctx.method().name())) {
            return;
        }
        String origin = ctx.header("Origin");
        Optional<String> claimed = origin != null ? Optional.of(origin.strip()) : Optional.ofNullable(ctx.header("Referer"))
                .flatMap(SameOrigin::origin);
        if (claimed.isEmpty()) {
            return;
        }
        String from = claimed.get().toLowerCase(Locale.ROOT);
        boolean ours = publicOrigin.map(from::equals).orElse(false) || origin(from).flatMap(SameOrigin::hostAndPort)
                .map(h -> h.equalsIgnoreCase(Optional.ofNullable(ctx.host()).orElse(""))).orElse(false);
        if (!ours) {
            throw PageError.forbidden("This form was sent from another site, so nothing was changed. "
                    + "Open the page on this server and send the form from there.");
        }
    }

    /** {@code scheme://host[:port]} of a URL, lower case; empty for "null" (an opaque origin) and anything unreadable. */
    static Optional<String> origin(String url) {
        try {
            URI u = new URI(url.strip());
            if (u.getScheme() == null || u.getHost() == null) {
                return Optional.empty();
            }
            return Optional.of((u.getScheme() + "://" + u.getHost() + (u.getPort() >= 0 ? ":" + u.getPort() : ""))
                    .toLowerCase(Locale.ROOT));
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> hostAndPort(String origin) {
        int slashes = origin.indexOf("://");
        return slashes < 0 ? Optional.empty() : Optional.of(origin.substring(slashes + 3));
    }
}
