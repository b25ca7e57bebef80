package org.epistle.templates.figurine;

/**
 * One path of a piece drawing, with the paint it is drawn in: the path data as the drawing
 * writes it (absolute M, L, C, A and Z), the affine transform the drawing gives it, and the
 * fill and outline. Colours are {@code #rrggbb} or {@code none}. Coordinates are those of the
 * drawing's 45 x 45 box.
 *
 * @param transform the six numbers a b c d e f of an SVG matrix, mapping (x, y) to (ax + cy + e, bx + dy + f)
 */
public record Stroke(String path, double[] transform, String fill, String outline, double width, String cap, String join) {
    public static final double[] IDENTITY = {1, 0, 0, 1, 0, 0};

    public Stroke {
        transform = transform.clone();
    }

    @Override
    public double[] transform() {
        return transform.clone();
    }

    public boolean isFilled() {
        return !"none".equals(fill);
    }

    public boolean isOutlined() {
        return !"none".equals(outline) && width > 0;
    }

    public boolean hasTransform() {
        return !java.util.Arrays.equals(transform, IDENTITY);
    }

    /** The transform as an SVG attribute value. */
    public String transformAttribute() {
        StringBuilder sb = new StringBuilder("matrix(");
        for (int i = 0; i < 6; i++) {
            sb.append(i == 0 ? "" : " ").append(Numbers.format(transform[i]));
        }
        return sb.append(')').toString();
    }
}
