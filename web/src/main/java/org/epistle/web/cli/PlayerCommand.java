package org.epistle.web.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Player;
import org.epistle.web.Installation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Player administration from the shell: {@code epistle player password ADDRESS}. */
@Command(name = "player", description = "Manage players.", subcommands = {PlayerCommand.Password.class})
final class PlayerCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Sets a player's Xfcc password, read from standard input (without echo at a terminal), never from the command
     * line, where other users and the shell's history would see it. Prints one line:
     * <pre>
     * Xfcc password set for Alice &lt;alice@example.com&gt;
     * </pre>
     * Exit code 0 when set, 2 for an unknown address or an unfit password.
     */
    @Command(name = "password", description = {"Set the password a player's correspondence client (Xfcc) signs in with.",
            "The password is read from standard input: its first line. Exit code: 0 set, 2 bad input."})
    static final class Password implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ADDRESS", description = "One of the player's addresses.")
        String address;

        @Option(names = "--config", paramLabel = "FILE", description = "Settings file (see config/README.md).")
        Path config;

        @Override
        public Integer call() {
            char[] password = read();
            try (Installation installation = Installation.open(config)) {
                GameService games = installation.games();
                Player player = games.playerByAddress(address)
                        .orElseThrow(() -> new UserInputException(address + " is no player's address"));
                try {
                    games.setClientPassword(player.id(), password);
                } catch (IllegalArgumentException e) {
                    throw new UserInputException(e.getMessage());
                }
                PrintWriter out = spec.commandLine().getOut();
                out.println("Xfcc password set for " + player.name() + " <" + player.email() + ">");
                out.flush();
                return 0;
            } finally {
                Arrays.fill(password, '\0');
            }
        }

        private static char[] read() {
            Console console = System.console();
            if (console != null) {
                char[] typed = console.readPassword("Xfcc password: ");
                return typed == null ? new char[0] : typed;
            }
            try {
                // not closed: standard input belongs to the process
                String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                return line == null ? new char[0] : line.toCharArray();
            } catch (IOException e) {
                throw new UserInputException("cannot read the password from standard input: " + e.getMessage());
            }
        }
    }
}
