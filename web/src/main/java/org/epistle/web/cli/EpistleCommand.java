package org.epistle.web.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command-line interface. Its commands and their output are a contract that outside scripts
 * rely on: keep names, options and the documented output lines stable.
 */
@Command(name = "epistle", mixinStandardHelpOptions = true, version = "Epistle 0.1.0",
        description = "A play-by-email correspondence server for chess variants.",
        subcommands = {VariantsCommand.class, PerftCommand.class, ReplayCommand.class, ServeCommand.class,
                BenchCommand.class, GameCommand.class, TournamentCommand.class, ImportCommand.class, PlayerCommand.class, CommandLine.HelpCommand.class})
public final class EpistleCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new EpistleCommand());
        cl.setExecutionExceptionHandler((ex, line, parse) -> {
            if (ex instanceof UserInputException || ex instanceof org.epistle.config.SettingsException) {
                line.getErr().println("epistle: " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        return cl;
    }
}
