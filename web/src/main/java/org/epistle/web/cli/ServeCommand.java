package org.epistle.web.cli;

import io.javalin.util.JavalinBindException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.epistle.config.Settings;
import org.epistle.web.Installation;
import org.epistle.web.Server;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Starts storage, the mail loop and the web app with the configured (by default embedded) parts. */
@Command(name = "serve", description = {"Start the Epistle server: database, mail loop and web app.",
        "Settings come from --config, then EPISTLE_ environment variables (see config/README.md)."})
final class ServeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "Settings file.")
    Path config;

    @Option(names = "--host", paramLabel = "HOST", description = "Web address to listen on (overrides web.host).")
    String host;

    @Option(names = "--port", paramLabel = "PORT", description = "Web port (overrides web.port; 0 picks a free one).")
    Integer port;

    @Override
    public Integer call() {
        Installation installation;
        try {
            installation = Installation.open(config);
        } catch (UserInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw StartFailure.explain(e); // one line, not a stack trace: nothing was read or sent yet
        }
        Settings.Web configured = installation.settings().web();
        Settings.Web web = new Settings.Web(host != null ? host : configured.host(), port != null ? port : configured.port());
        Server server;
        try {
            server = Server.start(installation, spec.commandLine().getOut(), web);
        } catch (JavalinBindException e) {
            installation.close();
            // one line for the person starting it, not Jetty's stack trace: nothing was read or sent (see Server)
            throw new UserInputException("the web app cannot listen on " + web.host() + ":" + web.port() + ": "
                    + e.getMessage() + " (set web.port or --port)");
        } catch (UserInputException e) {
            installation.close();
            throw e;
        } catch (RuntimeException e) {
            installation.close();
            throw StartFailure.explain(e);
        }
        OrderlyStop.install(server::close);
        return 0;
    }
}
