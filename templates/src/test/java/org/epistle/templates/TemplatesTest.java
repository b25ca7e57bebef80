package org.epistle.templates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class TemplatesTest {

    // One model for every template: a new template that needs a variable not here fails the
    // every_template_renders test until its sample data is added.
    static final Map<String, Object> SAMPLE = Map.of(
            "gameId", 1234,
            "variantName", "Marseillais Chess",
            "playedBy", "Alice",
            "turn", "3. Nf3 & Bc4",
            "diagram", List.of(
                    "  +-----------------+",
                    "8 | r . b q k b . r |",
                    "7 | p p p p . p p p |",
                    "6 | . . n . . n . . |",
                    "5 | . . . . p . . . |",
                    "4 | . . B . P . . . |",
                    "3 | . . . . . N . . |",
                    "2 | P P P P . P P P |",
                    "1 | R N B Q K . . R |",
                    "  +-----------------+",
                    "    a b c d e f g h"),
            "toMove", "Bob",
            "sideToMove", "Black",
            "replyAddress", "moves+1234.k3x9@epistle.localhost",
            "gameUrl", "http://127.0.0.1:7070/games/1234");

    private final Templates templates = new Templates();

    private static Map<String, Object> sampleWith(String key, Object value) {
        var model = new HashMap<>(SAMPLE);
        model.put(key, value);
        return model;
    }

    static List<String> templateNames() throws IOException, URISyntaxException {
        var folder = Templates.class.getResource(Templates.FOLDER);
        assertEquals("file", folder.getProtocol(), "tests expect the templates unpacked on the classpath");
        try (Stream<Path> files = Files.list(Path.of(folder.toURI()))) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".ftl") || n.endsWith(".ftlh"))
                    .sorted().toList();
        }
    }

    @TestFactory Stream<DynamicTest> every_template_renders_with_the_sample_model() throws Exception {
        List<String> names = templateNames();
        assertTrue(names.containsAll(List.of("turn-accepted.ftl", "turn-accepted.ftlh")), names.toString());
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            String out = templates.render(name, SAMPLE);
            assertFalse(out.isBlank());
            assertFalse(out.contains("${"), "unexpanded interpolation in " + name);
        }));
    }

    @Test void the_plain_text_mail_shows_game_turn_diagram_and_who_moves() {
        String text = templates.render("turn-accepted.ftl", SAMPLE);

        assertTrue(text.startsWith("Game 1234: Marseillais Chess\n"), text);
        assertTrue(text.contains("Alice played:\n\n    3. Nf3 & Bc4\n"), text);
        assertTrue(text.contains("    8 | r . b q k b . r |\n    7 | p p p p . p p p |\n"), text);
        assertTrue(text.contains("Bob (Black) is to move."), text);
        assertTrue(text.contains("moves+1234.k3x9@epistle.localhost"), text);
        assertFalse(text.contains("<#"), text);
    }

    @Test void the_html_mail_puts_the_diagram_in_pre() {
        String html = templates.render("turn-accepted.ftlh", SAMPLE);

        assertTrue(html.contains("<pre"), html);
        assertTrue(html.contains("\n8 | r . b q k b . r |\n7 | p p p p . p p p |\n"), html);
        assertTrue(html.contains("3. Nf3 &amp; Bc4"), html);
    }

    @Test void html_templates_escape_what_players_typed() {
        String html = templates.render("turn-accepted.ftlh", sampleWith("playedBy", "<script>alert(1)</script>"));

        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
        assertFalse(html.contains("<script>"), html);
    }

    @Test void plain_text_templates_do_not_escape() {
        String text = templates.render("turn-accepted.ftl", sampleWith("playedBy", "Tom & <Jerry>"));

        assertTrue(text.contains("Tom & <Jerry> played:"), text);
    }

    @Test void numbers_print_for_computers_not_for_the_locale() {
        String text = templates.render("turn-accepted.ftl", sampleWith("gameId", 1234567));

        assertTrue(text.startsWith("Game 1234567:"), text);
    }

    @Test void a_missing_variable_fails_loudly_naming_the_template() {
        var model = new HashMap<>(SAMPLE);
        model.remove("toMove");

        var e = assertThrows(Templates.RenderException.class, () -> templates.render("turn-accepted.ftlh", model));

        assertEquals("turn-accepted.ftlh", e.templateName());
        assertTrue(e.getMessage().contains("turn-accepted.ftlh"), e.getMessage());
        assertTrue(e.getMessage().contains("toMove"), e.getMessage());
    }

    @Test void a_missing_template_fails_naming_it() {
        var e = assertThrows(Templates.RenderException.class, () -> templates.render("no-such.ftl", SAMPLE));

        assertTrue(e.getMessage().contains("no-such.ftl"), e.getMessage());
    }
}
