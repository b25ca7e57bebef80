package org.epistle.web.mail;

import static org.epistle.mailer.outbound.DiagramImage.MARGIN;
import static org.epistle.mailer.outbound.DiagramImage.SQUARE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.epistle.mailer.outbound.DiagramImage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pictures in the mails, read back from Greenmail as a player's client gets them: the PNG of the HTML
 * part is decoded and its pixels looked at where the marks must be; the plain-text part keeps the
 * documents' text diagram.
 */
class BoardPicturesByMailTest {
    @TempDir
    Path dir;
    /** The light squares of the mail pictures (the drawing keeps its colours to itself). */
    private static final Color LIGHT = new Color(0xF0, 0xD9, 0xB5);
    private MailWorld world;
    private Player alice;
    private Player bob;

    @BeforeEach
    void start() {
        world = MailWorld.start(dir);
        alice = world.player("Alice", "alice@example.org");
        bob = world.player("Bob", "bob@example.org");
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void the_king_in_check_is_marked_in_the_mailed_picture_and_the_text_keeps_its_diagram() throws Exception {
        world.newGame("chess", "fabulous-fides", "fabulous-fides", alice, bob);
        alice.reply(alice.awaitMail("your move, turn 1", 1), "e4");
        bob.reply(bob.awaitMail("your move, turn 1", 1), "f5");
        alice.reply(alice.awaitMail("your move, turn 2", 1), "Qh5+");
        MimeMessage forBob = bob.awaitMail("your move, turn 2", 1);

        BufferedImage png = diagram(forBob, "check");
        Color underKing = at(png, "e8", 10, 8);          // inside the disc, clear of the king's outline
        assertTrue(underKing.getRed() > 150 && underKing.getGreen() < 40 && underKing.getBlue() < 40, "e8 is marked: " + underKing);
        Color d8 = at(png, "d8", 3, 3);
        assertEquals(new Color(0xB5, 0x88, 0x63), d8, "the queen's square beside it is not (d8 is dark)");
        // the last turn's squares d1 and h5 carry a dashed dark rim over their tint
        assertTrue(lightness(at(png, "d1", 8, 5)) < 100, "d1's rim: " + at(png, "d1", 8, 5));
        assertTrue(lightness(at(png, "d1", 13, 5)) > 150, "a gap in the dashes: " + at(png, "d1", 13, 5));
        assertTrue(brightness(at(png, "h5", 20, 20)) > 200, "the white queen stands on h5");

        String text = Player.text(forBob);
        assertTrue(text.contains("  8 | r  n  b  q  k  b  n  r  |"), text);
        assertTrue(text.contains("  5 | .  .  .  .  .  p  .  Q  |"), text);
        assertTrue(text.contains("a  b  c  d  e  f  g  h"), text);
    }

    @Test
    void momentum_arrows_run_from_the_piece_to_the_square_it_reaches_next_and_army_pieces_have_their_pictures() throws Exception {
        world.newGame("momentum", "remarkable-rookies", "nutty-knights", alice, bob);
        alice.reply(alice.awaitMail("your move, turn 1", 1), "(RN)d1-e3");
        MimeMessage forBob = bob.awaitMail("your move, turn 1", 1);

        BufferedImage png = diagram(forBob, "momentum");
        // the Chancellor leapt d1-e3 and goes on to f5: half way lies the corner of e4 and f4
        Color shaft = new Color(png.getRGB(MARGIN + 5 * SQUARE, MARGIN + 4 * SQUARE + SQUARE / 2));
        assertTrue(shaft.getBlue() > shaft.getRed() + 60, "the arrow between e3 and f5: " + shaft);
        Color head = at(png, "f5", 18, 24);              // just short of f5's centre, inside the filled head
        assertTrue(head.getBlue() > head.getRed() + 60, "the head on f5: " + head);
        assertNotEquals(LIGHT.getRGB(), at(png, "e3", 20, 14).getRGB() | 0xFF000000, "the Chancellor on e3 is drawn");

        // the army pieces have pictures of their own: Black's Charging Rook on a8 is not drawn as a rook
        List<String> ranks = List.of("rnbqkbnr", "pppppppp", "........", "........", "........", "....Q...", "PPPPPPPP", "RNBQKBNR");
        BufferedImage standard = ImageIO.read(new java.io.ByteArrayInputStream(DiagramImage.png(DiagramImage.Picture.of(ranks))));
        assertTrue(differing(png, standard, "a8") > 40, "a8 holds a Charging Rook, not a rook");
        assertTrue(differing(png, standard, "e3") > 40, "e3 holds a Chancellor, not a queen");
        assertEquals(0, differing(png, standard, "e8"), "the king is the king in every army");
        assertTrue(Player.text(forBob).contains("Black (Nutty Knights): r = Charging Rook (frlRrlbK)"), "the text keeps its legend");
    }

    /** The mail's inline diagram, decoded; kept under target for people to look at. */
    private static BufferedImage diagram(MimeMessage mail, String name) throws Exception {
        byte[] bytes = png(mail).orElseThrow(() -> new AssertionError("no inline diagram"));
        Files.createDirectories(Path.of("target", "screenshots"));
        Files.write(Path.of("target", "screenshots", "mail-" + name + ".png"), bytes);
        BufferedImage image = ImageIO.read(new File("target/screenshots/mail-" + name + ".png"));
        assertEquals(DiagramImage.width(8), image.getWidth());
        return image;
    }

    private static Optional<byte[]> png(Part part) throws MessagingException, IOException {
        if (part.isMimeType("multipart/*")) {
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                Optional<byte[]> found = png(mp.getBodyPart(i));
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        String[] ids = part.getHeader("Content-ID");
        if (part.isMimeType("image/png") && ids != null && ids[0].contains("diagram")) {
            try (InputStream in = part.getInputStream()) {
                return Optional.of(in.readAllBytes());
            }
        }
        return Optional.empty();
    }

    private static Color at(BufferedImage image, String square, int dx, int dy) {
        int file = square.charAt(0) - 'a';
        int rank = Integer.parseInt(square.substring(1));
        return new Color(image.getRGB(MARGIN + file * SQUARE + dx, MARGIN + (8 - rank) * SQUARE + dy));
    }

    private static int differing(BufferedImage a, BufferedImage b, String square) {
        int n = 0;
        for (int dy = 0; dy < SQUARE; dy++) {
            for (int dx = 0; dx < SQUARE; dx++) {
                if (at(a, square, dx, dy).getRGB() != at(b, square, dx, dy).getRGB()) {
                    n++;
                }
            }
        }
        return n;
    }

    private static int lightness(Color c) {
        return (c.getRed() * 299 + c.getGreen() * 587 + c.getBlue() * 114) / 1000;
    }

    private static int brightness(Color c) {
        return (c.getRed() + c.getGreen() + c.getBlue()) / 3;
    }
}
