package org.epistle.core.rules.piece;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads Betza's funny notation in Betza's own reading (not the later XBoard dialect).
 *
 * <p>A definition is a sequence of groups, each made of lower-case modifiers followed by an
 * upper-case atom. Atoms: the leapers W F D N A H C Z G (L is the camel, like C; J the zebra,
 * like Z), the riders R B Q, the king K; a doubled leaper (NN) rides; a number after an atom
 * limits its range (R4). Direction modifiers f b l r v s are read from the mover's side:
 * on a knight-like atom a bare f or b picks the two narrow moves and {@code fh}/{@code bh}
 * the four moves on that side; on K and Q, r l s pick only the sideways orthogonal steps while
 * f and b pick the orthogonal step and both diagonals on that side. Several direction letters
 * are a union. Mode modifiers: m (moves only), c (captures only), i (initial move only),
 * n (lame: blocked by a piece on a square it passes over).
 */
public final class Betza {
    private static final Map<Character, int[]> LEAPERS = Map.ofEntries(
            Map.entry('W', new int[] {1, 0}), Map.entry('F', new int[] {1, 1}),
            Map.entry('D', new int[] {2, 0}), Map.entry('N', new int[] {2, 1}),
            Map.entry('A', new int[] {2, 2}), Map.entry('H', new int[] {3, 0}),
            Map.entry('C', new int[] {3, 1}), Map.entry('L', new int[] {3, 1}),
            Map.entry('Z', new int[] {3, 2}), Map.entry('J', new int[] {3, 2}),
            Map.entry('G', new int[] {3, 3}));

    private Betza() {
    }

    public static Movement parse(String definition) {
        if (definition == null || definition.isBlank()) {
            throw new BetzaException(String.valueOf(definition), 0, "the definition is empty");
        }
        List<Step> steps = new ArrayList<>();
        int i = 0;
        int n = definition.length();
        while (i < n) {
            StringBuilder directions = new StringBuilder();
            boolean moveOnly = false;
            boolean captureOnly = false;
            boolean initial = false;
            boolean lame = false;
            while (i < n && Character.isLowerCase(definition.charAt(i))) {
                char c = definition.charAt(i);
                switch (c) {
                    case 'f', 'b', 'l', 'r', 'v', 's' -> directions.append(c);
                    case 'h' -> {
                        if (directions.length() == 0 || "fblr".indexOf(directions.charAt(directions.length() - 1)) < 0) {
                            throw new BetzaException(definition, i, "'h' (half) must follow f, b, l or r");
                        }
                        directions.append(c);
                    }
                    case 'm' -> moveOnly = true;
                    case 'c' -> captureOnly = true;
                    case 'i' -> initial = true;
                    case 'n' -> lame = true;
                    default -> throw new BetzaException(definition, i, "'" + c + "' is not a Betza modifier");
                }
                i++;
            }
            if (i >= n) {
                throw new BetzaException(definition, n - 1, "the modifiers at the end have no atom to apply to");
            }
            char atom = definition.charAt(i);
            int atomAt = i;
            if (!Character.isUpperCase(atom)) {
                throw new BetzaException(definition, i, "'" + atom + "' is not a Betza atom");
            }
            i++;
            int range = 0; // 0 = the atom's own range
            if (i < n && definition.charAt(i) == atom && LEAPERS.containsKey(atom)) {
                range = Step.UNLIMITED;
                i++;
            }
            int digitsFrom = i;
            while (i < n && Character.isDigit(definition.charAt(i))) {
                i++;
            }
            if (i > digitsFrom) {
                if (i - digitsFrom > 2) {
                    throw new BetzaException(definition, digitsFrom, "a range has at most two digits");
                }
                range = Integer.parseInt(definition.substring(digitsFrom, i));
                if (range < 1) {
                    throw new BetzaException(definition, digitsFrom, "a range must be at least 1");
                }
            }
            Step.Mode mode = moveOnly == captureOnly ? Step.Mode.BOTH : moveOnly ? Step.Mode.MOVE : Step.Mode.CAPTURE;
            String dirs = directions.toString();
            switch (atom) {
                case 'R' -> add(steps, 1, 0, orRider(range), dirs, mode, initial, lame);
                case 'B' -> add(steps, 1, 1, orRider(range), dirs, mode, initial, lame);
                case 'Q' -> {
                    add(steps, 1, 0, orRider(range), royalOrthogonal(dirs), mode, initial, lame);
                    add(steps, 1, 1, orRider(range), royalDiagonal(dirs), mode, initial, lame);
                }
                case 'K' -> {
                    int r = range == 0 ? 1 : range;
                    add(steps, 1, 0, r, royalOrthogonal(dirs), mode, initial, lame);
                    add(steps, 1, 1, r, royalDiagonal(dirs), mode, initial, lame);
                }
                default -> {
                    int[] v = LEAPERS.get(atom);
                    if (v == null) {
                        throw new BetzaException(definition, atomAt, "'" + atom + "' is not a Betza atom");
                    }
                    add(steps, v[0], v[1], range == 0 ? 1 : range, dirs, mode, initial, lame);
                }
            }
        }
        return new Movement(steps);
    }

    private static int orRider(int range) {
        return range == 0 ? Step.UNLIMITED : range;
    }

    /** On K and Q, sideways letters touch only the orthogonal steps. */
    private static String royalOrthogonal(String dirs) {
        return dirs;
    }

    /** On K and Q, f and b bring both diagonals on that side; l, r and s bring none. */
    private static String royalDiagonal(String dirs) {
        if (dirs.isEmpty()) {
            return dirs;
        }
        StringBuilder kept = new StringBuilder();
        for (char c : dirs.toCharArray()) {
            switch (c) {
                case 'f', 'b' -> kept.append(c);
                case 'v' -> kept.append("fb");
                default -> { }
            }
        }
        return kept.length() == 0 ? "-" : kept.toString(); // "-" selects nothing
    }

    private static void add(List<Step> steps, int a, int b, int range, String dirs, Step.Mode mode, boolean initial, boolean lame) {
        for (int[] v : symmetries(a, b)) {
            if (selected(v[0], v[1], a, b, dirs)) {
                steps.add(new Step(v[0], v[1], range, mode, initial, lame));
            }
        }
    }

    private static List<int[]> symmetries(int a, int b) {
        List<int[]> all = new ArrayList<>();
        int[][] signs = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
        for (int[] s : signs) {
            addUnique(all, s[0] * a, s[1] * b);
            addUnique(all, s[0] * b, s[1] * a);
        }
        return all;
    }

    private static void addUnique(List<int[]> all, int x, int y) {
        for (int[] v : all) {
            if (v[0] == x && v[1] == y) {
                return;
            }
        }
        all.add(new int[] {x, y});
    }

    /** Whether the direction letters select the vector (x right, y forward) of an atom (a, b). */
    private static boolean selected(int x, int y, int a, int b, String dirs) {
        if (dirs.isEmpty()) {
            return true;
        }
        if (dirs.equals("-")) {
            return false;
        }
        boolean oblique = a != b && b != 0;
        for (int i = 0; i < dirs.length(); i++) {
            char d = dirs.charAt(i);
            boolean half = i + 1 < dirs.length() && dirs.charAt(i + 1) == 'h';
            if (half) {
                i++;
            }
            boolean narrowOrAll = !oblique || half;
            boolean hit = switch (d) {
                case 'f' -> y > 0 && (narrowOrAll || Math.abs(y) > Math.abs(x));
                case 'b' -> y < 0 && (narrowOrAll || Math.abs(y) > Math.abs(x));
                case 'r' -> x > 0 && (narrowOrAll || Math.abs(x) > Math.abs(y));
                case 'l' -> x < 0 && (narrowOrAll || Math.abs(x) > Math.abs(y));
                case 'v' -> oblique ? Math.abs(y) > Math.abs(x) : x == 0 || a == b;
                case 's' -> oblique ? Math.abs(x) > Math.abs(y) : y == 0 || a == b;
                default -> false;
            };
            if (hit) {
                return true;
            }
        }
        return false;
    }
}
