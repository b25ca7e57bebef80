package org.epistle.core.rules.physics;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Position;

/**
 * Tells players what the last move set off ("Qd5 pulled the black bishop d2→d4"), under every
 * diagram and on the game page: a variant whose moves push, pull or transform pieces lists it.
 */
public record Aftermath() implements Rule {
    @Override
    public String name() {
        return "what the last move set off";
    }

    @Override
    public Report describe(Position position) {
        return new Report("Last move", position.physics().aftermath());
    }

    /** A piece the field slid: from where it stood to where it stands, and whether it was pulled or pushed. */
    public record Displacement(Square from, Square to, String verb) {
        public boolean isPull() {
            return Effect.Displace.PULLED.equals(verb);
        }
    }

    /** The words {@link Effect.Displace#describe} writes: "pulled the black bishop d2→d4". */
    private static final Pattern DISPLACED = Pattern.compile("\\b(" + Effect.Displace.PULLED + "|" + Effect.Displace.PUSHED
            + ") .*?\\b([a-p](?:1[0-6]|[1-9]))→([a-p](?:1[0-6]|[1-9]))\\b");

    /**
     * The pieces the last turn's field pulled or pushed, read back from what the position tells of its last turn
     * (the account is kept as the words mails and pages print, so the pictures take the squares from those words).
     */
    public static List<Displacement> displacements(Position position) {
        List<Displacement> out = new ArrayList<>();
        for (String told : position.physics().aftermath()) {
            Matcher m = DISPLACED.matcher(told);
            while (m.find()) {
                out.add(new Displacement(Square.of(m.group(2)), Square.of(m.group(3)), m.group(1)));
            }
        }
        return List.copyOf(out);
    }
}
