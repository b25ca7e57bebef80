package org.epistle.web.xfcc;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.soap.MessageFactory;
import jakarta.xml.soap.MimeHeaders;
import jakarta.xml.soap.SOAPBody;
import jakarta.xml.soap.SOAPConstants;
import jakarta.xml.soap.SOAPException;
import jakarta.xml.soap.SOAPFault;
import jakarta.xml.soap.SOAPMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.epistle.core.games.GameService;
import org.epistle.core.games.Player;
import org.epistle.web.admin.LoginAttempts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The XfccBasic web service at {@code /xfccbasic.asmx} (SOAP 1.1, document/literal), its WSDL at
 * {@code /xfccbasic.asmx?WSDL}: {@code GetMyGames}, {@code MakeAMove} and {@code MakeAMove2}. The WSDL is the file in
 * the jar, served as it is but for the address, which is this server's public base URL. A request that is no
 * XfccBasic call is answered with one SOAP fault that says why; nothing in it is logged but the fault's reason.
 */
public final class XfccService {
    public static final String NAMESPACE = "http://www.bennedik.com/webservices/XfccBasic";
    public static final String PATH = "/xfccbasic.asmx";
    /** The address written in the WSDL file, which the served WSDL replaces with the server's own. */
    static final String WSDL_ADDRESS = "http://127.0.0.1:7070" + PATH;
    private static final Logger LOG = LoggerFactory.getLogger(XfccService.class);

    private final GameService service;
    private final GetMyGamesAnswer games;
    private final MakeAMoveAnswer moves;
    /** Wrong passwords per remote address: a guesser is slowed down, and spends no PBKDF2 work of ours while waiting. */
    private final LoginAttempts attempts = new LoginAttempts(java.time.Clock.systemUTC());
    private final String wsdl;

    /** @param afterCommit run after a command changed a game (the outbox sender's wake-up) */
    public XfccService(GameService service, Runnable afterCommit) {
        this.service = service;
        this.games = new GetMyGamesAnswer(service);
        this.moves = new MakeAMoveAnswer(service, afterCommit);
        this.wsdl = wsdlFile().replace(WSDL_ADDRESS, service.identity().baseUrl() + PATH);
    }

    /**
     * JAXB and SAAJ, made at the first Xfcc call rather than at start: binding the bodies loads about a thousand
     * classes, a second of a start of which most servers never need any (a holder class is initialised once, on use).
     */
    private static final class Soap {
        static final JAXBContext BODIES = bodies();
        static final MessageFactory MESSAGES = messages();

        private static MessageFactory messages() {
            try {
                return MessageFactory.newInstance(SOAPConstants.SOAP_1_1_PROTOCOL);
            } catch (SOAPException e) {
                throw new IllegalStateException("SAAJ has no SOAP 1.1 message factory", e);
            }
        }
    }

    public void register(RoutesConfig routes) {
        routes.get(PATH, this::get);
        routes.post(PATH, this::post);
    }

    /** The WSDL file as the jar holds it. */
    public static String wsdlFile() {
        try (InputStream in = XfccService.class.getResourceAsStream("/xfcc/xfccbasic.wsdl")) {
            if (in == null) {
                throw new IllegalStateException("xfcc/xfccbasic.wsdl is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void get(Context ctx) {
        boolean askedForWsdl = ctx.queryParamMap().keySet().stream().anyMatch(k -> k.toLowerCase(Locale.ROOT).equals("wsdl"));
        if (askedForWsdl) {
            ctx.contentType("text/xml; charset=utf-8").result(wsdl);
            return;
        }
        ctx.contentType("text/plain; charset=utf-8").result("This is the XfccBasic service of this Epistle server. "
                + "Give this address to your correspondence client; its WSDL is at " + PATH + "?WSDL.\n");
    }

    private void post(Context ctx) {
        byte[] request = ctx.bodyAsBytes();
        SOAPMessage answer;
        try {
            String from = ctx.ip();
            answer = answer(request, ctx.header("Content-Type"), (username, password) -> signIn(from, username, password));
        } catch (SOAPException e) {
            throw new IllegalStateException("writing a SOAP answer failed", e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            boolean fault = answer.getSOAPBody().hasFault();
            answer.writeTo(out);
            ctx.status(fault ? 500 : 200); // SOAP 1.1 over HTTP: a fault travels with status 500
        } catch (SOAPException | IOException e) {
            throw new IllegalStateException("writing a SOAP answer failed", e);
        }
        ctx.contentType("text/xml; charset=utf-8").result(out.toByteArray());
    }

    /** Who a call signs in as: a player, or empty. */
    @FunctionalInterface
    interface Gate {
        Optional<Player> signIn(String username, String password);
    }

    /**
     * The player the username (any of their addresses) and Xfcc password sign in; empty for a wrong pair, and without
     * looking for a remote address that had {@link LoginAttempts#MAX_FAILURES} wrong ones within its window.
     */
    private Optional<Player> signIn(String from, String username, String password) {
        if (attempts.waitBefore(from).isPresent()) {
            return Optional.empty();
        }
        Optional<Player> player = service.signIn(username, password == null ? new char[0] : password.toCharArray());
        if (player.isPresent()) {
            attempts.succeeded(from);
        } else {
            attempts.failed(from);
        }
        return player;
    }

    private SOAPMessage answer(byte[] request, String contentType, Gate gate) throws SOAPException {
        Element call;
        try {
            MimeHeaders headers = new MimeHeaders();
            headers.addHeader("Content-Type", contentType == null ? "text/xml; charset=utf-8" : contentType);
            SOAPMessage message = Soap.MESSAGES.createMessage(headers, new ByteArrayInputStream(request));
            SOAPBody body = message.getSOAPBody();
            Document content = body.extractContentAsDocument();
            call = content.getDocumentElement();
        } catch (SOAPException | IOException | RuntimeException e) {
            return fault("The request is not a SOAP 1.1 message with one call in its body: " + reason(e));
        }
        if (!NAMESPACE.equals(call.getNamespaceURI())) {
            return fault("There is no operation {" + call.getNamespaceURI() + "}" + call.getLocalName()
                    + " here; the operations are GetMyGames, MakeAMove and MakeAMove2 in " + NAMESPACE + ".");
        }
        Object parsed;
        try {
            Unmarshaller reader = Soap.BODIES.createUnmarshaller();
            // a value that is not of its type ("one" for a game id) is refused, not read as 0; elements this server
            // does not know (another server's extensions) are passed over, as XfccBasic clients expect
            reader.setEventHandler(event -> event.getSeverity() == jakarta.xml.bind.ValidationEvent.WARNING
                    || event.getMessage() != null && event.getMessage().startsWith("unexpected element"));
            parsed = switch (call.getLocalName()) {
                case "GetMyGames" -> reader.unmarshal(call, GetMyGames.class).getValue();
                case "MakeAMove" -> reader.unmarshal(call, MakeAMove.class).getValue();
                case "MakeAMove2" -> reader.unmarshal(call, MakeAMove.Timed.class).getValue();
                default -> null;
            };
        } catch (JAXBException | RuntimeException e) {
            return fault("The " + call.getLocalName() + " call cannot be read: " + reason(e));
        }
        if (parsed == null) {
            return fault("There is no operation " + call.getLocalName() + " here; the operations are GetMyGames, "
                    + "MakeAMove and MakeAMove2.");
        }
        if (parsed instanceof GetMyGames list) {
            Optional<List<XfccGame>> listed;
            try {
                listed = games.of(gate, list.username, list.password);
            } catch (RuntimeException e) {
                LOG.warn("xfcc GetMyGames failed: {}", e.toString());
                return fault("Server", "ServerError: the games cannot be read now; try again later.");
            }
            return listed.isEmpty() ? fault("AuthenticationFailed: the username (one of your addresses) or the Xfcc "
                    + "password is wrong, or you have not set an Xfcc password yet.") : body(new GetMyGamesResponse(listed.get()));
        }
        MakeAMove move = (MakeAMove) parsed;
        MoveResult result = moves.make(gate, move);
        return body(move instanceof MakeAMove.Timed ? new MakeAMoveResponse.Timed(result) : new MakeAMoveResponse(result));
    }

    private SOAPMessage body(Object content) throws SOAPException {
        SOAPMessage message = Soap.MESSAGES.createMessage();
        try {
            Soap.BODIES.createMarshaller().marshal(content, message.getSOAPBody());
        } catch (JAXBException e) {
            throw new IllegalStateException("writing an Xfcc answer failed", e);
        }
        message.saveChanges();
        return message;
    }

    /** A Client fault: the request was wrong, and says so in one sentence. */
    private SOAPMessage fault(String why) throws SOAPException {
        LOG.info("xfcc request refused: {}", why);
        return fault("Client", why);
    }

    /** A fault of this code ({@code Client}: the request was wrong; {@code Server}: this server failed). */
    private SOAPMessage fault(String code, String why) throws SOAPException {
        SOAPMessage message = Soap.MESSAGES.createMessage();
        SOAPFault fault = message.getSOAPBody().addFault();
        fault.setFaultCode(new javax.xml.namespace.QName(SOAPConstants.URI_NS_SOAP_1_1_ENVELOPE, code));
        fault.setFaultString(why);
        message.saveChanges();
        return message;
    }

    private static String reason(Exception e) {
        Throwable t = e;
        while (t.getCause() != null && (t.getMessage() == null || t.getMessage().isBlank())) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip().replaceAll("\\s+", " ");
        return m.length() > 300 ? m.substring(0, 300) + "…" : m;
    }

    private static JAXBContext bodies() {
        try {
            return JAXBContext.newInstance(GetMyGames.class, GetMyGamesResponse.class, MakeAMove.class, MakeAMove.Timed.class,
                    MakeAMoveResponse.class, MakeAMoveResponse.Timed.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("the Xfcc bodies cannot be bound", e);
        }
    }
}
