package org.epistle.web.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.openqa.selenium.JavascriptExecutor;

/**
 * axe-core run in the page the browser shows. The script comes from Maven Central (Deque ships
 * {@code axe.min.js} inside its Selenium jar, a test dependency pinned in the parent pom), so the
 * build needs no npm; it is put into the page through the driver, which the page's
 * Content-Security-Policy does not govern.
 */
final class Axe {
    /** The impacts that fail a page: a serious or critical barrier for someone. */
    static final Set<String> FAILING = Set.of("serious", "critical");
    private static final String SCRIPT = load();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One rule broken on a page: the rule, how bad, what it is about, and where (CSS selectors). */
    record Violation(String rule, String impact, String help, List<String> where) {
        @Override
        public String toString() {
            return impact + " " + rule + " (" + help + ") at " + where;
        }
    }

    private Axe() {
    }

    private static String load() {
        try (InputStream in = Axe.class.getClassLoader().getResourceAsStream("axe.min.js")) {
            if (in == null) {
                throw new IllegalStateException("axe.min.js is not on the test class path (com.deque.html.axe-core:selenium)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The serious and critical violations on the page now shown, by axe-core's WCAG 2.x A/AA and best-practice rules. */
    static List<Violation> failing(JavascriptExecutor page) {
        return check(page).stream().filter(v -> FAILING.contains(v.impact())).toList();
    }

    static List<Violation> check(JavascriptExecutor page) {
        if (!Boolean.TRUE.equals(page.executeScript("return typeof window.axe === 'object';"))) {
            page.executeScript(SCRIPT);
        }
        Object out = page.executeAsyncScript("""
                var done = arguments[arguments.length - 1];
                axe.run(document, { resultTypes: ['violations'] })
                  .then(function (r) { done(JSON.stringify(r.violations)); })
                  .catch(function (e) { done('error: ' + e); });
                """);
        String text = String.valueOf(out);
        if (text.startsWith("error: ")) {
            throw new IllegalStateException("axe-core failed in the page: " + text);
        }
        try {
            List<Violation> found = new ArrayList<>();
            for (JsonNode v : JSON.readTree(text)) {
                List<String> where = new ArrayList<>();
                for (JsonNode node : v.path("nodes")) {
                    where.add(node.path("target").toString());
                }
                found.add(new Violation(v.path("id").asText(), v.path("impact").asText(), v.path("help").asText(), where));
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
