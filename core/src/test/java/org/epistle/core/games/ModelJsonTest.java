package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outbox row's JSON of a mail model, written without Jackson's serializers, reads back as Jackson's did. */
class ModelJsonTest {
    private static final ObjectMapper JACKSON = new ObjectMapper();

    @Test
    void a_turns_mails_are_written_character_for_character_as_jackson_wrote_them(@TempDir Path dir) throws Exception {
        try (Club club = Club.in(dir)) {
            CreatedGame game = club.chess();
            club.playAll(game, "e4", "e5", "Nf3");

            List<OutboxMail> mails = club.mails(game);
            assertTrue(mails.size() >= 8, "the opening mails and two a turn: " + mails.size());
            for (OutboxMail mail : mails) {
                assertEquals(JACKSON.writeValueAsString(new TreeMap<>(mail.model())), MailModel.toJson(mail.model()));
            }
        }
    }

    @Test
    void text_with_quotes_backslashes_control_characters_and_any_script_reads_back_the_same() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("explanation", "He wrote \"Bc5\\d6\"\n\tthen\r\u0001\u001f\b\f and é, ♞, 😀, \u2028");
        model.put("rawText", "");
        model.put("turnNumber", 12);
        model.put("gameId", 9_000_000_000L);
        model.put("yourTurn", true);
        model.put("playedTurn", Map.of("number", 3, "side", Side.WHITE.label(), "notation", "N\"f3"));
        model.put("moved", List.of(Map.of("from", "e2", "to", "e4"), Map.of()));
        model.put("line", List.of("if Nf3 then Nc6", "if \\ then /"));
        model.put("energy", new TreeMap<>(Map.of("e4", 2, "d5", 1)));

        String json = MailModel.toJson(model);

        assertEquals(model, MailModel.fromJson(json));
        assertEquals(MailModel.fromJson(jacksonText(model)), MailModel.fromJson(json));
    }

    @Test
    void a_value_that_is_not_plain_is_left_to_jackson() {
        Map<String, Object> model = Map.of("deadlineAt", java.math.BigDecimal.ONE, "kind", "board");

        assertTrue(ModelJson.write(model).isEmpty());
        assertEquals(Map.of("deadlineAt", 1, "kind", "board"), MailModel.fromJson(MailModel.toJson(model)));
    }

    private static String jacksonText(Map<String, Object> model) {
        try {
            return JACKSON.writeValueAsString(new TreeMap<>(model));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
