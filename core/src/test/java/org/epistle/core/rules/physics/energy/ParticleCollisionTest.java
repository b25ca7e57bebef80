package org.epistle.core.rules.physics.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Reason;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.position.Outcome;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.PhysicsVariants;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

/**
 * Particle Collision Chess, from the document's worked example (1. e4 e5 2. d4 exd4 3. Qxd4 Bc5
 * 4. Bg5 Bxd4 5. Bxd8 Kxd8) and its six diagrams, with the energy on the squares as it prints it.
 */
class ParticleCollisionTest {

    /** The board as the document draws it: pieces, white pawns as O, energy as a digit on an empty square. */
    private static String drawn(Position p) {
        List<String> ranks = TextDiagram.ranks(p);
        List<String> out = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            StringBuilder sb = new StringBuilder();
            for (int f = 0; f < 8; f++) {
                char c = ranks.get(r).charAt(f);
                int e = p.physics().energy().getOrDefault(new Square(f, 7 - r), 0);
                sb.append(f == 0 ? "" : " ").append(c == 'P' ? 'O' : c == '.' && e > 0 ? (char) ('0' + e) : c);
            }
            out.add(sb.toString());
        }
        return String.join("\n", out);
    }

    private static Play example() {
        return Play.from(PhysicsVariants.PARTICLE_COLLISION, null);
    }

    @Test
    void the_first_three_diagrams_exd4_sends_one_unit_north_and_qxd4_one_south() {
        Play game = example().after("e4", "e5", "d4");
        assertEquals("""
                r n b q k b n r
                p p p p . p p p
                . . . . . . . .
                . . . . p . . .
                . . . O O . . .
                . . . . . . . .
                O O O . . O O O
                R N B Q K B N R""", drawn(game.position()));
        game.accepts("exd4");
        assertEquals("""
                r n b q k b n r
                p p p p . p p p
                . . . 1 . . . .
                . . . . . . . .
                . . . p O . . .
                . . . . . . . .
                O O O . . O O O
                R N B Q K B N R""", drawn(game.position()));
        game.accepts("Qxd4");
        assertEquals("""
                r n b q k b n r
                p p p p . p p p
                . . . 1 . . . .
                . . . . . . . .
                . . . Q O . . .
                . . . . . . . .
                O O O . . O O O
                R N B 1 K B N R""", drawn(game.position()));
    }

    @Test
    void after_exd4_black_may_not_play_d6_or_bd6_as_the_sum_is_not_a_multiple_of_3_5_or_7() {
        Play game = example().after("e4", "e5", "d4", "exd4", "Qxd4");
        Verdict.Rejected pawn = game.refuses("d6");
        assertEquals(Reason.CHARGED_SQUARE, pawn.why().reason());
        assertEquals("A pawn may not go to d6: its mass 1 and the energy 1 on d6 make 2, which is not a multiple of 3, 5 or 7.",
                pawn.why().explanation());
        assertEquals(Reason.CHARGED_SQUARE, game.refuses("Bd6").why().reason());
    }

    @Test
    void the_white_king_may_step_onto_d1_and_absorbs_its_energy() {
        Play game = example().after("e4", "e5", "d4", "exd4", "Qxd4", "Bc5");
        game.accepts("Kd1");
        assertEquals(Map.of(Square.of("d6"), 1), game.position().physics().energy());
        assertEquals('K', TextDiagram.ranks(game.position()).get(7).charAt(3));
    }

    @Test
    void bxd4_spreads_seven_units_and_the_two_left_on_d4_make_the_bishop_a_rook() {
        Play game = example().after("e4", "e5", "d4", "exd4", "Qxd4", "Bc5", "Bg5");
        // The document's diagram before Bxd4 still draws a black bishop on f8, which 3...Bc5 has
        // just taken to c5 (its next diagram has f8 empty): the printed "b" on f8 is a drawing slip.
        assertEquals("""
                r n b q k . n r
                p p p p . p p p
                . . . 1 . . . .
                . . b . . . B .
                . . . Q O . . .
                . . . . . . . .
                O O O . . O O O
                R N . 1 K B N R""", drawn(game.position()));
        Verdict.Accepted a = game.accepts("Bxd4");
        assertEquals("Bxd4=R", a.notation(), "the only piece of mass 5 is a rook, so the record may leave it out");
        assertEquals("""
                r n b q k . n r
                p p p p . p p p
                . . . 3 . . . .
                . . . . . . B .
                2 . . r O . . .
                . . . . . . . .
                O O O . . O O O
                R N . 2 K B N R""", drawn(game.position()));
        assertTrue(game.position().physics().aftermath().contains("Bxd4 turned the black bishop on d4 into a rook"));
    }

    @Test
    void bxd8_keeps_all_seven_units_on_d8_and_becomes_a_rook_then_kxd8_leaves_one_on_e8() {
        Play game = example().after("e4", "e5", "d4", "exd4", "Qxd4", "Bc5", "Bg5", "Bxd4");
        assertEquals("Bxd8=R", game.accepts("Bxd8").notation());
        // The document's diagram after Bxd8 shows 3 e.u. on d1 and a black bishop on f8. By the rules
        // d1 keeps the 2 of the previous diagram: every unit of the queen stays on d8, hemmed in by
        // c8, e8, d7 and the edge, so none can reach d1; and f8 has been empty since 3...Bc5.
        assertEquals("""
                r n b R k . n r
                p p p p . p p p
                . . . 3 . . . .
                . . . . . . . .
                2 . . r O . . .
                . . . . . . . .
                O O O . . O O O
                R N . 2 K B N R""", drawn(game.position()));
        // "Kxd8 (* leaving 1 e.u. in e8 *)": the rook's 5 units set out north, east, west, south,
        // north. North, west and south are blocked at once, so four stay on d8 and the king takes
        // them up. The eastern unit runs along the eighth rank: on the document's board it stops on
        // e8, before the bishop it draws on f8; on the board the moves leave, f8 is empty and the
        // unit comes to rest on f8, before the knight on g8.
        Position beforeKxd8 = game.position();
        game.accepts("Kxd8");
        assertEquals(Map.of(Square.of("a4"), 2, Square.of("d1"), 2, Square.of("d6"), 3, Square.of("f8"), 1),
                game.position().physics().energy());
        Play asDrawn = Play.at(withBlackBishopOnF8(beforeKxd8));
        asDrawn.accepts("Kxd8");
        assertEquals(1, asDrawn.position().physics().energy().get(Square.of("e8")), "with the drawn bishop on f8: 1 e.u. in e8");
    }

    private static Position withBlackBishopOnF8(Position p) {
        int[] cells = new int[64];
        for (int sq = 0; sq < 64; sq++) {
            cells[sq] = p.code(sq);
        }
        cells[p.geometry().index(Square.of("f8"))] = cells[p.geometry().index(Square.of("c8"))];
        return p.rearranged(cells, p.castlingRights(), true);
    }

    @Test
    void the_choice_between_several_pieces_is_written_after_the_move() {
        // A white knight takes a black bishop hemmed in on every side: its 3 units all stay on e6,
        // and 3 + 3 = 6 makes a knight or a bishop; the knight keeps its form unless the player
        // writes the other, and a rook (mass 5) is not on offer.
        String boxed = "4k3/4p3/3pbp2/4p3/3N4/8/8/4K3 w - - 0 1";
        Play keep = Play.from(PhysicsVariants.PARTICLE_COLLISION, boxed);
        assertEquals("Nxe6", keep.accepts("Nxe6").notation());
        assertEquals('N', TextDiagram.ranks(keep.position()).get(2).charAt(4));
        Play change = Play.from(PhysicsVariants.PARTICLE_COLLISION, boxed);
        assertEquals("Nxe6=B", change.accepts("Nxe6=B").notation());
        assertEquals('B', TextDiagram.ranks(change.position()).get(2).charAt(4));
        assertEquals(Reason.NOT_A_TRANSFORMATION, Play.from(PhysicsVariants.PARTICLE_COLLISION, boxed).refuses("Nxe6=R").why().reason());
    }

    @Test
    void a_pawn_reaching_its_last_rank_turns_into_one_unit_of_energy() {
        Play game = Play.from(PhysicsVariants.PARTICLE_COLLISION, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        Verdict.Accepted a = game.accepts("b8");
        assertEquals("b8", a.notation());
        assertEquals(Map.of(Square.of("b8"), 1), game.position().physics().energy());
        assertTrue(game.position().pieceAt(Square.of("b8")).isEmpty());
        assertEquals(Reason.PROMOTION_NOT_POSSIBLE, Play.from(PhysicsVariants.PARTICLE_COLLISION, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
                .refuses("b8=Q").why().reason());
    }

    @Test
    void en_passant_releases_the_pawns_energy_from_the_square_it_stood_on() {
        Play game = Play.from(PhysicsVariants.PARTICLE_COLLISION, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").after("d5");
        game.accepts("exd6");
        // White's unit goes south from d5, where the pawn was taken, down the empty d-file to d1
        assertEquals(Map.of(Square.of("d1"), 1), game.position().physics().energy());
    }

    @Test
    void capturing_the_king_wins() {
        Play game = Play.from(PhysicsVariants.PARTICLE_COLLISION, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1");
        Verdict.Accepted a = game.accepts("Rxe8");
        assertEquals(Outcome.Termination.KING_CAPTURED, a.position().outcome().orElseThrow().termination());
    }

    @Test
    void redistribution_lets_a_piece_in_and_sends_the_energy_out_again() {
        // After 3. Qxd4 there is 1 e.u. on d6: d7-d6 (1 + 1 = 2) fits no piece but is allowed here;
        // the pawn stays a pawn and the unit sets out north first (Black's order), running up the
        // d-file the pawn has just left until the queen on d8 stops it on d7.
        Play game = Play.from(PhysicsVariants.PARTICLE_COLLISION_REDISTRIBUTION, null).after("e4", "e5", "d4", "exd4", "Qxd4");
        game.accepts("d6");
        assertEquals(Map.of(Square.of("d7"), 1, Square.of("d1"), 1), game.position().physics().energy());
    }

    @Test
    void pawn_transformation_turns_the_piece_into_a_pawn() {
        Play game = Play.from(PhysicsVariants.PARTICLE_COLLISION_PAWNS, null).after("e4", "e5", "d4", "exd4", "Qxd4");
        Verdict.Accepted a = game.accepts("Bd6");
        assertEquals("Bd6=P", a.notation());
        assertEquals('p', TextDiagram.ranks(game.position()).get(2).charAt(3));
        assertEquals(Map.of(Square.of("d1"), 1), game.position().physics().energy());
    }

    @Test
    void the_three_keys_are_in_the_catalogue() {
        for (String key : List.of("particle-collision", "particle-collision-redistribution", "particle-collision-pawns")) {
            assertTrue(VariantCatalog.all().stream().anyMatch(v -> v.key().equals(key)), key);
        }
    }
}
