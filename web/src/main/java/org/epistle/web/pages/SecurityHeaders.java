package org.epistle.web.pages;

import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;

/**
 * The headers every response carries. The policy allows scripts, styles and images from this site
 * only (no inline script, no inline style), forms that post only here, and no framing; the
 * referrer goes to this site only (so a personal link in the address bar never leaks to another, and a form
 * posted here says where it came from: see {@link SameOrigin}).
 */
public final class SecurityHeaders {
    public static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
            "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'");

    public static final Map<String, String> ALL = Map.of(
            "Content-Security-Policy", CONTENT_SECURITY_POLICY,
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "same-origin",
            "X-Frame-Options", "DENY",
            "Cross-Origin-Opener-Policy", "same-origin",
            "Cross-Origin-Resource-Policy", "same-origin");

    private SecurityHeaders() {
    }

    public static void apply(HttpServletResponse response) {
        ALL.forEach(response::setHeader);
    }

    /** A page reached by a personal link: not to be kept by any cache. */
    public static void privatePage(HttpServletResponse response) {
        response.setHeader("Cache-Control", "no-store");
    }
}
