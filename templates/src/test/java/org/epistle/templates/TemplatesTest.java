package org.epistle.templates;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class TemplatesTest {

    // One model for every template, with every key of templates/README.md: a new template that needs a
    // variable not here fails the every_template_renders test until its sample data is added.
    // Sides are written as the games team writes them ("White"); templates accept any case.
    static final Map<String, Object> SAMPLE = Map.ofEntries(
            entry("kind", "turn-accepted"),
            entry("gameId", 1234),
            entry("variantKey", "marseillais"),
            entry("variantName", "Marseillais Chess"),
            entry("whiteName", "Alice"),
            entry("blackName", "Bob"),
            entry("shownTurns", List.of("3... Nf6")),
            entry("stopLine", "To stop following this game, reply with \"unsubscribe 1234\" on the first line."),
            entry("delayNote", "Each turn is mailed to you 5 turns after it was played."),
            entry("whiteArmy", "Nutty Knights"),
            entry("blackArmy", "FIDE"),
            entry("recipientName", "Bob"),
            entry("recipientSide", "Black"),
            entry("opponentName", "Alice"),
            entry("sideToMove", "Black"),
            entry("toMoveName", "Bob"),
            entry("turnNumber", 3),
            entry("yourTurn", true),
            entry("playedTurn", Map.of("number", 3, "side", "White", "by", "Alice", "notation", "3. Nf3 & Bc4")),
            entry("diagram", List.of(
                    "    +-------------------------+",
                    "  8 | r  .  b  q  k  b  .  r  |",
                    "  7 | p  p  p  p  .  p  p  p  |",
                    "  6 | .  .  n  .  .  n  .  .  |",
                    "  5 | .  .  .  .  p  .  .  .  |",
                    "  4 | .  . [B] .  P  .  .  .  |",
                    "  3 | .  .  .  .  .  N  .  .  |",
                    "  2 | P  P  P  P  .  P  P  P  |",
                    "  1 | R  N  B  Q  K  .  .  R  |",
                    "    +-------------------------+",
                    "      a  b  c  d  e  f  g  h",
                    "Black to move, turn 3.")),
            entry("ranks", List.of("r.bqkb.r", "pppp.ppp", "..n..n..", "....p...",
                    "..B.P...", ".....N..", "PPPP.PPP", "RNBQK..R")),
            entry("marked", List.of("c4")),
            entry("moved", List.of(Map.of("from", "g1", "to", "f3"), Map.of("from", "f1", "to", "c4"))),
            entry("energy", Map.of("d6", 3)),
            entry("check", false),
            entry("reason", "cannot-capture-first"),
            entry("notAccepted", "Bc4-f7"),
            entry("explanation", "The bishop on c4 cannot capture on f7 in the first move of a turn."),
            entry("hint", "Play another first move, then Bxf7 as the second."),
            entry("rawText", "Bc4-f7 & Qh5\r\n\r\nYour move, Bob!\r\n-- \r\nAlice"),
            entry("gameOver", false),
            entry("result", "1-0"),
            entry("termination", "checkmate"),
            entry("ending", "White wins by checkmate."),
            entry("drawOfferedBy", "White"),
            entry("rulesSummary", "Each side plays two moves a turn, except White's very first turn."),
            entry("notationHelp", "Write each move in algebraic notation and join the two moves of a turn with &."),
            entry("history", List.of("1. e4", "1... e5 & Nc6", "2. Bc4 & Nf3")),
            entry("replyAddress", "moves+1234.k3x9@epistle.localhost"),
            entry("gameUrl", "http://127.0.0.1:7070/games/1234"),
            entry("playUrl", "http://127.0.0.1:7070/play/1234/abcdefghijklmnopqrst"),
            entry("instructions", "Reply to this mail with your turn on the first line, e.g. Nf3 & Bc4. Add #3 to be sure."),
            entry("deadline", "Saturday 1 June 2024, 18:00 UTC"),
            entry("deadlineAt", "2024-06-01T18:00:00Z"),
            entry("clock", "You have 4 days 6 hours; Alice has 12 days."),
            entry("timeControl", "3 days a move"),
            entry("tournamentName", "Spring Marseillais"),
            entry("heading", "Spring Marseillais has started"),
            entry("paragraphs", List.of("You are number 2.", "Round 1: Black against Alice, game 12.")),
            entry("crosstable", List.of("  #  Player  1  2  Pts  Place", "  1  Alice  ■  1    1  1", "  2  Bob    0  ■    0  2")),
            entry("line", List.of("if Nf3 then Nc6", "if Bb5 then a6")),
            entry("lineNote", "Your conditional line is queued."),
            entry("headline", "Your games"),
            entry("deskUrl", "http://127.0.0.1:7070/desk/7-1715558400-abcdefghijklmnopqrstuvwxyz"),
            entry("deskExpires", "Monday 13 May 2024, 00:00 UTC"),
            entry("digestTime", "18:00 UTC"),
            entry("deskGames", List.of(
                    Map.ofEntries(entry("gameId", 12), entry("variantName", "Marseillais Chess"), entry("side", "Black"),
                            entry("opponentName", "Alice"), entry("turnNumber", 7), entry("yourMove", true),
                            entry("whoseMove", "your move"), entry("timeLeft", "2 days 5 hours"),
                            entry("deadline", "Friday 10 May 2024, 00:00 UTC"),
                            entry("playUrl", "http://127.0.0.1:7070/play/12/abcdefghijklmnopqrst"),
                            entry("gameUrl", "http://127.0.0.1:7070/games/12"), entry("line", List.of("if e4/d4 then e5/d5"))),
                    Map.ofEntries(entry("gameId", 3), entry("variantName", "Chess"), entry("side", "White"),
                            entry("opponentName", "Carol"), entry("turnNumber", 20), entry("yourMove", false),
                            entry("whoseMove", "Carol to move"), entry("timeLeft", "overdue"),
                            entry("deadline", "Tuesday 7 May 2024, 00:00 UTC"),
                            entry("playUrl", "http://127.0.0.1:7070/play/3/bcdefghijklmnopqrstu"),
                            entry("gameUrl", "http://127.0.0.1:7070/games/3"), entry("line", List.of())))));

    /** Every mail kind: one .ftl and one .ftlh each. */
    static final List<String> MAILS = List.of("game-started", "turn-accepted", "turn-rejected", "game-over",
            "draw-offered", "draw-declined", "board", "history", "help", "refusal", "notice", "conditional-line", "desk", "digest", "clock-notice", "tournament", "observer");

    /** The keys each mail cannot do without, as documented in templates/README.md. */
    static final Map<String, List<String>> REQUIRED = Map.ofEntries(
            Map.entry("game-started", List.of("gameId", "variantName", "whiteName", "blackName", "diagram", "sideToMove", "turnNumber")),
            Map.entry("turn-accepted", List.of("gameId", "variantName", "playedTurn", "diagram", "sideToMove", "turnNumber")),
            Map.entry("turn-rejected", List.of("gameId", "variantName", "explanation", "diagram", "rawText")),
            Map.entry("game-over", List.of("gameId", "variantName", "result", "diagram")),
            Map.entry("draw-offered", List.of("gameId", "variantName", "recipientSide")),
            Map.entry("draw-declined", List.of("gameId", "variantName", "recipientSide")),
            Map.entry("board", List.of("gameId", "variantName", "diagram", "sideToMove", "turnNumber")),
            Map.entry("history", List.of("gameId", "variantName", "history")),
            Map.entry("help", List.of("instructions")),
            Map.entry("refusal", List.of("explanation")),
            Map.entry("notice", List.of("explanation")),
            Map.entry("conditional-line", List.of("gameId", "variantName", "lineNote", "line")),
            Map.entry("desk", List.of("deskGames", "deskUrl")),
            Map.entry("digest", List.of("deskGames", "deskUrl")),
            Map.entry("clock-notice", List.of("explanation")),
            Map.entry("tournament", List.of("heading", "paragraphs")),
            Map.entry("observer", List.of("gameId", "variantName", "whiteName", "blackName", "shownTurns", "diagram", "stopLine")));

    private final Templates templates = new Templates();

    private static Map<String, Object> sampleWith(String key, Object value) {
        var model = new HashMap<>(SAMPLE);
        model.put(key, value);
        return model;
    }

    private static Map<String, Object> only(List<String> keys) {
        var model = new HashMap<String, Object>();
        keys.forEach(k -> model.put(k, SAMPLE.get(k)));
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
            assertFalse(out.contains("<#") || out.contains("<@"), "unexpanded directive in " + name);
            if (name.endsWith(".ftl")) {
                assertFalse(out.contains("\n\n\n"), "no double blank lines in " + name + ":\n" + out);
            }
        }));
    }

    @Test void every_mail_has_a_text_and_an_html_template_and_nothing_else_is_a_mail() throws Exception {
        var expected = new TreeSet<String>();
        for (String mail : MAILS) {
            expected.add(mail + ".ftl");
            expected.add(mail + ".ftlh");
        }
        // Shared macros live in parts/, which is not listed: they are not mails.
        assertEquals(List.copyOf(expected), templateNames());
        assertEquals(new TreeSet<>(MAILS), new TreeSet<>(REQUIRED.keySet()));
    }

    @TestFactory Stream<DynamicTest> every_template_renders_with_only_its_required_keys() {
        return MAILS.stream().flatMap(mail -> Stream.of(".ftl", ".ftlh").map(ext -> mail + ext))
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    String out = templates.render(name, only(REQUIRED.get(base(name))));
                    assertFalse(out.isBlank());
                    assertFalse(out.contains("cid:diagram"), "no ranks, so no image: " + name);
                    if (name.endsWith(".ftl")) {
                        assertFalse(out.contains("\n\n\n"), "no double blank lines in " + name + ":\n" + out);
                    }
                }));
    }

    @TestFactory Stream<DynamicTest> every_required_key_is_really_required() {
        var tests = new ArrayList<DynamicTest>();
        for (String mail : MAILS) {
            for (String ext : List.of(".ftl", ".ftlh")) {
                String name = mail + ext;
                for (String key : REQUIRED.get(mail)) {
                    tests.add(DynamicTest.dynamicTest(name + " without " + key, () -> {
                        var model = new HashMap<>(SAMPLE);
                        model.remove(key);
                        var e = assertThrows(Templates.RenderException.class, () -> templates.render(name, model),
                                name + " renders without " + key);
                        assertEquals(name, e.templateName());
                        assertTrue(e.getMessage().contains(key), e.getMessage());
                    }));
                }
            }
        }
        return tests.stream();
    }

    private static String base(String name) {
        return name.substring(0, name.lastIndexOf('.'));
    }

    @Test void a_game_without_a_time_limit_shows_no_clock() {
        var model = sampleWith("clock", "");
        model.put("deadline", "");
        String text = templates.render("turn-accepted.ftl", model);
        assertTrue(text.contains("It is your turn.\n"), text);
        assertFalse(text.contains("You have"), text);
        assertFalse(templates.render("turn-accepted.ftlh", model).contains("You have"));
    }

    @Test void the_plain_text_mail_shows_game_turn_diagram_and_who_moves() {
        String text = templates.render("turn-accepted.ftl", SAMPLE);

        assertTrue(text.startsWith("Your games\n\nGame 1234: Marseillais Chess\n"), text);
        assertTrue(text.contains("White (Alice) played turn 3:\n\n    3. Nf3 & Bc4\n"), text);
        assertTrue(text.contains("      8 | r  .  b  q  k  b  .  r  |\n      7 | p  p  p  p  .  p  p  p  |\n"), text);
        assertTrue(text.contains("Black (Bob) is to move, turn 3.\nIt is your turn. Please reply by Saturday 1 June 2024, 18:00 UTC.\n"
                + "You have 4 days 6 hours; Alice has 12 days. (3 days a move)\n"), text);
        assertTrue(text.contains("Reply to this mail with your turn on the first line, e.g. Nf3 & Bc4."), text);
        assertTrue(text.contains("moves+1234.k3x9@epistle.localhost"), text);
        assertTrue(text.contains("http://127.0.0.1:7070/games/1234"), text);
        assertFalse(text.contains("<#"), text);
        assertFalse(text.contains("\n\n\n"), "no double blank lines:\n" + text);
    }

    @Test void an_answer_inside_the_opponents_turn_is_told_as_an_answer() {
        var answer = sampleWith("playedTurn", Map.of("number", 2, "side", "Black", "by", "Bob", "notation", "[Nxe5]"));

        assertTrue(templates.render("turn-accepted.ftl", answer).contains("Black (Bob) answered inside turn 2:\n\n    [Nxe5]\n"));
        assertTrue(templates.render("turn-accepted.ftlh", answer).contains("Black (Bob) answered inside turn 2:"));
    }

    @Test void the_reader_who_is_not_to_move_is_told_to_wait() {
        String text = templates.render("turn-accepted.ftl", sampleWith("yourTurn", false));

        assertTrue(text.contains("You will get a mail when it is your turn again."), text);
        assertFalse(text.contains("It is your turn"), text);
    }

    @Test void without_yourTurn_the_reader_s_side_decides() {
        var model = new HashMap<>(SAMPLE);
        model.remove("yourTurn");
        model.put("recipientSide", "white");

        assertTrue(templates.render("turn-accepted.ftl", model).contains("You will get a mail when it is your turn again."));
        model.put("recipientSide", "BLACK");
        assertTrue(templates.render("turn-accepted.ftlh", model).contains("It is your turn."));
    }

    @Test void a_rejection_shows_the_part_the_reason_the_hint_the_marked_diagram_and_quotes_the_player() {
        String text = templates.render("turn-rejected.ftl", SAMPLE);

        assertTrue(text.contains("Your turn was not accepted, and the game has not changed."), text);
        assertTrue(text.contains("Not accepted: Bc4-f7\n"), text);
        assertTrue(text.contains("The bishop on c4 cannot capture on f7 in the first move of a turn."), text);
        assertTrue(text.contains("What you can do instead: Play another first move, then Bxf7 as the second."), text);
        assertTrue(text.contains("[brackets]"), text);
        assertTrue(text.contains("  4 | .  . [B] .  P  .  .  .  |"), text);
        assertTrue(text.contains("Your mail:\n\n> Bc4-f7 & Qh5\n>\n> Your move, Bob!\n> -- \n> Alice\n"), text);
        assertFalse(text.contains("\r"), text);
        assertFalse(text.contains("\n\n\n"), "no double blank lines:\n" + text);
    }

    @Test void a_rejection_without_the_exact_part_names_the_turn_as_read() {
        var model = new HashMap<>(SAMPLE);
        model.remove("notAccepted");

        String text = templates.render("turn-rejected.ftl", model);

        assertTrue(text.contains("Not accepted: 3. Nf3 & Bc4\n"), text);
    }

    /** The mails about a game, whose subject stays the same: the first line of each part tells them apart. */
    @Test void the_headline_is_the_first_line_of_the_text_and_the_html_part_of_every_game_mail() {
        String headline = "Your turn was not accepted: Bc5 & <Nf3>";
        for (String kind : List.of("game-started", "turn-accepted", "turn-rejected", "game-over", "draw-offered",
                "draw-declined", "board", "history", "help", "refusal", "notice", "conditional-line", "clock-notice")) {
            var model = sampleWith("headline", headline);
            String text = templates.render(kind + ".ftl", model);
            String html = templates.render(kind + ".ftlh", model);

            assertTrue(text.startsWith(headline + "\n\n"), kind + ":\n" + text);
            String body = html.substring(html.indexOf("<body"));
            String firstText = body.replaceAll("(?s)<[^>]*>", "\n").lines().map(String::strip).filter(l -> !l.isEmpty())
                    .findFirst().orElse("");
            assertEquals("Your turn was not accepted: Bc5 &amp; &lt;Nf3&gt;", firstText, kind);
        }
    }

    @Test void a_long_quoted_text_is_cut() {
        String raw = String.join("\n", java.util.Collections.nCopies(500, "e4"));

        String text = templates.render("turn-rejected.ftl", sampleWith("rawText", raw));
        String html = templates.render("turn-rejected.ftlh", sampleWith("rawText", raw));

        assertEquals(60, text.lines().filter(l -> l.equals("> e4")).count(), text);
        assertTrue(text.contains("> [...]"), text);
        assertTrue(html.contains("[...]"), html);
    }

    @Test void game_over_tells_how_the_game_ended() {
        assertTrue(templates.render("game-over.ftl", SAMPLE).contains("The game is over. White wins by checkmate.\nResult: 1-0 (checkmate)"));
        var model = new HashMap<>(SAMPLE);
        model.remove("ending");
        assertTrue(templates.render("game-over.ftl", model).contains("The game is over. White (Alice) wins.\n"));
        model.put("result", "0-1");
        assertTrue(templates.render("game-over.ftl", model).contains("The game is over. Black (Bob) wins.\n"));
        model.put("ending", "");
        model.put("result", "1/2-1/2");
        model.put("termination", "agreement");
        assertTrue(templates.render("game-over.ftlh", model).contains("The game is over.</strong> The game is drawn."));
    }

    @Test void a_draw_offer_comes_from_the_readers_opponent() {
        assertTrue(templates.render("draw-offered.ftl", SAMPLE).contains("White (Alice) offers a draw."));
        var toWhite = sampleWith("recipientSide", "white");
        toWhite.put("opponentName", "Bob");
        assertTrue(templates.render("draw-declined.ftlh", toWhite).contains("Black (Bob) declined your draw offer."));
        toWhite.remove("opponentName");
        assertTrue(templates.render("draw-declined.ftl", toWhite).contains("Black (Bob) declined your draw offer."));
    }

    @Test void the_html_mail_shows_the_diagram_as_an_inline_image_with_the_ranks_as_text() {
        String html = templates.render("turn-accepted.ftlh", SAMPLE);

        assertTrue(html.contains("<img src=\"cid:diagram\" alt=\"Board, top rank first: "
                + "r.bqkb.r/pppp.ppp/..n..n../....p.../..B.P.../.....N../PPPP.PPP/RNBQK..R\""), html);
        assertTrue(html.contains("<pre"), html);
        assertTrue(html.contains("\n  8 | r  .  b  q  k  b  .  r  |\n  7 | p  p  p  p  .  p  p  p  |\n"), html);
        assertTrue(html.contains("3. Nf3 &amp; Bc4"), html);
    }

    @TestFactory Stream<DynamicTest> html_templates_escape_what_players_typed() {
        String evil = "<script>alert(1)</script>";
        return MAILS.stream().map(mail -> DynamicTest.dynamicTest(mail + ".ftlh", () -> {
            var model = new HashMap<>(SAMPLE);
            for (String key : List.of("whiteName", "blackName", "recipientName", "opponentName", "toMoveName",
                    "rawText", "notAccepted")) {
                model.put(key, evil);
            }
            String html = templates.render(mail + ".ftlh", model);

            assertFalse(html.contains("<script>"), html);
            if (List.of("turn-rejected", "refusal").contains(mail)) {
                assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
            }
        }));
    }

    /** The games team's style: every key present, and what does not apply is "", an empty list or map, 0 or false. */
    static Map<String, Object> emptyModel() {
        var model = new HashMap<String, Object>();
        SAMPLE.forEach((key, value) -> model.put(key, empty(value)));
        return model;
    }

    private static Object empty(Object value) {
        if (value instanceof String) {
            return "";
        } else if (value instanceof Number) {
            return 0;
        } else if (value instanceof Boolean) {
            return false;
        } else if (value instanceof List<?>) {
            return List.of();
        } else if (value instanceof Map<?, ?> map) {
            var out = new HashMap<String, Object>();
            map.forEach((k, v) -> out.put((String) k, empty(v)));
            return out;
        }
        throw new IllegalArgumentException(String.valueOf(value));
    }

    @TestFactory Stream<DynamicTest> empty_values_read_as_not_applicable() {
        return MAILS.stream().flatMap(mail -> Stream.of(".ftl", ".ftlh").map(ext -> mail + ext))
                .map(name -> DynamicTest.dynamicTest(name, () -> {
                    var model = emptyModel();
                    REQUIRED.get(base(name)).forEach(key -> model.put(key, SAMPLE.get(key)));

                    String out = templates.render(name, model);

                    assertFalse(out.contains("()") || out.contains("( )"), out);
                    assertFalse(out.contains("Hello ,") || out.contains("Hello ,</p>"), out);
                    assertFalse(out.contains("Not accepted"), out);
                    assertFalse(out.contains("cid:diagram"), out);
                    assertEquals(REQUIRED.get(base(name)).contains("rawText"), out.contains("Your mail:"), out);
                    if (name.endsWith(".ftl")) {
                        assertFalse(out.contains("\n\n\n"), "no double blank lines in " + name + ":\n" + out);
                    }
                }));
    }

    @Test void a_refusal_about_no_game_names_no_game() {
        var model = emptyModel();
        model.put("recipientName", "Bob");
        model.put("explanation", "This mail does not carry the secret of any of your games.");
        model.put("hint", "Reply to one of the server's mails, or write: move <game> <password> <turn>.");

        String text = templates.render("refusal.ftl", model);
        String html = templates.render("refusal.ftlh", model);

        assertTrue(text.startsWith("Epistle\n\nHello Bob,\n\nYour mail was not accepted, and no game has changed.\n\n"
                + "This mail does not carry the secret of any of your games.\n\nWhat you can do instead: Reply to"), text);
        assertFalse(text.contains("Game 0"), text);
        assertTrue(html.contains("move &lt;game&gt; &lt;password&gt; &lt;turn&gt;"), html);
        assertFalse(html.contains("Game 0"), html);
    }

    @Test void once_the_game_is_over_nobody_is_to_move() {
        var model = new HashMap<>(SAMPLE);
        model.put("sideToMove", "");
        model.put("toMoveName", "");
        model.put("yourTurn", false);
        model.put("gameOver", true);

        String text = templates.render("board.ftl", model);
        String html = templates.render("board.ftlh", model);

        assertTrue(text.contains("\nThe game is over. White wins by checkmate.\n"), text);
        assertFalse(text.contains("is to move"), text);
        assertTrue(html.contains("The game is over.</strong> White wins by checkmate."), html);
    }

    @Test void the_desk_lists_each_game_with_whose_move_time_left_the_page_and_the_queued_line() {
        String text = templates.render("desk.ftl", SAMPLE);

        assertTrue(text.contains("Game 12, Marseillais Chess: you play Black against Alice.\n"
                + "    YOUR MOVE, turn 7 (2 days 5 hours left, until Friday 10 May 2024, 00:00 UTC)\n"
                + "    Your page: http://127.0.0.1:7070/play/12/abcdefghijklmnopqrst\n"
                + "    Queued: if e4/d4 then e5/d5\n\nGame 3, Chess"), text);
        assertTrue(text.contains("    Carol to move, turn 20 (overdue since Tuesday 7 May 2024, 00:00 UTC)\n"), text);
        assertTrue(text.contains("Your desk, with every game and a link to each: http://127.0.0.1:7070/desk/7-"), text);
        assertTrue(text.contains("Your daily digest comes at 18:00 UTC"), text);
        assertTrue(templates.render("desk.ftlh", sampleWith("deskGames", List.of())).contains("You have no game going on."));
    }

    @Test void the_digest_says_it_replaces_the_mail_per_turn() {
        String text = templates.render("digest.ftl", sampleWith("headline", ""));

        assertTrue(text.contains("It is your move in these games:\n\nGame 12, Marseillais Chess"), text);
        assertTrue(text.contains("This digest comes once a day at 18:00 UTC instead of a mail per turn;"), text);
        assertTrue(templates.render("digest.ftlh", SAMPLE).contains("<a href=\"http://127.0.0.1:7070/play/12/abcdefghijklmnopqrst\">Game 12</a>"));
    }

    @Test void the_conditional_line_mail_shows_the_line_one_pair_a_line() {
        String text = templates.render("conditional-line.ftl", SAMPLE);

        assertTrue(text.contains("Your conditional line is queued.\n\nYour conditional line, in the order it is met:\n\n"
                + "    if Nf3 then Nc6\n    if Bb5 then a6\n"), text);
        assertFalse(templates.render("conditional-line.ftl", sampleWith("line", List.of())).contains("in the order it is met"));
    }

    @Test void plain_text_templates_do_not_escape() {
        String text = templates.render("turn-accepted.ftl", sampleWith("whiteName", "Tom & <Jerry>"));

        assertTrue(text.contains("White: Tom & <Jerry> (Nutty Knights)\n"), text);
    }

    @Test void numbers_print_for_computers_not_for_the_locale() {
        String text = templates.render("turn-accepted.ftl", sampleWith("gameId", 1234567));

        assertTrue(text.contains("\nGame 1234567:"), text);
    }

    @Test void a_missing_variable_fails_loudly_naming_the_template() {
        var model = new HashMap<>(SAMPLE);
        model.remove("sideToMove");

        var e = assertThrows(Templates.RenderException.class, () -> templates.render("turn-accepted.ftlh", model));

        assertEquals("turn-accepted.ftlh", e.templateName());
        assertTrue(e.getMessage().contains("turn-accepted.ftlh"), e.getMessage());
        assertTrue(e.getMessage().contains("sideToMove"), e.getMessage());
    }

    @Test void a_missing_template_fails_naming_it() {
        var e = assertThrows(Templates.RenderException.class, () -> templates.render("no-such.ftl", SAMPLE));

        assertTrue(e.getMessage().contains("no-such.ftl"), e.getMessage());
    }

    @Test void help_tells_how_to_follow_a_game_and_stop_following_it_in_both_parts() {
        String text = templates.render("help.ftl", SAMPLE);
        String html = templates.render("help.ftlh", SAMPLE);

        for (String part : List.of(text, html)) {
            assertTrue(part.contains("subscribe 12"), part);
            assertTrue(part.contains("unsubscribe 12"), part);
        }
    }
}
