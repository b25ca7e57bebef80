package org.epistle.mailer.inbound;

/**
 * Undoes RFC 3676 format=flowed, which Thunderbird and Apple Mail use: a line ending in a space goes on in
 * the next line of the same quote depth; a leading space added for stuffing is removed. The signature
 * separator {@code "-- "} is never flowed.
 */
final class Flowed {

    private Flowed() {}

    static String unflow(String text, boolean delSp) {
        String[] lines = text.split("\n", -1);
        var out = new StringBuilder();
        var paragraph = new StringBuilder();
        int paragraphDepth = -1;
        for (String line : lines) {
            int depth = 0;
            while (depth < line.length() && line.charAt(depth) == '>') depth++;
            String content = line.substring(depth);
            if (content.startsWith(" ")) content = content.substring(1); // stuffing
            if (paragraphDepth >= 0 && depth != paragraphDepth) { // quote depth changed: the paragraph ends
                out.append(prefix(paragraphDepth)).append(paragraph).append('\n');
                paragraph.setLength(0);
                paragraphDepth = -1;
            }
            boolean soft = content.endsWith(" ") && !content.equals("-- ");
            if (soft && delSp) content = content.substring(0, content.length() - 1);
            paragraph.append(content);
            paragraphDepth = depth;
            if (!soft) {
                out.append(prefix(depth)).append(paragraph).append('\n');
                paragraph.setLength(0);
                paragraphDepth = -1;
            }
        }
        if (paragraphDepth >= 0) out.append(prefix(paragraphDepth)).append(paragraph).append('\n');
        out.setLength(Math.max(0, out.length() - 1)); // split added one line too many
        return out.toString();
    }

    private static String prefix(int depth) {
        return depth == 0 ? "" : ">".repeat(depth) + " ";
    }
}
