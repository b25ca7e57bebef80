package org.epistle.web.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.epistle.mailer.EmbeddedMailServer;

/**
 * The bench's mail server (Epistle's embedded Greenmail, SMTP and IMAP on 127.0.0.1) as a process of its own, so
 * that neither a killed Epistle nor anything that happens to the bench's own JVM touches the mailboxes, and what
 * is delivered is counted by a process that plays no game.
 *
 * <p>The bench asks it what only the server knows (which mailboxes exist, the Message-IDs in an inbox, how many of
 * the server's mails are unhandled) over the child's standard input and output, one question a line, each answer
 * ended by a line holding a single dot. The child ends when its standard input closes, so it never outlives the
 * bench.
 */
final class MailServerProcess implements AutoCloseable {
    private static final String END = ".";

    private final Process process;
    private final PrintWriter questions;
    private final BufferedReader answers;
    private final int smtpPort;
    private final int imapPort;

    private MailServerProcess(Process process, PrintWriter questions, BufferedReader answers, int smtpPort, int imapPort) {
        this.process = process;
        this.questions = questions;
        this.answers = answers;
        this.smtpPort = smtpPort;
        this.imapPort = imapPort;
    }

    /** Starts the mail server in a child JVM with the server's own mailbox, on free ports, and waits until it listens. */
    static MailServerProcess start(String serverAddress, String password) {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(s -> Path.of(s).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", classPath, Main.class.getName(), serverAddress, password);
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader answers = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter questions = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
            String ready = answers.readLine();                  // "listening SMTP IMAP", or the end of a failed start
            if (ready == null || !ready.startsWith("listening ")) {
                p.destroyForcibly();
                throw new IllegalStateException("the mail server process did not start: " + ready);
            }
            String[] ports = ready.split(" ");
            return new MailServerProcess(p, questions, answers, Integer.parseInt(ports[1]), Integer.parseInt(ports[2]));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    int smtpPort() {
        return smtpPort;
    }

    int imapPort() {
        return imapPort;
    }

    /** Every mailbox on the server, by login. */
    List<String> mailboxes() {
        return ask("mailboxes");
    }

    /** The Message-ID of every message in a mailbox's INBOX, oldest first, a message held twice listed twice. */
    List<String> inboxMessageIds(String login) {
        return ask("ids " + login);
    }

    /** How many messages in a mailbox's INBOX are not flagged \Seen. */
    int unseen(String login) {
        return Integer.parseInt(ask("unseen " + login).get(0));
    }

    private synchronized List<String> ask(String question) {
        questions.println(question);
        List<String> lines = new ArrayList<>();
        try {
            for (String line; (line = answers.readLine()) != null; ) {
                if (line.equals(END)) return lines;
                lines.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the mail server process stopped answering", e);
        }
        throw new IllegalStateException("the mail server process ended (exit " + exitValue() + ") while asked: " + question);
    }

    private String exitValue() {
        return process.isAlive() ? "none yet" : String.valueOf(process.exitValue());
    }

    @Override
    public synchronized void close() {
        questions.close();                                      // the child ends when its input closes
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** The child: starts the mail server, says where it listens, then answers until its input closes. */
    public static final class Main {
        private Main() {
        }

        public static void main(String[] args) throws IOException {
            try (EmbeddedMailServer mail = EmbeddedMailServer.start(0, 0, args[0], args[1])) {
                PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.UTF_8);
                out.println("listening " + mail.smtpPort() + " " + mail.imapPort());
                out.flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String question; (question = in.readLine()) != null; ) {
                    String[] words = question.split(" ", 2);
                    switch (words[0]) {
                        case "mailboxes" -> mail.mailboxes().forEach(out::println);
                        // a header folded over lines would break the one-line answer
                        case "ids" -> mail.inboxMessageIds(words[1]).forEach(id -> out.println(String.valueOf(id).replaceAll("\\s+", " ")));
                        case "unseen" -> out.println(mail.unseen(words[1]));
                        default -> out.println("? " + question);
                    }
                    out.println(END);
                    out.flush();
                }
            }
            System.exit(0);                                     // Greenmail's threads would keep the JVM alive
        }
    }
}
