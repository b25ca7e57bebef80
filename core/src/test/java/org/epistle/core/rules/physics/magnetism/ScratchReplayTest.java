package org.epistle.core.rules.physics.magnetism;

import java.nio.charset.StandardCharsets;
import org.epistle.core.rules.diagram.TextDiagram;
import org.epistle.core.rules.judge.Replay;
import org.epistle.core.rules.judge.Verdict;
import org.epistle.core.rules.notation.GameRecord;
import org.epistle.core.rules.piece.Armies;
import org.epistle.core.rules.position.Position;
import org.epistle.core.rules.variant.Ruleset;
import org.epistle.core.rules.variant.VariantCatalog;
import org.junit.jupiter.api.Test;

class ScratchReplayTest {
    @Test
    void run() throws Exception {
        String only = System.getProperty("game", "");
        for (String name : new String[] {"magnetic-1", "magnetic-2", "magnetic-3", "magnetic-4", "magnetic-5", "gravity-1",
                "anti-gravity-1", "anti-magnetic-1", "anti-magnetic-2", "anti-magnetic-3", "anti-magnetic-4"}) {
            if (!only.isEmpty() && !only.equals(name)) continue;
            String text = new String(getClass().getResourceAsStream("/records/magnetic/" + name + ".txt").readAllBytes(), StandardCharsets.UTF_8);
            GameRecord raw = GameRecord.read(text);
            java.util.Map<String, String> fixes = new java.util.HashMap<>();
            text.lines().filter(l -> l.startsWith("#fix ")).forEach(l -> {
                String[] parts = l.substring(5).split("\\|")[0].split("=>");
                String[] left = parts[0].trim().split("\\s+", 2);
                fixes.put(left[0] + " " + left[1].replaceAll("[+#!?]+$", ""), parts[1].trim());
            });
            java.util.List<GameRecord.Turn> turns = new java.util.ArrayList<>();
            for (GameRecord.Turn t : raw.turns()) {
                String label = t.number() + (t.side().name().equals("WHITE") ? "." : "...");
                String fix = fixes.get(label + " " + t.text().replaceAll("[+#!?]+$", ""));
                turns.add(fix == null ? t : new GameRecord.Turn(t.number(), t.side(), fix, t.line()));
            }
            GameRecord record = new GameRecord(raw.headers(), turns, raw.result());
            Ruleset rules = Ruleset.of(VariantCatalog.find(record.header("Variant").orElseThrow()).orElseThrow(), Armies.FABULOUS_FIDES, Armies.FABULOUS_FIDES);
            Replay.Report report = Replay.run(Position.start(rules), record.turns(), false);
            System.out.println("=== " + name + " turns " + report.turns().size() + "/" + record.turns().size() + " " + report.stoppedBecause().orElse("ok"));
            for (Replay.TurnReport t : report.turns()) {
                String v = t.verdict() instanceof Verdict.Accepted a ? a.notation() + " " + a.position().physics().aftermath()
                        : ((Verdict.Rejected) t.verdict()).why().fullText();
                System.out.println(t.turn().number() + (t.turn().side().name().charAt(0) == 'W' ? ". " : "... ") + t.turn().text() + " -> " + v);
            }
            System.out.println(String.join("\n", TextDiagram.ranks(report.last())));
            text.lines().filter(l -> l.startsWith("#|")).forEach(l -> System.out.println("   " + l.substring(3).replace(" ", "").replace('O', 'P')));
        }
    }
}
