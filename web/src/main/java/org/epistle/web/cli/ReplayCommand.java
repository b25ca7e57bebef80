package org.epistle.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Illegality;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.position.Fen;
import org.epistle.core.rules.position.FenException;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Replays a game record through the referee. Exit code 0 when every turn was accepted, 1 when a
 * turn was refused, 2 when the file or an option cannot be used.
 */
@Command(name = "replay", description = {
        "Replay a game record turn by turn through the referee and show the final diagram.",
        "Exit code: 0 every turn accepted, 1 a turn refused, 2 bad input."})
final class ReplayCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    GameOptions game;

    @Parameters(index = "0", paramLabel = "FILE", description = "The game record (PGN or a document's layout).")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Option(names = "--as-played", description = "After a refused turn, make its moves anyway and go on.")
    boolean asPlayed;

    @Option(names = "--fen", paramLabel = "FEN", description = "Start position (default: the record's FEN tag, else the starting array).")
    String fen;

    @Override
    public Integer call() throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserInputException("cannot read " + file + ": " + e.getMessage());
        }
        GameRecord record = GameRecord.read(text);
        Ruleset rules = game.ruleset(record.header("Variant"), record.header("WhiteArmy"), record.header("BlackArmy"));
        Position start;
        String startFen = fen != null ? fen : record.header("FEN").orElse(null);
        try {
            start = startFen == null ? Position.start(rules) : Fen.read(rules, startFen);
        } catch (FenException e) {
            throw new UserInputException("bad start position: " + e.getMessage());
        }
        Replay.Report report = Replay.run(start, record.turns(), asPlayed);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(rules, record, report));
        } else {
            text(out, rules, record, report);
        }
        out.flush();
        return report.allAccepted() ? 0 : 1;
    }

    private String json(Ruleset rules, GameRecord record, Replay.Report report) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("variant", rules.variant().key());
        root.put("whiteArmy", rules.army(org.epistle.core.rules.board.Side.WHITE).key());
        root.put("blackArmy", rules.army(org.epistle.core.rules.board.Side.BLACK).key());
        List<Map<String, Object>> turns = new ArrayList<>();
        for (Replay.TurnReport t : report.turns()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("turn", t.turn().number());
            o.put("side", t.turn().side().key());
            o.put("text", t.turn().text());
            o.put("verdict", t.verdict().isAccepted() ? "accepted" : "rejected");
            if (t.verdict() instanceof Verdict.Accepted a) {
                o.put("notation", a.notation());
                o.put("reason", null);
                o.put("explanation", null);
            } else {
                Illegality why = ((Verdict.Rejected) t.verdict()).why();
                o.put("reason", why.reason().name());
                o.put("explanation", why.fullText());
                if (why.moveIndex() >= 0) {
                    o.put("move", why.moveIndex());
                }
                o.put("forced", t.forced());
            }
            o.put("notes", t.notes());
            o.put("fen", Fen.write(t.after()));
            o.put("diagram", TextDiagram.ranks(t.after()));
            turns.add(o);
        }
        root.put("turns", turns);
        root.put("result", report.result(record.result()));
        root.put("termination", report.termination(record.result()));
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
    }

    private void text(PrintWriter out, Ruleset rules, GameRecord record, Replay.Report report) {
        out.println(rules.variant().name() + ": White " + rules.army(org.epistle.core.rules.board.Side.WHITE).name()
                + ", Black " + rules.army(org.epistle.core.rules.board.Side.BLACK).name());
        for (Replay.TurnReport t : report.turns()) {
            String label = t.turn().number() + (t.turn().side() == org.epistle.core.rules.board.Side.WHITE ? "." : "...");
            if (t.verdict() instanceof Verdict.Accepted a) {
                out.printf("%-6s %-32s accepted  %s%n", label, t.turn().text(), a.notation());
                t.notes().forEach(n -> out.println("       note: " + n));
            } else {
                Illegality why = ((Verdict.Rejected) t.verdict()).why();
                out.printf("%-6s %-32s REJECTED  %s%n", label, t.turn().text(), why.reason().name());
                out.println("       " + why.fullText());
                if (t.forced()) {
                    out.println("       (made as played, to go on with the record)");
                    t.notes().forEach(n -> out.println("       note: " + n));
                } else {
                    out.print(indent(TextDiagram.render(t.after(), why.marked())));
                }
            }
        }
        report.stoppedBecause().ifPresent(s -> out.println("Stopped: " + s + "."));
        out.println();
        out.println("Final position:");
        out.print(TextDiagram.render(report.last()));
        out.println("FEN: " + Fen.write(report.last()));
        out.println("Result: " + report.result(record.result()) + " (" + report.termination(record.result()) + ")");
    }

    private static String indent(String s) {
        return s.lines().map(l -> "       " + l).reduce("", (a, b) -> a + b + "\n");
    }
}
