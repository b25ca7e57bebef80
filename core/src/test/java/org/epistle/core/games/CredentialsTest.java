package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class CredentialsTest {
    private static final String TOKEN = "abcdefghij234567klmn";
    private static final Credentials SEAT = new Credentials(12, TOKEN);

    @Test
    void a_reply_address_carries_the_game_and_the_token() {
        assertEquals(Optional.of(SEAT), Credentials.parse("moves+g12." + TOKEN + "@epistle.localhost"));
        assertEquals(Optional.of(SEAT), Credentials.parse("Epistle <moves+g12." + TOKEN + "@epistle.localhost>"));
        assertEquals(Optional.of(SEAT), Credentials.parse("MOVES+G12." + TOKEN.toUpperCase() + "@EPISTLE.LOCALHOST"));
    }

    @Test
    void a_reply_keeps_the_credentials_at_the_end_of_the_subject() {
        assertEquals(Optional.of(SEAT),
                Credentials.parse("Re: [Epistle] Game 12 · Marseillais Chess · Black to move (turn 7) [g12." + TOKEN + "]"));
        assertEquals(Optional.of(SEAT), Credentials.parse("AW: Re: [g99." + "zzzzzzzzzzzzzzzzzzzz" + "] quoted [g12." + TOKEN + "]"));
    }

    @Test
    void anything_else_carries_none() {
        assertFalse(Credentials.parse("moves@epistle.localhost").isPresent());
        assertFalse(Credentials.parse("Re: [Epistle] Game 12 · Chess · White to move (turn 3)").isPresent());
        assertFalse(Credentials.parse("moves+g12.short@epistle.localhost").isPresent());
        assertFalse(Credentials.parse("moves+g12." + TOKEN + "x@epistle.localhost").isPresent());
        assertFalse(Credentials.parse("[g12." + TOKEN.replace('a', '1') + "]").isPresent());
        assertFalse(Credentials.parse(null).isPresent());
    }

    @Test
    void the_server_writes_them_in_both_places() {
        MailIdentity plus = new MailIdentity("moves@epistle.localhost", true, "http://127.0.0.1:7070");

        assertEquals("moves+g12." + TOKEN + "@epistle.localhost", plus.replyAddress(SEAT));
        assertEquals("[g12." + TOKEN + "]", SEAT.subjectTag());
        assertEquals(Optional.of(SEAT), Credentials.parse(plus.replyAddress(SEAT)));
        assertEquals(Optional.of(SEAT), Credentials.parse("Re: whatever " + SEAT.subjectTag()));
    }

    @Test
    void the_token_never_shows_in_logs() {
        assertFalse(SEAT.toString().contains(TOKEN));
    }

    @Test
    void the_servers_own_addresses_are_recognised() {
        MailIdentity identity = MailIdentity.defaults();

        assertTrue(identity.isOwnAddress("Moves@Epistle.Localhost"));
        assertTrue(identity.isOwnAddress("moves+g1.x@epistle.localhost"));
        assertFalse(identity.isOwnAddress("moves2@epistle.localhost"));
        assertFalse(identity.isOwnAddress("moves@elsewhere.org"));
    }
}
