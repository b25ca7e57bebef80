package org.epistle.mailer.inbound;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FlowedTest {

    @Test void soft_line_breaks_join() {
        assertEquals("one long line\nnext", Flowed.unflow("one \nlong \nline\nnext", false));
    }

    @Test void delsp_removes_the_space_that_marked_the_break() {
        assertEquals("Donaudampfschiff", Flowed.unflow("Donau \ndampf \nschiff", true));
    }

    @Test void quotes_flow_within_their_depth_and_stuffing_is_removed() {
        assertEquals("> quoted text\n>> deeper\n From here", Flowed.unflow("> quoted \n> text\n>> deeper\n  From here", false));
    }

    @Test void the_signature_separator_does_not_flow() {
        assertEquals("e4\n-- \nAnna", Flowed.unflow("e4\n-- \nAnna", false));
    }
}
