package org.epistle.web.pages;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.StringWriter;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Observers;
import org.epistle.core.games.Tournament;
import org.epistle.templates.Templates;

/**
 * What observers use on the web: the Atom feeds (RFC 4287) of a game, a player and a tournament, which show
 * the turns with the observer delay as the observers' mails do, and the one-click unsubscribe link of those
 * mails (RFC 8058): a POST to it stops the subscription without a login, the signed token being the proof; a
 * GET only asks, since mail systems open links to check them.
 */
public final class ObserverPages {
    /** The path of the one-click link; its POST comes from mail systems, so it is not held to {@link SameOrigin}. */
    public static final String UNSUBSCRIBE = "/unsubscribe/";
    private static final String ATOM = "http://www.w3.org/2005/Atom";

    private final GameService games;
    private final Templates templates;

    public ObserverPages(GameService games, Templates templates) {
        this.games = games;
        this.templates = templates;
    }

    public void register(RoutesConfig routes) {
        routes.get("/games/{id}/feed.atom", ctx -> atom(ctx, games.observers().gameFeed(id(ctx))));
        routes.get("/players/{id}/feed.atom", ctx -> atom(ctx, games.observers().playerFeed(id(ctx))));
        routes.get("/tournaments/{id}/feed.atom", ctx -> {
            Tournament t = games.tournaments().view(id(ctx)).orElseThrow(PageError::notFound).tournament();
            atom(ctx, Optional.of(games.observers().tournamentFeed(t.id(), t.name(), t.createdAt())));
        });
        routes.get(UNSUBSCRIBE + "{token}", this::ask);
        routes.post(UNSUBSCRIBE + "{token}", this::unsubscribe);
    }

    /** Whether a request is the one-click POST, which another site (the reader's mail system) sends. */
    public static boolean isOneClick(Context ctx) {
        return ctx.path().startsWith(UNSUBSCRIBE);
    }

    private void ask(Context ctx) {
        Optional<Long> game = games.observers().subscribedGame(ctx.pathParam("token"));
        page(ctx, game.isPresent() ? "Stop following game " + game.get() + "?" : "Nothing to stop",
                game.isPresent() ? "Press the button to stop the mails about game " + game.get() + "."
                        : "This link stops no subscription: it was used already, or it is not one of ours.",
                game.map(g -> "/games/" + g).orElse(""), game.isPresent() ? ctx.path() : "");
    }

    private void unsubscribe(Context ctx) {
        Observers.Unsubscribed done = games.observers().unsubscribe(ctx.pathParam("token"));
        page(ctx, done.gameId().isPresent() ? "You no longer follow game " + done.gameId().get() : "Nothing to stop",
                done.gameId().isPresent() ? "No more mails about game " + done.gameId().get() + " will be sent to you."
                        : "This link stops no subscription: it was used already, or it is not one of ours.",
                done.gameId().map(g -> "/games/" + g).orElse(""), "");
    }

    private void page(Context ctx, String title, String explanation, String gameHref, String action) {
        ctx.contentType("text/html; charset=utf-8").result(templates.render("web/unsubscribe.ftlh",
                Map.of("title", title, "explanation", explanation, "gameHref", gameHref, "action", action)));
    }

    private static long id(Context ctx) {
        try {
            return Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            throw PageError.notFound();
        }
    }

    private static void atom(Context ctx, Optional<Observers.Feed> feed) {
        ctx.contentType("application/atom+xml; charset=utf-8").result(atom(feed.orElseThrow(PageError::notFound)));
    }

    /** The feed as an Atom document: id, title, updated, the self and page links, and one entry a turn or end. */
    static String atom(Observers.Feed feed) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("utf-8", "1.0");
            x.setDefaultNamespace(ATOM);
            x.writeStartElement(ATOM, "feed");
            x.writeDefaultNamespace(ATOM);
            text(x, "id", feed.id());
            text(x, "title", feed.title());
            text(x, "updated", time(feed.updated()));
            link(x, "self", feed.id(), "application/atom+xml");
            link(x, "alternate", feed.link(), "text/html");
            x.writeStartElement(ATOM, "author");
            text(x, "name", "Epistle");
            x.writeEndElement();
            for (Observers.FeedEntry e : feed.entries()) {
                x.writeStartElement(ATOM, "entry");
                text(x, "id", e.id());
                text(x, "title", e.title());
                text(x, "updated", time(e.updated()));
                link(x, "alternate", e.link(), "text/html");
                text(x, "summary", e.summary());
                x.writeEndElement();
            }
            x.writeEndElement();
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("an Atom feed could not be written", e);
        }
        return out.toString();
    }

    private static void text(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        x.writeStartElement(ATOM, name);
        x.writeCharacters(value.replaceAll("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]", "")); // not allowed in XML
        x.writeEndElement();
    }

    private static void link(XMLStreamWriter x, String rel, String href, String type) throws XMLStreamException {
        x.writeEmptyElement(ATOM, "link");
        x.writeAttribute("rel", rel);
        x.writeAttribute("type", type);
        x.writeAttribute("href", href);
    }

    /** RFC 3339, in UTC, to the second. */
    private static String time(Instant at) {
        return DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.SECONDS));
    }
}
