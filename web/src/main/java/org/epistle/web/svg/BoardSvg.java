package org.epistle.web.svg;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.epistle.core.rules.board.Square;
import org.epistle.core.rules.position.Position;

/**
 * A position drawn as an inline SVG: a stack of {@link Layer}s (squares, the last turn's tint,
 * pieces, marks, coordinates, and whatever a physics variant adds) in a view box that scales to
 * the page. The drawing carries its own text alternative: a {@code <title>} and a {@code <desc>}
 * listing every piece: the title is the drawing's short name ({@code aria-labelledby}), the description
 * is read once after it ({@code aria-describedby}).
 *
 * <pre>{@code
 * String svg = BoardSvg.of(position).moved(lastTurn).marked(List.of(c4)).flipped(true).render();
 * }</pre>
 *
 * Values are immutable: every {@code with}-er returns a new drawing.
 */
public final class BoardSvg {
    private final Position position;
    private final boolean flipped;
    private final String title;
    private final String id;
    private final List<Layer> layers;

    private BoardSvg(Position position, boolean flipped, String title, String id, List<Layer> layers) {
        this.position = position;
        this.flipped = flipped;
        this.title = title;
        this.id = id;
        this.layers = List.copyOf(layers);
    }

    /** The position with the standard layers, and the physics layers when the position has physics. */
    public static BoardSvg of(Position position) {
        Objects.requireNonNull(position, "position");
        List<Layer> layers = new ArrayList<>(List.of(Layers.squares(position), Layers.pieces(position), Layers.coordinates()));
        layers.addAll(Layers.check(position));
        layers.addAll(Layers.physics(position));
        layers.addAll(Layers.field(position));
        layers.addAll(Layers.realms(position));
        return new BoardSvg(position, false, "The board", "board", layers);
    }

    /** Adds a layer; it is drawn at its stage, after the layers of that stage already there. */
    public BoardSvg with(Layer layer) {
        List<Layer> more = new ArrayList<>(layers);
        more.add(Objects.requireNonNull(layer, "layer"));
        return new BoardSvg(position, flipped, title, id, more);
    }

    /** The squares of the last turn, tinted. */
    public BoardSvg moved(Collection<Square> squares) {
        return squares.isEmpty() ? this : with(Layers.moved(squares));
    }

    /** The squares of the last turn, tinted, and the turn in words for those who hear the board ("White played e4"). */
    public BoardSvg moved(Collection<Square> squares, String turnInWords) {
        return squares.isEmpty() && turnInWords.isBlank() ? this : with(Layers.moved(squares, turnInWords));
    }

    /** The squares an explanation is about, framed. */
    public BoardSvg marked(Collection<Square> squares) {
        return squares.isEmpty() ? this : with(Layers.marked(squares));
    }

    /** Seen from Black's side (h8 bottom left) when true. */
    public BoardSvg flipped(boolean flip) {
        return new BoardSvg(position, flip, title, id, layers);
    }

    /** The short title of the drawing (read first by screen readers). */
    public BoardSvg titled(String text) {
        return new BoardSvg(position, flipped, Objects.requireNonNull(text, "text"), id, layers);
    }

    /** The id of the svg element; its title and description get ids derived from it. */
    public BoardSvg identified(String elementId) {
        if (!elementId.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("not an element id: " + elementId);
        }
        return new BoardSvg(position, flipped, title, elementId, layers);
    }

    public List<Layer> layers() {
        return layers;
    }

    /** The text alternative: the pieces, then what each other layer shows, in plain sentences. */
    public String description() {
        List<String> parts = new ArrayList<>();
        parts.add((flipped ? "Seen from Black's side. " : "") + position.geometry().files() + " by " + position.geometry().ranks()
                + " board.");
        // The pieces first, then what the other layers add, in the order they are drawn.
        List<Layer> ordered = ordered();
        ordered.stream().filter(l -> l.stage() == Layer.Stage.PIECES).forEach(l -> l.describe().ifPresent(parts::add));
        ordered.stream().filter(l -> l.stage() != Layer.Stage.PIECES).forEach(l -> l.describe().ifPresent(parts::add));
        return String.join(" ", parts);
    }

    /** The drawing as an {@code <svg>} element, ready to be put into an HTML page or served on its own. */
    public String render() {
        return render(new Object[0]);
    }

    /**
     * The drawing with extra attributes on the {@code <svg>} element (name, value pairs, escaped),
     * such as {@code data-} attributes for a script.
     */
    public String render(Object... attributes) {
        Frame frame = Frame.of(position.geometry(), flipped);
        SvgWriter out = new SvgWriter();
        List<Object> attrs = new ArrayList<>(List.of("xmlns", "http://www.w3.org/2000/svg", "id", id, "class", "board",
                "viewBox", "0 0 " + frame.width() + " " + frame.height(), "width", frame.width(), "height", frame.height(),
                "role", "img", "aria-labelledby", id + "-title", "aria-describedby", id + "-desc"));
        attrs.addAll(List.of(attributes));
        out.open("svg", attrs.toArray()).newline();
        out.element("title", title, "id", id + "-title").newline();
        out.element("desc", description(), "id", id + "-desc").newline();
        SvgWriter layers = new SvgWriter(id + "-figure-"); // the figures' drawings go first, once each, before the layers
        for (Layer layer : ordered()) {
            layer.draw(layers, frame);
        }
        layers.defs(out);
        out.append(layers);
        out.close("svg");
        return out.toString();
    }

    private List<Layer> ordered() {
        List<Layer> sorted = new ArrayList<>(layers);
        sorted.sort(Comparator.comparing(Layer::stage)); // stable: the order added within a stage
        return sorted;
    }

    /** The layer of a kind, if the drawing has one (for tests and for callers that add to a drawing). */
    public <L extends Layer> Optional<L> layer(Class<L> kind) {
        return layers.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }
}
