package org.epistle.mailer.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The diagram's own PNG writer: what any PNG reader decodes is the image drawn, pixel for pixel. */
class PngEncoderTest {

    @Test
    void a_board_drawn_and_encoded_decodes_to_the_same_pixels() throws Exception {
        BufferedImage drawn = DiagramImage.draw(List.of("rnbqkbnr", "pppppppp", "........", "........", "....P...",
                "........", "PPPP.PPP", "RNBQKBNR"), Set.of("e4"), List.of("e2", "e4"));

        assertSamePixels(drawn, ImageIO.read(new ByteArrayInputStream(PngEncoder.encode(drawn))));
    }

    @Test
    void an_image_of_another_layout_is_read_through_its_colours() throws Exception {
        BufferedImage image = new BufferedImage(37, 5, BufferedImage.TYPE_3BYTE_BGR);
        for (int x = 0; x < 37; x++) {
            for (int y = 0; y < 5; y++) {
                image.setRGB(x, y, (x * 7) << 16 | (y * 50) << 8 | (x * y) & 0xFF);
            }
        }

        assertSamePixels(image, ImageIO.read(new ByteArrayInputStream(PngEncoder.encode(image))));
    }

    private static void assertSamePixels(BufferedImage expected, BufferedImage decoded) {
        assertNotNull(decoded, "ImageIO decodes it");
        assertEquals(expected.getWidth(), decoded.getWidth());
        assertEquals(expected.getHeight(), decoded.getHeight());
        for (int y = 0; y < expected.getHeight(); y++) {
            for (int x = 0; x < expected.getWidth(); x++) {
                int at = x;
                int row = y;
                assertEquals(expected.getRGB(x, y) & 0xFFFFFF, decoded.getRGB(x, y) & 0xFFFFFF, () -> "pixel " + at + "," + row);
            }
        }
    }
}
