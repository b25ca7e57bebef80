package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.TournamentService.EntryCommand;
import org.epistle.core.games.tournament.TournamentKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad requests get a clear answer and change nothing: not the tournaments, not the entries, not the games. */
class TournamentRefusalsTest {
    @TempDir
    Path dir;
    Club club;
    TournamentService tournaments;
    long open;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        tournaments = club.service.tournaments();
        open = ((TournamentAnswer.Done) tournaments.create(
                NewTournament.of("Trio", "progressive", TournamentKind.ROUND_ROBIN).withMaxPlayers(3))).tournamentId();
        for (Contact c : Club.PLAYERS) {
            tournaments.invite(open, c);
        }
    }

    @AfterEach
    void close() {
        club.close();
    }

    /** Everything a refusal must leave as it was: tournaments, their lists and games, and the number of games. */
    private String state() {
        return tournaments.list() + " " + tournaments.list().stream().map(t -> tournaments.view(t.id())).toList()
                + " " + club.service.games().size();
    }

    private void refusedWithoutChange(String expected, java.util.function.Supplier<TournamentAnswer> request) {
        String before = state();
        TournamentAnswer a = request.get();
        assertFalse(a.isDone(), a.message());
        assertEquals(expected, a.message());
        assertEquals(before, state());
    }

    private TournamentAnswer join(String address, String name) {
        return tournaments.byMail(address, new EntryCommand(true, name), Optional.empty());
    }

    @Test
    void a_tournament_of_one_or_of_two_hundred_players_is_refused() {
        refusedWithoutChange("A round robin is for 3 to 20 players, not 1.", () -> tournaments.create(
                NewTournament.of("Solo", "chess", TournamentKind.ROUND_ROBIN).withMaxPlayers(1)));
        refusedWithoutChange("A double round robin is for 3 to 20 players, not 200.", () -> tournaments.create(
                NewTournament.of("Crowd", "chess", TournamentKind.DOUBLE_ROUND_ROBIN).withMaxPlayers(200)));
    }

    @Test
    void starting_with_one_player_is_refused() {
        join("ann@example.org", "Trio");
        refusedWithoutChange("\"Trio\" needs at least 3 players to start; 1 joined.", () -> tournaments.start(open));
    }

    @Test
    void the_same_player_twice_is_refused() {
        refusedWithoutChange("Ann <ann@example.org> is on the list of \"Trio\" already.",
                () -> tournaments.invite(open, new Contact("Annie", "ANN@example.org")));
        join("ann@example.org", "Trio");
        refusedWithoutChange("You have joined \"Trio\" already.", () -> join("ann@example.org", "trio"));
    }

    @Test
    void joining_a_full_or_a_started_tournament_is_refused() {
        join("ann@example.org", "Trio");
        join("ben@example.org", "Trio");
        join("cat@example.org", "Trio");
        refusedWithoutChange("\"Trio\" is full: it takes 3 players.", () -> join("dan@example.org", "Trio"));
        assertTrue(tournaments.start(open).isDone());
        refusedWithoutChange("\"Trio\" has started; entry is closed.", () -> join("dan@example.org", "Trio"));
        refusedWithoutChange("\"Trio\" has started already.", () -> tournaments.start(open));
    }

    @Test
    void an_unknown_tournament_is_refused_naming_the_open_ones() {
        refusedWithoutChange("There is no tournament called \"Quartet\". Open for entry: Trio.",
                () -> join("ann@example.org", "Quartet"));
        refusedWithoutChange("There is no tournament 99.", () -> tournaments.start(99));
        List<OutboxMail> answers = club.service.outbox().aboutNoGame().stream()
                .filter(m -> m.toAddress().equals("ann@example.org")).toList();
        assertEquals("[Epistle] Not done: join Quartet", answers.get(answers.size() - 1).subject());
    }

    @Test
    void a_withdrawal_by_someone_not_in_it_is_refused() {
        join("ann@example.org", "Trio");
        refusedWithoutChange("Ben is not playing in \"Trio\", so there is nothing to withdraw from.",
                () -> tournaments.byMail("ben@example.org", new EntryCommand(false, "Trio"), Optional.empty()));
    }

    @Test
    void a_stranger_is_refused_and_not_mailed() {
        int mails = club.service.outbox().aboutNoGame().size();
        refusedWithoutChange("Only a registered player can enter a tournament; eve@example.org is not one.",
                () -> join("eve@example.org", "Trio"));
        assertEquals(mails, club.service.outbox().aboutNoGame().size());
    }

    @Test
    void a_bad_setting_is_refused_in_words() {
        refusedWithoutChange("\"2 weeks\" is not a time control. Write none, 3d (3 days a move), 30d+1d/45d (30 days, "
                + "1 day more after each turn, at most 45 in hand) or 10m/50d (10 moves in 50 days, unused time carried over).",
                () -> tournaments.create(
                NewTournament.of("Slow", "chess", TournamentKind.ROUND_ROBIN).withTimeControl("2 weeks")));
        refusedWithoutChange("There is already a tournament called \"Trio\".", () -> tournaments.create(
                NewTournament.of("trio ", "chess", TournamentKind.ROUND_ROBIN)));
        TournamentAnswer fen = tournaments.create(NewTournament.of("Thematic", "chess", TournamentKind.ROUND_ROBIN)
                .withStartFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"));
        assertFalse(fen.isDone());
        assertTrue(fen.message().startsWith("The thematic position is not a position of Chess: "), fen.message());
        assertTrue(tournaments.create(NewTournament.of("Thematic", "chess", TournamentKind.ROUND_ROBIN)
                .withStartFen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")).isDone());
    }
}
