package org.epistle.core.games.conditional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.games.conditional.ConditionalLine.Pair;
import org.junit.jupiter.api.Test;

class LineTextTest {

    private static List<Pair> pairs(String text) {
        return assertInstanceOf(LineText.Reading.Written.class, LineText.read(text)).pairs();
    }

    @Test
    void pairs_follow_one_another_in_any_case_and_spacing() {
        assertEquals(List.of(new Pair("Nf3", "Nc6")), pairs("if Nf3 then Nc6"));
        assertEquals(List.of(new Pair("Nf3", "Nc6"), new Pair("Bb5", "a6")), pairs("If Nf3 THEN Nc6   if Bb5 then a6."));
        assertEquals(List.of(new Pair("e4/d4", "e5/d5")), pairs("conditional: if e4/d4 then e5/d5"));
        assertEquals(List.of(new Pair("Nf3 & Bc4", "Nc6 & Bc5")), pairs("if Nf3 & Bc4 then Nc6 & Bc5"), "turns written with spaces");
    }

    @Test
    void cancel_clears_the_line() {
        for (String text : List.of("if cancel", "IF CANCEL.", "conditional cancel", "conditionals clear")) {
            assertInstanceOf(LineText.Reading.Cancel.class, LineText.read(text), text);
        }
    }

    @Test
    void a_line_that_is_not_pairs_is_unreadable_and_says_what() {
        var missingThen = assertInstanceOf(LineText.Reading.Unreadable.class, LineText.read("if Nf3 Nc6"));
        assertTrue(missingThen.explanation().contains("\"if Nf3 Nc6\"") && missingThen.explanation().contains("then is missing"),
                missingThen.explanation());
        assertInstanceOf(LineText.Reading.Unreadable.class, LineText.read("if"));
        assertInstanceOf(LineText.Reading.Unreadable.class, LineText.read("if then"));
        assertInstanceOf(LineText.Reading.Unreadable.class, LineText.read("if Nf3 then Nc6 Bb5 then a6 if"));
        assertInstanceOf(LineText.Reading.Unreadable.class, LineText.read("if a then b ".repeat(21)), "twenty pairs at most");
    }

    @Test
    void a_line_meets_the_expected_turn_or_departs_from_it() {
        var line = new ConditionalLine(List.of(new Pair("Nf3", "Nc6"), new Pair("Bb5", "a6")));

        assertEquals(new ConditionalLine.Step.Follow("Nc6", new ConditionalLine(List.of(new Pair("Bb5", "a6")))), line.meet("Nf3"));
        assertEquals(new ConditionalLine.Step.Depart("Nf3", line), line.meet("Nc3"));
        assertEquals(new ConditionalLine.Step.Idle(), ConditionalLine.NONE.meet("Nf3"));
        assertEquals("if Nf3 then Nc6 if Bb5 then a6", line.text());
    }
}
