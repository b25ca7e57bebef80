package org.epistle.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rules are pure: no I/O, no clock, no logging, no framework. A rule that reads a file or the
 * time cannot be replayed; one that logs or imports a framework cannot be reused everywhere.
 */
class RulesArePureTest {
    private static final Path RULES = Path.of("src/main/java/org/epistle/core/rules");
    private static final Pattern FORBIDDEN = Pattern.compile(
            "^import\\s+(static\\s+)?(java\\.io\\.|java\\.nio\\.|java\\.net\\.|java\\.sql\\.|java\\.time\\.|java\\.util\\.logging"
            + "|java\\.util\\.concurrent\\.|javax\\.|jakarta\\.|io\\.javalin|org\\.jdbi|org\\.slf4j|freemarker|org\\.epistle\\.(?!core\\.rules))"
            + "|System\\.(out|err|in|currentTimeMillis|nanoTime|getenv|getProperty)|new\\s+Random\\(|Math\\.random|Thread\\.",
            Pattern.MULTILINE);

    @Test
    void the_rules_package_does_no_io_and_reads_no_clock() throws IOException {
        assertTrue(Files.isDirectory(RULES), "run from the core module: " + RULES.toAbsolutePath());
        List<String> offences = new ArrayList<>();
        int files;
        try (Stream<Path> sources = Files.walk(RULES)) {
            List<Path> all = sources.filter(p -> p.toString().endsWith(".java")).toList();
            files = all.size();
            for (Path p : all) {
                var m = FORBIDDEN.matcher(Files.readString(p));
                while (m.find()) {
                    offences.add(RULES.relativize(p) + ": " + m.group());
                }
            }
        }
        assertTrue(files > 20, "found only " + files + " source files");
        assertEquals(List.of(), offences);
    }
}
