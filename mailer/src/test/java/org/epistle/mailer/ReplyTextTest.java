package org.epistle.mailer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each replies/NAME.txt is a reply body as a mail client sends it; NAME.expected holds the lines the
 * player wrote. Trailing spaces in these files matter ("-- " is a signature line): keep them when editing.
 */
class ReplyTextTest {

    private static Path folder() throws URISyntaxException {
        return Path.of(ReplyTextTest.class.getResource("/replies/").toURI());
    }

    private static List<String> expected(Path body) throws IOException {
        Path expected = body.resolveSibling(body.getFileName().toString().replace(".txt", ".expected"));
        assertTrue(Files.exists(expected), "no " + expected.getFileName() + " beside " + body.getFileName());
        return Files.readAllLines(expected, StandardCharsets.UTF_8);
    }

    @TestFactory Stream<DynamicTest> replies_from_real_clients() throws IOException, URISyntaxException {
        List<Path> bodies;
        try (Stream<Path> files = Files.list(folder())) {
            bodies = files.filter(f -> f.toString().endsWith(".txt")).sorted().toList();
        }
        assertTrue(bodies.size() >= 10, "sample replies missing: " + bodies);
        return bodies.stream().flatMap(body -> {
            String name = body.getFileName().toString();
            return Stream.of(
                    DynamicTest.dynamicTest(name, () -> assertEquals(expected(body),
                            ReplyText.commandLines(Files.readString(body, StandardCharsets.UTF_8)))),
                    // Mail arrives with CRLF line ends; the samples are stored with LF.
                    DynamicTest.dynamicTest(name + " with CRLF", () -> assertEquals(expected(body),
                            ReplyText.commandLines(Files.readString(body, StandardCharsets.UTF_8)
                                    .replace("\n", "\r\n")))));
        });
    }

    @Test void a_plain_reply_is_kept_as_it_is() {
        assertEquals(List.of("1. e4", "", "Good luck!"), ReplyText.commandLines("\n\n1. e4\n\nGood luck!  \n\n"));
    }

    @Test void an_empty_or_all_quoted_reply_has_no_lines() {
        assertEquals(List.of(), ReplyText.commandLines(""));
        assertEquals(List.of(), ReplyText.commandLines("> Game 1234\n>\n> Your move.\n"));
    }

    @Test void a_quoted_signature_marker_is_not_the_player_signature() {
        assertEquals(List.of("Nf3", "Bc4"), ReplyText.commandLines("Nf3\n> -- \n> Epistle\nBc4\n"));
    }

    @Test void only_an_exact_dash_dash_line_starts_the_signature() {
        assertEquals(List.of("e4", "-- not a signature", "---"),
                ReplyText.commandLines("e4\n-- not a signature\n---\n-- \nAlice\n"));
    }

    @Test void lines_that_merely_start_like_an_attribution_stay() {
        assertEquals(List.of("On second thought: Nf3", "Am Ende: Sf3", "Le fou: Fc4", "From: Alice"),
                ReplyText.commandLines("On second thought: Nf3\nAm Ende: Sf3\nLe fou: Fc4\nFrom: Alice\n"));
    }

    @Test void inline_replies_between_quotes_keep_every_unquoted_line() {
        String body = "On Tue, 3 Nov 2026 at 10:00, Alice <a@b> wrote:\n> Your move.\ne4\n> And then?\nd4\n";
        assertEquals(List.of("e4", "d4"), ReplyText.commandLines(body));
    }

    @Test void an_attribution_without_a_quote_cuts_the_unmarked_original() {
        String body = "Nf3\n\nOn Tue, 3 Nov 2026 at 10:00, Alice <a@b> wrote:\nGame 1234: Marseillais Chess\n";
        assertEquals(List.of("Nf3"), ReplyText.commandLines(body));
    }
}
