package org.epistle.web.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.epistle.core.rules.board.Piece;
import org.epistle.core.rules.board.Side;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.physics.Play;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.piece.Army;
import org.epistle.core.rules.position.Physics;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.epistle.web.svg.BoardSvg;
import org.epistle.web.svg.Frame;
import org.epistle.web.svg.Layer;
import org.epistle.web.svg.SvgWriter;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

/** The board drawing: its layers, its text alternative, and layers added for new mechanics. */
class BoardSvgTest {
    static final Position START = Position.start(new Ruleset(VariantCatalog.CHESS, Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES));

    private static Document xml(String svg) {
        return Jsoup.parse(svg, "", Parser.xmlParser());
    }

    @Test void the_board_has_its_squares_pieces_and_coordinates_in_a_scalable_view_box() {
        Document svg = xml(BoardSvg.of(START).render());

        assertEquals("0 0 360 360", svg.selectFirst("svg").attr("viewBox"));
        assertEquals(64, svg.select("rect.sq").size());
        assertEquals(32, svg.select("g.piece").size());
        assertEquals(16, svg.select("g.piece.white").size());
        assertEquals("#b58863", svg.selectFirst("rect[data-square=a1]").attr("fill"), "a1 is dark");
        assertEquals("King", svg.selectFirst("g.piece.black[data-square=e8] g.figure").attr("data-figure"));
        String drawing = svg.selectFirst("g.piece[data-square=e8] g.figure use").attr("href");
        assertFalse(svg.select("defs g" + drawing + " path").isEmpty(), "drawn as a figurine: " + drawing);
        assertEquals("N", svg.selectFirst("g.piece[data-square=g1]").attr("data-token"));
        assertEquals("", svg.selectFirst("g.piece[data-square=e2]").attr("data-token"));
        assertEquals(32, svg.select("g.coordinates text").size());
    }

    @Test void each_figure_and_colour_is_drawn_once_and_every_man_of_it_refers_to_that_drawing() {
        Document svg = xml(BoardSvg.of(START).identified("shown").render());

        // six kinds of men in two colours: twelve drawings for the 32 men, and no path outside them
        assertEquals(12, svg.select("defs > g[id]").size());
        assertTrue(svg.select("g.pieces path").isEmpty(), "the men only refer to the drawings");
        assertEquals(32, svg.select("g.piece g.figure use").size());
        List<String> ids = svg.select("defs > g[id]").eachAttr("id");
        assertTrue(ids.stream().allMatch(id -> id.startsWith("shown-figure-")), "ids unique to this board: " + ids);
        for (org.jsoup.nodes.Element use : svg.select("g.piece g.figure use")) {
            assertTrue(ids.contains(use.attr("href").substring(1)), use.outerHtml());
        }
        String whitePawn = svg.selectFirst("g.piece[data-square=e2] use").attr("href");
        assertEquals(whitePawn, svg.selectFirst("g.piece[data-square=a2] use").attr("href"));
        assertNotEquals(whitePawn, svg.selectFirst("g.piece[data-square=e7] use").attr("href"), "Black's pawn is drawn black");
        assertEquals("translate(180 260) scale(0.889)", svg.selectFirst("g.piece[data-square=e2] g.figure").attr("transform"));
    }

    @Test void seen_from_black_the_board_turns_round() {
        Document svg = xml(BoardSvg.of(START).flipped(true).render());

        assertEquals("300", svg.selectFirst("rect[data-square=a1]").attr("x"));
        assertEquals("20", svg.selectFirst("rect[data-square=a1]").attr("y"));
        assertEquals("20", svg.selectFirst("rect[data-square=h8]").attr("x"));
        assertEquals("300", svg.selectFirst("rect[data-square=h8]").attr("y"));
    }

    @Test void the_text_alternative_lists_the_pieces_the_last_turn_and_the_marks() {
        BoardSvg board = BoardSvg.of(START).moved(List.of(Square.of("e2"), Square.of("e4"))).marked(List.of(Square.of("c4")))
                .titled("Game 7 & <friends>");
        Document svg = xml(board.render());

        assertEquals("Game 7 & <friends>", svg.selectFirst("title").text());
        assertTrue(board.render().contains("Game 7 &amp; &lt;friends&gt;"));
        String desc = svg.selectFirst("desc").text();
        assertTrue(desc.startsWith("8 by 8 board. White: king e1; queen d1; rook a1, h1; bishop c1, f1; knight b1, g1; pawn a2, b2,"), desc);
        assertTrue(desc.contains("Black: king e8;"), desc);
        assertTrue(desc.endsWith("The last turn moved on e2, e4. Marked: c4."), desc);
        assertEquals(List.of("e2", "e4"), svg.select("rect.tint").eachAttr("data-square"));
        assertEquals(List.of("c4"), svg.select("rect.mark").eachAttr("data-square"));
    }

    @Test void layers_are_drawn_in_stage_order_whatever_the_order_they_were_added_in() {
        String svg = BoardSvg.of(START).marked(List.of(Square.of("a1"))).moved(List.of(Square.of("a2"))).render();

        int squares = svg.indexOf("class=\"squares\"");
        int tint = svg.indexOf("class=\"moved\"");
        int pieces = svg.indexOf("class=\"pieces\"");
        int marks = svg.indexOf("class=\"marks\"");
        int labels = svg.indexOf("class=\"coordinates\"");
        assertTrue(squares < tint && tint < pieces && pieces < marks && marks < labels, svg);
    }

    @Test void a_new_mechanic_is_a_new_layer() {
        Layer halo = new Layer() {
            @Override public Stage stage() {
                return Stage.FIELD;
            }

            @Override public void draw(SvgWriter out, Frame frame) {
                Square d4 = Square.of("d4");
                out.empty("circle", "class", "halo", "cx", frame.centreX(d4), "cy", frame.centreY(d4), "r", 18, "fill", "#ffd700");
            }

            @Override public Optional<String> describe() {
                return Optional.of("A halo on d4.");
            }
        };

        String svg = BoardSvg.of(START).with(halo).render();

        assertTrue(svg.indexOf("class=\"halo\"") < svg.indexOf("class=\"pieces\""), "under the pieces");
        assertTrue(xml(svg).selectFirst("desc").text().endsWith("A halo on d4."));
    }

    @Test void physics_are_drawn_when_the_position_has_them() {
        Piece bishop = new Piece(Armies.FABULOUS_FIDES.bishop(), Side.WHITE);
        Position moving = START.withPhysics(Physics.NONE
                .withEnergy(Square.of("d4"), 3)
                .withMotion(Square.of("c1"), new Physics.Motion(2, 2, false))
                .withTravellers(List.of(new Physics.Traveller(bishop, Square.of("e3"), Square.of("g5")))));

        BoardSvg board = BoardSvg.of(moving);
        Document svg = xml(board.render());

        assertEquals("3", svg.selectFirst("g.energy text").text());
        assertEquals(1, svg.select("g.motions line").size());
        assertEquals(1, svg.select("g.travellers circle").size());
        String desc = svg.selectFirst("desc").text();
        assertTrue(desc.contains("Energy: 3 on d4."), desc);
        assertTrue(desc.contains("In motion: the white bishop on c1 goes on to e3."), desc);
        var arrow = svg.selectFirst("g.motions polygon").attr("points").split(" ")[0].split(",");
        var e3 = svg.selectFirst("rect.sq[data-square=e3]");
        double size = Double.parseDouble(e3.attr("width"));
        assertEquals(Double.parseDouble(e3.attr("x")) + size / 2, Double.parseDouble(arrow[0]), 0.1, "the arrowhead reaches e3");
        assertEquals(Double.parseDouble(e3.attr("y")) + size / 2, Double.parseDouble(arrow[1]), 0.1);
        assertTrue(desc.contains("Travelling: the white Bishop on e3 travelling to g5."), desc);
        assertFalse(BoardSvg.of(START).render().contains("energy"));
    }

    @Test void a_lone_traveller_is_drawn_whole_with_a_dashed_rim_and_one_sharing_a_square_small_in_a_corner() {
        Piece bishop = new Piece(Armies.FABULOUS_FIDES.bishop(), Side.WHITE);
        Piece knight = new Piece(Armies.FABULOUS_FIDES.knight(), Side.WHITE);
        Position travelling = START.withPhysics(Physics.NONE.withTravellers(List.of(
                new Physics.Traveller(bishop, Square.of("e3"), Square.of("g5")),       // e3 is empty: the bishop is drawn whole
                new Physics.Traveller(knight, Square.of("g2"), Square.of("f3")))));    // g2 holds a pawn at rest: the knight goes in a corner

        Document svg = xml(BoardSvg.of(travelling).render());

        var rings = svg.select("g.travellers > circle");
        assertEquals(2, rings.size());
        double whole = Double.parseDouble(rings.get(0).attr("r"));
        double corner = Double.parseDouble(rings.get(1).attr("r"));
        assertTrue(rings.get(0).hasAttr("stroke-dasharray"), "its rim is dashed: it is on its way");
        assertTrue(corner < whole / 2, "the knight sharing g2 is small");
        assertEquals(List.of("Bishop", "Knight"), svg.select("g.traveller g.figure").eachAttr("data-figure"));
        assertEquals(List.of("g5", "f3"), svg.select("g.travellers g.arrow.travel").eachAttr("data-to"), "each path ends in an arrowhead");
        assertEquals(2, svg.select("g.travellers g.arrow.travel polygon:not(.casing)").size());
    }

    @Test void army_pieces_are_drawn_by_pictures_of_their_own() {
        Army nutty = Armies.NUTTY_KNIGHTS;
        Position p = Position.start(new Ruleset(VariantCatalog.CHESS, nutty, Armies.FABULOUS_FIDES));

        Document svg = xml(BoardSvg.of(p).render());

        assertEquals("Charging Rook", svg.selectFirst("g.piece[data-square=a1] g.figure").attr("data-figure"));
        assertEquals("Rook", svg.selectFirst("g.piece[data-square=a8] g.figure").attr("data-figure"));
        assertTrue(svg.selectFirst("desc").text().contains("Charging Rook (frlRrlbK) a1, h1"), svg.selectFirst("desc").text());
    }

    @Test void a_king_in_check_stands_on_a_dark_red_disc_and_so_does_a_mated_one() {
        Position checked = Play.from(VariantCatalog.CHESS, null).after("e4", "f5", "Qh5+").position();
        Document svg = xml(BoardSvg.of(checked).render());
        assertEquals("e8", svg.selectFirst("g.check").attr("data-square"));
        assertTrue(svg.selectFirst("desc").text().contains("The black king on e8 is in check."));
        assertTrue(svg.html().indexOf("class=\"check\"") < svg.html().indexOf("class=\"pieces\""), "under the king");

        Position mated = Play.from(VariantCatalog.CHESS, null).after("f3", "e5", "g4", "Qh4#").position();
        assertEquals("e1", xml(BoardSvg.of(mated).render()).selectFirst("g.check").attr("data-square"));
        assertTrue(xml(BoardSvg.of(START).render()).select("g.check").isEmpty());
    }

    @Test void the_pieces_the_field_pulled_and_pushed_get_arrows_from_where_they_stood() {
        Play game = Play.from(org.epistle.core.rules.variant.PhysicsVariants.MAGNETIC, "3b4/8/3K4/q1R2rP1/3Q4/8/3b4/7k w - - 0 1");
        game.accepts("Qd5");
        Document svg = xml(BoardSvg.of(game.position()).render());

        assertEquals(List.of("d2", "f5", "c5"), svg.select("g.field circle.left").eachAttr("data-square"));
        assertEquals(List.of("d4", "e5", "b5"), svg.select("g.field g.arrow").eachAttr("data-to"));
        assertEquals(2, svg.select("g.field g.arrow.pulled").size());
        assertTrue(svg.selectFirst("g.field g.arrow.pushed line:not(.casing)").hasAttr("stroke-dasharray"), "a push is dashed");
        var head = svg.selectFirst("g.field g.arrow[data-to=d4] polygon:not(.casing)").attr("points").split(" ")[0].split(",");
        var d4 = svg.selectFirst("rect.sq[data-square=d4]");
        double y = Double.parseDouble(head[1]);
        assertTrue(y > Double.parseDouble(d4.attr("y")) + 36, "the head stops at the bishop's rim on d4, not over it: " + y);
        assertTrue(svg.selectFirst("desc").text().contains("the piece on d4 was pulled from d2"));
    }

    @Test void attributes_and_ids_are_checked() {
        assertThrows(IllegalArgumentException.class, () -> BoardSvg.of(START).identified("x\" onload=\"alert(1)"));
        String svg = BoardSvg.of(START).render("data-note", "\"><script>");
        assertFalse(svg.contains("<script>"), svg);
        assertTrue(svg.contains("data-note=\"&quot;&gt;&lt;script&gt;\""), svg);
    }
}
