package org.epistle.core.rules.piece;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.epistle.core.rules.piece.Step.Mode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Betza's notation read the way Betza wrote it. Every expected move set below is written out
 * from the piece's description, in the piece's own frame: {@code dy > 0} is forward,
 * {@code dx > 0} is to the mover's right. Vectors are "dx,dy".
 */
class BetzaTest {
    /** How far from the piece we look: far enough for every leaper, and eight steps of a rider. */
    private static final int WINDOW = 8;

    private static final String ORTHOGONALS = "0,1 1,0 0,-1 -1,0";
    private static final String DIAGONALS = "1,1 1,-1 -1,-1 -1,1";
    private static final String KNIGHT = "1,2 2,1 2,-1 1,-2 -1,-2 -2,-1 -2,1 -1,2";

    /** Every vector the definition reaches, within the window. */
    private static Set<String> reach(String betza) {
        Movement m = Betza.parse(betza);
        Set<String> out = new TreeSet<>();
        for (int dx = -WINDOW; dx <= WINDOW; dx++) {
            for (int dy = -WINDOW; dy <= WINDOW; dy++) {
                if (m.reaches(dx, dy)) {
                    out.add(dx + "," + dy);
                }
            }
        }
        return out;
    }

    /** Single leaps, written out one by one. */
    private static Set<String> leaps(String vectors) {
        return new TreeSet<>(Arrays.asList(vectors.trim().split("\\s+")));
    }

    /** Rides: each vector repeated as far as the window goes. */
    private static Set<String> rides(String vectors) {
        Set<String> out = new TreeSet<>();
        for (String v : leaps(vectors)) {
            String[] xy = v.split(",");
            int x = Integer.parseInt(xy[0]);
            int y = Integer.parseInt(xy[1]);
            for (int k = 1; Math.abs(k * x) <= WINDOW && Math.abs(k * y) <= WINDOW; k++) {
                out.add(k * x + "," + k * y);
            }
        }
        return out;
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> out = new TreeSet<>();
        for (Set<String> s : sets) {
            out.addAll(s);
        }
        return out;
    }

    private static Set<Step> steps(String betza) {
        return new HashSet<>(Betza.parse(betza).steps());
    }

    private static Step step(int dx, int dy) {
        return new Step(dx, dy, 1, Mode.BOTH, false, false);
    }

    @Nested
    class Atoms {
        @Test
        void the_wazir_steps_one_square_orthogonally() {
            assertEquals(leaps(ORTHOGONALS), reach("W"));
        }

        @Test
        void the_ferz_steps_one_square_diagonally() {
            assertEquals(leaps(DIAGONALS), reach("F"));
        }

        @Test
        void the_dabbaba_leaps_two_squares_orthogonally() {
            assertEquals(leaps("0,2 2,0 0,-2 -2,0"), reach("D"));
        }

        @Test
        void the_knight_leaps_one_square_one_way_and_two_the_other() {
            assertEquals(leaps(KNIGHT), reach("N"));
        }

        @Test
        void the_alfil_leaps_two_squares_diagonally() {
            assertEquals(leaps("2,2 2,-2 -2,-2 -2,2"), reach("A"));
        }

        @Test
        void the_threeleaper_leaps_three_squares_orthogonally() {
            assertEquals(leaps("0,3 3,0 0,-3 -3,0"), reach("H"));
        }

        @Test
        void the_camel_leaps_one_square_one_way_and_three_the_other() {
            assertEquals(leaps("1,3 3,1 3,-1 1,-3 -1,-3 -3,-1 -3,1 -1,3"), reach("C"));
        }

        @Test
        void l_is_the_camel_too() {
            assertEquals(leaps("1,3 3,1 3,-1 1,-3 -1,-3 -3,-1 -3,1 -1,3"), reach("L"));
            assertEquals(Betza.parse("C"), Betza.parse("L"));
        }

        @Test
        void the_zebra_leaps_two_squares_one_way_and_three_the_other() {
            assertEquals(leaps("2,3 3,2 3,-2 2,-3 -2,-3 -3,-2 -3,2 -2,3"), reach("Z"));
        }

        @Test
        void j_is_the_zebra_too() {
            assertEquals(leaps("2,3 3,2 3,-2 2,-3 -2,-3 -3,-2 -3,2 -2,3"), reach("J"));
            assertEquals(Betza.parse("Z"), Betza.parse("J"));
        }

        @Test
        void the_tripper_leaps_three_squares_diagonally() {
            assertEquals(leaps("3,3 3,-3 -3,-3 -3,3"), reach("G"));
        }

        @Test
        void the_king_steps_one_square_in_any_direction() {
            assertEquals(leaps(ORTHOGONALS + " " + DIAGONALS), reach("K"));
            assertEquals(Betza.parse("WF"), Betza.parse("K"));
        }

        @Test
        void a_leaper_leaps_once_each_way() {
            assertTrue(Betza.parse("N").steps().stream().allMatch(Step::isLeap));
            assertEquals(8, Betza.parse("N").steps().size());
        }
    }

    @Nested
    class Riders {
        @Test
        void the_rook_rides_along_ranks_and_files() {
            assertEquals(rides(ORTHOGONALS), reach("R"));
        }

        @Test
        void the_bishop_rides_along_diagonals() {
            assertEquals(rides(DIAGONALS), reach("B"));
        }

        @Test
        void the_queen_rides_like_rook_and_bishop() {
            assertEquals(rides(ORTHOGONALS + " " + DIAGONALS), reach("Q"));
            assertEquals(Betza.parse("RB"), Betza.parse("Q"));
        }

        @Test
        void a_rider_has_one_unlimited_step_per_direction() {
            assertEquals(Set.of(
                    new Step(0, 1, Step.UNLIMITED, Mode.BOTH, false, false),
                    new Step(1, 0, Step.UNLIMITED, Mode.BOTH, false, false),
                    new Step(0, -1, Step.UNLIMITED, Mode.BOTH, false, false),
                    new Step(-1, 0, Step.UNLIMITED, Mode.BOTH, false, false)), steps("R"));
        }

        @Test
        void a_doubled_leaper_rides_the_nightrider() {
            Movement nightrider = Betza.parse("NN");
            assertAll(
                    () -> assertTrue(nightrider.reaches(2, 1)),
                    () -> assertTrue(nightrider.reaches(4, 2)),
                    () -> assertTrue(nightrider.reaches(6, 3)),
                    () -> assertTrue(nightrider.reaches(-3, -6)),
                    () -> assertFalse(nightrider.reaches(3, 2)),
                    () -> assertFalse(nightrider.reaches(2, 2)));
            assertEquals(rides(KNIGHT), reach("NN"));
            assertTrue(nightrider.steps().stream().allMatch(s -> s.range() == Step.UNLIMITED));
        }

        @Test
        void a_single_knight_does_not_ride() {
            assertFalse(Betza.parse("N").reaches(4, 2));
        }

        @Test
        void a_doubled_wazir_is_the_rook() {
            assertEquals(Betza.parse("R"), Betza.parse("WW"));
        }

        @Test
        void a_number_limits_a_riders_range() {
            Movement shortRook = Betza.parse("R4");
            assertAll(
                    () -> assertTrue(shortRook.reaches(0, 4)),
                    () -> assertTrue(shortRook.reaches(-4, 0)),
                    () -> assertFalse(shortRook.reaches(0, 5)),
                    () -> assertFalse(shortRook.reaches(5, 0)));
            assertEquals(Set.of(
                    new Step(0, 1, 4, Mode.BOTH, false, false),
                    new Step(1, 0, 4, Mode.BOTH, false, false),
                    new Step(0, -1, 4, Mode.BOTH, false, false),
                    new Step(-1, 0, 4, Mode.BOTH, false, false)), steps("R4"));
        }

        @Test
        void a_range_limited_bishop_stops_short_too() {
            assertEquals(leaps("1,1 2,2 1,-1 2,-2 -1,-1 -2,-2 -1,1 -2,2"), reach("B2"));
        }
    }

    @Nested
    class Directions {
        @Test
        void one_letter_picks_one_orthogonal_step() {
            assertAll(
                    () -> assertEquals(leaps("0,1"), reach("fW")),
                    () -> assertEquals(leaps("0,-1"), reach("bW")),
                    () -> assertEquals(leaps("-1,0"), reach("lW")),
                    () -> assertEquals(leaps("1,0"), reach("rW")),
                    () -> assertEquals(leaps("0,1 0,-1"), reach("vW")),
                    () -> assertEquals(leaps("1,0 -1,0"), reach("sW")));
        }

        @Test
        void the_direction_of_a_step_is_in_the_movers_own_frame() {
            assertEquals(Set.of(step(0, 1)), steps("fW"));
            assertEquals(Set.of(step(1, 0)), steps("rW"));
        }

        @Test
        void one_letter_picks_the_two_diagonals_on_that_side() {
            assertAll(
                    () -> assertEquals(leaps("1,1 -1,1"), reach("fF")),
                    () -> assertEquals(leaps("1,-1 -1,-1"), reach("bF")),
                    () -> assertEquals(leaps("-1,1 -1,-1"), reach("lF")),
                    () -> assertEquals(leaps("1,1 1,-1"), reach("rF")));
        }

        @Test
        void directions_apply_to_every_step_of_a_rider() {
            assertAll(
                    () -> assertEquals(rides("0,1"), reach("fR")),
                    () -> assertEquals(rides("0,-1"), reach("bR")),
                    () -> assertEquals(rides("0,1 0,-1"), reach("vR")),
                    () -> assertEquals(rides("1,0 -1,0"), reach("sR")),
                    () -> assertEquals(rides("1,1 -1,1"), reach("fB")),
                    () -> assertEquals(rides("-1,1 -1,-1"), reach("lB")));
        }

        @Test
        void several_letters_are_a_union() {
            assertEquals(rides("0,1 1,0 -1,0"), reach("frlR"));
            assertEquals(leaps("1,0 -1,0 0,-1"), reach("rlbW"));
        }

        @Test
        void fmW_and_mfW_are_the_same_piece() {
            assertEquals(Betza.parse("fmW"), Betza.parse("mfW"));
        }

        @Test
        void the_two_letter_directions_on_the_dabbaba_alfil_and_threeleaper() {
            assertAll(
                    () -> assertEquals(leaps("0,2"), reach("fD")),
                    () -> assertEquals(leaps("2,0 -2,0"), reach("sD")),
                    () -> assertEquals(leaps("2,2 -2,2"), reach("fA")),
                    () -> assertEquals(leaps("0,-3"), reach("bH")),
                    () -> assertEquals(leaps("3,3 -3,3"), reach("fG")));
        }
    }

    @Nested
    class KnightDirections {
        @Test
        void a_bare_f_on_the_knight_picks_the_two_narrow_forward_moves() {
            assertEquals(leaps("1,2 -1,2"), reach("fN"));
        }

        @Test
        void a_bare_b_on_the_knight_picks_the_two_narrow_backward_moves() {
            assertEquals(leaps("1,-2 -1,-2"), reach("bN"));
        }

        @Test
        void fh_on_the_knight_picks_all_four_forward_moves() {
            assertEquals(leaps("1,2 -1,2 2,1 -2,1"), reach("fhN"));
        }

        @Test
        void bh_on_the_knight_picks_all_four_backward_moves() {
            assertEquals(leaps("1,-2 -1,-2 2,-1 -2,-1"), reach("bhN"));
        }

        @Test
        void l_and_r_on_the_knight_pick_the_two_wide_moves_on_that_side() {
            assertEquals(leaps("-2,1 -2,-1"), reach("lN"));
            assertEquals(leaps("2,1 2,-1"), reach("rN"));
        }

        @Test
        void lh_and_rh_on_the_knight_pick_all_four_moves_on_that_side() {
            assertEquals(leaps("-2,1 -2,-1 -1,2 -1,-2"), reach("lhN"));
            assertEquals(leaps("2,1 2,-1 1,2 1,-2"), reach("rhN"));
        }

        @Test
        void v_and_s_on_the_knight_pick_the_narrow_and_the_wide_moves() {
            assertEquals(leaps("1,2 -1,2 1,-2 -1,-2"), reach("vN"));
            assertEquals(leaps("2,1 -2,1 2,-1 -2,-1"), reach("sN"));
        }

        @Test
        void fb_on_the_knight_is_the_fibnif_knight_part() {
            assertEquals(leaps("1,2 -1,2 1,-2 -1,-2"), reach("fbN"));
        }

        @Test
        void the_same_reading_holds_for_the_camel_and_zebra() {
            assertEquals(leaps("1,3 -1,3"), reach("fC"));
            assertEquals(leaps("1,3 -1,3 3,1 -3,1"), reach("fhC"));
            assertEquals(leaps("2,3 -2,3"), reach("fZ"));
        }

        @Test
        void fh_is_more_than_f() {
            assertNotEquals(Betza.parse("fN"), Betza.parse("fhN"));
        }
    }

    @Nested
    class KingAndQueenDirections {
        @Test
        void r_l_and_s_on_the_king_pick_only_the_sideways_steps() {
            assertAll(
                    () -> assertEquals(leaps("1,0"), reach("rK")),
                    () -> assertEquals(leaps("-1,0"), reach("lK")),
                    () -> assertEquals(leaps("1,0 -1,0"), reach("sK")));
        }

        @Test
        void f_and_b_on_the_king_pick_the_orthogonal_step_and_both_diagonals_on_that_side() {
            assertEquals(leaps("0,1 1,1 -1,1"), reach("fK"));
            assertEquals(leaps("0,-1 1,-1 -1,-1"), reach("bK"));
        }

        @Test
        void the_charging_rooks_king_part_steps_sideways_and_back() {
            assertEquals(leaps("1,0 -1,0 0,-1 1,-1 -1,-1"), reach("rlbK"));
        }

        @Test
        void r_l_and_s_on_the_queen_pick_only_the_sideways_rides() {
            assertAll(
                    () -> assertEquals(rides("1,0"), reach("rQ")),
                    () -> assertEquals(rides("-1,0"), reach("lQ")),
                    () -> assertEquals(rides("1,0 -1,0"), reach("sQ")));
        }

        @Test
        void f_and_b_on_the_queen_pick_the_file_and_both_diagonals_on_that_side() {
            assertEquals(rides("0,1 1,1 -1,1"), reach("fQ"));
            assertEquals(rides("0,-1 1,-1 -1,-1"), reach("bQ"));
        }

        @Test
        void the_forequeens_queen_part_rides_forward_sideways_and_forward_diagonally() {
            assertEquals(rides("0,1 1,0 -1,0 1,1 -1,1"), reach("fsQ"));
        }

        @Test
        void frlRbK_is_the_same_piece_as_frlRrlbK() {
            assertEquals(Betza.parse("frlRrlbK"), Betza.parse("frlRbK"));
        }

        @Test
        void the_charging_rook_rides_forward_and_sideways_and_steps_back_like_a_king() {
            assertEquals(union(rides("0,1 1,0 -1,0"), leaps("0,-1 1,-1 -1,-1")), reach("frlRrlbK"));
        }
    }

    @Nested
    class Modes {
        @Test
        void m_moves_without_capturing() {
            Set<Step> steps = steps("mN");
            assertEquals(8, steps.size());
            assertTrue(steps.stream().allMatch(s -> s.mode() == Mode.MOVE));
            assertFalse(Mode.MOVE.captures());
        }

        @Test
        void c_captures_only() {
            Set<Step> steps = steps("cF");
            assertEquals(4, steps.size());
            assertTrue(steps.stream().allMatch(s -> s.mode() == Mode.CAPTURE));
            assertFalse(Mode.CAPTURE.moves());
        }

        @Test
        void no_mode_letter_moves_and_captures() {
            assertTrue(steps("N").stream().allMatch(s -> s.mode() == Mode.BOTH));
        }

        @Test
        void i_is_for_the_initial_move_only() {
            assertEquals(Set.of(new Step(0, 2, 1, Mode.BOTH, true, false)), steps("ifD"));
        }

        @Test
        void n_makes_a_leap_lame() {
            assertEquals(Set.of(new Step(0, 2, 1, Mode.BOTH, false, true)), steps("nfD"));
            Step lameKnight = new Step(1, 2, 1, Mode.BOTH, false, true);
            assertTrue(steps("nN").contains(lameKnight));
            assertEquals(List.of(0, 1), Arrays.stream(lameKnight.passedOver()[0]).boxed().toList(),
                    "a lame knight is blocked on the square one step along its longer leg");
        }

        @Test
        void a_move_only_step_and_a_capture_only_step_make_one_that_does_both() {
            assertEquals(Betza.parse("W"), Betza.parse("mWcW"));
        }

        @Test
        void the_pawn_moves_forward_captures_diagonally_and_may_first_step_two_over_an_empty_square() {
            assertEquals(Set.of(
                    new Step(0, 1, 1, Mode.MOVE, false, false),
                    new Step(1, 1, 1, Mode.CAPTURE, false, false),
                    new Step(-1, 1, 1, Mode.CAPTURE, false, false),
                    new Step(0, 2, 1, Mode.MOVE, true, true)), steps("fmWfcFifmnD"));
        }
    }

    @Nested
    class Colours {
        @Test
        void pieces_of_even_leaps_are_colourbound() {
            assertTrue(Betza.parse("BD").isColorbound());
            assertTrue(Betza.parse("FAD").isColorbound());
            assertTrue(Betza.parse("B").isColorbound());
        }

        @Test
        void pieces_with_an_odd_leap_change_colour() {
            assertFalse(Betza.parse("WA").isColorbound());
            assertFalse(Betza.parse("BN").isColorbound());
            assertFalse(Betza.parse("R4").isColorbound());
        }
    }

    @Nested
    class Malformed {
        private BetzaException rejected(String definition) {
            return assertThrows(BetzaException.class, () -> Betza.parse(definition), definition);
        }

        @Test
        void an_unknown_atom_is_named() {
            BetzaException e = rejected("fXq");
            assertTrue(e.getMessage().contains("'X'"), e.getMessage());
            assertEquals(1, e.position());
        }

        @Test
        void an_unknown_modifier_is_named() {
            BetzaException e = rejected("Nq");
            assertTrue(e.getMessage().contains("'q'"), e.getMessage());
            assertTrue(e.getMessage().contains("character 2"), e.getMessage());
        }

        @Test
        void modifiers_without_an_atom_are_rejected() {
            BetzaException e = rejected("fh");
            assertTrue(e.getMessage().contains("no atom"), e.getMessage());
            assertTrue(e.getMessage().contains("character 2"), e.getMessage());
            assertTrue(rejected("f").getMessage().contains("no atom"));
        }

        @Test
        void h_must_follow_a_direction() {
            BetzaException e = rejected("hN");
            assertTrue(e.getMessage().contains("'h'"), e.getMessage());
            assertEquals(0, e.position());
        }

        @Test
        void a_range_of_zero_is_rejected() {
            BetzaException e = rejected("R0");
            assertTrue(e.getMessage().contains("character 2"), e.getMessage());
            assertTrue(e.getMessage().contains("range"), e.getMessage());
        }

        @Test
        void a_range_too_long_to_read_is_rejected_as_a_betza_error() {
            BetzaException e = rejected("R99999999999");
            assertTrue(e.getMessage().contains("character 2"), e.getMessage());
        }

        @Test
        void an_empty_definition_is_rejected() {
            assertTrue(rejected("").getMessage().contains("empty"));
            assertTrue(rejected("   ").getMessage().contains("empty"));
        }

        @Test
        void a_character_that_is_neither_atom_nor_modifier_is_named() {
            assertTrue(rejected("N!").getMessage().contains("'!'"));
            assertTrue(rejected("4N").getMessage().contains("'4'"));
        }

        @Test
        void the_message_quotes_the_whole_definition() {
            assertTrue(rejected("fXq").getMessage().contains("\"fXq\""));
        }
    }
}
