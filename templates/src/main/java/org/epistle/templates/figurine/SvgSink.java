package org.epistle.templates.figurine;

/**
 * Where a figure writes its SVG elements: attributes come as name, value pairs, and the sink
 * escapes them (the web's SVG writer is one).
 */
public interface SvgSink {
    void open(String name, Object... attributes);

    void empty(String name, Object... attributes);

    void close(String name);
}
