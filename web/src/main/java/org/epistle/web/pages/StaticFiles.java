package org.epistle.web.pages;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The stylesheet, the script and the icon under {@code /static/}, read from the class path ({@code /web/static/})
 * the first time each is asked for and then served from memory, with a short public cache time and an ETag.
 *
 * <p>Javalin's static-file handler did the same through Jetty's resources, which open the server's jar a second
 * time as a zip file system at start: reading the 28 MB jar's directory of entries was 0.3 s of every start, for
 * three small files. Here the class loader, which has the jar open already, reads one file when it is first asked for.
 */
public final class StaticFiles {
    /** Where the files are on the class path. */
    static final String ROOT = "/web/static/";
    /** What a browser may keep without asking again, as before. */
    static final String CACHE_CONTROL = "public, max-age=300";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{0,63}\\.(css|js|svg)");
    private static final Map<String, String> TYPES = Map.of(
            "css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "svg", "image/svg+xml");

    /** A file read once: its bytes, its type and its tag. */
    private record File(byte[] bytes, String type, String etag) {
    }

    /** Only files that exist are kept, so an address made up does not grow the map. */
    private final Map<String, File> files = new ConcurrentHashMap<>();

    public void register(RoutesConfig routes) {
        routes.get("/static/*", this::serve);
    }

    void serve(Context ctx) {
        String name = ctx.path().substring("/static/".length());
        File file = find(name).orElseThrow(PageError::notFound);
        ctx.header("Cache-Control", CACHE_CONTROL);
        ctx.header("ETag", file.etag());
        if (file.etag().equals(ctx.header("If-None-Match"))) {
            ctx.status(HttpStatus.NOT_MODIFIED);
            return;
        }
        ctx.contentType(file.type()).result(file.bytes());
    }

    private Optional<File> find(String name) {
        if (!NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        File known = files.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<File> read = read(name);
        read.ifPresent(f -> files.put(name, f));
        return read;
    }

    private static Optional<File> read(String name) {
        try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + name)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] bytes = in.readAllBytes();
            String extension = name.substring(name.lastIndexOf('.') + 1);
            return Optional.of(new File(bytes, TYPES.get(extension), "\"" + digest(bytes) + "\""));
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + ROOT + name + " from the class path", e);
        }
    }

    private static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
