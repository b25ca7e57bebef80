package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A client password is kept as a salted PBKDF2 hash that only the same password matches. */
class XfccPasswordTest {

    @Test
    void the_same_password_matches_its_hash_and_nothing_else_does() {
        String stored = XfccPassword.hash("queen's gambit".toCharArray());
        assertTrue(stored.matches("pbkdf2-sha256\\$\\d+\\$[0-9a-f]{32}\\$[0-9a-f]{64}"), stored);
        assertFalse(stored.contains("queen"));
        assertTrue(XfccPassword.matches("queen's gambit".toCharArray(), stored));
        assertFalse(XfccPassword.matches("queen's gambiT".toCharArray(), stored));
        assertFalse(XfccPassword.matches("".toCharArray(), stored));
    }

    @Test
    void each_hash_has_its_own_salt() {
        assertNotEquals(XfccPassword.hash("same password".toCharArray()), XfccPassword.hash("same password".toCharArray()));
    }

    @Test
    void no_stored_hash_and_an_unreadable_one_match_nothing() {
        assertFalse(XfccPassword.matches("no player has this password".toCharArray(), null), "not even the stand-in's own");
        assertFalse(XfccPassword.matches("anything".toCharArray(), "md5$abc"));
    }

    @Test
    void a_password_has_8_to_200_characters() {
        assertEquals(Optional.of("the password must have at least 8 characters"), XfccPassword.whyNot("1234567".toCharArray()));
        assertEquals(Optional.empty(), XfccPassword.whyNot("12345678".toCharArray()));
        assertEquals(Optional.empty(), XfccPassword.whyNot("x".repeat(200).toCharArray()));
        assertEquals(Optional.of("the password may have at most 200 characters"), XfccPassword.whyNot("x".repeat(201).toCharArray()));
        String stored = XfccPassword.hash("x".repeat(200).toCharArray());
        assertFalse(XfccPassword.matches("x".repeat(201).toCharArray(), stored), "a longer password is not cut to fit");
    }
}
