package org.epistle.templates.figurine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class FiguresTest {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void the_licence_lies_beside_the_drawings_and_names_their_author() throws Exception {
        try (var in = PieceDrawings.class.getResourceAsStream("/figurines/cburnett/LICENSE")) {
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(text.contains("Colin M.L. Burnett"), text);
            assertTrue(text.contains("Redistribution and use in source and binary forms"), "the BSD text itself");
        }
    }

    @Test
    void every_standard_drawing_reads_into_filled_and_outlined_paths() {
        for (PieceDrawings.Kind kind : PieceDrawings.Kind.values()) {
            for (boolean white : new boolean[] {true, false}) {
                List<Stroke> strokes = PieceDrawings.of(kind, white);
                assertFalse(strokes.isEmpty(), kind + " " + white);
                assertTrue(strokes.stream().anyMatch(Stroke::isFilled), kind + " has a body");
                assertTrue(strokes.stream().allMatch(s -> PathData.parse(s.path()).getBounds2D().getMaxX() <= 45),
                        kind + " stays in its box");
            }
        }
    }

    @Test
    void a_white_piece_is_white_inside_with_a_black_outline_and_a_black_piece_the_other_way() {
        BufferedImage white = paint(Figures.named("Rook").orElseThrow(), true);
        BufferedImage black = paint(Figures.named("Rook").orElseThrow(), false);
        // the middle of the rook's body, between its bands
        assertTrue(brightness(white.getRGB(45, 52)) > 230, "white body");
        assertTrue(brightness(black.getRGB(45, 52)) < 40, "black body");
        assertTrue(brightness(white.getRGB(2, 2)) > 0 && new Color(white.getRGB(2, 2)).getGreen() == 200, "the background shows around it");
    }

    @Test
    void each_army_picture_differs_from_every_other_and_from_the_standard_piece_of_its_role() throws Exception {
        List<String> names = Figures.names();
        Set<String> seen = new HashSet<>();
        List<BufferedImage> images = new ArrayList<>();
        for (String name : names) {
            BufferedImage image = paint(Figures.named(name).orElseThrow(), true);
            images.add(image);
            assertTrue(seen.add(fingerprint(image)), name + " looks like another piece");
            assertTrue(inkIn(image) > 400, name + " has a picture");
        }
        // kept for people to look at: every picture, white above black
        BufferedImage sheet = new BufferedImage(90 * names.size(), 180, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setColor(new Color(0xB5, 0x88, 0x63));
        g.fillRect(0, 0, sheet.getWidth(), sheet.getHeight());
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        for (int i = 0; i < names.size(); i++) {
            Figures.named(names.get(i)).orElseThrow().paint(g, 90 * i, 0, 90, true, true);
            Figures.named(names.get(i)).orElseThrow().paint(g, 90 * i, 90, 90, false, false);
        }
        g.dispose();
        Files.createDirectories(Path.of("target"));
        ImageIO.write(sheet, "png", new File("target/figures.png"));
    }

    @Test
    void a_piece_without_a_picture_of_its_own_gets_the_standard_one_of_its_letter() {
        assertEquals("Knight", Figures.of("Unknown Jumper", 'n').orElseThrow().name());
        assertEquals("Charging Rook", Figures.of("Charging Rook", 'R').orElseThrow().name());
        assertTrue(Figures.of(null, '?').isEmpty());
    }

    @Test
    void the_forward_mark_points_the_way_the_piece_goes() {
        Figure rook = Figures.named("Charging Rook").orElseThrow();
        assertTrue(rook.marks().contains(Figure.Mark.FORWARD));
        BufferedImage up = paint(rook, true, true);
        BufferedImage down = paint(rook, true, false);
        assertNotEquals(fingerprint(up), fingerprint(down));
        // the arrowhead's point: on top when forward is up, at the bottom of the mark when down
        assertTrue(brightness(up.getRGB(74, 17)) < 80, "base of the upward arrowhead is dark");
        assertTrue(brightness(down.getRGB(74, 15)) < 80 || brightness(down.getRGB(74, 5)) < 80);
    }

    @Test
    void the_svg_of_a_composed_piece_clips_each_band_and_carries_its_name() {
        StringBuilder out = new StringBuilder();
        SvgSink sink = new SvgSink() {
            @Override
            public void open(String name, Object... attributes) {
                out.append('<').append(name).append(attrs(attributes)).append('>');
            }

            @Override
            public void empty(String name, Object... attributes) {
                out.append('<').append(name).append(attrs(attributes)).append("/>");
            }

            @Override
            public void close(String name) {
                out.append("</").append(name).append('>');
            }
        };
        Figures.named("Chancellor").orElseThrow().svg(sink, 20, 20, 40, false, false);
        String svg = out.toString();
        assertTrue(svg.contains("data-figure=\"Chancellor\""), svg);
        assertEquals(2, svg.split("<svg ", -1).length - 1, "a band for the head and one for the body");
        assertTrue(svg.contains("overflow=\"hidden\""));
    }

    private static String attrs(Object... a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i += 2) {
            if (a[i + 1] != null) {
                sb.append(' ').append(a[i]).append("=\"").append(a[i + 1]).append('"');
            }
        }
        return sb.toString();
    }

    private static BufferedImage paint(Figure figure, boolean white) {
        return paint(figure, white, true);
    }

    private static BufferedImage paint(Figure figure, boolean white, boolean up) {
        BufferedImage image = new BufferedImage(90, 90, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(new Color(0, 200, 0));
        g.fillRect(0, 0, 90, 90);
        figure.paint(g, 0, 0, 90, white, up);
        g.dispose();
        return image;
    }

    private static int inkIn(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (new Color(image.getRGB(x, y)).getGreen() != 200 || new Color(image.getRGB(x, y)).getRed() != 0) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String fingerprint(BufferedImage image) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                sb.append(brightness(image.getRGB(x, y)) / 64);
            }
        }
        return sb.toString();
    }

    private static int brightness(int rgb) {
        Color c = new Color(rgb);
        return (c.getRed() + c.getGreen() + c.getBlue()) / 3;
    }
}
