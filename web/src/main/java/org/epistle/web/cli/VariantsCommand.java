package org.epistle.web.cli;

import java.io.PrintWriter;
import org.epistle.core.rules.variant.Variant;
import org.epistle.core.rules.variant.VariantCatalog;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Lists the variants: one line each, key then description. */
@Command(name = "variants", description = "List the variants Epistle referees, one line each.")
final class VariantsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        int width = VariantCatalog.all().stream().mapToInt(v -> v.key().length()).max().orElse(10);
        for (Variant v : VariantCatalog.all()) {
            out.printf("%-" + width + "s  %s%n", v.key(), v.summary());
        }
        out.flush();
    }
}
