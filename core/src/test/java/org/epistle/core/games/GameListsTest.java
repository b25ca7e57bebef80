package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Side;
import org.epistle.core.testing.MovedClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lists pages show, cut into pages by the database: the order, the filters, the capped counts and the last turn. */
class GameListsTest {
    @TempDir
    Path dir;
    Club club;
    MovedClock clock;
    GameService service;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        clock = new MovedClock(Club.NOW);
        service = new GameService(club.db, Club.IDENTITY, club.key, clock);
    }

    @AfterEach
    void close() {
        club.close();
    }

    long game(String white, String black) {
        clock.move(Duration.ofMinutes(1));
        return service.create(new NewGame("chess", new Contact(white, white.replaceAll("[^A-Za-z]", "").toLowerCase() + "@example.org"),
                new Contact(black, black.replaceAll("[^A-Za-z]", "").toLowerCase() + "@example.org"))).gameId();
    }

    void play(long id, String line) {
        clock.move(Duration.ofMinutes(1));
        Side side = service.view(id).position().sideToMove();
        Seat seat = service.seat(id, service.post().credentials(id, side).token()).orElseThrow();
        assertEquals(Result.Effect.TURN_PLAYED, service.handle(seat, CommandParser.parse(line), line, Optional.empty()).effect());
    }

    List<Long> ids(GameLists.Filter filter, int pageSize) {
        List<Long> all = new ArrayList<>();
        for (int offset = 0; ; offset += pageSize) {
            List<GameSummary> page = service.lists().listed(filter, offset, pageSize);
            page.forEach(g -> all.add(g.id()));
            if (page.size() < pageSize) {
                return all;
            }
        }
    }

    @Test void the_front_page_lists_games_being_played_by_their_last_change_then_the_ended_ones_across_page_ends() {
        long a = game("Alice", "Bob");
        long b = game("Carol", "Dave");
        long c = game("Alice", "Carol");
        long d = game("Bob", "Dave");
        long e = game("Erin", "Alice");
        play(a, "e4");                         // a moved last but one
        service.adjudicate(b, "1-0", "no show"); // b ended
        play(c, "d4");                         // c moved last
        clock.move(Duration.ofMinutes(1));
        service.adjudicate(d, "1/2-1/2", "agreed by letter");

        List<Long> expected = List.of(c, a, e, d, b);
        for (int size = 1; size <= 6; size++) {
            assertEquals(expected, ids(GameLists.Filter.NONE, size), "pages of " + size);
        }
        assertEquals(List.of(c, a, e), ids(new GameLists.Filter("", "ALICE"), 2), "a part of a name, in any case");
        assertEquals(List.of(), ids(new GameLists.Filter("marseillais", ""), 2));
        assertEquals(List.of(c, a, e, d, b), ids(new GameLists.Filter("chess", ""), 2));
    }

    @Test void counts_stop_at_the_number_asked_about() {
        for (int i = 0; i < 7; i++) {
            game("Alice", "Bob");
        }
        assertEquals(3, service.lists().countListed(GameLists.Filter.NONE, 3));
        assertEquals(7, service.lists().countListed(GameLists.Filter.NONE, 100));
        assertEquals(7, service.lists().countGames(7));
        assertEquals(2, service.lists().countPlayers(100));
        assertEquals(1, service.lists().countPlayers(1));
        assertEquals(List.of("Bob"), service.lists().players(1, 5).stream().map(Player::name).toList());
    }

    @Test void a_name_filter_takes_the_pattern_characters_literally() {
        long percent = game("Ann 100%", "Bob");
        game("Annie", "Bob");
        long under = game("Jo_Jo", "Carol");
        game("JoeJo", "Carol");
        assertEquals(List.of(percent), ids(new GameLists.Filter("", "0%"), 5));
        assertEquals(List.of(under), ids(new GameLists.Filter("", "o_j"), 5));
    }

    @Test void the_last_turn_and_its_time_come_with_the_line_and_are_kept_on_the_row() {
        long id = game("Alice", "Bob");
        GameSummary fresh = service.lists().newest(0, 1).get(0);
        assertEquals("", fresh.lastTurn());
        assertEquals(Optional.empty(), fresh.lastTurnAt());
        play(id, "e4");
        play(id, "c5");
        GameSummary moved = service.lists().newest(0, 1).get(0);
        assertEquals("1... c5", moved.lastTurn());
        assertEquals(Optional.of(clock.instant()), moved.lastTurnAt());
        clock.move(Duration.ofHours(1));
        service.adjudicate(id, "1-0", "Black left the club");
        GameSummary ended = service.lists().newest(0, 1).get(0);
        assertEquals(Optional.of(Club.NOW.plus(Duration.ofMinutes(3))), ended.lastTurnAt(), "an ending that is no turn keeps the last turn's time");
    }

    /**
     * H2 walks an index for an ORDER BY only when the ORDER BY starts with the index's first column; otherwise it
     * reads every row the WHERE lets through and sorts them, for every page (at 100,000 games: 10,000 active games
     * for the front page, and the whole table for the admin's list). The plans say which: "index sorted", and a scan
     * count of the rows before the page and on it, however many games there are.
     */
    @Test void on_h2_each_page_reads_the_rows_before_it_and_its_own_on_an_index_whatever_the_number_of_games() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        for (int i = 0; i < 40; i++) {
            long id = game("Alice", "Bob");
            if (i % 4 != 0) {
                service.adjudicate(id, "1-0", "no show");
            }
        }
        GameLists.Filter chess = new GameLists.Filter("chess", "");
        for (String query : List.of(GameLists.pageQuery(true, GameLists.Filter.NONE), GameLists.pageQuery(false, GameLists.Filter.NONE),
                GameLists.pageQuery(true, chess), GameLists.pageQuery(false, chess), GameLists.NEWEST)) {
            String plan = club.db.jdbi().withHandle(h -> h.createQuery("EXPLAIN ANALYZE " + query
                    .replace(":limit", "3").replace(":offset", "2").replace(":variant", "'chess'")).mapTo(String.class).one());
            org.junit.jupiter.api.Assertions.assertTrue(plan.contains("/* index sorted */"), query + "\n" + plan);
            java.util.regex.Matcher scanned = java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(plan);
            org.junit.jupiter.api.Assertions.assertTrue(scanned.find(), plan);
            org.junit.jupiter.api.Assertions.assertTrue(Integer.parseInt(scanned.group(1)) <= 2 + 3 + 30,
                    "at most the page, the rows before it and the other state's rows among them: " + plan);
        }
    }

    @Test void on_h2_a_players_desk_reads_that_players_games_on_the_two_side_indexes_not_every_active_game() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        for (int i = 0; i < 30; i++) {
            game("Player " + i, "Other " + i);
        }
        long alice = service.view(game("Alice", "Bob")).white().id();
        String plan = club.db.jdbi().withHandle(h -> h.createQuery("EXPLAIN ANALYZE " + ClockKeeper.ACTIVE_GAMES_OF
                .replace(":p", Long.toString(alice))).mapTo(String.class).one());
        org.junit.jupiter.api.Assertions.assertTrue(plan.contains("GAMES_WHITE") && plan.contains("GAMES_BLACK"), plan);
        java.util.regex.Matcher scanned = java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(plan);
        while (scanned.find()) {
            org.junit.jupiter.api.Assertions.assertTrue(Integer.parseInt(scanned.group(1)) <= 2, "one game of hers on each index at most: " + plan);
        }
        org.junit.jupiter.api.Assertions.assertEquals(1, club.db.jdbi().withHandle(h -> ClockKeeper.activeGamesOf(h, alice)).size());
    }

    /** EXPLAIN ANALYZE of a query with its parameters written in, as H2 ran it. */
    String plan(String query) {
        return club.db.jdbi().withHandle(h -> h.createQuery("EXPLAIN ANALYZE " + query).mapTo(String.class).one());
    }

    /** Every scanCount in a plan: the rows each part of the query read. */
    static List<Integer> scanned(String plan) {
        List<Integer> counts = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(plan);
        while (m.find()) {
            counts.add(Integer.parseInt(m.group(1)));
        }
        return counts;
    }

    /** Each side's games looked up on an index of its player column (games_white or H2's own index of the foreign key). */
    static void assertReadOnTheSideIndexes(String plan) {
        org.junit.jupiter.api.Assertions.assertFalse(plan.contains("tableScan"), plan);
        org.junit.jupiter.api.Assertions.assertTrue(java.util.regex.Pattern.compile("/\\* PUBLIC\\.\\w+: WHITE_PLAYER = ").matcher(plan).find()
                && java.util.regex.Pattern.compile("/\\* PUBLIC\\.\\w+: BLACK_PLAYER = ").matcher(plan).find(), plan);
    }

    @Test void on_h2_the_due_jobs_scan_reads_the_first_jobs_due_in_order_and_sorts_none() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        long id = game("Alice", "Bob");
        // 300 jobs fallen due, of which the tick reads the first 20, and 300 still to come, which it never reads
        club.db.jdbi().useHandle(h -> {
            for (int turn = 1; turn <= 300; turn++) {
                h.attach(org.epistle.core.games.clock.DueJobTable.class).insert(id, turn,
                        org.epistle.core.games.clock.DueKind.HALF_TIME_REMINDER, 0, Club.NOW.minus(Duration.ofMinutes(turn)));
                h.attach(org.epistle.core.games.clock.DueJobTable.class).insert(id, turn,
                        org.epistle.core.games.clock.DueKind.TIMEOUT, 0, Club.NOW.plus(Duration.ofMinutes(turn)));
            }
        });
        String now = "TIMESTAMP WITH TIME ZONE '" + Club.NOW.toString().replace('T', ' ').replace("Z", "+00") + "'";
        String plan = plan(org.epistle.core.games.clock.DueJobTable.SCAN.replace(":now", now).replace(":limit", "20"));
        org.junit.jupiter.api.Assertions.assertTrue(plan.contains("DUE_JOBS_SCAN") && plan.contains("/* index sorted */"), plan);
        org.junit.jupiter.api.Assertions.assertEquals(List.of(20), scanned(plan), "the 20 jobs of the tick, not all 300 sorted: " + plan);
        String few = plan(org.epistle.core.games.clock.DueJobTable.SCAN.replace(":now", now).replace(":limit", "500"));
        org.junit.jupiter.api.Assertions.assertTrue(scanned(few).get(0) <= 301, "the jobs due and no job still to come: " + few);
        List<org.epistle.core.games.clock.DueJob> due = club.db.jdbi().withExtension(org.epistle.core.games.clock.DueJobTable.class,
                t -> t.due(Club.NOW, 3));
        assertEquals(List.of(300, 299, 298), due.stream().map(org.epistle.core.games.clock.DueJob::turnSeq).toList(), "the oldest first");
    }

    @Test void on_h2_a_rare_name_in_the_filter_reads_that_players_games_on_the_side_indexes_not_the_whole_list() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        for (int i = 0; i < 40; i++) {
            long id = game("Player " + i, "Other " + i);
            if (i % 2 == 0) {
                service.adjudicate(id, "1-0", "no show");
            }
        }
        long zoe1 = game("Zoe", "Bob");
        long zoe2 = game("Carol", "Zoe");
        service.adjudicate(zoe1, "0-1", "no show");
        long zoe = service.view(zoe1).white().id();
        assertEquals(List.of(zoe2, zoe1), ids(new GameLists.Filter("", "zO"), 1));
        assertEquals(2, service.lists().countListed(new GameLists.Filter("", "zo"), 10));
        assertEquals(List.of(), ids(new GameLists.Filter("", "nobody"), 5));
        assertEquals(0, service.lists().countListed(new GameLists.Filter("", "nobody"), 10));
        for (boolean active : List.of(true, false)) {
            String plan = plan(GameLists.playersPageQuery(active, GameLists.Filter.NONE).replace("<players>", Long.toString(zoe))
                    .replace(":limit", "25").replace(":offset", "0"));
            assertReadOnTheSideIndexes(plan);
            org.junit.jupiter.api.Assertions.assertTrue(scanned(plan).stream().allMatch(n -> n <= 3), "Zoe's two games at most (and the end of the union): " + plan);
        }
    }

    @Test void on_h2_a_players_games_for_a_client_an_observer_and_a_player_page_are_read_on_the_side_indexes() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        for (int i = 0; i < 30; i++) {
            game("Player " + i, "Other " + i);
        }
        long alice = service.view(game("Alice", "Bob")).white().id();
        game("Carol", "Alice");
        String p = Long.toString(alice);
        for (String query : List.of(
                GameService.CLIENT_GAMES.replace(":since", "TIMESTAMP WITH TIME ZONE '2024-01-01 00:00:00Z'").replace(":p", p),
                ObserverTable.GAMES_OF_PLAYER.replace(":player", p).replace(":limit", "10"),
                TournamentStore.GAMES_OF.replace(":p", p))) {
            String plan = plan(query);
            assertReadOnTheSideIndexes(plan);
            org.junit.jupiter.api.Assertions.assertTrue(scanned(plan).stream().allMatch(n -> n <= 3),
                    "Alice's two games, not the 32 (and the end of the union): " + plan);
        }
        assertEquals(2, service.clientGames(alice).size());
    }

    /** A rated game, as a rated game's end writes it (the ratings are only there to be read back). */
    void rated(long gameId, int minute) {
        GameView g = service.view(gameId);
        club.db.jdbi().useHandle(h -> h.createUpdate("""
                        INSERT INTO rated_games (game_id, family, white_player, black_player, white_before, white_after,
                                                 black_before, black_after, rated_at)
                        VALUES (:g, 'chess', :w, :b, 1500, 1510, 1500, 1490, :at)""")
                .bind("g", gameId).bind("w", g.white().id()).bind("b", g.black().id())
                .bind("at", Club.NOW.plus(Duration.ofMinutes(minute))).execute());
    }

    @Test void a_players_rated_games_are_theirs_on_either_side_newest_first_and_on_h2_read_on_the_side_indexes() {
        for (int i = 0; i < 30; i++) {
            rated(game("Player " + i, "Other " + i), i);
        }
        long asWhite = game("Alice", "Bob");
        long asBlack = game("Carol", "Alice");
        long alone = game("Alice", "Alice");
        rated(asWhite, 40);
        rated(asBlack, 50);
        rated(alone, 45);
        long alice = service.view(asWhite).white().id();

        List<RatedGame> games = club.db.jdbi().withHandle(h -> new TournamentStore(h).ratedGames(alice, "chess"));

        assertEquals(List.of(asBlack, alone, asWhite), games.stream().map(RatedGame::gameId).toList());
        assertEquals(List.of(false, true, true), games.stream().map(RatedGame::asWhite).toList());
        assertEquals(List.of("Carol", "Alice", "Bob"), games.stream().map(RatedGame::opponent).toList());
        org.junit.jupiter.api.Assumptions.assumeFalse(org.epistle.core.testing.TestDatabase.isPostgres(), "the plans are H2's");
        String plan = plan(TournamentStore.RATED_GAMES_OF.replace(":p", Long.toString(alice)).replace(":f", "'chess'"));
        assertReadOnTheSideIndexes(plan);
        org.junit.jupiter.api.Assertions.assertTrue(scanned(plan).stream().allMatch(n -> n <= 4),
                "Alice's rated games on a side (two at most, and the end of each look-up), not the 33: " + plan);
    }
}
