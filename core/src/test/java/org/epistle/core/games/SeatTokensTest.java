package org.epistle.core.games;

import static org.epistle.core.rules.board.Side.BLACK;
import static org.epistle.core.rules.board.Side.WHITE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeatTokensTest {
    @TempDir
    Path dir;
    Club club;

    @BeforeEach
    void open() {
        club = Club.in(dir);
    }

    @AfterEach
    void close() {
        club.close();
    }

    @Test
    void each_seats_token_opens_that_seat_only() {
        CreatedGame game = club.chess();

        Seat white = club.service.seat(game.gameId(), game.whiteToken()).orElseThrow();
        Seat black = club.service.seat(game.gameId(), game.blackToken().toUpperCase()).orElseThrow();

        assertEquals(WHITE, white.side());
        assertEquals("alice@example.org", white.player().email());
        assertEquals(BLACK, black.side());
        assertEquals("Bob", black.player().name());
    }

    @Test
    void a_wrong_token_another_games_token_or_an_unknown_game_opens_nothing() {
        CreatedGame game = club.chess();
        CreatedGame other = club.chess();

        assertTrue(club.service.seat(game.gameId(), "aaaaaaaaaaaaaaaaaaaa").isEmpty());
        assertTrue(club.service.seat(game.gameId(), other.whiteToken()).isEmpty());
        assertTrue(club.service.seat(game.gameId(), "").isEmpty());
        assertTrue(club.service.seat(game.gameId(), null).isEmpty());
        assertTrue(club.service.seat(999, game.whiteToken()).isEmpty());
    }

    @Test
    void a_token_is_twenty_base32_characters_derived_from_the_server_key() {
        CreatedGame game = club.chess();

        assertTrue(game.whiteToken().matches("[a-z2-7]{20}"), game.whiteToken());
        assertNotEquals(game.whiteToken(), game.blackToken());
        assertEquals(SeatTokens.derive(club.key, game.gameId(), WHITE), game.whiteToken());
    }

    @Test
    void the_database_keeps_only_the_hash_of_a_token() {
        CreatedGame game = club.chess();

        List<String> stored = club.db.jdbi().withHandle(h -> h.createQuery("SELECT token_hash FROM seat_tokens ORDER BY side DESC")
                .mapTo(String.class).list());
        assertEquals(List.of(Secrets.sha256Hex(game.whiteToken()), Secrets.sha256Hex(game.blackToken())), stored);
        assertFalse(stored.contains(game.whiteToken()));
    }

    @Test
    void the_server_key_is_made_once_and_kept() throws Exception {
        Path file = dir.resolve("keys/server.key");
        ServerKey first = ServerKey.load(file);
        byte[] bytes = Files.readAllBytes(file);

        ServerKey again = ServerKey.load(file);

        assertEquals(32, bytes.length);
        assertArrayEquals(bytes, Files.readAllBytes(file));
        assertArrayEquals(first.hmac("seat:1:white"), again.hmac("seat:1:white"));
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
        assertEquals("ServerKey[hidden]", first.toString());
    }

    /**
     * The key keeps one keyed {@code Mac} per thread: every message, on any thread and after any other, is signed
     * exactly as a {@code Mac} made for it alone signs it (RFC 2104 HMAC-SHA256 over the key file's bytes).
     */
    @Test
    void every_thread_signs_each_message_as_a_fresh_mac_would() throws Exception {
        Path file = dir.resolve("server.key");
        ServerKey key = ServerKey.load(file);
        javax.crypto.spec.SecretKeySpec spec = new javax.crypto.spec.SecretKeySpec(Files.readAllBytes(file), "HmacSHA256");
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Integer>> checked = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                checked.add(threads.submit(() -> {
                    javax.crypto.Mac fresh = javax.crypto.Mac.getInstance("HmacSHA256");
                    for (int i = 0; i < 500; i++) {
                        String message = "seat:" + (thread * 1000 + i) + ":" + (i % 2 == 0 ? "white" : "black");
                        fresh.init(spec);
                        assertArrayEquals(fresh.doFinal(message.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                                key.hmac(message), message);
                    }
                    return 500;
                }));
            }
            for (var f : checked) {
                assertEquals(500, f.get());
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void a_damaged_server_key_stops_the_start() throws Exception {
        Path file = dir.resolve("bad.key");
        Files.write(file, new byte[7]);

        var e = assertThrows(IllegalStateException.class, () -> ServerKey.load(file));
        assertTrue(e.getMessage().contains("holds 7 bytes, not 32"), e.getMessage());
    }

    @Test
    void another_server_key_makes_other_tokens(@TempDir Path elsewhere) {
        ServerKey other = ServerKey.inDirectory(elsewhere);

        assertNotEquals(SeatTokens.derive(club.key, 1, WHITE), SeatTokens.derive(other, 1, WHITE));
    }

    @Test
    void base32_is_rfc_4648_in_lower_case_without_padding() {
        assertEquals("", Secrets.base32(new byte[0]));
        assertEquals("my", Secrets.base32("f".getBytes()));
        assertEquals("mzxw6ytboi", Secrets.base32("foobar".getBytes()));
    }
}
