package org.epistle.mailer.outbound;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes an opaque image as an 8-bit RGB PNG, every row unfiltered and deflated at level 3.
 *
 * <p>Why not ImageIO: its PNG writer tries every filter on every row and reads the pixels one sample at a time;
 * for a board diagram (360 × 360) it took 3.8–4.0 ms of CPU and 25.7 KB, this 1.3 ms and 23.3 KB (measured on the
 * 8 × 8 board of a turn-accepted mail, 27 Nov 2026). A diagram is large areas of one colour, which deflate finds
 * without a filter's help. One diagram is encoded per turn and mailed to both players.
 */
final class PngEncoder {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final int LEVEL = 3;

    private PngEncoder() {
    }

    static byte[] encode(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(32 * 1024);
            out.write(SIGNATURE);
            ByteArrayOutputStream header = new ByteArrayOutputStream(13);
            writeInt(header, width);
            writeInt(header, height);
            header.write(8);                                   // bits per sample
            header.write(2);                                   // colour type: RGB
            header.write(0);                                   // deflate
            header.write(0);                                   // filtering: the standard method
            header.write(0);                                   // not interlaced
            chunk(out, "IHDR", header.toByteArray());
            chunk(out, "IDAT", pixels(image, width, height));
            chunk(out, "IEND", new byte[0]);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);                 // in memory: does not happen
        }
    }

    /** The rows, each after its filter byte (0, none), deflated as one zlib stream. */
    private static byte[] pixels(BufferedImage image, int width, int height) throws IOException {
        int[] argb = image.getType() == BufferedImage.TYPE_INT_RGB
                && image.getRaster().getDataBuffer() instanceof DataBufferInt ints
                && ints.getNumBanks() == 1 && image.getRaster().getParent() == null ? ints.getData() : null;
        int[] line = new int[width];
        byte[] row = new byte[1 + 3 * width];                  // row[0] = 0: no filter
        Deflater deflater = new Deflater(LEVEL);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(32 * 1024);
        try (DeflaterOutputStream z = new DeflaterOutputStream(compressed, deflater, 64 * 1024)) {
            for (int y = 0; y < height; y++) {
                int[] source;
                int offset;
                if (argb != null) {
                    source = argb;
                    offset = y * width;
                } else {
                    image.getRGB(0, y, width, 1, line, 0, width);
                    source = line;
                    offset = 0;
                }
                for (int x = 0, i = 1; x < width; x++) {
                    int p = source[offset + x];
                    row[i++] = (byte) (p >> 16);
                    row[i++] = (byte) (p >> 8);
                    row[i++] = (byte) p;
                }
                z.write(row);
            }
        } finally {
            deflater.end();
        }
        return compressed.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        writeInt(out, data.length);
        out.write(name);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        writeInt(out, (int) crc.getValue());
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }
}
