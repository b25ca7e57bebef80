package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.time.Clock;
import org.epistle.core.games.CreatedGame;
import org.epistle.core.games.GameService;
import org.epistle.core.games.ServerKey;
import org.epistle.core.games.GameView;
import org.epistle.core.games.PageRead;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.web.svg.BoardSvg;
import org.junit.jupiter.api.Test;

/**
 * A public game page shows the position its game's row keeps (the FEN written with each accepted turn) instead of
 * replaying every turn: for every variant, after a turn of each side, what the page shows of that game — its model,
 * its board, the squares its last turn moved on — is what it shows of the game replayed from its turns.
 */
class ShownGamesTest extends SitePageTest {
    @Test void given_any_variant_after_a_turn_of_each_side_the_shown_game_is_the_replayed_game() {
        for (Variant variant : VariantCatalog.all()) {
            CreatedGame game = site.game(variant.key(), "Alice", "Bob");
            int played = 0;
            for (Side side : List.of(Side.WHITE, Side.BLACK)) {
                GameView now = site.games.view(game.gameId());
                if (!now.isActive() || now.position().sideToMove() != side) {
                    break;
                }
                Optional<String> turn = LegalTurn.in(now.position(), List.of("e2-e4", "e4", "e3", "d4", "Nf3", "Ng1-f3", "e4(RAAR)",
                        "e7-e5", "e5", "e6", "d5", "Nf6", "Ng8-f6", "e5(RAAR)"));
                if (turn.isEmpty()) {
                    break;
                }
                site.play(game, side, turn.get());
                played++;
            }
            assertTrue(played >= 1, variant.key() + ": a first turn was played");

            GameView replayed = site.games.view(game.gameId());
            // a server that has not met the game: a page's read is all it knows of it
            GameService another = new GameService(site.db, Site.IDENTITY, ServerKey.inDirectory(dir), Clock.systemUTC());
            PageRead read = another.readForPage(game.gameId(), version -> Optional.empty()).orElseThrow();
            GameView shown = ((PageRead.Read) read).game().game();

            assertEquals(played, shown.turns().size(), variant.key());
            assertEquals(GameModel.of(replayed), GameModel.of(shown), variant.key() + ": the page's model");
            assertEquals(BoardSvg.of(replayed.position()).render(), BoardSvg.of(shown.position()).render(), variant.key() + ": the board");
            assertEquals(GameModel.lastMoved(replayed), GameModel.lastMoved(shown), variant.key() + ": the last turn's squares");
        }
    }
}
