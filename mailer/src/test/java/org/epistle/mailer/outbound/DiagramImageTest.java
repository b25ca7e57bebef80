package org.epistle.mailer.outbound;

import static org.epistle.mailer.outbound.DiagramImage.MARGIN;
import static org.epistle.mailer.outbound.DiagramImage.SQUARE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class DiagramImageTest {

    private static final List<String> START = List.of("rnbqkbnr", "pppppppp", "........", "........",
            "........", "........", "PPPPPPPP", "RNBQKBNR");

    private static BufferedImage decode(byte[] png) throws IOException {
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4), "PNG signature");
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertTrue(image != null, "ImageIO decodes the PNG");
        return image;
    }

    /** Top-left pixel of a square on an 8x8 board, by name. */
    private static int px(String square) {
        return MARGIN + (square.charAt(0) - 'a') * SQUARE;
    }

    private static int py(String square) {
        return MARGIN + (8 - (square.charAt(1) - '0')) * SQUARE;
    }

    private static Color at(BufferedImage image, int x, int y) {
        return new Color(image.getRGB(x, y));
    }

    private static boolean isRed(Color c) {
        return c.getRed() > 180 && c.getGreen() < 80 && c.getBlue() < 80;
    }

    @Test void draws_without_a_display() {
        DiagramImage.width(8);                                   // loads the class, which asks for headless mode
        assertEquals("true", System.getProperty("java.awt.headless"));
        assertTrue(GraphicsEnvironment.isHeadless());
    }

    @Test void an_eight_by_eight_board_has_the_documented_size() throws IOException {
        BufferedImage image = decode(DiagramImage.png(START, Set.of(), Set.of()));

        assertEquals(2 * MARGIN + 8 * SQUARE, image.getWidth());
        assertEquals(2 * MARGIN + 8 * SQUARE, image.getHeight());
        assertEquals(DiagramImage.width(8), image.getWidth());
        assertEquals(DiagramImage.height(8), image.getHeight());
    }

    @Test void a1_is_dark_and_h1_light() throws IOException {
        BufferedImage image = decode(DiagramImage.png(List.of("........", "........", "........", "........",
                "........", "........", "........", "........"), Set.of(), Set.of()));

        assertEquals(DiagramImage.DARK.getRGB(), image.getRGB(px("a1") + 2, py("a1") + 2));
        assertEquals(DiagramImage.LIGHT.getRGB(), image.getRGB(px("h1") + 2, py("h1") + 2));
        assertEquals(DiagramImage.LIGHT.getRGB(), image.getRGB(px("a8") + 2, py("a8") + 2));
    }

    @Test void a_marked_square_has_a_red_frame_and_its_neighbour_none() throws IOException {
        BufferedImage image = decode(DiagramImage.png(START, Set.of("e4", "e1"), Set.of()));

        for (String sq : List.of("e4", "e1")) {
            int x = px(sq);
            int y = py(sq);
            assertTrue(isRed(at(image, x + 1, y + SQUARE / 2)), sq + " left edge: " + at(image, x + 1, y + SQUARE / 2));
            assertTrue(isRed(at(image, x + SQUARE - 2, y + SQUARE / 2)), sq + " right edge");
            assertTrue(isRed(at(image, x + SQUARE / 2, y + 1)), sq + " top edge");
            assertTrue(isRed(at(image, x + SQUARE / 2, y + SQUARE - 2)), sq + " bottom edge");
            Color halo = at(image, x + 4, y + SQUARE / 2);
            assertTrue(halo.getRed() > 220 && halo.getGreen() > 200, sq + " has a light halo inside the frame: " + halo);
        }
        assertEquals(DiagramImage.DARK.getRGB(), image.getRGB(px("d4") + SQUARE - 2, py("d4") + SQUARE / 2),
                "the square beside a marked one keeps its colour");
    }

    @Test void moved_squares_are_tinted() throws IOException {
        BufferedImage plain = decode(DiagramImage.png(START, Set.of(), Set.of()));
        BufferedImage moved = decode(DiagramImage.png(START, Set.of(), List.of("e2", "e4")));

        for (String sq : List.of("e2", "e4")) {
            Color before = at(plain, px(sq) + 2, py(sq) + 2);
            Color after = at(moved, px(sq) + 2, py(sq) + 2);
            assertNotEquals(before, after, sq);
            assertTrue(after.getRed() >= before.getRed() && after.getBlue() < before.getBlue(), sq + " turns yellow: " + after);
        }
        assertEquals(plain.getRGB(px("d4") + 2, py("d4") + 2), moved.getRGB(px("d4") + 2, py("d4") + 2));
    }

    @Test void energy_on_a_square_is_an_amber_disc_and_a_square_without_stays_plain() throws IOException {
        BufferedImage image = decode(DiagramImage.png(START, Set.of(), Set.of(), List.of(), java.util.Map.of("d6", 3, "z9", 1, "e6", 0)));
        // inside the disc, left of the number in the middle
        Color d6 = at(image, px("d6") + SQUARE / 2 - (int) (SQUARE * 0.18), py("d6") + SQUARE / 2);
        assertEquals(DiagramImage.ENERGY.getRGB(), d6.getRGB(), "amber on d6: " + d6);
        assertEquals(DiagramImage.LIGHT.getRGB(), image.getRGB(px("e6") + SQUARE / 2, py("e6") + SQUARE / 2), "no disc for 0");
        BufferedImage plain = decode(DiagramImage.png(START, Set.of(), Set.of()));
        assertEquals(DiagramImage.DARK.getRGB(), plain.getRGB(px("d6") + SQUARE / 2, py("d6") + SQUARE / 2));
    }

    @Test void pieces_are_figurines_white_inside_for_white_and_black_inside_for_black() throws IOException {
        BufferedImage image = decode(DiagramImage.png(START, Set.of(), Set.of()));

        // the middle of a pawn's body, and beside its head, where a figurine leaves the square bare
        Color white = at(image, px("a2") + SQUARE / 2, py("a2") + 28);
        Color black = at(image, px("a7") + SQUARE / 2, py("a7") + 28);
        assertTrue(white.getRed() > 230 && white.getGreen() > 230 && white.getBlue() > 230, "white pawn: " + white);
        assertTrue(black.getRed() < 60 && black.getGreen() < 60 && black.getBlue() < 60, "black pawn: " + black);
        assertEquals(DiagramImage.DARK.getRGB(), image.getRGB(px("a7") + 6, py("a7") + 12), "no disc around the pawn (a7 is dark)");
    }

    @Test void an_army_piece_is_drawn_by_its_own_picture() throws IOException {
        List<String> ranks = List.of("........", "........", "........", "........", "........", "........", "........", "R......R");
        BufferedImage image = decode(DiagramImage.png(DiagramImage.Picture.of(ranks).withFigures(java.util.Map.of("a1", "Charging Rook"))));
        int differing = 0;
        for (int dy = 0; dy < SQUARE; dy++) {
            for (int dx = 0; dx < SQUARE; dx++) {
                // a1 is dark and h1 light, so compare each with the same figure's pixels only where the figure is drawn
                Color a = at(image, px("a1") + dx, py("a1") + dy);
                Color h = at(image, px("h1") + dx, py("h1") + dy);
                boolean aBare = a.getRGB() == DiagramImage.DARK.getRGB();
                boolean hBare = h.getRGB() == DiagramImage.LIGHT.getRGB();
                if (aBare != hBare) {
                    differing++;
                }
            }
        }
        assertTrue(differing > 60, "the Charging Rook's outline differs from the rook's in " + differing + " pixels");
        // its forward mark, an arrowhead in the top right corner, pointing up for White
        Color mark = at(image, px("a1") + 34, py("a1") + 7);
        assertTrue(mark.getRed() < 60, "the forward mark: " + mark);
        assertEquals(DiagramImage.LIGHT.getRGB(), image.getRGB(px("h1") + 34, py("h1") + 7), "a plain rook has none");
    }

    @Test void a_king_in_check_stands_on_a_dark_red_disc() throws IOException {
        BufferedImage image = decode(DiagramImage.png(DiagramImage.Picture.of(START).withChecked(List.of("e8", "q9"))));
        Color beside = at(image, px("e8") + 10, py("e8") + 8); // inside the disc, clear of the king
        assertTrue(beside.getRed() > 150 && beside.getGreen() < 40 && beside.getBlue() < 40, "red beside the king: " + beside);
        assertTrue(lightness(beside) < lightness(DiagramImage.DARK) - 20, "darker than a dark square, not only redder");
        BufferedImage plain = decode(DiagramImage.png(START, Set.of(), Set.of()));
        assertEquals(at(plain, px("e1") + 10, py("e1") + 8), at(image, px("e1") + 10, py("e1") + 8));
    }

    @Test void the_field_draws_a_ring_where_a_piece_stood_and_an_arrow_to_it() throws IOException {
        List<String> ranks = List.of("........", "........", "........", "...Q....", "...b....", "........", "........", "........");
        BufferedImage plain = decode(DiagramImage.png(DiagramImage.Picture.of(ranks)));
        BufferedImage field = decode(DiagramImage.png(DiagramImage.Picture.of(ranks).withField(List.of("pulled:d2-d4", "pushed:z1-a1"))));
        // the ring on d2, left of its centre
        Color ring = at(field, px("d2") + SQUARE / 2 - 8, py("d2") + SQUARE / 2);
        assertTrue(lightness(ring) < 60, "a dark ring on d2: " + ring);
        // the shaft, half way up d3
        Color shaft = at(field, px("d3") + SQUARE / 2, py("d3") + SQUARE / 2);
        assertTrue(lightness(shaft) < 60, "the arrow crosses d3: " + shaft);
        assertEquals(at(plain, px("d4") + SQUARE / 2, py("d4") + SQUARE / 2), at(field, px("d4") + SQUARE / 2, py("d4") + SQUARE / 2),
                "the head stops at the bishop's rim: the bishop itself is not covered");
    }

    private static int lightness(Color c) {
        return (c.getRed() * 299 + c.getGreen() * 587 + c.getBlue() * 114) / 1000;
    }

    @Test void large_and_irregular_boards_are_drawn() throws IOException {
        List<String> big = Collections.nCopies(16, "R..............r");
        BufferedImage image = decode(DiagramImage.png(big, Set.of("p16", "a10"), Set.of("z9", "e99", "nonsense")));

        assertEquals(DiagramImage.width(16), image.getWidth());
        assertEquals(DiagramImage.height(16), image.getHeight());
        assertTrue(isRed(at(image, MARGIN + 15 * SQUARE + 1, MARGIN + SQUARE / 2)), "p16 is the top right square");

        BufferedImage ragged = decode(DiagramImage.png(List.of("rnbqkbnrrn", "....", "RNBQKBNRRN"), Set.of(), Set.of()));
        assertEquals(DiagramImage.width(10), ragged.getWidth());
        assertEquals(DiagramImage.height(3), ragged.getHeight());
    }

    @Test void an_empty_or_oversized_board_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> DiagramImage.png(List.of(), Set.of(), Set.of()));
        assertThrows(IllegalArgumentException.class, () -> DiagramImage.png(List.of(""), Set.of(), Set.of()));
        assertThrows(IllegalArgumentException.class,
                () -> DiagramImage.png(Collections.nCopies(17, "........"), Set.of(), Set.of()));
    }

    @Test void pieces_in_motion_are_drawn_as_arrows_to_where_they_go_next() throws IOException {
        List<String> ranks = List.of("........", "........", "........", "........", "........", "...B....", "........", "........");
        BufferedImage plain = decode(DiagramImage.png(ranks, Set.of(), Set.of()));
        BufferedImage arrows = decode(DiagramImage.png(ranks, Set.of(), Set.of(), List.of("d3-b5", "h1-i9")));
        // halfway between the centres of d3 and b5 lies the middle of c4
        int x = px("c4") + SQUARE / 2;
        int y = py("c4") + SQUARE / 2;
        Color c = at(arrows, x, y);
        assertTrue(c.getBlue() > c.getRed() + 40, () -> "arrow colour at c4: " + c);
        assertTrue(!c.equals(at(plain, x, y)));
        // the arrow reaches b5's centre with its head, and leaves the bishop on d3 uncovered
        Color head = at(arrows, px("b5") + SQUARE / 2 + 3, py("b5") + SQUARE / 2 + 3);
        assertTrue(head.getBlue() > head.getRed() + 40, () -> "the head on b5: " + head);
        assertEquals(at(plain, px("d3") + SQUARE / 2, py("d3") + SQUARE / 2), at(arrows, px("d3") + SQUARE / 2, py("d3") + SQUARE / 2));
        // squares off the board are ignored rather than refused
        assertEquals(at(plain, px("h1") + 5, py("h1") + 5), at(arrows, px("h1") + 5, py("h1") + 5));
    }

    @Test void a_second_piece_on_a_square_is_drawn_small_in_its_top_right_corner() throws IOException {
        List<String> ranks = List.of("........", "........", "........", "......p.", "........", "........", "........", "........");
        BufferedImage alone = decode(DiagramImage.png(ranks, Set.of(), Set.of(), List.of(), java.util.Map.of()));
        BufferedImage shared = decode(DiagramImage.png(ranks, Set.of(), Set.of(), List.of(), java.util.Map.of(), List.of("g5:R", "z9:Q")));
        // the white rook, small, lies in g5's top right corner, where the square was bare: white inside, a dark outline
        int size = (int) (SQUARE * 0.45);
        int light = 0;
        int changed = 0;
        for (int y = py("g5"); y < py("g5") + size; y++) {
            for (int x = px("g5") + SQUARE - size; x < px("g5") + SQUARE; x++) {
                Color c = at(shared, x, y);
                light += c.getRed() > 235 && c.getGreen() > 235 && c.getBlue() > 235 ? 1 : 0;
                changed += c.equals(at(alone, x, y)) ? 0 : 1;
            }
        }
        assertTrue(light > 15, "a white piece in the corner: " + light + " white pixels");
        assertTrue(changed > 60, "without the second piece the corner is bare: " + changed);
        // the black pawn in the middle is still drawn
        assertEquals(at(alone, px("g5") + SQUARE / 2, py("g5") + SQUARE - 8), at(shared, px("g5") + SQUARE / 2, py("g5") + SQUARE - 8));
    }

    @Test void realm_chess_boards_show_the_borders_of_the_sixteen_realms() throws IOException {
        List<String> empty = java.util.Collections.nCopies(8, "........");
        BufferedImage plain = decode(DiagramImage.png(DiagramImage.Picture.of(empty)));
        BufferedImage realms = decode(DiagramImage.png(DiagramImage.Picture.of(empty).withRealms(2)));
        // the line between the b- and c-files, half way up a3, is drawn; the one between a and b is not (same realm)
        Color border = at(realms, px("c3"), py("c3") + SQUARE / 2);
        assertEquals(DiagramImage.REALM_BORDER, border);
        assertTrue(!border.equals(at(plain, px("c3"), py("c3") + SQUARE / 2)));
        assertEquals(at(plain, px("b3"), py("b3") + SQUARE / 2), at(realms, px("b3"), py("b3") + SQUARE / 2));
        // and between the 2nd and 3rd ranks, under e3
        assertEquals(DiagramImage.REALM_BORDER, at(realms, px("e3") + SQUARE / 2, py("e3") + SQUARE));
        assertEquals(at(plain, px("e4") + SQUARE / 2, py("e4") + SQUARE), at(realms, px("e4") + SQUARE / 2, py("e4") + SQUARE));
    }
}
