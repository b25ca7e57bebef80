package org.epistle.core.rules.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/** Diagrams in the documents' style, readable in a plain-text mail. */
class TextDiagramTest {
    private static final Ruleset ROOKIES_V_KNIGHTS =
            new Ruleset(VariantCatalog.CHESS, Armies.REMARKABLE_ROOKIES, Armies.NUTTY_KNIGHTS);

    @Test
    void the_start_of_an_army_game_with_its_legend() {
        String d = TextDiagram.render(Position.start(ROOKIES_V_KNIGHTS));
        assertEquals("""
                    +-------------------------+
                  8 | r  n  b  q  k  b  n  r  |
                  7 | p  p  p  p  p  p  p  p  |
                  6 | .  .  .  .  .  .  .  .  |
                  5 | .  .  .  .  .  .  .  .  |
                  4 | .  .  .  .  .  .  .  .  |
                  3 | .  .  .  .  .  .  .  .  |
                  2 | P  P  P  P  P  P  P  P  |
                  1 | R  N  B  Q  K  B  N  R  |
                    +-------------------------+
                      a  b  c  d  e  f  g  h\s
                White (Remarkable Rookies): R = Short Rook (R4), N = Woody Rook (WD), B = Half-Duck (HFD), Q = Chancellor (RN)
                Black (Nutty Knights): r = Charging Rook (frlRrlbK), n = Fibnif (fbNF), b = Charging Knight (fhNrlbK), q = Colonel (fhNfrlRK)
                White to move, turn 1.
                """, d);
    }

    @Test
    void marked_squares_are_bracketed_and_foreign_pieces_primed() {
        Position p = Fen.read(ROOKIES_V_KNIGHTS, "(fhNfrlRK)3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        String d = TextDiagram.render(p, List.of(Square.of("e1")));
        assertTrue(d.contains("  8 | Q' .  .  .  k "), d);
        assertTrue(d.contains("[K]"), d);
        assertTrue(d.contains("Q' = the white Colonel (fhNfrlRK) (promoted into the other army's piece)"), d);
        assertTrue(d.endsWith("Black to move, turn 1 (in check).\n"), d);
    }

    @Test
    void json_ranks_are_one_character_a_square() {
        assertEquals(List.of("rnbqkbnr", "pppppppp", "........", "........", "........", "........", "PPPPPPPP", "RNBQKBNR"),
                TextDiagram.ranks(Position.start(ROOKIES_V_KNIGHTS)));
    }
}
