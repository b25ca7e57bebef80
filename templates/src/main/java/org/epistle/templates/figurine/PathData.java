package org.epistle.templates.figurine;

import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.List;

/**
 * SVG path data read into a Java2D path, for drawing the pieces into the mail's PNG. The commands
 * M, L, H, V, C, Q, A and Z, absolute and relative; an elliptical arc becomes cubic curves of at
 * most a quarter turn each (the conversion from end points to centre is the one the SVG
 * specification's implementation notes give as formulas).
 */
public final class PathData {
    private PathData() {
    }

    public static Path2D.Double parse(String d) {
        Path2D.Double path = new Path2D.Double(Path2D.WIND_EVEN_ODD);
        List<String> tokens = tokens(d);
        int i = 0;
        char command = 'M';
        double x = 0;
        double y = 0;
        double startX = 0;
        double startY = 0;
        while (i < tokens.size()) {
            String t = tokens.get(i);
            if (Character.isLetter(t.charAt(0))) {
                command = t.charAt(0);
                i++;
                if (command == 'Z' || command == 'z') {
                    path.closePath();
                    x = startX;
                    y = startY;
                    continue;
                }
            }
            boolean relative = Character.isLowerCase(command);
            double ox = relative ? x : 0;
            double oy = relative ? y : 0;
            switch (Character.toUpperCase(command)) {
                case 'M' -> {
                    x = ox + num(tokens, i++);
                    y = oy + num(tokens, i++);
                    path.moveTo(x, y);
                    startX = x;
                    startY = y;
                    command = relative ? 'l' : 'L'; // further pairs are lines
                }
                case 'L' -> {
                    x = ox + num(tokens, i++);
                    y = oy + num(tokens, i++);
                    path.lineTo(x, y);
                }
                case 'H' -> {
                    x = ox + num(tokens, i++);
                    path.lineTo(x, y);
                }
                case 'V' -> {
                    y = oy + num(tokens, i++);
                    path.lineTo(x, y);
                }
                case 'C' -> {
                    double x1 = ox + num(tokens, i++);
                    double y1 = oy + num(tokens, i++);
                    double x2 = ox + num(tokens, i++);
                    double y2 = oy + num(tokens, i++);
                    x = ox + num(tokens, i++);
                    y = oy + num(tokens, i++);
                    path.curveTo(x1, y1, x2, y2, x, y);
                }
                case 'Q' -> {
                    double x1 = ox + num(tokens, i++);
                    double y1 = oy + num(tokens, i++);
                    x = ox + num(tokens, i++);
                    y = oy + num(tokens, i++);
                    path.quadTo(x1, y1, x, y);
                }
                case 'A' -> {
                    double rx = num(tokens, i++);
                    double ry = num(tokens, i++);
                    double rotation = num(tokens, i++);
                    boolean large = num(tokens, i++) != 0;
                    boolean sweep = num(tokens, i++) != 0;
                    double ex = ox + num(tokens, i++);
                    double ey = oy + num(tokens, i++);
                    arc(path, x, y, rx, ry, rotation, large, sweep, ex, ey);
                    x = ex;
                    y = ey;
                }
                default -> throw new IllegalArgumentException("path command not read: " + command);
            }
        }
        return path;
    }

    private static double num(List<String> tokens, int i) {
        if (i >= tokens.size()) {
            throw new IllegalArgumentException("path data ends in the middle of a command");
        }
        return Double.parseDouble(tokens.get(i));
    }

    private static List<String> tokens(String d) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < d.length()) {
            char c = d.charAt(i);
            if (Character.isWhitespace(c) || c == ',') {
                i++;
            } else if (Character.isLetter(c) && c != 'e' && c != 'E') {
                out.add(String.valueOf(c));
                i++;
            } else {
                int start = i;
                i++;
                while (i < d.length()) {
                    char n = d.charAt(i);
                    boolean exponentSign = (n == '-' || n == '+') && (d.charAt(i - 1) == 'e' || d.charAt(i - 1) == 'E');
                    if (Character.isDigit(n) || n == 'e' || n == 'E' || exponentSign
                            || (n == '.' && d.substring(start, i).indexOf('.') < 0)) {
                        i++;
                    } else {
                        break;
                    }
                }
                out.add(d.substring(start, i));
            }
        }
        return out;
    }

    /** An elliptical arc from (x1, y1) to (x2, y2), appended as cubic curves. */
    private static void arc(Path2D path, double x1, double y1, double rx, double ry, double degrees, boolean large, boolean sweep,
                            double x2, double y2) {
        if (rx == 0 || ry == 0) {
            path.lineTo(x2, y2);
            return;
        }
        rx = Math.abs(rx);
        ry = Math.abs(ry);
        double phi = Math.toRadians(degrees);
        double cos = Math.cos(phi);
        double sin = Math.sin(phi);
        double dx = (x1 - x2) / 2;
        double dy = (y1 - y2) / 2;
        double px = cos * dx + sin * dy;
        double py = -sin * dx + cos * dy;
        double scale = px * px / (rx * rx) + py * py / (ry * ry);
        if (scale > 1) { // radii too small to reach: grow them just enough
            rx *= Math.sqrt(scale);
            ry *= Math.sqrt(scale);
        }
        double num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px;
        double den = rx * rx * py * py + ry * ry * px * px;
        double k = Math.sqrt(Math.max(0, num / den)) * (large == sweep ? -1 : 1);
        double cxp = k * rx * py / ry;
        double cyp = -k * ry * px / rx;
        double cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
        double cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
        double start = Math.atan2((py - cyp) / ry, (px - cxp) / rx);
        double end = Math.atan2((-py - cyp) / ry, (-px - cxp) / rx);
        double delta = end - start;
        if (sweep && delta < 0) {
            delta += 2 * Math.PI;
        } else if (!sweep && delta > 0) {
            delta -= 2 * Math.PI;
        }
        int pieces = (int) Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9);
        double step = delta / Math.max(1, pieces);
        double alpha = 4.0 / 3 * Math.tan(step / 4);
        double theta = start;
        for (int n = 0; n < Math.max(1, pieces); n++) {
            double c1 = Math.cos(theta);
            double s1 = Math.sin(theta);
            double c2 = Math.cos(theta + step);
            double s2 = Math.sin(theta + step);
            double[] p1 = point(cx, cy, rx, ry, cos, sin, c1 - alpha * s1, s1 + alpha * c1);
            double[] p2 = point(cx, cy, rx, ry, cos, sin, c2 + alpha * s2, s2 - alpha * c2);
            double[] p3 = point(cx, cy, rx, ry, cos, sin, c2, s2);
            path.curveTo(p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]);
            theta += step;
        }
    }

    private static double[] point(double cx, double cy, double rx, double ry, double cos, double sin, double u, double v) {
        return new double[] {cx + rx * u * cos - ry * v * sin, cy + rx * u * sin + ry * v * cos};
    }
}
