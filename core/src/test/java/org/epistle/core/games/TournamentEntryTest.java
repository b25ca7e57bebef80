package org.epistle.core.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.epistle.core.games.TournamentService.EntryCommand;
import org.epistle.core.games.rating.Encounter;
import org.epistle.core.games.rating.Glicko2;
import org.epistle.core.games.rating.Rating;
import org.epistle.core.games.tournament.Outcome;
import org.epistle.core.games.tournament.TournamentKind;
import org.epistle.core.games.tournament.WithdrawalRule;
import org.epistle.core.rules.board.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second part of the tournaments' entry and play: armies chosen on entry, entry open until a day,
 * round-by-round starts, casual games the admin rates, a player's games for the PGN, and the refusals of
 * all of it (each changes nothing).
 */
class TournamentEntryTest {
    @TempDir
    Path dir;
    Club club;
    TournamentService tournaments;

    @BeforeEach
    void open() {
        club = Club.in(dir);
        tournaments = club.service.tournaments();
    }

    @AfterEach
    void close() {
        club.close();
    }

    private TournamentAnswer join(TournamentService service, Contact c, String line) {
        return service.byMail(c.email(), EntryCommand.parse(List.of(line)).orElseThrow(), Optional.empty());
    }

    private static Tournament.Entry entry(boolean armyChoice, String until, boolean roundByRound) {
        return new Tournament.Entry(armyChoice, Optional.ofNullable(until).map(LocalDate::parse), roundByRound);
    }

    @Test
    void players_pick_their_army_on_entry_and_play_it_with_either_colour() {
        long id = club.tournament(NewTournament.of("Armies Cup", "chess", TournamentKind.ROUND_ROBIN)
                .withEntry(entry(true, null, false)));
        for (Contact c : Club.PLAYERS.subList(0, 3)) {
            assertTrue(tournaments.invite(id, c).isDone());
        }
        OutboxMail invitation = club.service.outbox().aboutNoGame().get(0);
        assertTrue(invitation.model().get("paragraphs").toString().contains("join Armies Cup ARMY (one of fabulous-fides,"
                + " colorbound-clobberers, nutty-knights, remarkable-rookies, forward-fides)"), invitation.model().toString());

        TournamentAnswer none = join(tournaments, Club.PLAYERS.get(0), "join Armies Cup");
        String choices = "Fabulous FIDEs (fabulous-fides), Colorbound Clobberers (colorbound-clobberers), Nutty Knights"
                + " (nutty-knights), Remarkable Rookies (remarkable-rookies), Forward FIDEs (forward-fides)";
        assertEquals("In \"Armies Cup\" each player picks an army: write join Armies Cup ARMY, with ARMY one of "
                + choices + ".", none.message());
        TournamentAnswer unknown = join(tournaments, Club.PLAYERS.get(0), "join Armies Cup wobbly-wizards");
        assertEquals("There is no army \"wobbly-wizards\"; choose one of " + choices + ".", unknown.message());
        TournamentAnswer unknownName = join(tournaments, Club.PLAYERS.get(0), "join Armies Cup Wobbly Wizards");
        assertEquals("There is no army \"Wobbly Wizards\"; choose one of " + choices + ".", unknownName.message());
        assertFalse(tournaments.view(id).orElseThrow().entrants().get(0).hasJoined(), "a refused join changes nothing");

        // The army by its key, or by its name as the catalog writes it, in any case.
        TournamentAnswer ann = join(tournaments, Club.PLAYERS.get(0), "join armies cup nutty-knights");
        assertEquals("You have joined \"Armies Cup\" with Nutty Knights (1 of at most 20 players). You will get a mail"
                + " with your games when it starts.", ann.message());
        assertTrue(join(tournaments, Club.PLAYERS.get(1), "join Armies Cup Remarkable Rookies").isDone());
        TournamentAnswer cat = join(tournaments, Club.PLAYERS.get(2), "join Armies Cup fabulous fides");
        assertEquals("You have joined \"Armies Cup\" with Fabulous FIDEs (3 of at most 20 players). You will get a mail"
                + " with your games when it starts.", cat.message());
        assertTrue(tournaments.start(id).isDone());

        TournamentView v = tournaments.view(id).orElseThrow();
        assertEquals(List.of(Optional.of("nutty-knights"), Optional.of("remarkable-rookies"), Optional.of("fabulous-fides")),
                v.entrants().stream().map(Entrant::army).toList());
        for (TournamentGame g : v.games()) {
            GameView game = club.service.view(g.gameId());
            assertEquals(v.entrants().get(g.white() - 1).army().orElseThrow(), game.army(Side.WHITE).key());
            assertEquals(v.entrants().get(g.black() - 1).army().orElseThrow(), game.army(Side.BLACK).key());
        }
    }

    @Test
    void a_fixed_army_tournament_refuses_a_join_that_names_an_army() {
        long id = club.tournament(NewTournament.of("Plain Cup", "chess", TournamentKind.ROUND_ROBIN));
        assertTrue(tournaments.invite(id, Club.PLAYERS.get(0)).isDone());
        TournamentAnswer a = join(tournaments, Club.PLAYERS.get(0), "join Plain Cup nutty-knights");
        assertEquals("\"Plain Cup\" is played with the same armies for everyone (fabulous-fides v fabulous-fides);"
                + " write join Plain Cup alone.", a.message());
        assertFalse(tournaments.view(id).orElseThrow().entrants().get(0).hasJoined());
    }

    @Test
    void entry_closes_at_the_end_of_its_last_day() {
        // The club's clock reads 2024-05-01 12:00 UTC.
        long id = club.tournament(NewTournament.of("Deadline Cup", "chess", TournamentKind.ROUND_ROBIN)
                .withEntry(entry(false, "2024-05-01", false)));
        for (Contact c : Club.PLAYERS.subList(0, 2)) {
            assertTrue(tournaments.invite(id, c).isDone());
        }
        assertTrue(club.service.outbox().aboutNoGame().get(0).model().get("paragraphs").toString()
                .contains("Entry closes at the end of 2024-05-01 (UTC)."));
        assertTrue(join(tournaments, Club.PLAYERS.get(0), "join Deadline Cup").isDone(), "on the last day");

        GameService nextDay = new GameService(club.db, Club.IDENTITY, club.key,
                Clock.fixed(Instant.parse("2024-05-02T00:00:00Z"), ZoneOffset.UTC));
        TournamentAnswer late = join(nextDay.tournaments(), Club.PLAYERS.get(1), "join Deadline Cup");
        assertEquals("Entry to \"Deadline Cup\" closed at the end of 2024-05-01 (UTC).", late.message());
        assertEquals(1, tournaments.view(id).orElseThrow().entrants().stream().filter(Entrant::hasJoined).count());
    }

    @Test
    void bad_settings_are_refused_and_nothing_is_created() {
        assertEquals("The last day of entry, 2024-04-30, has passed already.", tournaments.create(
                NewTournament.of("Late", "chess", TournamentKind.ROUND_ROBIN).withEntry(entry(false, "2024-04-30", false)))
                .message());
        assertEquals("A thematic position fixes the pieces, so players cannot pick their armies; choose one.",
                tournaments.create(NewTournament.of("Themed", "chess", TournamentKind.ROUND_ROBIN)
                        .withStartFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").withEntry(entry(true, null, false))).message());
        assertEquals("A knockout always starts round by round; the setting is for round robins.", tournaments.create(
                NewTournament.of("Rounds", "chess", TournamentKind.KNOCKOUT).withEntry(entry(false, null, true))).message());
        assertEquals("A knockout is for 4 to 64 players, not 65.", tournaments.create(
                NewTournament.of("Huge", "chess", TournamentKind.KNOCKOUT).withMaxPlayers(65)).message());
        assertEquals(List.of(), tournaments.list());
    }

    @Test
    void round_by_round_makes_each_round_when_the_one_before_is_complete() {
        long id = club.tournament(NewTournament.of("Weekly", "chess", TournamentKind.ROUND_ROBIN)
                .withWithdrawalRule(WithdrawalRule.FORFEIT_UNFINISHED).withEntry(entry(false, null, true)));
        for (Contact c : Club.PLAYERS) {
            assertTrue(tournaments.invite(id, c).isDone());
            assertTrue(join(tournaments, c, "join Weekly").isDone());
        }
        TournamentAnswer started = tournaments.start(id);
        assertEquals("\"Weekly\" started: 4 players, 2 games created (round 1 of 3).", started.message());
        // Round 1: 1-4 2-3.
        resign(id, 1, 1, 4, Side.BLACK);
        assertEquals(2, tournaments.view(id).orElseThrow().games().size(), "round 2 waits for round 1");
        resign(id, 1, 2, 3, Side.WHITE);
        TournamentView v = tournaments.view(id).orElseThrow();
        assertEquals(4, v.games().size());
        // Round 2: 4-3 1-2; each player is mailed the new game.
        List<OutboxMail> round2 = club.service.outbox().aboutNoGame().stream()
                .filter(m -> m.subject().equals("[Epistle] Weekly: round 2")).toList();
        assertEquals(4, round2.size());
        assertTrue(round2.get(0).model().get("paragraphs").toString().contains("Round 1 of \"Weekly\" is complete;"
                + " round 2 starts now."), round2.get(0).model().toString());

        // Dan (4) withdraws in round 2: his game there is forfeited, and his round 3 game (2-4) is made and at
        // once forfeited when round 3 comes.
        long dan = v.entrants().get(3).player().id();
        assertTrue(tournaments.withdraw(id, dan).isDone());
        resign(id, 2, 1, 2, Side.BLACK);
        TournamentView end = tournaments.view(id).orElseThrow();
        assertEquals(6, end.games().size());
        TournamentGame forfeit = end.games().stream().filter(g -> g.round() == 3 && g.black() == 4).findFirst().orElseThrow();
        assertEquals(Outcome.WHITE_WINS_BY_FORFEIT, forfeit.outcome());
        assertEquals(GameState.FINISHED, club.service.view(forfeit.gameId()).state());
        assertEquals(1, end.games().stream().filter(g -> g.outcome() == Outcome.UNFINISHED).count(), "3-1 is left");
    }

    private void resign(long id, int round, int white, int black, Side loser) {
        TournamentGame g = tournaments.view(id).orElseThrow().games().stream()
                .filter(x -> x.round() == round && x.white() == white && x.black() == black).findFirst().orElseThrow();
        Seat seat = club.service.seat(g.gameId(), SeatTokens.derive(club.key, g.gameId(), loser)).orElseThrow();
        assertEquals(Result.Effect.RESIGNED, club.service.handle(seat, CommandParser.parse("resign"), "resign",
                Optional.empty()).effect());
    }

    @Test
    void a_casual_game_the_admin_marks_as_rated_updates_both_ratings_and_an_unrated_one_does_not() {
        CreatedGame rated = club.service.create(new NewGame("marseillais", Club.PLAYERS.get(0), Club.PLAYERS.get(1)).withRated(true));
        CreatedGame casual = club.service.create(new NewGame("marseillais", Club.PLAYERS.get(0), Club.PLAYERS.get(1)));
        Seat bob = club.service.seat(rated.gameId(), rated.token(Side.BLACK)).orElseThrow();
        club.service.handle(bob, CommandParser.parse("resign"), "resign", Optional.empty());
        Seat bobToo = club.service.seat(casual.gameId(), casual.token(Side.BLACK)).orElseThrow();
        club.service.handle(bobToo, CommandParser.parse("resign"), "resign", Optional.empty());

        Glicko2 g = Glicko2.standard();
        Rating winner = g.rate(Rating.NEW, List.of(new Encounter(Rating.NEW, 1)));
        long ann = club.service.view(rated.gameId()).white().id();
        assertEquals(List.of(new FamilyRating("marseillais", winner, 1)), tournaments.ratings(ann));
        assertEquals(List.of(rated.gameId()), tournaments.ratedGames(ann, "marseillais").stream()
                .map(RatedGame::gameId).toList());
    }

    @Test
    void a_players_games_name_their_tournament_and_round() {
        CreatedGame casual = club.service.create(new NewGame("chess", Club.PLAYERS.get(0), Club.PLAYERS.get(1)));
        long id = club.tournament(NewTournament.of("Small", "chess", TournamentKind.ROUND_ROBIN));
        for (Contact c : Club.PLAYERS.subList(0, 3)) {
            assertTrue(tournaments.invite(id, c).isDone());
            assertTrue(join(tournaments, c, "join Small").isDone());
        }
        assertTrue(tournaments.start(id).isDone());
        long ann = club.service.view(casual.gameId()).white().id();
        List<PlayerGame> games = tournaments.gamesOf(ann);
        assertEquals(3, games.size(), "the casual game and two of the tournament's");
        assertEquals(new PlayerGame(casual.gameId(), Optional.empty(), Optional.empty()), games.get(0));
        assertEquals(List.of(Optional.of("Small"), Optional.of("Small")), games.subList(1, 3).stream()
                .map(PlayerGame::tournament).toList());
        // Three players, Ann is 1: round 1 1-4 (bye), round 2 1-2... her games are in rounds 2 and 3.
        assertEquals(List.of(Optional.of(2), Optional.of(3)), games.subList(1, 3).stream().map(PlayerGame::round).toList());
    }
}
