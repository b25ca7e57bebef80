package org.epistle.web.mail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.web.Await;

/** Reads a running server's {@code /health} and {@code /metrics} over real HTTP, as an operator's tools would. */
final class Monitoring {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)$"); // a route label holds braces
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final int port;

    Monitoring(int port) {
        this.port = port;
    }

    HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30)).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> health() {
        return get("/health");
    }

    /** Asks for /health until it answers as {@code wanted} says, within 30 s; the last answer. */
    HttpResponse<String> awaitHealth(String what, Predicate<HttpResponse<String>> wanted) {
        return Await.value(Duration.ofSeconds(30),
                last -> "/health to show " + what + "; last " + last.statusCode() + ":\n" + last.body(), this::health, wanted);
    }

    Scrape metrics() {
        HttpResponse<String> r = get("/metrics");
        if (r.statusCode() != 200) {
            throw new AssertionError("/metrics answered " + r.statusCode() + ": " + r.body());
        }
        return new Scrape(r.body());
    }

    /** Scrapes until {@code wanted} holds, within 30 s (the handler counts a mail after its answer is on its way). */
    Scrape awaitMetrics(String what, Predicate<Scrape> wanted) {
        return Await.value(Duration.ofSeconds(30), last -> "/metrics to show " + what + ":\n" + last.text(), this::metrics, wanted);
    }

    /** One scrape in the Prometheus text format. */
    record Scrape(String text) {
        /** The sum of the samples named {@code name} whose labels include {@code labels} ("k", "v", …); 0 when none. */
        double value(String name, String... labels) {
            Map<String, String> wanted = new HashMap<>();
            for (int i = 0; i + 1 < labels.length; i += 2) {
                wanted.put(labels[i], labels[i + 1]);
            }
            double sum = 0;
            for (String line : text.split("\n")) {
                Matcher m = SAMPLE.matcher(line);
                if (line.startsWith("#") || !m.matches() || !m.group(1).equals(name)) {
                    continue;
                }
                Map<String, String> has = new HashMap<>();
                Matcher l = LABEL.matcher(m.group(3) == null ? "" : m.group(3));
                while (l.find()) {
                    has.put(l.group(1), l.group(2));
                }
                if (has.entrySet().containsAll(wanted.entrySet())) {
                    sum += Double.parseDouble(m.group(4));
                }
            }
            return sum;
        }

        /** The label values of {@code label} among the samples named {@code name}. */
        java.util.Set<String> labelValues(String name, String label) {
            java.util.Set<String> values = new java.util.TreeSet<>();
            Arrays.stream(text.split("\n")).filter(line -> line.startsWith(name + "{")).forEach(line -> {
                Matcher l = LABEL.matcher(line.substring(name.length()));
                while (l.find()) {
                    if (l.group(1).equals(label)) {
                        values.add(l.group(2));
                    }
                }
            });
            return values;
        }
    }
}
