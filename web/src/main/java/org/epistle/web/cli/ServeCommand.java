package org.epistle.web.cli;

import java.util.concurrent.Callable;
import org.epistle.web.WebApp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Starts the server. At this stage only the web side, on 127.0.0.1. */
@Command(name = "serve", description = "Start the Epistle server (web on 127.0.0.1).")
final class ServeCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "7070", description = "Web port (default ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "Address to listen on (default ${DEFAULT-VALUE}).")
    String host;

    @Override
    public Integer call() {
        WebApp app = WebApp.start(host, port);
        spec.commandLine().getOut().println("Epistle is serving on http://" + host + ":" + app.port() + "/");
        spec.commandLine().getOut().flush();
        Runtime.getRuntime().addShutdownHook(new Thread(app::stop, "epistle-shutdown"));
        return 0;
    }
}
