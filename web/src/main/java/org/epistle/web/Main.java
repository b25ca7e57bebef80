package org.epistle.web;

import org.epistle.web.cli.EpistleCommand;

/** The executable: {@code java -jar web/target/epistle.jar <command>}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        org.epistle.mailer.MimeStreams.pin();         // before any mail class asks Jakarta Mail for its stream provider
        int code = EpistleCommand.commandLine().execute(args);
        if (code != 0 || !isServe(args)) {
            System.exit(code);
        }
    }

    private static boolean isServe(String[] args) {
        return args.length > 0 && args[0].equals("serve");
    }
}
